// The syntax tree the parser produces and the catalog and analyzer consume.
// Every node that can be the subject of a diagnostic carries the location of its first token.

/// A name as written: unquoted names are folded to lower case (PostgreSQL's rule), quoted
/// names keep their exact spelling.
struct Identifier: Sendable, Hashable {
    let name: String
    let quoted: Bool
    let location: SourceLocation
}

/// A possibly qualified name: `table`, `schema.table`, `t.column`, `schema.t.column`.
struct QualifiedName: Sendable, Hashable {
    let parts: [Identifier]
    var location: SourceLocation { parts.first?.location ?? .unknown }
    /// The last part: the object's own name.
    var name: Identifier? { parts.last }
    /// Everything before the last part (the schema for a table, the table for a column).
    var qualifier: [Identifier] { Array(parts.dropLast()) }
}

/// A type as written in DDL or a cast. Multi-word builtin spellings are normalized by the parser to
/// one space-separated lower-case name: `double precision`, `character varying`,
/// `timestamp with time zone`, `timestamp without time zone`, `time with time zone`,
/// `time without time zone`, `bit varying`; `interval` keeps its name (field qualifiers dropped).
/// Single-word names stay as written (`int4`, `varchar`, `serial`, `time_slot`); the catalog
/// resolves aliases. `int[]`, `int ARRAY`, `int[3][]` set `arrayDimensions`.
struct TypeName: Sendable, Hashable {
    /// Schema, if written (`public.mood`).
    let schema: String?
    let name: String
    /// `varchar(20)` -> [20], `numeric(10, 2)` -> [10, 2]; not used for types, kept for completeness.
    let modifiers: [Int]
    let arrayDimensions: Int
    let location: SourceLocation
}

/// How a query refers to a bind parameter.
enum ParameterReference: Sendable, Hashable {
    /// `$3`
    case positional(Int)
    /// `@journey_id` or `sqlc.arg(journey_id)` / `sqlc.arg('journey_id')`.
    case named(String)
    /// `sqlc.narg(name)`: a named parameter that is explicitly optional.
    case nullableNamed(String)

    /// The name written for a named parameter, nil for `$n`.
    var writtenName: String? {
        switch self {
        case .positional: nil
        case .named(let name), .nullableNamed(let name): name
        }
    }
}

/// A parameter occurrence with the exact source bytes it spans, so the renderer can replace it
/// with `$n` in the SQL it sends.
struct ParameterNode: Sendable, Hashable {
    let reference: ParameterReference
    let location: SourceLocation
    /// Byte range of the whole occurrence (`@name`, `$1`, `sqlc.arg(name)`; for `sqlc.slice`, from
    /// `IN` to the closing parenthesis).
    let range: SourceRange
    /// The text replacing ``range`` in the SQL sent, with `$n` standing for the placeholder
    /// (`= ANY($n)` for `IN (sqlc.slice(ids))`); nil for the bare placeholder.
    var template: String? = nil
}

enum LiteralValue: Sendable, Hashable {
    /// Integer digits as written (`42`); may exceed Int64, the analyzer decides the type.
    case integer(String)
    /// A numeric constant with a point or exponent (`1.5`, `1e10`).
    case numeric(String)
    /// A string constant after unescaping ('..', E'..', $$..$$, U&'..').
    case string(String)
    /// `B'0101'`, `X'1F'`.
    case bitString(String)
    case boolean(Bool)
    case null
}

/// `SUM(x) OVER (...)` window definition, or a reference to a named window.
struct WindowSpecification: Sendable, Hashable {
    let name: Identifier?
    let partitionBy: [Expression]
    let orderBy: [OrderItem]
    let location: SourceLocation
    /// Whether the frame surely contains the current row: true without a frame clause (the
    /// default frame ends at the current row or its last peer) and for frames that start at or
    /// before it, end at or after it and do not EXCLUDE it. The frame affects no type, but an
    /// aggregate over a frame holding the current row sees at least one row.
    var frameIncludesCurrentRow = true
}

