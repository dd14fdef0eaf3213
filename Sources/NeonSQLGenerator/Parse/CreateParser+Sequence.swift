// CREATE SEQUENCE: PostgreSQL lets a query read a sequence as a one-row relation
// (`SELECT last_value FROM my_sequence`), so the parser hands it to the catalog as a table with
// the columns every sequence has. Its options (START, INCREMENT, OWNED BY, ...) change no type.

extension CreateParser {
    /// The columns of every sequence relation, all NOT NULL (`\d my_sequence`).
    private static let sequenceColumns = [("last_value", "bigint"), ("log_cnt", "bigint"), ("is_called", "boolean")]

    /// `CREATE [TEMP] SEQUENCE [IF NOT EXISTS] name [options]`, after CREATE and its modifiers.
    func parseCreateSequence(start: Token, temporary: Bool) throws(ParseError) -> Statement {
        advance()
        let ifNotExists = acceptWords("if", "not", "exists")
        let name = try parseQualifiedName("sequence name")
        skipToEnd()
        let location = name.location
        let columns = Self.sequenceColumns.map { column, type in
            ColumnDefinition(name: Identifier(name: column, quoted: false, location: location),
                             type: TypeName(schema: nil, name: type, modifiers: [], arrayDimensions: 0, location: location),
                             constraints: [.notNull])
        }
        var create = CreateTableStatement(name: name, ifNotExists: ifNotExists, columns: columns, constraints: [], location: start.location)
        create.isTemporary = temporary
        return .createTable(create)
    }
}
