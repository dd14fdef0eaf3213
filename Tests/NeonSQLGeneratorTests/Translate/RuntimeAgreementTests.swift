import Foundation
@testable import NeonSQLSwiftGeneration
import Testing

/// What translation knows of the runtime by name, checked against the runtime's sources, so a
/// renamed, added or removed runtime type or `PostgresType` static fails here instead of in a
/// user's build: `SwiftTypeMapping.runtimeStatics` (the `.named` types with a `PostgresType`
/// static), the built-in types written as a static, and `TableModels.shadowedNeonSQLNames`.
@Suite("Translate: agreement with the runtime")
struct RuntimeAgreementTests {
    static let runtimeSources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/NeonSQL")

    /// The names of `PostgresType`'s `public static let NAME = PostgresType(...)`.
    static func postgresTypeStatics() throws -> Set<String> {
        let text = try String(contentsOf: runtimeSources.appendingPathComponent("Values/PostgresType.swift"), encoding: .utf8)
        let regex = try NSRegularExpression(pattern: "public static let ([A-Za-z0-9_]+) = PostgresType\\(")
        let range = NSRange(text.startIndex..., in: text)
        return Set(regex.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        })
    }

    @Test func runtimeStaticsAreThePostgresTypeStaticsOfNoBuiltinType() throws {
        let statics = try Self.postgresTypeStatics()
        #expect(statics.count > 30, "PostgresType's statics were not found")
        let builtinNames = Set(BuiltinType.allCases.map(\.rawValue))
        #expect(SwiftTypeMapping.runtimeStatics == statics.subtracting(builtinNames))
    }

    /// A built-in type is written as `.name` exactly when the runtime has that static (otherwise
    /// unchecked, OID 0), and every `.named` type of `runtimeStatics` as its static.
    @Test func runtimeTypeExpressionsNameExistingStatics() throws {
        let statics = try Self.postgresTypeStatics()
        for builtin in BuiltinType.allCases {
            let expression = SwiftTypeMapping.runtimeTypeExpression(for: .builtin(builtin))
            #expect(expression == (statics.contains(builtin.rawValue) ? "." + builtin.rawValue
                                                                      : SwiftTypeMapping.uncheckedTypeExpression(.builtin(builtin))),
                    "\(builtin.rawValue)")
        }
        for name in SwiftTypeMapping.runtimeStatics {
            #expect(statics.contains(name), "\(name)")
        }
    }

    /// A row's column list (`ResultColumn.list`) names a type by its static: the runtime reads
    /// every static's name (`PostgresType.staticsByName`).
    @Test func columnListsNameEveryStatic() throws {
        let text = try String(contentsOf: Self.runtimeSources.appendingPathComponent("Values/PostgresType.swift"), encoding: .utf8)
        for name in try Self.postgresTypeStatics() {
            #expect(text.contains("\"\(name)\": .\(name),"), "\(name)")
        }
    }

    @Test func shadowedNeonSQLNamesArePublicTypesOfTheRuntime() throws {
        var declared: Set<String> = []
        let regex = try NSRegularExpression(pattern: "public (?:final )?(?:struct|enum|class|protocol|actor|typealias) ([A-Za-z0-9_]+)")
        let enumerator = try #require(FileManager.default.enumerator(at: Self.runtimeSources, includingPropertiesForKeys: nil))
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let range = Range(match.range(at: 1), in: text) { declared.insert(String(text[range])) }
            }
        }
        #expect(declared.count > 20, "the runtime's types were not found")
        #expect(TableModels.shadowedNeonSQLNames.subtracting(declared) == [])
        #expect(TableModels.shadowedNeonSQLNames.isSubset(of: TableModels.shadowedStandardNames))
    }
}