/// A function call. Keyword-syntax functions are normalized to ordinary calls with positional
/// arguments: `SUBSTRING(a FROM b FOR c)` -> substring(a, b, c), `POSITION(a IN b)` -> position(b, a)
/// (PostgreSQL's argument order), `TRIM(BOTH x FROM y)` -> btrim(y, x) (LEADING -> ltrim,
/// TRAILING -> rtrim, no characters -> one argument), `OVERLAY(a PLACING b FROM c [FOR d])` ->
/// overlay(a, b, c[, d]), `EXTRACT(field FROM e)` -> extract('field', e) with the field as a
/// string literal. `COALESCE`, `NULLIF`, `GREATEST`, `LEAST` are ordinary calls by name.
struct FunctionCall: Sendable, Hashable {
    /// `count`, `pg_catalog.now`, ... (lower-cased unless quoted).
    let name: QualifiedName
    let arguments: [Expression]
    /// `count(*)`
    let isStar: Bool
    /// `count(DISTINCT x)`
    let isDistinct: Bool
    /// `array_agg(x ORDER BY y)`, `string_agg(a, ',' ORDER BY b)`
    let orderBy: [OrderItem]
    /// `... WITHIN GROUP (ORDER BY ...)` (ordered-set aggregates).
    let withinGroup: [OrderItem]
    /// `count(*) FILTER (WHERE ...)`
    let filter: Expression?
    /// `OVER (...)` or `OVER w`
    let over: WindowSpecification?
    /// `f(VARIADIC arr)`: the last argument was written with VARIADIC.
    let hasVariadicArgument: Bool
    /// Named notation (`f(a => 1, b := 2)`): per argument, its parameter's name (nil for a
    /// positional one); empty when no argument is named.
    var argumentNames: [String?] = []
}

/// `ANY`, `SOME` or `ALL` on the right of a comparison.
enum Quantifier: String, Sendable, Hashable {
    case any
    case all
}

/// SQL-standard niladic keywords that behave like functions.
enum SQLValueFunction: String, Sendable, Hashable {
    case currentDate = "current_date"
    case currentTime = "current_time"
    case currentTimestamp = "current_timestamp"
    case localTime = "localtime"
    case localTimestamp = "localtimestamp"
    case currentUser = "current_user"
    case sessionUser = "session_user"
    case user = "user"
    case currentRole = "current_role"
    case currentSchema = "current_schema"
    case currentCatalog = "current_catalog"
}

/// An expression node.
struct Expression: Sendable, Hashable {
    let kind: ExpressionKind
    let location: SourceLocation
    /// Byte range of the whole expression in its source (used for column naming and messages).
    let range: SourceRange

    init(_ kind: ExpressionKind, location: SourceLocation, range: SourceRange) {
        self.kind = kind
        self.location = location
        self.range = range
    }
}

