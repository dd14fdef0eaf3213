import Foundation
import NeonSQLGenerator
import Testing
import NeonSQLTestSupport

/// The Swift generated for the realworld_catalog corpus (system catalogs, information_schema,
/// system columns: `name`, `oid`, `"char"`, `xid`, `tid`, `aclitem[]`, `int2vector`, `oidvector`,
/// `regclass` and information_schema's domains as Swift types) type-checks against the runtime.
@Suite("Generated code compiles: system catalog types", .offCooperativePool)
struct CatalogCorpusCompilesTests {
    @Test func realworldCatalogCorpusTypeChecks() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("NeonSQLGeneratorTests/Corpus/Data/realworld_catalog")
        func inputs(_ folder: String) throws -> [SQLSourceInput] {
            let directory = corpus.appendingPathComponent(folder)
            return try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".sql") }.sorted().map { name in
                let url = directory.appendingPathComponent(name)
                return SQLSourceInput(path: url.path, contents: try String(contentsOf: url, encoding: .utf8))
            }
        }
        let queries = try inputs("queries")
        #expect(queries.count >= 4)
        let result = CodeGenerator.generate(schema: try inputs("schema"), queries: queries)
        #expect(!result.hasErrors, Comment(rawValue: result.diagnostics.joined(separator: "\n")))
        var files = ["NeonSQLSchema.swift": result.shared]
        for (index, file) in result.files.enumerated() { files["query\(index).swift"] = file.source }
        let diagnostics = try SwiftTypeChecker.locate().typeCheck(moduleName: "CatalogCorpus", files: files)
        let errors = diagnostics.filter { $0.severity == "error" || $0.severity == "warning" }
        #expect(errors.isEmpty, Comment(rawValue: errors.prefix(5).map { "\($0.file):\($0.line): \($0.message)" }.joined(separator: "\n")))
    }
}
