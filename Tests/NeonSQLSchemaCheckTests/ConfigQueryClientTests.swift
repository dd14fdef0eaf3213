import Foundation
import Testing
import NeonSQLGenerator
@testable import NeonSQLGeneratorCLI
@testable import neon_sql_gen

/// `queryClient` in neon-sql.json: opt-in. `true` declares the dependency client; without the key
/// the target declares only an unavailable placeholder of the client's name (whose message names the
/// option); `false` declares nothing of it. Everything else (`Queries`, `Queries.Observe`,
/// `Statements`, rows) is the same text in all three.
@Suite("neon-sql.json queryClient")
struct ConfigQueryClientTests {
    static let schema = [SQLSourceInput(path: "schema.sql", contents: """
        CREATE TABLE notes (id integer PRIMARY KEY, body text NOT NULL);
        """)]
    static let queries = [SQLSourceInput(path: "notes.sql", contents: """
        -- name: ListNotes :many
        SELECT id, body FROM notes ORDER BY id;
        -- name: AddNote :exec
        INSERT INTO notes (id, body) VALUES (@id, @body);
        -- name: AddNotes :batchexec
        INSERT INTO notes (id, body) VALUES (@id, @body);
        -- name: CopyNotes :copyfrom
        INSERT INTO notes (id, body) VALUES (@id, @body);
        """)]

    @Test func theOptionIsReadAndOffByDefault() throws {
        #expect(try ConfigFileFixture.load("{}").generator.queryClient == .unconfigured)
        #expect(GeneratorOptions().queryClient == .unconfigured)
        #expect(try ConfigFileFixture.load(#"{"queryClient": true}"#).generator.queryClient == .generated)
        #expect(try ConfigFileFixture.load(#"{"queryClient": false}"#).generator.queryClient == .omitted)
        #expect(throws: CLIFailure.self) { try ConfigFileFixture.load(#"{"queryClient": "no"}"#) }
    }

    static func generatedText(_ option: QueryClientOption) -> String {
        let generated = CodeGenerator.generate(schema: schema, queries: queries, options: GeneratorOptions(queryClient: option))
        #expect(!generated.hasErrors, "\(generated.diagnostics)")
        return generated.shared + generated.files.map(\.source).joined()
    }

    @Test func onlyTheGeneratedOptionDeclaresTheClient() throws {
        let with = Self.generatedText(.generated)
        let placeholder = Self.generatedText(.unconfigured)
        let without = Self.generatedText(.omitted)
        // On: the client, its per-file protocols, conformances, properties and the runner.
        for expected in ["public struct QueryClient:", "extension QueryClient: _NotesQueryClient {}", "public protocol _NotesQueryClient:",
                         "public var listNotes: @Sendable", "private struct _NotesRunner"] {
            #expect(with.contains(expected), "\(expected)")
        }
        // Unconfigured: one unavailable placeholder that says how to get the client; nothing else of it.
        #expect(placeholder.contains("""
            @available(*, unavailable, message: "QueryClient is generated only with \\"queryClient\\": true in neon-sql.json \
            (\\"queryClient\\": false removes this placeholder)")
            public enum QueryClient: Swift.Sendable {}
            """))
        #expect(placeholder.components(separatedBy: "QueryClient").count - 1 == 2)
        #expect(!placeholder.contains("_NotesRunner"))
        // Off: none of it.
        #expect(!without.contains("QueryClient"))
        #expect(!without.contains("_NotesRunner"))
        // The rest is byte for byte the same on every side.
        for expected in ["public struct Queries:", "public func listNotes() async throws -> [Note]", "public func addNotes(",
                         "public func copyNotes(", "public func listNotes() -> NeonSQL.QueryObservation<[Note]>",
                         "public static func addNote(id: Swift.Int, body: Swift.String) -> NeonSQL.Statement<Swift.Void>"] {
            #expect(without.contains(expected), "\(expected)")
            #expect(placeholder.contains(expected), "\(expected)")
            #expect(with.contains(expected), "\(expected)")
        }
        #expect(without.count < with.count * 3 / 4)
    }

    /// The placeholder names the configured client type.
    @Test func thePlaceholderTakesTheConfiguredName() throws {
        let generated = CodeGenerator.generate(schema: Self.schema, queries: Self.queries,
                                               options: GeneratorOptions(typeNames: GeneratedTypeNames(client: "NotesClient")))
        #expect(generated.shared.contains(#"message: "NotesClient is generated only with"#))
        #expect(generated.shared.contains("public enum NotesClient: Swift.Sendable {}"))
        #expect(!generated.shared.contains("QueryClient"))
    }
}