indirect enum ExpressionKind: Sendable, Hashable {
    case literal(LiteralValue)
    /// A typed constant: `DATE '2024-01-01'`, `INTERVAL '1 day'`, `timestamptz '...'`.
    case typedLiteral(TypeName, String)
    /// `a`, `t.a`, `s.t.a`
    case column(QualifiedName)
    /// `t.*` inside an expression (`row_to_json(t.*)`, `count(t.*)`); the bare select-list star is
    /// `SelectTarget.star`.
    case qualifiedStar(QualifiedName)
    case parameter(ParameterNode)
    /// `-x`, `+x`, `NOT x`, `~x` (op is the operator text, `not` for NOT).
    case unary(op: String, Expression)
    /// Every binary operator by its text: `+ - * / % ^ || = <> < > <= >= and or ~ ~* !~ !~* -> ->> #> #>> @> <@ ? ?| ?& && ...`.
    /// `!=` is normalized to `<>`, `AND`/`OR` to `and`/`or`.
    case binary(op: String, Expression, Expression)
    /// `a [NOT] LIKE/ILIKE b [ESCAPE c]`, `a [NOT] SIMILAR TO b`
    case like(Expression, pattern: Expression, escape: Expression?, caseInsensitive: Bool, similar: Bool, negated: Bool)
    /// `a IS [NOT] NULL`, `a ISNULL`, `a NOTNULL`
    case isNull(Expression, negated: Bool)
    /// `a IS [NOT] TRUE/FALSE/UNKNOWN` (value nil = UNKNOWN)
    case isTruth(Expression, value: Bool?, negated: Bool)
    /// `a IS [NOT] DISTINCT FROM b`
    case isDistinctFrom(Expression, Expression, negated: Bool)
    /// `a [NOT] BETWEEN [SYMMETRIC] b AND c`
    case between(Expression, low: Expression, high: Expression, negated: Bool)
    /// `a [NOT] IN (x, y, z)`
    case inList(Expression, [Expression], negated: Bool)
    /// `a [NOT] IN (SELECT ...)`
    case inSubquery(Expression, SelectStatement, negated: Bool)
    /// `a op ANY (array-expr)` / `a op ALL (array-expr)`
    case quantified(op: String, Expression, Quantifier, Expression)
    /// `a op ANY (SELECT ...)`
    case quantifiedSubquery(op: String, Expression, Quantifier, SelectStatement)
    /// `x::t`, `CAST(x AS t)`
    case cast(Expression, TypeName)
    case function(FunctionCall)
    /// `CASE [operand] WHEN ... THEN ... [ELSE ...] END`
    case caseWhen(operand: Expression?, branches: [CaseBranch], elseResult: Expression?)
    /// `ARRAY[a, b]` (nested `ARRAY[[1,2],[3,4]]` inner brackets are `.arrayLiteral` too)
    case arrayLiteral([Expression])
    /// `ARRAY(SELECT ...)`
    case arraySubquery(SelectStatement)
    /// `a[i]` (upper nil) or `a[i:j]` (isSlice true; either bound may be nil)
    case arraySubscript(Expression, lower: Expression?, upper: Expression?, isSlice: Bool)
    /// `(composite).field`
    case fieldSelection(Expression, Identifier)
    /// `(composite).*`: every field, as separate columns in a select list (`(p).*`, `(f(x)).*`).
    case fieldStar(Expression)
    /// `(SELECT ...)` used as a value
    case scalarSubquery(SelectStatement)
    /// `EXISTS (SELECT ...)`
    case exists(SelectStatement)
    /// `ROW(a, b)` or `(a, b)`
    case row([Expression])
    /// `CURRENT_DATE`, `CURRENT_TIMESTAMP`, ... (with optional precision, dropped)
    case valueFunction(SQLValueFunction)
    /// `a AT TIME ZONE b`
    case atTimeZone(Expression, Expression)
    /// `a COLLATE "C"`
    case collate(Expression, QualifiedName)
    /// `DEFAULT` in INSERT VALUES or UPDATE SET.
    case defaultValue
    /// `(expr)`: kept so column naming and ranges stay faithful.
    case parenthesized(Expression)
}

struct CaseBranch: Sendable, Hashable {
    let condition: Expression
    let result: Expression
}

/// `ORDER BY` item.
struct OrderItem: Sendable, Hashable {
    let expression: Expression
    let descending: Bool
    /// nil = default, true = NULLS FIRST, false = NULLS LAST
    let nullsFirst: Bool?
}

// MARK: - Queries

/// A full query expression: `[WITH ...] body [ORDER BY] [LIMIT] [OFFSET] [FOR UPDATE ...]`.
/// Also used for parenthesized subqueries and set-operation operands.
struct SelectStatement: Sendable, Hashable {
    let with: WithClause?
    let body: SetExpression
    let orderBy: [OrderItem]
    /// `LIMIT n` / `FETCH FIRST n ROWS ONLY`; nil for none or `LIMIT ALL`.
    let limit: Expression?
    let offset: Expression?
    let location: SourceLocation
    let range: SourceRange
}

indirect enum SetExpression: Sendable, Hashable {
    case select(SelectCore)
    /// `VALUES (1, 'a'), (2, 'b')`
    case values([[Expression]], location: SourceLocation)
    /// `left UNION [ALL] right`, precedence: INTERSECT binds tighter than UNION/EXCEPT.
    case setOperation(SetOperator, all: Bool, SetExpression, SetExpression, location: SourceLocation)
    /// A parenthesized query with its own ORDER BY/LIMIT: `(SELECT ... LIMIT 1) UNION ...`.
    case nested(SelectStatement)
}

enum SetOperator: String, Sendable, Hashable {
    case union
    case intersect
    case except
}

enum Distinct: Sendable, Hashable {
    case none
    case distinct
    case distinctOn([Expression])
}

