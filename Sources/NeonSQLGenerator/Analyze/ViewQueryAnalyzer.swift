/// The analyzer's answers to the catalog's questions (Catalog/DefinitionAnalysis.swift): the
/// output columns of a view's defining query, its updatability, and what views, rules and
/// policies read and change.
struct ViewQueryAnalyzer: DefinitionAnalysis {
    func outputColumns(of query: SelectStatement, catalog: Catalog, source: SourceFile,
                       diagnostics: inout DiagnosticCollector) -> [ViewQueryColumn]? {
        var analyzer = StatementAnalyzer(catalog: catalog, source: source)
        let output = analyzer.analyzeViewQuery(query)
        diagnostics.append(contentsOf: analyzer.diagnostics.diagnostics)
        return output?.map { ViewQueryColumn(name: $0.name, type: $0.type, nullable: $0.nullable, elementNullable: $0.elementNullable) }
    }

    func updatability(ofView query: SelectStatement, columnCount: Int, catalog: Catalog) -> (ViewUpdatability, base: String?) {
        UpdatableViews.updatability(of: query, columnCount: columnCount, catalog: catalog)
    }

    func references(ofQuery query: SelectStatement, catalog: Catalog) -> StatementReferences {
        RelationReferenceCollector.references(of: query, catalog: catalog)
    }

    func references(ofTokens tokens: [Token], catalog: Catalog) -> StatementReferences {
        SQLTextReferenceScanner.references(of: tokens, catalog: catalog)
    }
}
