/// SQL identifiers in double quotes, for every side that writes SQL with a name in it: the
/// runtime's idempotency-key and catch-up statements, the generator's type and relation names and
/// LocalNeon's role grants.
@_spi(NeonSQLInternal) public enum SQLIdentifierQuoting {
    /// `name` as a quoted identifier: in double quotes, an embedded `"` doubled (what
    /// PostgreSQL's `quote_ident` writes for a name that needs quoting). Case is kept.
    public static func quoted(_ name: String) -> String {
        "\"" + name.replacing("\"", with: "\"\"") + "\""
    }
}
