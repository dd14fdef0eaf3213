/// What a grouped query level (GROUP BY, HAVING or an aggregate) groups, as PostgreSQL's
/// parseCheckAggregates collects it for check_ungrouped_columns: the GROUP BY items that are
/// columns of the level's FROM items, every column of a table whose primary key they name
/// (check_functional_grouping), and the items that are other expressions, which make the same
/// expression acceptable. GROUPING SETS, ROLLUP and CUBE items count as grouped, each of them;
/// a primary key groups its table's other columns only when grouped in every grouping set (as
/// PostgreSQL's gset_common: the Vars in every set are the only ones check_functional_grouping
/// sees).
struct GroupedReferences: Sendable {
    /// A column of one of the level's FROM items, by the item's index in ``Scope/entries``.
    struct Column: Sendable, Hashable {
        let entry: Int
        let name: String
    }

    /// A GROUP BY item that is not a column of the level.
    struct GroupingExpression: Sendable, Hashable {
        let key: ExpressionKey
        /// The column under casts that may vanish (a cast to the type the column has is no cast
        /// to PostgreSQL, which then groups by the column itself); nil when the key is exact.
        let castColumn: Column?
    }

    private let columns: Set<Column>
    /// Merged join columns that are no single input column (``Scope/mergedColumnInputs``), by
    /// name: a GROUP BY item groups the merged column, not its inputs.
    let mergedColumns: Set<String>
    /// FROM items grouped by their table's primary key: all their columns are grouped.
    private var wholeEntries: Set<Int> = []
    let expressions: [GroupingExpression]
    private let expressionKeys: Set<String>

    /// `grouped` are the GROUP BY items' columns, `everySet` those of them grouped in every
    /// grouping set (all of them without GROUPING SETS, ROLLUP or CUBE); `primaryKey` gives a FROM
    /// item's table's primary key columns (empty for a view, a subquery or a function).
    init(grouped: [Column], everySet: Set<Column>, expressions: [GroupingExpression], mergedColumns: Set<String> = [],
         primaryKey: (Int) -> [String]) {
        columns = Set(grouped)
        self.mergedColumns = mergedColumns
        self.expressions = expressions
        expressionKeys = Set(expressions.map(\.key.text))
        for entry in Set(everySet.map(\.entry)) {
            let key = primaryKey(entry)
            if !key.isEmpty, key.allSatisfy({ everySet.contains(Column(entry: entry, name: $0)) }) { wholeEntries.insert(entry) }
        }
    }

    /// Whether the query may use column `name` of FROM item `entry` outside an aggregate (in a
    /// subquery too): grouped, functionally dependent on a grouped primary key, or possibly
    /// grouped through a cast PostgreSQL drops.
    func allows(entry: Int, column name: String) -> Bool {
        let column = Column(entry: entry, name: name)
        return wholeEntries.contains(entry) || columns.contains(column) || expressions.contains { $0.castColumn == column }
    }

    /// Whether an expression of the level is a GROUP BY item written the same way.
    func isGrouped(_ key: ExpressionKey) -> Bool {
        !expressionKeys.isEmpty && expressionKeys.contains(key.text)
    }

    /// Whether PostgreSQL may find the expression equal to a GROUP BY expression that our keys
    /// tell apart: one referencing the same columns where either key is not exact.
    func mayBeGrouped(_ key: ExpressionKey) -> Bool {
        expressions.contains { $0.key.columns == key.columns && !($0.key.isExact && key.isExact) }
    }
}
