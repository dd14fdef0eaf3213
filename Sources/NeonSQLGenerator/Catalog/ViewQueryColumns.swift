/// One output column of a view's (or `CREATE TABLE AS`'s) defining query, as the catalog stores it.
struct ViewQueryColumn: Sendable, Hashable {
    /// The name PostgreSQL gives the column (nil: `?column?`).
    var name: String?
    var type: SQLType
    var nullable: Bool
    /// For arrays: whether elements may be NULL.
    var elementNullable: Bool
}

/// What building the catalog needs from analysis: the output columns of a defining query, as
/// PostgreSQL's CREATE VIEW runs parse analysis on its query. The catalog stage declares it; the
/// analyze stage implements it (Analyze/ViewQueryAnalyzer.swift) and the pipeline passes it in,
/// so the catalog does not depend on the analyzer.
protocol ViewQueryColumns: Sendable {
    /// The columns of `query` against `catalog` as built so far, or nil after reporting errors
    /// into `diagnostics` at locations in `source`.
    func outputColumns(of query: SelectStatement, catalog: Catalog, source: SourceFile,
                       diagnostics: inout DiagnosticCollector) -> [ViewQueryColumn]?
}
