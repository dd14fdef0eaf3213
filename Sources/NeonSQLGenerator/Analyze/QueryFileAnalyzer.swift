/// Turns the annotated statements of one query file into query descriptions.
enum QueryFileAnalyzer {
    static func analyze(_ file: ParsedFile, catalog: Catalog, diagnostics: inout DiagnosticCollector) -> QueryFileDescription {
        QueryFileDescription(path: file.source.path, queries: [])
    }
}
