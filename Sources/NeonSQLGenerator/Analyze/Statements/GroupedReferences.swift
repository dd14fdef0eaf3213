/// The columns of a query level with GROUP BY that its select list, HAVING and ORDER BY may use
/// outside an aggregate: those GROUP BY names, and every column of a table whose primary key it
/// names (PostgreSQL's check_ungrouped_columns with check_functional_grouping). Built from the
/// GROUP BY items that are plain column references; other items (expressions) group no column
/// on their own.
struct GroupedReferences: Sendable {
    /// A column of one of the level's FROM items, by the item's index in ``Scope/entries``.
    struct Column: Sendable, Hashable {
        let entry: Int
        let name: String
    }

    private var columns: Set<Column> = []
    /// FROM items grouped by their table's primary key: all their columns are grouped.
    private var wholeEntries: Set<Int> = []

    /// `grouped` are the GROUP BY items' columns; `primaryKey` gives a FROM item's table's
    /// primary key columns (empty for a view, a subquery or a function).
    init(grouped: [Column], primaryKey: (Int) -> [String]) {
        columns = Set(grouped)
        for entry in Set(grouped.map(\.entry)) {
            let key = primaryKey(entry)
            if !key.isEmpty, key.allSatisfy({ columns.contains(Column(entry: entry, name: $0)) }) { wholeEntries.insert(entry) }
        }
    }

    /// Whether the select list may use column `name` of FROM item `entry` outside an aggregate.
    func allows(entry: Int, column name: String) -> Bool {
        wholeEntries.contains(entry) || columns.contains(Column(entry: entry, name: name))
    }
}
