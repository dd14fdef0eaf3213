/// `CREATE [UNIQUE] INDEX [CONCURRENTLY] [[IF NOT EXISTS] name] ON [ONLY] table [USING method] (elements)
/// [INCLUDE (...)] [NULLS [NOT] DISTINCT] [WITH (...)] [TABLESPACE t] [WHERE predicate]`.
struct CreateIndexStatement: Sendable, Hashable {
    /// One indexed column or expression.
    struct Element: Sendable, Hashable {
        /// The column, when the element is a plain column; nil for an expression.
        let column: Identifier?
        /// The name PostgreSQL uses for the element when it chooses the index name: the column,
        /// the called function's name, or `expr`.
        let nameForIndexName: String
    }

    /// nil when PostgreSQL chooses the name (`table_column_idx`).
    let name: Identifier?
    let ifNotExists: Bool
    let table: QualifiedName
    let isUnique: Bool
    let elements: [Element]
    /// A `WHERE` clause: the index constrains only some rows.
    let isPartial: Bool
    let location: SourceLocation
}
