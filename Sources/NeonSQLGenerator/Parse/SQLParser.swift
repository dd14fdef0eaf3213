// The parser's entry point and statement splitting. Each statement is parsed by the grammar parts
// listed in GrammarParser.swift over one `TokenCursor` (TokenCursor.swift).

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
    /// Parses a schema file as it is applied: as psql loads it (meta-commands and COPY data left
    /// out, `PsqlScript`) and as a migration tool runs it (its down sections left out,
    /// `MigrationScript`).
    static func parseSchema(_ source: SourceFile, diagnostics: inout DiagnosticCollector) -> ParsedFile {
        parse(PsqlScript.withoutMetaCommands(MigrationScript.withoutDownSections(source), &diagnostics), diagnostics: &diagnostics)
    }

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
                    let cursor = TokenCursor(source: source, tokens: segment, terminator: terminator)
                    defer { work += cursor.tokenReads }
                    do {
                        let statement = try StatementParser(cursor: cursor).parseTopLevelStatement()
                        statements.append(ParsedStatement(
                            statement: statement,
                            range: range,
                            leadingComments: leading,
                            parameters: cursor.parameters.sorted { $0.range.start.offset < $1.range.start.offset }
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
