// One array value bound as a single element of an outer array: what a `:copyfrom` query binds
// for an array column. PostgreSQL's `unnest` flattens a multi-dimensional array, and rows' arrays
// may differ in length, so each row's array travels as its literal text (`{"a","b"}`), an element
// of a `text[]` parameter, and the generated SQL casts it back to the column's type.

/// An array encoded as its PostgreSQL literal and nested in an outer array as a quoted text
/// element, not as a sub-array. Generated `:copyfrom` code uses it for array columns; apps need
/// not use it directly.
public struct ArrayAsElement<Value: PostgresTextEncodable>: PostgresTextEncodable {
    /// The row's array.
    public let value: Value
    /// The column's array type, which encodes `value` (`.array(.text)`).
    public let type: PostgresType

    /// Wraps `value`, to be encoded as `type`.
    public init(_ value: Value, as type: PostgresType) {
        self.value = value
        self.type = type
    }

    /// The array's literal text, encoded as the column's type whatever the outer type says.
    public func postgresText(as outerType: PostgresType) throws -> String? {
        try value.postgresText(as: type)
    }

    /// A text element of the outer array (quoted), not a sub-array.
    public static var isPostgresArray: Bool { false }
}
