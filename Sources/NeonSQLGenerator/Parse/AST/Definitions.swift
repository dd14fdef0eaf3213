// Syntax tree: schema definitions (CREATE/ALTER/DROP of tables, types, functions, views).

enum ColumnConstraint: Sendable, Hashable {
    case notNull
    case null
    case primaryKey
    case unique
    case defaultValue(Expression)
    case check(Expression)
    case references(QualifiedName, columns: [Identifier], actions: ReferentialActions)
    /// `GENERATED ALWAYS AS (expr) STORED`
    case generated(Expression)
    /// `GENERATED {ALWAYS | BY DEFAULT} AS IDENTITY`: implies NOT NULL. `always` for ALWAYS,
    /// whose values only `OVERRIDING SYSTEM VALUE` may write.
    case identity(always: Bool)
}

/// What PostgreSQL lets an INSERT or UPDATE write into a column (rewriteTargetListIU in
/// src/backend/rewrite/rewriteHandler.c); columns without one take any value.
enum ColumnWriteRestriction: Sendable, Hashable {
    /// `GENERATED ALWAYS AS IDENTITY`: only DEFAULT, unless an INSERT says `OVERRIDING SYSTEM VALUE`
    /// (or `OVERRIDING USER VALUE`, which writes the default instead).
    case identityAlways
    /// `GENERATED ALWAYS AS (expression) STORED`: only DEFAULT.
    case generated
}

struct ColumnDefinition: Sendable, Hashable {
    let name: Identifier
    let type: TypeName
    let constraints: [ColumnConstraint]
    /// `CONSTRAINT name PRIMARY KEY` / `CONSTRAINT name UNIQUE`: the names given (else PostgreSQL chooses).
    var primaryKeyName: Identifier?
    var uniqueName: Identifier?
}

enum TableConstraintKind: Sendable, Hashable {
    case primaryKey([Identifier])
    case unique([Identifier])
    case foreignKey(columns: [Identifier], references: QualifiedName, referencedColumns: [Identifier], actions: ReferentialActions)
    case check(Expression)
    /// EXCLUDE and anything else that changes no column type or nullability.
    case other
}

/// What a foreign key does to the referencing rows when a referenced row is deleted or its key
/// updated (`ON DELETE` / `ON UPDATE`).
enum ReferentialAction: Sendable, Hashable {
    case noAction
    case restrict
    case cascade
    case setNull
    case setDefault

    /// CASCADE, SET NULL and SET DEFAULT change rows of the referencing table.
    var changesReferencingRows: Bool {
        switch self {
        case .cascade, .setNull, .setDefault: true
        case .noAction, .restrict: false
        }
    }
}

/// A foreign key's `ON DELETE` and `ON UPDATE` actions (NO ACTION when not written).
struct ReferentialActions: Sendable, Hashable {
    var onDelete = ReferentialAction.noAction
    var onUpdate = ReferentialAction.noAction
}

struct TableConstraint: Sendable, Hashable {
    let name: Identifier?
    let kind: TableConstraintKind
    let location: SourceLocation
    /// `ADD [CONSTRAINT c] {PRIMARY KEY | UNIQUE} USING INDEX index` (the kind's column list is empty).
    var usingIndex: Identifier?
}

struct CreateTableStatement: Sendable, Hashable {
    let name: QualifiedName
    let ifNotExists: Bool
    let columns: [ColumnDefinition]
    let constraints: [TableConstraint]
    let location: SourceLocation
    /// `LIKE source [INCLUDING ...]` items, each with the number of columns defined before it.
    var likes: [TableLike] = []
    /// `INHERITS (parent, ...)`: the parents' columns come first.
    var inherits: [QualifiedName] = []
    /// `PARTITION OF parent [(constraints)] FOR VALUES ... | DEFAULT`: the parent's columns.
    var partitionOf: QualifiedName?
    /// `CREATE TEMP TABLE`: the table lives in `pg_temp`.
    var isTemporary = false
}

