// The parser's entry point, statement splitting and shared machinery. The grammar itself lives in
// Parser+Expressions.swift, Parser+Select.swift, Parser+DML.swift, Parser+DDL.swift and
// Parser+Types.swift.

/// Parses `.sql` files (PostgreSQL dialect, sqlc-style annotations in comments) into `ParsedFile`s.
enum SQLParser {
    /// How deeply expressions, subqueries and joins may nest before the parser gives up with a
    /// diagnostic instead of risking the stack.
    static let maxDepth = 500

    /// Parses every statement of `source`, reporting syntax errors to `diagnostics` and
    /// recovering at the next `;` so that one run reports every error.
    ///
    /// The file is split at top-level `;` (not inside strings, comments, dollar quotes or
    /// parentheses); each statement gets at most one syntax error diagnostic, at the first character
    /// of the offending token. A statement containing a lexical error (reported by the lexer) is
    /// left out without a second diagnostic.
    static func parse(_ source: SourceFile, diagnostics: inout DiagnosticCollector) -> ParsedFile {
        let lexed = Lexer.tokenize(source, diagnostics: &diagnostics)
        let tokens = lexed.tokens
        let comments = lexed.comments
        var statements: [ParsedStatement] = []
        var unparsed: [UnparsedStatement] = []
        var trailing: [Comment] = []
        var commentIndex = 0
        var segmentStartOffset = 0
        var first = 0
        // Tokens and comments made, tokens scanned to split statements, tokens the parsers read.
        var work = tokens.count + comments.count
        while first < tokens.count {
            var depth = 0
            var end = first
            // Inside `BEGIN ATOMIC ... END` (a SQL function body) `;` separates the body's statements.
            var atomicDepth = 0
            while end < tokens.count, tokens[end].kind != .eof,
                  !(tokens[end].kind == .semicolon && depth == 0 && atomicDepth == 0) {
                let token = tokens[end]
                switch token.kind {
                case .leftParen: depth += 1
                case .rightParen: depth = max(0, depth - 1)
                case .word:
                    if token.value == "begin", end + 1 < tokens.count, tokens[end + 1].isWord("atomic") {
                        atomicDepth += 1
                    } else if atomicDepth > 0, token.value == "case" {
                        atomicDepth += 1
                    } else if atomicDepth > 0, token.value == "end" {
                        atomicDepth -= 1
                    }
                default: break
                }
                end += 1
            }
            work += end - first + 1
            let terminator = end < tokens.count ? tokens[end] : tokens[tokens.count - 1]
            // Comments before this segment belong to earlier statements (or empty ones): skip them.
            while commentIndex < comments.count, comments[commentIndex].location.offset < segmentStartOffset {
                commentIndex += 1
            }
            if end == first {
                if terminator.kind == .eof {
                    trailing = Array(comments[commentIndex...])
                }
            } else {
                let firstToken = tokens[first]
                let lastToken = tokens[end - 1]
                var leading: [Comment] = []
                while commentIndex < comments.count, comments[commentIndex].location.offset < firstToken.start {
                    leading.append(comments[commentIndex])
                    commentIndex += 1
                }
                while commentIndex < comments.count, comments[commentIndex].location.offset < lastToken.end {
                    commentIndex += 1
                }
                let segment = tokens[first..<end]
                let range = SourceRange(start: firstToken.location, endOffset: lastToken.end)
                if segment.contains(where: { $0.kind == .invalid }) {
                    unparsed.append(UnparsedStatement(range: range, leadingComments: leading))
                } else {
                    let parser = Parser(source: source, tokens: segment, terminator: terminator)
                    defer { work += parser.tokenReads }
                    do {
                        let statement = try parser.parseTopLevelStatement()
                        statements.append(ParsedStatement(
                            statement: statement,
                            range: range,
                            leadingComments: leading,
                            parameters: parser.parameters.sorted { $0.range.start.offset < $1.range.start.offset }
                        ))
                    } catch {
                        diagnostics.error(error.message, in: source, at: error.location)
                        unparsed.append(UnparsedStatement(range: range, leadingComments: leading))
                    }
                }
                if terminator.kind == .eof {
                    trailing = Array(comments[commentIndex...])
                }
            }
            if terminator.kind == .eof { break }
            segmentStartOffset = terminator.end
            first = end + 1
        }
        return ParsedFile(source: source, statements: statements, unparsedStatements: unparsed, trailingComments: trailing, tokens: tokens,
                          work: work)
    }
}