/// `SELECT [DISTINCT] targets [FROM] [WHERE] [GROUP BY] [HAVING] [WINDOW]`
struct SelectCore: Sendable, Hashable {
    let distinct: Distinct
    let targets: [SelectTarget]
    let from: [TableReference]
    let whereClause: Expression?
    let groupBy: [Expression]
    let having: Expression?
    let windows: [NamedWindow]
    let location: SourceLocation
    /// GROUP BY used `GROUPING SETS (...)`, `ROLLUP (...)`, `CUBE (...)` or `()` (flattened into
    /// `groupBy`): rows may then aggregate the whole, possibly empty, input and hold NULL in
    /// columns they do not group by.
    var groupsBySets = false
    /// Indices into `groupBy` of the expressions written inside GROUPING SETS, ROLLUP or CUBE
    /// (resolved like the others: a name is an input column, else an output column; a number is
    /// a position), which some grouping sets leave out: those rows hold NULL for them.
    var groupingSetItems: Set<Int> = []
    /// `SELECT ... INTO [TEMP] [TABLE] name FROM ...`: creates a table (CREATE TABLE AS).
    var into: IntoClause?
}

/// The target of `SELECT ... INTO`.
struct IntoClause: Sendable, Hashable {
    let name: QualifiedName
    let isTemporary: Bool
}

struct NamedWindow: Sendable, Hashable {
    let name: Identifier
    let specification: WindowSpecification
}

/// One item of a select list or RETURNING list.
enum SelectTarget: Sendable, Hashable {
    /// `*`
    case star(SourceLocation)
    /// `t.*` (qualifier parts before the star)
    case qualifiedStar(QualifiedName, SourceLocation)
    /// `expr [AS alias]`
    case expression(Expression, alias: Identifier?)
    /// `sqlc.embed(t)`: table (or alias) `t`'s columns, as one nested value of the row; the range
    /// covers the whole call (the SQL sent lists the columns in its place).
    case embed(Identifier, SourceRange)
}

/// `AS alias (c1, c2)` on a FROM item, or a column definition list `AS alias (c1 int, c2 text)`
/// (`AS (c1 int)` on a function names the item after the function).
struct TableAlias: Sendable, Hashable {
    let name: Identifier
    let columns: [Identifier]
    /// The column types of a column definition list, one per column; empty for a plain alias list.
    var columnTypes: [TypeName] = []

    var isColumnDefinitionList: Bool { !columnTypes.isEmpty }
}

indirect enum TableReference: Sendable, Hashable {
    /// `[ONLY] schema.table [AS] alias`
    case table(QualifiedName, alias: TableAlias?)
    /// `[LATERAL] (SELECT ...) [AS] alias`
    case subquery(SelectStatement, alias: TableAlias?, lateral: Bool, location: SourceLocation)
    /// `[LATERAL] f(args) [WITH ORDINALITY] [AS] alias[(cols)]`, e.g. `unnest(@ids) AS u(id)`
    case function(FunctionCall, alias: TableAlias?, lateral: Bool, withOrdinality: Bool, location: SourceLocation)
    /// `[LATERAL] ROWS FROM (f(args) [AS (c type, ...)], ...) [WITH ORDINALITY] [AS] alias[(cols)]`
    case rowsFrom([RowsFromFunction], alias: TableAlias?, lateral: Bool, withOrdinality: Bool, location: SourceLocation)
    /// `left [NATURAL] {INNER|LEFT|RIGHT|FULL|CROSS} JOIN right [ON ... | USING (...)]`
    case join(Join)
    /// `(a JOIN b ON ...) [AS alias]`
    case parenthesized(TableReference, alias: TableAlias?)
    /// `CURRENT_DATE [AS] alias[(col)]` and the other SQL value functions as a FROM item: one row,
    /// one column named after the function (`.valueFunction` expression).
    case valueFunction(Expression, alias: TableAlias?)
}

/// One function of `ROWS FROM (...)`, with its own column definition list when it returns `record`.
struct RowsFromFunction: Sendable, Hashable {
    let call: FunctionCall
    let columnDefinitions: TableAlias?
    let location: SourceLocation
}

enum JoinKind: String, Sendable, Hashable {
    case inner
    case left
    case right
    case full
    case cross
}

enum JoinCondition: Sendable, Hashable {
    case on(Expression)
    case using([Identifier])
    case natural
    /// CROSS JOIN, or a comma in FROM.
    case none
}

struct Join: Sendable, Hashable {
    let kind: JoinKind
    let left: TableReference
    let right: TableReference
    let condition: JoinCondition
    let location: SourceLocation
}

/// `WITH [RECURSIVE] name [(cols)] AS [NOT] [MATERIALIZED] (statement), ...`
struct WithClause: Sendable, Hashable {
    let recursive: Bool
    let tables: [CommonTableExpression]
}

