/// Reading a `:many` query page by page (`-- @page size N by key`): what the generated
/// `...Pages` methods call.
extension QueryExecutor {
    /// The rows of a query in pages of at most `pageSize`, each page one request: the first with
    /// `page(nil)`, each later one with `page(lastRowOfThePreviousPage)` (the generated statement
    /// adds the keyset predicate `(key) > (last row's key)`). Ends after a page shorter than
    /// `pageSize`. Pages are requested as they are consumed, one at a time: only the page being
    /// read is held, and a consumer that stops iterating stops the requests.
    public func pages<Row: Sendable>(
        pageSize: Int, _ page: @escaping @Sendable (_ after: Row?) -> Statement<[Row]>
    ) -> AsyncThrowingStream<[Row], any Error> {
        let cursor = PageCursor<Row>()
        let executor = self
        return AsyncThrowingStream<[Row], any Error>(unfolding: {
            guard let statement = await cursor.nextStatement(page) else { return nil }
            let rows = try await executor.execute(statement)
            return await cursor.received(rows, pageSize: pageSize)
        })
    }
}

/// Where a page sequence is: the last row read, or done.
private actor PageCursor<Row: Sendable> {
    private var last: Row?
    private var done = false

    /// The next page's statement, or nil when the previous page was the last.
    func nextStatement(_ page: @Sendable (Row?) -> Statement<[Row]>) -> Statement<[Row]>? {
        done ? nil : page(last)
    }

    /// Records a page; nil (the end) for an empty one.
    func received(_ rows: [Row], pageSize: Int) -> [Row]? {
        if rows.count < pageSize { done = true }
        guard let lastRow = rows.last else { return nil }
        last = lastRow
        return rows
    }
}
