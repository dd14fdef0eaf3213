// Syntax tree: queries (SELECT and its clauses, INSERT, UPDATE, DELETE). See Expressions.swift.

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
    /// Each top-level GROUPING SETS, ROLLUP or CUBE of GROUP BY as the grouping sets it may add,
    /// each set the `groupBy` indices of its items (a ROLLUP or CUBE as one empty set: it adds the
    /// empty set among others). An item written inside them is in every grouping set of the query
    /// only when some construct has it (by the column it names) in each of its sets.
    var groupingSetAlternatives: [[[Int]]] = []
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
    /// `USING (a, b) AS j` (join_using_alias, PostgreSQL 14+): `j.a` names the merged column.
    var usingAlias: Identifier?
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
    /// `SEARCH {BREADTH | DEPTH} FIRST BY ... SET column` of a recursive query.
    var search: RecursiveSearchClause?
    /// `CYCLE ... SET column [TO value DEFAULT value] USING path` of a recursive query.
    var cycle: RecursiveCycleClause?
}

/// `SEARCH {BREADTH | DEPTH} FIRST BY columns SET sequence`: adds the column `sequence` to the
/// query's output (record breadth first, record[] depth first).
struct RecursiveSearchClause: Sendable, Hashable {
    let breadthFirst: Bool
    let sequenceColumn: Identifier
}

/// `CYCLE columns SET mark [TO value DEFAULT value] USING path`: adds the columns `mark`
/// (boolean, or the two values' common type) and `path` (record[]) to the query's output.
struct RecursiveCycleClause: Sendable, Hashable {
    let markColumn: Identifier
    /// `TO value DEFAULT value`, when written (both or neither).
    let markValue: Expression?
    let markDefault: Expression?
    let pathColumn: Identifier
}

/// `SET a = x`, `SET (a, b) = (x, y)`, `SET (a, b) = (SELECT ...)`.
extension SetClause {
    /// The values of `(a, b) = (x, y)` or `= ROW(x, y)` when there are `count` of them, one per
    /// column; nil for a subquery or anything else.
    func rowValues(count: Int) -> [Expression]? {
        switch value.kind {
        case .row(let values) where values.count == count:
            return values
        case .parenthesized(let inner):
            if case .row(let values) = inner.kind, values.count == count { return values }
            return nil
        default:
            return nil
        }
    }
}

struct SetClause: Sendable, Hashable {
    let columns: [Identifier]
    let value: Expression
    /// Per column, the `.field`s and `[subscripts]` written after its name (`SET names[$1] = $2`,
    /// `SET address.city = $1`), in order; empty when there are none.
    var indirections: [[AssignmentIndirection]] = []
    /// From the first column (or its `(`) to the end of the value.
    var range: SourceRange?
}

/// `.field` or `[subscript]` written after a column an INSERT, SET or MERGE assigns (PostgreSQL's
/// indirection): the value assigned is the field or the element, not the whole column.
enum AssignmentIndirection: Sendable, Hashable {
    case field(Identifier)
    case index(AssignmentSubscript)

    /// The subscript's bounds (none for a field).
    var bounds: [Expression] {
        guard case .index(let item) = self else { return [] }
        return [item.lower, item.upper].compactMap { $0 }
    }
}

/// `[i]` or `[lower:upper]` after an assigned column: PostgreSQL assigns one element (an
/// array's element type, or jsonb for a jsonb column) or, for a slice, a part of the array.
struct AssignmentSubscript: Sendable, Hashable {
    let lower: Expression?
    let upper: Expression?
    let isSlice: Bool
}

/// `OVERRIDING SYSTEM VALUE` (the values written go into `GENERATED ALWAYS` identity columns) or
/// `OVERRIDING USER VALUE` (identity columns take their defaults whatever the values say).
enum InsertOverriding: Sendable, Hashable {
    case systemValue
    case userValue
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
    /// Per column of `columns`, its `.field`s and `[subscripts]` (`INSERT INTO t (tags[1])`).
    let columnIndirections: [[AssignmentIndirection]]
    let source: InsertSource
    /// `OVERRIDING {SYSTEM | USER} VALUE`, when written.
    var overriding: InsertOverriding? = nil
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