/// A syntax error: the parser stops the statement at the first one.
struct ParseError: Error, Sendable {
    let message: String
    let location: SourceLocation
}

/// A recursive-descent parser over the tokens of one statement. Grammar functions throw
/// `ParseError` at the first error; the caller reports it and moves to the next statement.
/// The parser keeps every parameter occurrence it meets, in `parameters`.
final class Parser {
    let source: SourceFile
    /// The statement's tokens followed by one `.eof` token at the terminating `;` or end of file.
    let tokens: [Token]
    var index = 0
    /// End offset of the last consumed token: the end of the node being built.
    var lastEnd = 0
    var depth = 0
    /// The last run of `(` tokens `queryStarts` scanned: token indices of its first `(` and of the
    /// token after it.
    var leftParenRun: (start: Int, end: Int)?
    /// Parameter occurrences, in the order they were parsed.
    var parameters: [ParameterNode] = []
    /// How many times a token was read (current, peek, advance, lookahead scans): the parser's
    /// work, which the mutation tests bound in proportion to the input (backtracking or a rescan
    /// that makes parsing super-linear shows here, deterministically).
    var tokenReads = 0
    /// Set while parsing a column DEFAULT, whose expression stops before `COLLATE`.
    var stopAtCollate = false
    /// Lowest usable stack address of the parsing thread (see `StackGuard`).
    let stackLowBound: UInt? = StackGuard.currentThreadStackLowBound()

    init(source: SourceFile, tokens: ArraySlice<Token>, terminator: Token) {
        self.source = source
        // Sized for the end token too: appending it to a copy of exactly the tokens reallocated.
        var all: [Token] = []
        all.reserveCapacity(tokens.count + 1)
        all.append(contentsOf: tokens)
        let endValue = terminator.kind == .semicolon ? ";" : ""
        all.append(Token(kind: .eof, value: endValue, start: terminator.start, end: terminator.start, location: terminator.location))
        self.tokens = all
        self.lastEnd = all.first?.start ?? 0
    }

    // MARK: - Token access

    var current: Token {
        tokenReads += 1
        return tokens[index]
    }

    func peek(_ distance: Int = 1) -> Token {
        tokenReads += 1
        return tokens[min(index + distance, tokens.count - 1)]
    }

    @discardableResult
    func advance() -> Token {
        tokenReads += 1
        let token = tokens[index]
        if index < tokens.count - 1 { index += 1 }
        lastEnd = token.end
        return token
    }

    var atEnd: Bool { current.kind == .eof }

    func at(_ kind: TokenKind) -> Bool { current.kind == kind }

    func atWord(_ keyword: String) -> Bool { current.isWord(keyword) }

    func atOp(_ text: String) -> Bool { current.isOp(text) }

    func accept(_ kind: TokenKind) -> Bool {
        guard current.kind == kind else { return false }
        advance()
        return true
    }

    func acceptWord(_ keyword: String) -> Bool {
        guard current.isWord(keyword) else { return false }
        advance()
        return true
    }

    /// Accepts a sequence of keywords only if all of them are next.
    func acceptWords(_ keywords: String...) -> Bool {
        for (offset, keyword) in keywords.enumerated() where !peek(offset).isWord(keyword) {
            return false
        }
        for _ in keywords { advance() }
        return true
    }

    func expectWord(_ keyword: String) throws(ParseError) {
        guard acceptWord(keyword) else { throw error(expected: keyword.uppercased()) }
    }

