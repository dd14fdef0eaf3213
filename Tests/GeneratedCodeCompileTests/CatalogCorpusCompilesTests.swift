import Foundation
import NeonSQLGenerator
import Testing
import NeonSQLTestSupport

/// The Swift generated for corpus schemas type-checks against the runtime: realworld_catalog
/// (system catalogs, information_schema, system columns: `name`, `oid`, `"char"`, `xid`, `tid`,
/// `aclitem[]`, `int2vector`, `oidvector`, `regclass` and information_schema's domains as Swift
/// types) and unseen (three apps' pg_dump, multi-tenant and event-store SQL: ranges,
/// multiranges, composites, table row types, every sqlc kind).
@Suite("Generated code compiles: corpus schemas", .offCooperativePool)
struct CatalogCorpusCompilesTests {
    @Test(arguments: ["realworld_catalog", "unseen"])
    func corpusTypeChecks(_ schema: String) throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("NeonSQLGeneratorTests/Corpus/Data/\(schema)")
        func inputs(_ folder: String) throws -> [SQLSourceInput] {
            let directory = corpus.appendingPathComponent(folder)
            return try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".sql") }.sorted().map { name in
                let url = directory.appendingPathComponent(name)
                return SQLSourceInput(path: url.path, contents: try String(contentsOf: url, encoding: .utf8))
            }
        }
        let queries = try inputs("queries")
        #expect(queries.count >= 3)
        let result = CodeGenerator.generate(schema: try inputs("schema"), queries: queries)
        #expect(!result.hasErrors, Comment(rawValue: result.diagnostics.joined(separator: "\n")))
        var files = ["NeonSQLSchema.swift": result.shared]
        for (index, file) in result.files.enumerated() { files["query\(index).swift"] = file.source }
        let diagnostics = try SwiftTypeChecker.locate().typeCheck(moduleName: "Corpus_\(schema)", files: files)
        let errors = diagnostics.filter { $0.severity == "error" || $0.severity == "warning" }
        #expect(errors.isEmpty, Comment(rawValue: errors.prefix(5).map { "\($0.file):\($0.line): \($0.message)" }.joined(separator: "\n")))
    }
}
