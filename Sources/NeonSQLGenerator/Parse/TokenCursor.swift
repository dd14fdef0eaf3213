// The token cursor every grammar part of the parser reads through (GrammarParser.swift): the one
// statement's tokens and position, lookahead, expectations and their errors, the nesting guard,
// backtracking marks, names, and the parameter occurrences met so far.

/// The shared state of parsing one statement: its tokens, the position, and what parsing has
/// collected. Grammar functions throw `ParseError` at the first error; the caller reports it and
/// moves to the next statement. Every parameter occurrence met is kept, in `parameters`.
final class TokenCursor {
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
    func acceptWords(_ keywords: [String]) -> Bool {
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

    /// True if the tokens from `offset` on start a query: any number of `(` then SELECT/WITH/VALUES/TABLE.
    /// `direct` is true when there is no extra parenthesis in between.
    func queryStarts(at offset: Int) -> (isQuery: Bool, direct: Bool) {
        // Every `(` of a run shares the token after the run: found once per run, so `((((...` is
        // linear, not quadratic in its length.
        var position = index + offset
        if let run = leftParenRun, run.start <= position, position <= run.end {
            position = run.end
        } else {
            let start = position
            while tokens[min(position, tokens.count - 1)].kind == .leftParen {
                position += 1
                tokenReads += 1
            }
            leftParenRun = (start, position)
        }
        let distance = position - index
        let token = peek(distance)
        let isQuery = token.kind == .word && ["select", "with", "values", "table"].contains(token.value)
        return (isQuery, distance == offset)
    }

    // MARK: - Errors

    /// `expected X, found Y` at the current token.
    func error(expected: String) -> ParseError {
        ParseError(message: "expected \(expected), found \(describe(current))", location: current.location)
    }

    /// PostgreSQL's own error for a token its grammar allows nowhere at this point:
    /// `syntax error at or near "<token as written>"` (`at end of input` at the end).
    func syntaxError(at token: Token) -> ParseError {
        if token.kind == .eof, token.value != ";" {
            return ParseError(message: "syntax error at end of input", location: token.location)
        }
        let text = token.kind == .eof ? token.value : source.text(from: token.start, to: token.end)
        return ParseError(message: "syntax error at or near \"\(text)\"", location: token.location)
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

    // MARK: - Parameters

    /// Records a parameter occurrence spanning from `start` to the last consumed token.
    func parameter(_ reference: ParameterReference, from start: Token) -> Expression {
        let range = SourceRange(start: start.location, endOffset: lastEnd)
        let node = ParameterNode(reference: reference, location: start.location, range: range)
        parameters.append(node)
        return Expression(.parameter(node), location: start.location, range: range)
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
}