/// `LIKE source [INCLUDING|EXCLUDING option]...` inside CREATE TABLE.
struct TableLike: Sendable, Hashable {
    let source: QualifiedName
    /// How many column definitions precede the LIKE item (where its columns go).
    let position: Int
    /// INCLUDING DEFAULTS, IDENTITY, GENERATED or ALL: copied columns keep their defaults.
    let includesDefaults: Bool
    /// INCLUDING INDEXES or ALL: the source's primary and unique keys are copied.
    let includesIndexes: Bool
}

/// `CREATE [MATERIALIZED VIEW | TABLE] name [(cols)] AS query [WITH [NO] DATA]`, and `SELECT ... INTO name`.
struct CreateTableAsStatement: Sendable, Hashable {
    let name: QualifiedName
    let ifNotExists: Bool
    let materialized: Bool
    let isTemporary: Bool
    let columns: [Identifier]
    let query: SelectStatement
    let location: SourceLocation
}

/// A parameter of `CREATE FUNCTION` / `CREATE PROCEDURE`.
struct FunctionParameterDefinition: Sendable, Hashable {
    enum Mode: String, Sendable, Hashable { case `in`, out, `inout`, variadic }
    let mode: Mode
    let name: Identifier?
    let type: TypeName
    let hasDefault: Bool
}

/// What `CREATE FUNCTION` says it returns.
enum FunctionReturnDefinition: Sendable, Hashable {
    /// `RETURNS type` (including `record`, `void`, `trigger`).
    case type(TypeName)
    /// `RETURNS SETOF type`
    case setOf(TypeName)
    /// `RETURNS TABLE (name type, ...)`
    case table([FunctionColumn])
    /// No RETURNS clause: a procedure, or a function whose OUT parameters define the result.
    case none
}

struct FunctionColumn: Sendable, Hashable {
    let name: Identifier
    let type: TypeName
}

/// `CREATE [OR REPLACE] FUNCTION|PROCEDURE name (params) [RETURNS ...] options... AS body | BEGIN ATOMIC ... END`
struct CreateFunctionStatement: Sendable, Hashable {
    let name: QualifiedName
    let orReplace: Bool
    let isProcedure: Bool
    let parameters: [FunctionParameterDefinition]
    let returns: FunctionReturnDefinition
    /// STRICT / RETURNS NULL ON NULL INPUT.
    let isStrict: Bool
    let location: SourceLocation
    /// `LANGUAGE name` (lower case); nil when not written (a `RETURN` or `BEGIN ATOMIC` body is SQL).
    var language: String?
    /// The body, for the tables a call reads and changes (`Analyze/TableEffects/`).
    var body: FunctionBodySource?
}

/// A function's body as written.
enum FunctionBodySource: Sendable, Hashable {
    /// `AS 'text'` / `AS $$text$$`: the string's contents, in the language of `LANGUAGE`.
    case text(String)
    /// `RETURN expr` or `BEGIN ATOMIC ... END`: SQL tokens of the statement itself.
    case sqlTokens([Token])
}

/// `CREATE POLICY name ON table ...`: the tokens after the table (its USING and WITH CHECK
/// expressions among them), for the tables a row-level security check reads.
struct CreatePolicyStatement: Sendable, Hashable {
    let table: QualifiedName
    let tokens: [Token]
    let location: SourceLocation
}

/// `CREATE [OR REPLACE] RULE name AS ON event TO table [WHERE ...] DO [ALSO | INSTEAD] ...`:
/// the table, the event and the tokens of its condition and actions, for what a write to the
/// table also does.
struct CreateRuleStatement: Sendable, Hashable {
    let name: Identifier
    let table: QualifiedName
    /// nil for `ON SELECT` (a view's rule) or an event the parser does not know.
    let event: TableChange?
    let tokens: [Token]
    let location: SourceLocation
}

/// How a statement changes a table's rows: the events a trigger fires on, and the kinds of writes
/// table effects follow through foreign keys and triggers.
enum TableChange: String, Sendable, Hashable, CaseIterable {
    case insert
    case update
    case delete
    case truncate
}

/// `CREATE [OR REPLACE] [CONSTRAINT] TRIGGER name {BEFORE | AFTER | INSTEAD OF} event [OR event ...]
/// ON table ... EXECUTE {FUNCTION | PROCEDURE} function(arguments)`.
struct CreateTriggerStatement: Sendable, Hashable {
    let name: Identifier
    let table: QualifiedName
    let events: Set<TableChange>
    let function: QualifiedName
    let location: SourceLocation
    /// `INSTEAD OF`: the trigger does the change in place of PostgreSQL (views only).
    var isInsteadOf = false
}

