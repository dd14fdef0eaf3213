/// Whether PostgreSQL changes a view's rows by changing its base relation's ("automatically
/// updatable views", https://www.postgresql.org/docs/15/sql-createview.html), as CREATE VIEW's
/// defining query says (Analyze/UpdatableViews.swift computes it). The base relation itself is kept
/// by key in `TableEffectsCatalog.viewBaseRelations`, which follows renames.
struct ViewUpdatability: Sendable, Hashable {
    /// PostgreSQL's DETAIL for a view that is not automatically updatable (`Views containing GROUP
    /// BY are not automatically updatable.`); nil when it is.
    var notUpdatableDetail: String?
    /// Per view column, in order: the base relation's column it is a plain reference to (it can be
    /// assigned), or nil (read-only).
    var baseColumns: [String?]

    /// The base relation's column under view column `index`, or nil when it is read-only.
    func baseColumn(at index: Int) -> String? { index < baseColumns.count ? baseColumns[index] : nil }
}
