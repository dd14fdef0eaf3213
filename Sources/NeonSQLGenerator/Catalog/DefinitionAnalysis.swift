/// One output column of a view's (or `CREATE TABLE AS`'s) defining query, as the catalog stores it.
struct ViewQueryColumn: Sendable, Hashable {
    /// The name PostgreSQL gives the column (nil: `?column?`).
    var name: String?
    var type: SQLType
    var nullable: Bool
    /// For arrays: whether elements may be NULL.
    var elementNullable: Bool
}

/// What building the catalog needs from analysis, as PostgreSQL runs parse analysis on the
/// queries a schema defines: the output columns of a defining query, whether a view is
/// automatically updatable, and what a view, rule or policy reads, changes and calls (its table
/// effects, in ``StatementReferences``, the catalog's own data). The catalog stage declares it;
/// the analyze stage implements it (Analyze/ViewQueryAnalyzer.swift) and the pipeline passes it
/// in, so the catalog does not depend on the analyzer.
protocol DefinitionAnalysis: Sendable {
    /// The columns of `query` against `catalog` as built so far, or nil after reporting errors
    /// into `diagnostics` at locations in `source`.
    func outputColumns(of query: SelectStatement, catalog: Catalog, source: SourceFile,
                       diagnostics: inout DiagnosticCollector) -> [ViewQueryColumn]?

    /// Whether a view defined by `query` (with `columnCount` columns) is automatically updatable
    /// and, when it is, its base relation's key (nil when that relation is not in `catalog`).
    func updatability(ofView query: SelectStatement, columnCount: Int, catalog: Catalog) -> (ViewUpdatability, base: String?)

    /// What a view's defining query reads and calls, resolved against `catalog` as built so far.
    func references(ofQuery query: SelectStatement, catalog: Catalog) -> StatementReferences

    /// What SQL given as tokens (a rule's actions, a policy's conditions) reads, changes and calls.
    func references(ofTokens tokens: [Token], catalog: Catalog) -> StatementReferences
}