/// `DROP FUNCTION name [(argument types)]`.
struct FunctionSignatureReference: Sendable, Hashable {
    let name: QualifiedName
    /// nil when no argument list was written.
    let argumentTypes: [TypeName]?
}

struct CreateEnumStatement: Sendable, Hashable {
    let name: QualifiedName
    let labels: [String]
    let location: SourceLocation
}

struct CreateViewStatement: Sendable, Hashable {
    let name: QualifiedName
    let orReplace: Bool
    let materialized: Bool
    let columns: [Identifier]
    let query: SelectStatement
    let location: SourceLocation
}

enum AlterTableAction: Sendable, Hashable {
    case addColumn(ColumnDefinition, ifNotExists: Bool)
    case dropColumn(Identifier, ifExists: Bool)
    case renameColumn(from: Identifier, to: Identifier)
    case renameTable(to: Identifier)
    case alterColumnType(Identifier, TypeName)
    case setNotNull(Identifier)
    case dropNotNull(Identifier)
    case setDefault(Identifier, Expression)
    case dropDefault(Identifier)
    case addConstraint(TableConstraint)
    case dropConstraint(Identifier, ifExists: Bool)
    /// `RENAME CONSTRAINT a TO b`
    case renameConstraint(from: Identifier, to: Identifier)
    /// `SET SCHEMA name`
    case setSchema(Identifier)
    /// `ALTER COLUMN c {ADD GENERATED ... AS IDENTITY | SET GENERATED {ALWAYS | BY DEFAULT} | DROP
    /// IDENTITY | DROP EXPRESSION}`: what the column's values may be written with afterwards.
    case setWriteRestriction(Identifier, ColumnWriteRestriction?)
    /// Anything else (OWNER TO, ENABLE ROW LEVEL SECURITY, SET ...): no effect on types.
    case ignored(SourceLocation)
}

struct AlterTableStatement: Sendable, Hashable {
    let name: QualifiedName
    let ifExists: Bool
    let actions: [AlterTableAction]
    let location: SourceLocation
    /// ALTER TABLE (which also renames views), ALTER VIEW or ALTER MATERIALIZED VIEW.
    var relationKind: DropObjectKind = .table
}

/// `ALTER TYPE name ADD VALUE [IF NOT EXISTS] 'x' [BEFORE|AFTER 'y']`, `ALTER TYPE name RENAME VALUE 'a' TO 'b'`.
enum AlterEnumAction: Sendable, Hashable {
    case addValue(String, before: String?, after: String?, ifNotExists: Bool)
    case renameValue(from: String, to: String)
    /// `ALTER TYPE name RENAME TO new`
    case renameTo(Identifier)
    /// `ALTER TYPE name SET SCHEMA s`
    case setSchema(Identifier)
    /// A composite type's `ADD|DROP|ALTER ATTRIBUTE ..., ...` or `RENAME ATTRIBUTE a TO b` (AST+AlterType.swift).
    case attributes([CompositeAttributeAction])
    case ignored
}

struct AlterEnumStatement: Sendable, Hashable {
    let name: QualifiedName
    let action: AlterEnumAction
    let location: SourceLocation
}

enum DropObjectKind: String, Sendable, Hashable {
    case table
    case view
    case materializedView = "materialized view"
    case type
    case domain
    case schema
    case function
    case procedure
    /// `DROP INDEX`: a unique index stops counting as a unique key.
    case index
    /// Objects that change no type the generator tracks: INDEX, SEQUENCE, EXTENSION, TRIGGER,
    /// POLICY, RULE, ...; dropping them is accepted without a check.
    case untracked
}

struct DropStatement: Sendable, Hashable {
    let kind: DropObjectKind
    let names: [QualifiedName]
    let ifExists: Bool
    let location: SourceLocation
    /// DROP FUNCTION/PROCEDURE: the signatures, parallel to `names`.
    var functions: [FunctionSignatureReference] = []
    /// `CASCADE`
    var cascade = false
}