struct CommonTableExpression: Sendable, Hashable {
    let name: Identifier
    let columns: [Identifier]
    /// SELECT, or a data-modifying INSERT/UPDATE/DELETE ... RETURNING.
    let statement: Statement
}

/// `SET a = x`, `SET (a, b) = (x, y)`, `SET (a, b) = (SELECT ...)`.
struct SetClause: Sendable, Hashable {
    let columns: [Identifier]
    let value: Expression
    /// Per column, the subscripts written after its name (`SET names[$1] = $2`), outermost first;
    /// empty when there are none or when a `.field` makes the target a composite's field.
    var subscripts: [[AssignmentSubscript]] = []
    /// From the first column (or its `(`) to the end of the value.
    var range: SourceRange?
}

/// `[i]` or `[lower:upper]` after a column assigned by SET: PostgreSQL assigns one element (an
/// array's element type, or jsonb for a jsonb column) or, for a slice, a part of the array.
struct AssignmentSubscript: Sendable, Hashable {
    let lower: Expression?
    let upper: Expression?
    let isSlice: Bool
}

enum InsertSource: Sendable, Hashable {
    case values([[Expression]])
    case select(SelectStatement)
    case defaultValues
}

enum ConflictTarget: Sendable, Hashable {
    /// `ON CONFLICT (a, b) [WHERE ...]` (index expressions other than columns are kept as expressions)
    case columns([Expression], whereClause: Expression?)
    /// `ON CONFLICT ON CONSTRAINT name`
    case constraint(Identifier)
}

enum ConflictAction: Sendable, Hashable {
    case nothing
    case update(set: [SetClause], whereClause: Expression?)
}

struct OnConflict: Sendable, Hashable {
    let target: ConflictTarget?
    let action: ConflictAction
    let location: SourceLocation
}

struct InsertStatement: Sendable, Hashable {
    let with: WithClause?
    let table: QualifiedName
    let alias: Identifier?
    /// Empty when the column list is omitted.
    let columns: [Identifier]
    let source: InsertSource
    let onConflict: OnConflict?
    /// Empty when there is no RETURNING.
    let returning: [SelectTarget]
    let location: SourceLocation
}

struct UpdateStatement: Sendable, Hashable {
    let with: WithClause?
    let table: QualifiedName
    let alias: Identifier?
    let set: [SetClause]
    let from: [TableReference]
    let whereClause: Expression?
    let returning: [SelectTarget]
    let location: SourceLocation
}

struct DeleteStatement: Sendable, Hashable {
    let with: WithClause?
    let table: QualifiedName
    let alias: Identifier?
    let using: [TableReference]
    let whereClause: Expression?
    let returning: [SelectTarget]
    let location: SourceLocation
}

// MARK: - DDL

enum ColumnConstraint: Sendable, Hashable {
    case notNull
    case null
    case primaryKey
    case unique
    case defaultValue(Expression)
    case check(Expression)
    case references(QualifiedName, columns: [Identifier])
    /// `GENERATED ALWAYS AS (expr) STORED`
    case generated(Expression)
    /// `GENERATED {ALWAYS | BY DEFAULT} AS IDENTITY`: implies NOT NULL.
    case identity
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
    case foreignKey(columns: [Identifier], references: QualifiedName, referencedColumns: [Identifier])
    case check(Expression)
    /// EXCLUDE and anything else that changes no column type or nullability.
    case other
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

/// A top-level statement.
indirect enum Statement: Sendable, Hashable {
    case select(SelectStatement)
    case insert(InsertStatement)
    case update(UpdateStatement)
    case delete(DeleteStatement)
    case createTable(CreateTableStatement)
    case createEnum(CreateEnumStatement)
    case createView(CreateViewStatement)
    case createSchema(Identifier, ifNotExists: Bool)
    case createTableAs(CreateTableAsStatement)
    case createFunction(CreateFunctionStatement)
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
    /// CREATE EXTENSION / DOMAIN / TYPE ... AS (...) / TYPE ... AS RANGE (Parser+TypeDDL.swift).
    case defineType(TypeDefinitionStatement)
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
    /// Lexing and parsing work: tokens and comments made plus tokens read (`Parser.tokenReads`).
    /// A deterministic cost the mutation tests bound in proportion to the input's size.
    var work = 0
}
