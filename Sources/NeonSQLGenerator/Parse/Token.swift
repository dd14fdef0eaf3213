// Tokens of the PostgreSQL dialect, as the lexer produces them and the parser reads them.

/// What a token is. Keywords are not distinguished from identifiers here: PostgreSQL reserves most
/// keywords only in some positions, so the parser decides by context (see `Keywords`).
enum TokenKind: Sendable, Hashable {
    /// An unquoted identifier or keyword; `value` is folded to lower case (ASCII only, as PostgreSQL does).
    case word
    /// `"Name"`; `value` is the exact spelling with `""` unescaped.
    case quotedIdentifier
    /// `'...'`, `E'...'`, `U&'...'`, `N'...'`, `$$...$$`; `value` is the unescaped contents.
    case string
    /// `B'0101'` (value `b0101`) or `X'1F'` (value `x1F`).
    case bitString
    /// Integer digits (`42`, underscores removed; `0x1F` kept as written).
    case integer
    /// A numeric constant with a point or an exponent (`1.5`, `.5`, `1e10`).
    case numeric
    /// `$3`; `value` is the digits.
    case positionalParameter
    /// `@name`; `value` is the name as written, without the `@`.
    case namedParameter
    /// An operator (`+`, `->>`, `@>`, `=>`, `:=`, ...); `!=` has the value `<>`.
    case op
    case leftParen
    case rightParen
    case leftBracket
    case rightBracket
    case comma
    case semicolon
    case dot
    case colon
    /// `::`
    case doubleColon
    /// Something the lexer already reported (unterminated string, stray character).
    case invalid
    /// End of the statement or the file.
    case eof
}

/// One token with its byte range and the 1-based position of its first character.
struct Token: Sendable, Hashable {
    let kind: TokenKind
    /// See `TokenKind` for what the value holds per kind.
    let value: String
    /// Byte offset of the first byte.
    let start: Int
    /// Byte offset one past the last byte.
    let end: Int
    let location: SourceLocation

    /// True for an unquoted word equal to `keyword` (lower case).
    func isWord(_ keyword: String) -> Bool { kind == .word && value == keyword }

    /// True for an operator token with this text.
    func isOp(_ text: String) -> Bool { kind == .op && value == text }
}

/// PostgreSQL's keyword categories, as far as the parser needs them.
enum Keywords {
    /// Reserved keywords: never a column name, table name or bare alias.
    static let reserved: Set<String> = [
        "all", "analyse", "analyze", "and", "any", "array", "as", "asc", "asymmetric", "both", "case",
        "cast", "check", "collate", "column", "constraint", "create", "current_catalog", "current_date",
        "current_role", "current_time", "current_timestamp", "current_user", "default", "deferrable",
        "desc", "distinct", "do", "else", "end", "except", "false", "fetch", "for", "foreign", "from",
        "grant", "group", "having", "in", "initially", "intersect", "into", "lateral", "leading", "limit",
        "localtime", "localtimestamp", "not", "null", "offset", "on", "only", "or", "order", "placing",
        "primary", "references", "returning", "select", "session_user", "some", "symmetric",
        "system_user", "table", "then", "to", "trailing", "true", "union", "unique", "user", "using",
        "variadic", "when", "where", "window", "with",
    ]

    /// Keywords that may name a function or a type but not a column (`left(s, 2)` is fine,
    /// a column named `left` must be quoted).
    static let typeOrFunctionName: Set<String> = [
        "authorization", "binary", "collation", "concurrently", "cross", "current_schema", "freeze",
        "full", "ilike", "inner", "is", "isnull", "join", "left", "like", "natural", "notnull", "outer",
        "overlaps", "right", "similar", "tablesample", "verbose",
    ]

    /// Keywords that can name a column but are no bare column label: an alias of a select-list or
    /// RETURNING item written without AS (PostgreSQL's AS_LABEL keywords outside ``reserved`` and
    /// ``typeOrFunctionName``; `SELECT x over` is a syntax error at `over`).
    static let notBareLabels: Set<String> = [
        "char", "character", "day", "filter", "hour", "minute", "month", "over", "precision", "second",
        "varying", "within", "without", "year",
    ]

    /// The keywords that cannot name a column: ``reserved`` and ``typeOrFunctionName`` in one set,
    /// so that ``isColumnName(_:)`` hashes the word once.
    private static let notColumnNames = reserved.union(typeOrFunctionName)

    /// True when an unquoted word can be a column, table or alias name.
    static func isColumnName(_ word: String) -> Bool {
        !notColumnNames.contains(word)
    }
}