    func expectOp(_ text: String) throws(ParseError) {
        guard current.isOp(text) else { throw error(expected: "'\(text)'") }
        advance()
    }

    @discardableResult
    func expect(_ kind: TokenKind, _ description: String) throws(ParseError) -> Token {
        guard current.kind == kind else { throw error(expected: description) }
        return advance()
    }

    // MARK: - Errors

    /// `expected X, found Y` at the current token.
    func error(expected: String) -> ParseError {
        ParseError(message: "expected \(expected), found \(describe(current))", location: current.location)
    }

    func describe(_ token: Token) -> String {
        switch token.kind {
        case .eof:
            return token.value == ";" ? "';'" : "end of file"
        case .string:
            return "string constant"
        default:
            var text = source.text(from: token.start, to: token.end)
            if text.count > 40 { text = String(text.prefix(40)) + "..." }
            return "'\(text)'"
        }
    }

    /// Called on entry to every recursive grammar function that nests (expressions, queries, joins).
    func enter() throws(ParseError) {
        depth += 1
        if depth > SQLParser.maxDepth {
            throw ParseError(
                message: "statement is nested too deeply (more than \(SQLParser.maxDepth) levels)",
                location: current.location
            )
        }
        if stackExhausted {
            throw ParseError(message: "statement is nested too deeply for the parser's stack", location: current.location)
        }
    }

    func leave() { depth -= 1 }

    /// True when less than `StackGuard.reserve` bytes of this thread's stack remain.
    private var stackExhausted: Bool {
        guard let stackLowBound else { return false }
        let pointer = StackGuard.approximateStackPointer()
        return pointer < stackLowBound + UInt(StackGuard.reserve)
    }

    // MARK: - Backtracking

    struct Mark {
        let index: Int
        let lastEnd: Int
        let parameterCount: Int
        let depth: Int
    }

    func mark() -> Mark {
        Mark(index: index, lastEnd: lastEnd, parameterCount: parameters.count, depth: depth)
    }

    func reset(_ mark: Mark) {
        index = mark.index
        lastEnd = mark.lastEnd
        depth = mark.depth
        if parameters.count > mark.parameterCount {
            parameters.removeSubrange(mark.parameterCount...)
        }
    }

    // MARK: - Names

    func identifier(_ token: Token) -> Identifier {
        Identifier(name: token.value, quoted: token.kind == .quotedIdentifier, location: token.location)
    }

    /// True if the current token can be a column, table or alias name (PostgreSQL's ColId).
    var atColumnId: Bool {
        switch current.kind {
        case .quotedIdentifier: return true
        case .word: return Keywords.isColumnName(current.value)
        default: return false
        }
    }

    /// A name that is not a reserved keyword, or a quoted name (ColId).
    func parseColumnId(_ what: String = "identifier") throws(ParseError) -> Identifier {
        guard atColumnId else { throw error(expected: what) }
        return identifier(advance())
    }

    /// Any word, even a reserved one, or a quoted name (ColLabel: after AS, after a dot).
    func parseLabel(_ what: String = "identifier") throws(ParseError) -> Identifier {
        guard current.kind == .word || current.kind == .quotedIdentifier else { throw error(expected: what) }
        return identifier(advance())
    }

    /// `name`, `schema.name`, `a.b.c`.
    func parseQualifiedName(_ what: String = "name") throws(ParseError) -> QualifiedName {
        var parts = [try parseColumnId(what)]
        while at(.dot), peek().kind == .word || peek().kind == .quotedIdentifier {
            advance()
            parts.append(identifier(advance()))
        }
        return QualifiedName(parts: parts)
    }

    /// `(a, b, c)`
    func parseParenthesizedIdentifiers(_ what: String = "column name") throws(ParseError) -> [Identifier] {
        try expect(.leftParen, "'('")
        var names: [Identifier] = []
        repeat {
            names.append(try parseColumnId(what))
        } while accept(.comma)
        try expect(.rightParen, "')'")
        return names
    }

