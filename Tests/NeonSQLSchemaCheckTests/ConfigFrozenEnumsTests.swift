import Foundation
import Testing
import NeonSQLGenerator
@testable import NeonSQLGeneratorCLI
@testable import neon_sql_gen

/// `frozenEnums` in neon-sql.json: read by `neon-sql-gen` (and so by the plugin, which passes
/// `--config`) and applied to the enums it renders.
@Suite("neon-sql.json frozenEnums")
struct ConfigFrozenEnumsTests {
    @Test func theOptionIsReadAndOffByDefault() throws {
        #expect(try ConfigFileFixture.load(#"{"frozenEnums": true}"#).generator.frozenEnums)
        #expect(try !ConfigFileFixture.load(#"{"frozenEnums": false}"#).generator.frozenEnums)
        #expect(try !ConfigFileFixture.load("{}").generator.frozenEnums)
        #expect(throws: CLIFailure.self) { try ConfigFileFixture.load(#"{"frozenEnums": "yes"}"#) }
    }

    @Test func frozenEnumsHaveNoFallbackCase() {
        let schema = [SQLSourceInput(path: "schema.sql", contents: "CREATE TYPE slot AS ENUM ('morning', 'evening');\n")]
        let tolerant = CodeGenerator.generate(schema: schema, queries: []).shared
        #expect(tolerant.contains("public enum Slot: Swift.Sendable, Swift.Hashable, Swift.Codable, Swift.CaseIterable, NeonSQL.PostgresEnum {"))
        #expect(tolerant.contains("    case undocumented(Swift.String)\n"))
        #expect(tolerant.contains("        default: self = .undocumented(rawValue)\n"))
        let frozen = CodeGenerator.generate(schema: schema, queries: [], options: GeneratorOptions(frozenEnums: true)).shared
        #expect(frozen.contains("public enum Slot: Swift.String, Swift.Sendable, Swift.Hashable, Swift.Codable, Swift.CaseIterable, NeonSQL.PostgresEnum {"))
        #expect(!frozen.contains("undocumented"))
    }
}
