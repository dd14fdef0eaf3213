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
        /// An expression element's text as ``CreateIndexStatement/normalized(_:)`` gives it
        /// (`lower(email)`); nil for a column.
        var expressionText: String?
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
    /// The `WHERE` predicate's top-level AND conjuncts, each ``normalized(_:)``.
    var predicateConjuncts: [String] = []

    /// SQL text compared as written but for spacing and the case of what is outside quotes:
    /// an index's expression or predicate with a query's (`LOWER( email )` is `lower(email)`).
    static func normalized(_ text: String) -> String {
        var result = ""
        var quote: Character?
        for character in text {
            if let open = quote {
                result.append(character)
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
                result.append(character)
            } else if !character.isWhitespace {
                result += character.lowercased()
            }
        }
        return result
    }
}
