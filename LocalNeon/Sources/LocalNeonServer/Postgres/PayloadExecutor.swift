import Logging

/// Runs a request's payload on one leased connection and renders Neon's JSON response:
/// a single query in autocommit mode, or a batch as one transaction (docs/neon-sql-over-http.md §4-§6).
struct PayloadExecutor {
    var connection: WireConnection
    var database: String
    var options: RequestOptions
    var maximumResponseBytes: Int
    var typeCatalog: TypeCatalog
    var logger: Logger

    /// The response body of a successful request.
    func run(_ payload: RequestPayload) async throws(NeonError) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 1024)
        switch payload {
        case .single(let query):
            try await runQuery(query, isLastStatement: true, into: &writer)
        case .batch(let queries):
            try await runBatch(queries, into: &writer)
        }
        return writer.bytes
    }

    /// A failed statement ends the batch; its transaction is rolled back by the session reset that
    /// follows every request (``SessionReset``: `ROLLBACK` first when a transaction block is open or failed).
    private func runBatch(_ queries: [QueryRequest], into writer: inout JSONWriter) async throws(NeonError) {
        try await simple(options.startTransactionSQL)
        writer.raw("{")
        writer.key("results")
        writer.raw("[")
        for (index, query) in queries.enumerated() {
            if index > 0 { writer.raw(",") }
            try await runQuery(query, isLastStatement: false, into: &writer)
        }
        writer.raw("]}")
        try await simple("COMMIT", resetAfterwards: true)
    }

    private func runQuery(_ query: QueryRequest, isLastStatement: Bool, into writer: inout JSONWriter) async throws(NeonError) {
        let executor = StatementExecutor(
            connection: connection,
            logger: logger,
            collectionByteLimit: max(maximumResponseBytes, 1024) * 8,
            maximumResponseBytes: maximumResponseBytes
        )
        let result = try await executor.execute(query, isLastStatement: isLastStatement)
        let elementTypes: [UInt32: UInt32]
        do {
            elementTypes = options.rawTextOutput
                ? [:]
                : try await typeCatalog.elementTypes(
                    of: result.columns.map(\.dataTypeID), database: database, connection: connection
                )
        } catch {
            throw Self.queryError(error)
        }
        let renderer = ResultRenderer(
            rawTextOutput: options.rawTextOutput,
            arrayMode: query.arrayMode ?? options.defaultArrayMode,
            arrayElementTypes: elementTypes,
            maximumResponseBytes: maximumResponseBytes
        )
        try renderer.render(result, into: &writer)
    }

    private func simple(_ sql: String, resetAfterwards: Bool = false) async throws(NeonError) {
        do {
            try await connection.simpleQuery(sql, resetAfterwards: resetAfterwards)
        } catch {
            throw Self.queryError(error)
        }
    }

    /// Maps an execution failure to Neon's answer: PostgreSQL errors with all their fields (400),
    /// other client errors with their text (400), anything else as a failed response (500).
    static func queryError(_ error: any Error) -> NeonError {
        switch error {
        case let error as NeonError:
            return error
        case let error as WireError:
            switch error {
            case .server(let fields):
                return .database(fields)
            case .connectionClosed:
                return .user("connection closed")
            case .zeroByteInStatement:
                return .user("db error: the query contains a zero byte")
            case .resultTooLarge:
                return .internalError("response is too large")
            case .authentication, .passwordRequired, .protocolViolation:
                return .internalError("could not parse postgres response")
            }
        case is CancellationError:
            return .user("query was cancelled")
        default:
            return .internalError("could not parse postgres response")
        }
    }
}
