// The parser's grammar is split by responsibility into small value types that share one
// `TokenCursor` (the statement's tokens, position and collected parameters):
//   StatementParser          which grammar a statement's first word selects, CALL, WITH in front
//   ExpressionParser         operators by precedence, predicates, postfix forms, sqlc macros
//   PrimaryExpressionParser  constants, names, subqueries, CASE/ARRAY/ROW/CAST, function calls
//   SelectParser             WITH, set operations, SELECT cores, ORDER BY and window specifications
//   FromClauseParser         FROM items, joins, functions in FROM and aliases
//   DMLParser                INSERT, UPDATE, DELETE and MERGE
//   TypeNameParser           type names as written in DDL and casts
//   CreateParser             CREATE TABLE/VIEW/INDEX/SEQUENCE/TYPE/DOMAIN, ...
//   TableElementParser       CREATE TABLE's columns, constraints and LIKE
//   AlterParser              ALTER, DROP and SET
//   RoutineParser            CREATE FUNCTION/PROCEDURE, triggers, policies and rules
// Each holds only the cursor, so making one to call into it costs nothing but the reference.

/// A part of the grammar: reads the statement's tokens through the shared `cursor`, and reaches
/// the other parts through the accessors below.
protocol GrammarParser {
    /// The statement's tokens, position and collected parameters, shared by every grammar part.
    var cursor: TokenCursor { get }
}

// MARK: - The other grammar parts

extension GrammarParser {
    var statementParser: StatementParser { StatementParser(cursor: cursor) }
    var expressionParser: ExpressionParser { ExpressionParser(cursor: cursor) }
    var primaryParser: PrimaryExpressionParser { PrimaryExpressionParser(cursor: cursor) }
    var selectParser: SelectParser { SelectParser(cursor: cursor) }
    var fromClauseParser: FromClauseParser { FromClauseParser(cursor: cursor) }
    var dmlParser: DMLParser { DMLParser(cursor: cursor) }
    var typeNameParser: TypeNameParser { TypeNameParser(cursor: cursor) }
    var createParser: CreateParser { CreateParser(cursor: cursor) }
    var tableElementParser: TableElementParser { TableElementParser(cursor: cursor) }
    var alterParser: AlterParser { AlterParser(cursor: cursor) }
    var routineParser: RoutineParser { RoutineParser(cursor: cursor) }
}

// MARK: - The cursor, read as the grammar reads it

extension GrammarParser {
    var current: Token { cursor.current }
    func peek(_ distance: Int = 1) -> Token { cursor.peek(distance) }
    @discardableResult
    func advance() -> Token { cursor.advance() }
    var atEnd: Bool { cursor.atEnd }
    func at(_ kind: TokenKind) -> Bool { cursor.at(kind) }
    func atWord(_ keyword: String) -> Bool { cursor.atWord(keyword) }
    func atOp(_ text: String) -> Bool { cursor.atOp(text) }
    func accept(_ kind: TokenKind) -> Bool { cursor.accept(kind) }
    func acceptWord(_ keyword: String) -> Bool { cursor.acceptWord(keyword) }
    /// Accepts a sequence of keywords only if all of them are next.
    func acceptWords(_ keywords: String...) -> Bool { cursor.acceptWords(keywords) }
    func expectWord(_ keyword: String) throws(ParseError) { try cursor.expectWord(keyword) }
    func expectOp(_ text: String) throws(ParseError) { try cursor.expectOp(text) }
    @discardableResult
    func expect(_ kind: TokenKind, _ description: String) throws(ParseError) -> Token { try cursor.expect(kind, description) }
    func queryStarts(at offset: Int) -> (isQuery: Bool, direct: Bool) { cursor.queryStarts(at: offset) }
    func error(expected: String) -> ParseError { cursor.error(expected: expected) }
    func describe(_ token: Token) -> String { cursor.describe(token) }
    func syntaxError(at token: Token) -> ParseError { cursor.syntaxError(at: token) }
    func enter() throws(ParseError) { try cursor.enter() }
    func leave() { cursor.leave() }
    func mark() -> TokenCursor.Mark { cursor.mark() }
    func reset(_ mark: TokenCursor.Mark) { cursor.reset(mark) }
    func parameter(_ reference: ParameterReference, from start: Token) -> Expression { cursor.parameter(reference, from: start) }
    func identifier(_ token: Token) -> Identifier { cursor.identifier(token) }
    var atColumnId: Bool { cursor.atColumnId }
    func parseColumnId(_ what: String = "identifier") throws(ParseError) -> Identifier { try cursor.parseColumnId(what) }
    func parseLabel(_ what: String = "identifier") throws(ParseError) -> Identifier { try cursor.parseLabel(what) }
    func parseQualifiedName(_ what: String = "name") throws(ParseError) -> QualifiedName { try cursor.parseQualifiedName(what) }
    func parseParenthesizedIdentifiers(_ what: String = "column name") throws(ParseError) -> [Identifier] {
        try cursor.parseParenthesizedIdentifiers(what)
    }
    func skipToListEnd() { cursor.skipToListEnd() }
    func skipParenthesized() throws(ParseError) { try cursor.skipParenthesized() }
    func skipToEnd() { cursor.skipToEnd() }

    /// An expression node ending at the last consumed token.
    func make(_ kind: ExpressionKind, at location: SourceLocation) -> Expression {
        Expression(kind, location: location, range: SourceRange(start: location, endOffset: max(cursor.lastEnd, location.offset)))
    }
}