    /// Skips tokens up to (not including) a `,` or `)` at nesting level zero, or the end.
    func skipToListEnd() {
        var level = 0
        while !atEnd {
            switch current.kind {
            case .leftParen, .leftBracket: level += 1
            case .rightParen, .rightBracket:
                if level == 0 { return }
                level -= 1
            case .comma where level == 0: return
            default: break
            }
            advance()
        }
    }

    /// Skips a balanced `( ... )` group starting at the current `(`.
    func skipParenthesized() throws(ParseError) {
        try expect(.leftParen, "'('")
        var level = 1
        while level > 0 {
            if atEnd { throw error(expected: "')'") }
            switch current.kind {
            case .leftParen: level += 1
            case .rightParen: level -= 1
            default: break
            }
            advance()
        }
    }

    func skipToEnd() {
        while !atEnd { advance() }
    }

    // MARK: - Statements

    /// Statement keywords that are accepted and ignored (they define nothing the generator needs).
    static let ignoredStatements: Set<String> = [
        "grant", "revoke", "comment", "set", "reset", "begin", "commit", "rollback", "start", "end",
        "savepoint", "release", "abort", "do", "analyze", "analyse", "vacuum", "refresh", "truncate",
        "lock", "notify", "listen", "unlisten", "discard", "copy", "explain", "cluster",
        "reindex", "checkpoint", "security", "import", "prepare", "execute", "deallocate", "declare",
        "fetch", "move", "close", "load", "show", "reassign",
    ]

    /// Parses the whole statement; anything left over is an error.
    func parseTopLevelStatement() throws(ParseError) -> Statement {
        let statement = try parseStatement()
        if !atEnd {
            throw error(expected: "';'")
        }
        return statement
    }

    func parseStatement() throws(ParseError) -> Statement {
        let start = current
        guard start.kind == .word || start.kind == .leftParen else {
            throw error(expected: "statement")
        }
        switch start.value {
        case "select", "with", "values", "table", "insert", "update", "delete", "merge", "(":
            return try parseQueryStatement()
        case "create":
            return try parseCreate()
        case "alter":
            return try parseAlter()
        case "drop":
            return try parseDrop()
        case "set":
            return try parseSet()
        case "call":
            return try parseCall()
        default:
            if start.kind == .word, Parser.ignoredStatements.contains(start.value) {
                skipToEnd()
                return .ignored(keyword: start.value, location: start.location)
            }
            throw error(expected: "statement")
        }
    }

    /// `CALL name(arguments)`: the call as a function call expression.
    func parseCall() throws(ParseError) -> Statement {
        let start = current
        advance()
        let expression = try parseExpression()
        guard case .function(let call) = expression.kind else { throw error(expected: "procedure call") }
        return .call(call, location: start.location)
    }

    /// SELECT / VALUES / TABLE / INSERT / UPDATE / DELETE / MERGE, with an optional WITH in front.
    func parseQueryStatement() throws(ParseError) -> Statement {
        let start = current
        var with: WithClause?
        if atWord("with") {
            with = try parseWithClause()
        }
        if atWord("insert") { return .insert(try parseInsert(with: with, start: start)) }
        if atWord("update") { return .update(try parseUpdate(with: with, start: start)) }
        if atWord("delete") { return .delete(try parseDelete(with: with, start: start)) }
        if atWord("merge") { return .merge(try parseMerge(with: with, start: start)) }
        let select = try parseSelectStatement(with: with, start: start)
        if case .select(let core) = select.body, let into = core.into {
            // `SELECT ... INTO t FROM ...` is CREATE TABLE t AS SELECT ... FROM ...
            return .createTableAs(CreateTableAsStatement(
                name: into.name, ifNotExists: false, materialized: false, isTemporary: into.isTemporary, columns: [],
                query: select, location: start.location))
        }
        return .select(select)
    }
}
