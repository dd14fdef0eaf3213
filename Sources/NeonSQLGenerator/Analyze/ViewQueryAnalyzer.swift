/// The analyzer's answer to the catalog's question (Catalog/ViewQueryColumns.swift): the output
/// columns of a view's defining query.
struct ViewQueryAnalyzer: ViewQueryColumns {
    func outputColumns(of query: SelectStatement, catalog: Catalog, source: SourceFile,
                       diagnostics: inout DiagnosticCollector) -> [ViewQueryColumn]? {
        var analyzer = StatementAnalyzer(catalog: catalog, source: source)
        let output = analyzer.analyzeViewQuery(query)
        diagnostics.append(contentsOf: analyzer.diagnostics.diagnostics)
        return output?.map { ViewQueryColumn(name: $0.name, type: $0.type, nullable: $0.nullable, elementNullable: $0.elementNullable) }
    }
}
