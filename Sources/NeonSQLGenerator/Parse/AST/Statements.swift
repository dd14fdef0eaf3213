// Syntax tree: a top-level statement, and a parsed file of them.

/// A top-level statement.
indirect enum Statement: Sendable, Hashable {
    case select(SelectStatement)
    case insert(InsertStatement)
    case update(UpdateStatement)
    case delete(DeleteStatement)
    /// `MERGE INTO ... USING ... ON ... WHEN ...` (AST/Merge.swift).
    case merge(MergeStatement)
    case createTable(CreateTableStatement)
    case createEnum(CreateEnumStatement)
    case createView(CreateViewStatement)
    case createSchema(Identifier, ifNotExists: Bool)
    case createTableAs(CreateTableAsStatement)
    case createFunction(CreateFunctionStatement)
    /// `CREATE [OR REPLACE] AGGREGATE` (AST+Aggregate.swift).
    case createAggregate(CreateAggregateStatement)
    /// `CREATE OPERATOR`, `DROP OPERATOR`, `ALTER OPERATOR ... SET SCHEMA` (AST+Operator.swift).
    case operators([OperatorStatement])
    /// `CREATE TRIGGER` (RoutineParser+Triggers.swift): what it fires on and the function it runs.
    case createTrigger(CreateTriggerStatement)
    /// `CREATE POLICY` (RoutineParser+Triggers.swift): the table and the tokens of its conditions.
    case createPolicy(CreatePolicyStatement)
    /// `CREATE RULE` (RoutineParser+Triggers.swift): the table, its event and the tokens of its actions.
    case createRule(CreateRuleStatement)
    /// `SET [SESSION|LOCAL] search_path TO|= a, b` (schema names; `DEFAULT` is `["public"]`).
    case setSearchPath([String], location: SourceLocation)
    /// `ALTER DATABASE|ROLE ... SET search_path ...`: the search path of every later connection,
    /// the queries' included.
    case setDefaultSearchPath([String], location: SourceLocation)
    case alterTable(AlterTableStatement)
    case alterEnum(AlterEnumStatement)
    case drop(DropStatement)
    /// `CREATE [UNIQUE] INDEX` (AST+Index.swift).
    case createIndex(CreateIndexStatement)
    /// `ALTER DOMAIN name ...` (AST+AlterType.swift).
    case alterDomain(AlterDomainStatement)
    /// `ALTER FUNCTION|PROCEDURE|ROUTINE name[(types)] ...` (AST+AlterFunction.swift).
    case alterFunction(AlterFunctionStatement)
    /// `ALTER INDEX [IF EXISTS] name RENAME TO new` (other ALTER INDEX forms are ignored).
    case renameIndex(QualifiedName, to: Identifier, ifExists: Bool, location: SourceLocation)
    /// CREATE EXTENSION / DOMAIN / TYPE ... AS (...) / TYPE ... AS RANGE (CreateParser+Types.swift).
    case defineType(TypeDefinitionStatement)
    /// `CREATE CAST` / `DROP CAST` (AST+Cast.swift).
    case cast(CastStatement)
    /// `CALL procedure(arguments)`: a procedure call, typed from the procedure's signature.
    case call(FunctionCall, location: SourceLocation)
    /// Parsed far enough to skip: CREATE INDEX/EXTENSION/FUNCTION/TRIGGER/POLICY/SEQUENCE, GRANT,
    /// REVOKE, COMMENT ON, SET, BEGIN/COMMIT, DO, ... `keyword` names what it was (`create index`).
    case ignored(keyword: String, location: SourceLocation)
}

/// A comment as it appeared in the source (`-- text` or `/* text */`), text without the markers.
struct Comment: Sendable, Hashable {
    let text: String
    let location: SourceLocation
    let isBlock: Bool
}

/// One statement of a file with what surrounds it.
struct ParsedStatement: Sendable, Hashable {
    let statement: Statement
    /// From the first token to the end of the last token (excluding the terminating `;`).
    let range: SourceRange
    /// Comments between the previous statement's `;` (or the file start) and this statement's
    /// first token, in order: where `-- name: X :many` and the doc comment live.
    let leadingComments: [Comment]
    /// Every parameter occurrence in the statement, in source order.
    let parameters: [ParameterNode]
}

/// A statement the parser could not read: its text and the comments before it.
struct UnparsedStatement: Sendable, Hashable {
    let range: SourceRange
    let leadingComments: [Comment]
}

/// The parser's result for one file. Statements that failed to parse are left out; their
/// errors are in the collector the parser was given.
struct ParsedFile: Sendable {
    let source: SourceFile
    let statements: [ParsedStatement]
    /// Where each statement that failed to parse is (the lock file can still describe it).
    var unparsedStatements: [UnparsedStatement] = []
    /// Comments after the last statement (kept so an annotation with no statement can be reported).
    let trailingComments: [Comment]
    /// Every token of the file, in source order (the last is `.eof`): a statement's tokens are
    /// there for whoever reads it without its syntax tree (the lock file, Lock/StatementTokens.swift).
    var tokens: [Token] = []
    /// Lexing and parsing work: tokens and comments made plus tokens read (`TokenCursor.tokenReads`).
    /// A deterministic cost the mutation tests bound in proportion to the input's size.
    var work = 0
}
