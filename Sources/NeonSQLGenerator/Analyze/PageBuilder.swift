/// Checks a `-- @page size N by k1, k2` directive against its query and builds the page SQL
/// (IR/QueryPaging.swift): the query must be a read-only `:many` without LIMIT or OFFSET whose
/// ORDER BY is exactly the key columns (all ascending or all descending), each a result column
/// that cannot be NULL; a key column must be unique, or the pages may skip rows (a warning).
enum PageBuilder {
    static let alias = "neon_sql_page"

    static func paging(_ directive: PageDirective, statement: Statement, kind: QueryDescription.Kind, isReadOnly: Bool,
                       sql: String, columns: [ColumnDescription], uniqueColumns: [String], parameterCount: Int,
                       hasTemplate: Bool, source: SourceFile, _ diagnostics: inout DiagnosticCollector) -> QueryPaging? {
        func error(_ message: String, at location: SourceLocation = directive.location) -> QueryPaging? {
            diagnostics.error(message, in: source, at: location)
            return nil
        }
        guard kind == .many else { return error("'-- @page' reads a ':many' query page by page; this one is ':\(kind.rawValue)'") }
        guard isReadOnly, case .select(let select) = statement else {
            return error("'-- @page' pages a SELECT that writes nothing: every page runs the query again")
        }
        guard !hasTemplate else {
            return error("'-- @page' cannot be combined with '-- @optional', '-- @sort' or '-- @patch' yet")
        }
        guard select.limit == nil, select.offset == nil else {
            return error("'-- @page' sets each page's LIMIT; remove the query's LIMIT and OFFSET")
        }
        let names = columns.map(\.sqlName)
        if let duplicate = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
            return error("'-- @page' needs distinct result column names; \"\(duplicate)\" is there twice (rename one with AS)")
        }
        var keyColumns: [Int] = []
        for key in directive.keys {
            guard let index = names.firstIndex(of: key.name) else {
                return error("'-- @page ... by \(key.name)': the query has no result column \"\(key.name)\" (it has \(names.joined(separator: ", ")))",
                             at: key.location)
            }
            guard columns[index].embed == nil else {
                return error("'-- @page ... by \(key.name)': a key column cannot be part of sqlc.embed", at: key.location)
            }
            guard !columns[index].nullable else {
                return error("'-- @page ... by \(key.name)': the column can be NULL, and a NULL key cannot be paged past", at: key.location)
            }
            guard !keyColumns.contains(index) else { return error("'-- @page ... by' names \"\(key.name)\" twice", at: key.location) }
            keyColumns.append(index)
        }
        // The ORDER BY must be the keys, in order, in one direction.
        let orderNames = select.orderBy.map { item -> String? in
            if case .column(let name) = item.expression.kind { return name.name?.name }
            return nil
        }
        let keyNames = directive.keys.map(\.name)
        guard orderNames.count == keyNames.count, zip(orderNames, keyNames).allSatisfy({ $0 == $1 }) else {
            return error("'-- @page ... by \(keyNames.joined(separator: ", "))' needs the query to end in 'ORDER BY \(keyNames.joined(separator: ", "))' (the same columns, in that order)")
        }
        let descending = select.orderBy.first?.descending ?? false
        guard select.orderBy.allSatisfy({ $0.descending == descending && $0.nullsFirst == nil }) else {
            return error("'-- @page' needs one direction for every key (all ASC or all DESC) and no NULLS FIRST/LAST")
        }
        if !keyColumns.contains(where: { uniqueColumns.contains(names[$0]) }) {
            diagnostics.warning("'-- @page ... by \(keyNames.joined(separator: ", "))': cannot tell that the key is unique; rows with equal keys at a page's end would be skipped (end the key with a unique column such as the primary key)",
                                in: source, at: directive.location)
        }
        let quotedColumns = names.map { "\(alias).\(quoteIfNeeded($0))" }
        let quotedKeys = keyColumns.map { quotedColumns[$0] }
        let order = quotedKeys.map { $0 + (descending ? " DESC" : "") }.joined(separator: ", ")
        let head = "SELECT \(quotedColumns.joined(separator: ", ")) FROM (\n\(sql)\n) AS \(alias)"
        let tail = " ORDER BY \(order) LIMIT \(directive.size)"
        let placeholders = keyColumns.enumerated().map { offset, column in
            "$\(parameterCount + offset + 1)::\(columns[column].type.formatName)"
        }
        let predicate = " WHERE (\(quotedKeys.joined(separator: ", "))) \(descending ? "<" : ">") (\(placeholders.joined(separator: ", ")))"
        return QueryPaging(size: directive.size, keyColumns: keyColumns, descending: descending,
                           firstPageSQL: head + tail, nextPageSQL: head + predicate + tail)
    }
}
