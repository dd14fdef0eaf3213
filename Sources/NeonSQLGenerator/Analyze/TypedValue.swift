/// What the analyzer knows about an expression or output column.
struct TypedValue: Sendable, Hashable {
    var type: SQLType
    var nullable: Bool
    /// For arrays: whether elements may be NULL.
    var elementNullable: Bool = false
    /// The column name PostgreSQL gives it (FigureColname); nil prints as `?column?`.
    var name: String?
    /// `name` is one FigureColname gives with strength 1 (a cast's type name, `case`): an
    /// enclosing cast or CASE puts its own name in its place.
    var nameIsFallback = false
    var origin: ColumnOrigin?
    /// An untyped constant (`'abc'`, `NULL`): PostgreSQL types it from context, else as text.
    var isUnknownLiteral = false

    init(type: SQLType, nullable: Bool, elementNullable: Bool = false, name: String? = nil, origin: ColumnOrigin? = nil) {
        self.type = type
        self.nullable = nullable
        self.elementNullable = elementNullable
        self.name = name
        self.origin = origin
    }

    static func unknownLiteral(nullable: Bool) -> TypedValue {
        var value = TypedValue(type: .unknown, nullable: nullable)
        value.isUnknownLiteral = true
        return value
    }

    /// The same value under another name, detached from its table column.
    func renamed(_ newName: String?) -> TypedValue {
        var copy = self
        copy.name = newName
        copy.nameIsFallback = false
        return copy
    }

    func withNullable(_ value: Bool) -> TypedValue {
        var copy = self
        copy.nullable = value
        return copy
    }
}

/// A column reference resolved to a query level's FROM item: the item's index in
/// ``Scope/entries`` (nil for a merged USING column) and the column's name.
struct ReferencedColumn: Sendable, Hashable {
    let entry: Int?
    let column: String
}

/// A column visible in a scope.
struct ScopeColumn: Sendable, Hashable {
    let name: String
    var value: TypedValue
}

/// One FROM item (table, view, subquery, function, CTE reference) as columns under a name.
struct RangeEntry: Sendable, Hashable {
    /// The alias, or the table's own name; nil for an unaliased subquery.
    let name: String?
    var columns: [ScopeColumn]
    /// Set for base tables and views.
    let relationKey: String?
    /// For a base table: its single-column unique keys.
    let uniqueColumns: Set<String>
    /// For a user function returning a table's or composite's row (`FROM person(1) AS p`): the type
    /// of the whole-row reference `p` (Expressions/ExpressionTyping+RowTypes.swift).
    var rowType: SQLType?
    /// Columns merged by JOIN USING / NATURAL are reachable unqualified once.
    var hiddenUnqualified: Set<String> = []
    /// Each column's nullability before an outer join (or a grouping set) NULL-extended the
    /// entry; nil while every row of the entry is a real row.
    var nullabilityBeforeExtension: [Bool]?
    /// An aliased join (`(a JOIN b ...) AS j`): PostgreSQL reads its columns as those of the
    /// joined items (flatten_join_alias_vars), so the grouping check leaves them alone.
    var isJoinAlias = false
    /// A `USING (...) AS alias` entry's columns that are, to PostgreSQL's grouping check, the
    /// column of another FROM item (by index, as ``Scope/mergedColumnSources``).
    var usingAliasSources: [String: Int] = [:]
    /// A table or view named without an alias (PostgreSQL's RTE_RELATION without alias): two of
    /// them of the same name conflict only when they are the same relation (``relationKey``).
    var isUnaliasedRelation = false
    /// Where the name the entry goes by (its alias, or the table's or function's name) is written.
    var nameLocation: SourceLocation?

    mutating func makeNullable() {
        if nullabilityBeforeExtension == nil { nullabilityBeforeExtension = columns.map(\.value.nullable) }
        for index in columns.indices { columns[index].value.nullable = true }
    }
}

/// Name resolution context: the FROM items of a query level, its CTEs, and the enclosing level
/// for correlated subqueries.
final class Scope {
    var entries: [RangeEntry] = []
    /// Columns produced by JOIN USING / NATURAL (the merged column), visible unqualified.
    var mergedColumns: [ScopeColumn] = []
    /// The FROM item (index into ``entries``) whose column a merged column of this name is to
    /// PostgreSQL's grouping check, which flattens the join's column to it: the left input's of an
    /// inner or left join, the right input's of a right join. Absent for a FULL join's (COALESCE
    /// of both) or one the join casts; meaningful while one merged column has the name.
    var mergedColumnSources: [String: Int] = [:]
    /// The FROM-item columns a merged column of this name reads, as PostgreSQL's grouping check
    /// flattens it: the left input's of an inner or left join, the right's of a right join, both
    /// of a FULL join (COALESCE of them), through the inputs' own merged columns. Meaningful
    /// while one merged column has the name.
    var mergedColumnInputs: [String: [ReferencedColumn]] = [:]
    var commonTables: [String: [ScopeColumn]] = [:]
    let parent: Scope?
    /// Output columns (by alias) of the current SELECT, visible to ORDER BY / GROUP BY.
    var outputColumns: [ScopeColumn] = []
    var allowOutputAliases = false
    /// The query level names FROM items (some may have failed to resolve and were reported).
    var hasFromClause = false
    /// The level has a GROUP BY: each group an aggregate sees holds at least one row.
    var isGrouped = false
    /// The level's WINDOW clause, for `OVER w`.
    var windows: [String: WindowSpecification] = [:]
    /// The scope this one copies at the same query level (``SelectAnalyzing/copyOfInputs(_:)``);
    /// nil for a level's own scope.
    var copiedLevel: Scope?
    /// The query level's own scope: this one, or the one it copies.
    var level: Scope { copiedLevel ?? self }
    /// The column references resolved to this level's FROM items, by the offset of their first
    /// name part (recorded on ``level``): the grouping check (``UngroupedColumns``) tells by them
    /// which level a reference belongs to, subqueries included.
    var columnReferences: [Int: ReferencedColumn] = [:]
    /// Entries of the statement this level cannot reference (a MERGE target in a WHEN NOT MATCHED
    /// clause): never resolved, only named in the error PostgreSQL gives for a reference to them.
    var unreferenceableEntries: [RangeEntry] = []
    /// The level is a MERGE's RETURNING list (PostgreSQL 17): `merge_action()` is allowed here and
    /// in subqueries below it.
    var isMergeReturning = false

    init(parent: Scope?) {
        self.parent = parent
    }

    func commonTable(named name: String) -> [ScopeColumn]? {
        commonTables[name] ?? parent?.commonTable(named: name)
    }

    /// This level or an enclosing one is a MERGE's RETURNING list.
    var isInsideMergeReturning: Bool {
        isMergeReturning || (parent?.isInsideMergeReturning ?? false)
    }
}
