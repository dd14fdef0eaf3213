// Type names as written in DDL and casts, with PostgreSQL's multi-word spellings normalized.

/// Type names as written in DDL and casts.
struct TypeNameParser: GrammarParser {
    let cursor: TokenCursor

    private static let intervalFields: Set<String> = ["year", "month", "day", "hour", "minute", "second"]

    /// A type name: builtin spellings (`double precision`, `character varying(20)`,
    /// `timestamp(3) with time zone`, `interval day to second`, `float(24)`, `numeric(10, 2)`),
    /// user types (`mood`, `public.mood`, `"Mood"`) and arrays (`int[]`, `int[3][]`, `int ARRAY`).
    func parseTypeName() throws(ParseError) -> TypeName {
        let start = current
        if atWord("setof") { advance() }
        var schema: String?
        var name: String
        var modifiers: [Int] = []
        let first = current
        switch first.kind {
        case .quotedIdentifier:
            advance()
            // "char" (quoted) is the one-byte type, not character.
            name = first.value == "char" ? "\"char\"" : first.value
        case .word where !Keywords.reserved.contains(first.value):
            advance()
            name = first.value
        default:
            throw error(expected: "type name")
        }
        if first.kind == .word {
            switch first.value {
            case "double":
                if acceptWord("precision") { name = "double precision" }
            case "character", "char", "nchar", "national":
                if first.value == "national" {
                    if !acceptWord("character") { try expectWord("char") }
                    name = "character"
                }
                if acceptWord("varying") { name = "character varying" }
                modifiers = try parseTypeModifiers()
            case "bit":
                if acceptWord("varying") { name = "bit varying" }
                modifiers = try parseTypeModifiers()
            case "timestamp", "time":
                modifiers = try parseTypeModifiers()
                if atWord("with") || atWord("without"), peek().isWord("time"), peek(2).isWord("zone") {
                    let with = advance().value == "with"
                    advance()
                    advance()
                    name = "\(first.value) \(with ? "with" : "without") time zone"
                }
            case "interval":
                try skipIntervalQualifier()
                _ = try parseTypeModifiers()
            default:
                break
            }
        }
        if first.kind == .quotedIdentifier || !["double", "character", "char", "nchar", "national", "bit", "timestamp", "time", "interval"].contains(first.value) {
            if at(.dot), peek().kind == .word || peek().kind == .quotedIdentifier {
                advance()
                schema = name
                name = identifier(advance()).name
            }
            modifiers = try parseTypeModifiers()
        }
        var dimensions = 0
        while at(.leftBracket) {
            advance()
            if at(.integer) { advance() }
            try expect(.rightBracket, "']'")
            dimensions += 1
        }
        if dimensions == 0, acceptWord("array") {
            dimensions = 1
            if accept(.leftBracket) {
                if at(.integer) { advance() }
                try expect(.rightBracket, "']'")
            }
        }
        return TypeName(schema: schema, name: name, modifiers: modifiers, arrayDimensions: dimensions, location: start.location)
    }

    /// `(20)`, `(10, 2)`; non-integer modifiers are parsed and dropped.
    private func parseTypeModifiers() throws(ParseError) -> [Int] {
        guard accept(.leftParen) else { return [] }
        var modifiers: [Int] = []
        repeat {
            let expression = try expressionParser.parseExpression()
            switch expression.kind {
            case .literal(.integer(let digits)):
                if let value = Int(digits) { modifiers.append(value) }
            case .unary(op: "-", let operand):
                if case .literal(.integer(let digits)) = operand.kind, let value = Int(digits) {
                    modifiers.append(-value)
                }
            default:
                break
            }
        } while accept(.comma)
        try expect(.rightParen, "')'")
        return modifiers
    }

    /// Interval fields after `interval` or an interval constant: `YEAR`, `DAY TO SECOND(3)`, ...
    func skipIntervalQualifier() throws(ParseError) {
        guard current.kind == .word, Self.intervalFields.contains(current.value) else { return }
        let field = advance().value
        if field == "second" { _ = try parseTypeModifiers() }
        if acceptWord("to") {
            guard current.kind == .word, Self.intervalFields.contains(current.value) else {
                throw error(expected: "interval field")
            }
            if advance().value == "second" { _ = try parseTypeModifiers() }
        }
    }
}
