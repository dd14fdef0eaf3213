@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

extension Catalog {
    /// The catalog of one schema file's text, as the pipeline builds it (diagnostics dropped).
    static func built(fromSchema schema: String) -> Catalog {
        var diagnostics = DiagnosticCollector()
        let parsed = SQLParser.parse(SourceFile(path: "schema.sql", text: schema), diagnostics: &diagnostics)
        return CatalogBuilder.build(from: [parsed], analysis: ViewQueryAnalyzer(), diagnostics: &diagnostics)
    }
}
