/// An output column of a statement.
struct OutputColumn: Sendable, Hashable {
    /// The name PostgreSQL reports, after removing a `!`/`?` nullability override.
    var name: String
    var value: TypedValue
    /// `AS "x!"` (false) or `AS "x?"` (true).
    var nullabilityOverride: Bool?
    var location: SourceLocation
    /// The value is unique per row (a key of the statement's only row source).
    var isUnique = false
    /// Set when the column is one of a `sqlc.embed(t)` item's.
    var embed: EmbeddedColumn?
    /// Where the value is written when that is not `location` (`x` of `x AS a`): where
    /// PostgreSQL reports an INSERT ... SELECT value its column cannot take.
    var valueLocation: SourceLocation?
    /// An untyped output (a string constant, NULL, a parameter) typed as text because its SELECT
    /// gave it no other type. PostgreSQL keeps such an output untyped in places (the SELECT of an
    /// INSERT, a set operation's branch), where its real type is then not this one.
    var isUnknownAsText = false
    /// The untyped parameter the column is, while it waits for its type: in a branch of a set
    /// operation, the other branch's (``SetOperationColumns``).
    var untypedParameter: ParameterNode?

    var nullable: Bool { nullabilityOverride ?? value.nullable }
}
