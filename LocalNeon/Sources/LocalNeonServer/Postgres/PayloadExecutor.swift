import Logging
import PostgresNIO

/// Runs a request's payload on one leased connection and renders Neon's JSON response:
/// a single query in autocommit mode, or a batch as one transaction (reference §4-§6).
struct PayloadExecutor {
    var connection: PostgresConnection
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
            try await runQuery(query, insideTransaction: false, into: &writer)
        case .batch(let queries):
            try await runBatch(queries, into: &writer)
        }
        return writer.bytes
    }

    private func runBatch(_ queries: [QueryRequest], into writer: inout JSONWriter) async throws(NeonError) {
        try await simple(options.startTransactionSQL)
        do {
            writer.raw("{")
            writer.key("results")
            writer.raw("[")
            for (index, query) in queries.enumerated() {
                if index > 0 { writer.raw(",") }
                try await runQuery(query, insideTransaction: true, into: &writer)
            }
            writer.raw("]}")
        } catch {
            do {
                try await simple("ROLLBACK")
            } catch {
                logger.warning("could not roll back a failed batch", metadata: ["error": "\(error.message)"])
            }
            throw error
        }
        try await simple("COMMIT")
    }

    private func runQuery(_ query: QueryRequest, insideTransaction: Bool, into writer: inout JSONWriter) async throws(NeonError) {
        let executor = StatementExecutor(
            connection: connection,
            logger: logger,
            collectionByteLimit: max(maximumResponseBytes, 1024) * 8,
            maximumResponseBytes: maximumResponseBytes,
            insideTransaction: insideTransaction
        )
        let result: StatementResult
        let elementTypes: [UInt32: UInt32]
        do {
            result = try await executor.execute(query)
            elementTypes = options.rawTextOutput
                ? [:]
                : try await typeCatalog.elementTypes(
                    of: result.columns.map(\.dataTypeID), database: database, connection: connection, logger: logger
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

    private func simple(_ sql: String) async throws(NeonError) {
        do {
            let rows = try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
            for try await _ in rows {}
        } catch {
            throw Self.queryError(error)
        }
    }

    /// Maps an execution failure to Neon's answer: PostgreSQL errors with all their fields (400),
    /// other client errors with their text (400), conversion failures (500).
    static func queryError(_ error: any Error) -> NeonError {
        switch error {
        case let error as NeonError:
            return error
        case let error as PSQLError:
            if let fields = DatabaseErrorFields(error) {
                return .database(fields)
            }
            return .user(Self.clientErrorText(error))
        case is CancellationError:
            return .user("query was cancelled")
        case is TextConversion.ConversionError, is PostgresDecodingError:
            return .internalError("could not parse postgres response")
        default:
            return .internalError("could not parse postgres response")
        }
    }

    /// A short description of a non-server postgres-nio error (no query text, no parameters).
    static func clientErrorText(_ error: PSQLError) -> String {
        switch error.code {
        case .serverClosedConnection, .clientClosedConnection, .uncleanShutdown:
            return "connection closed"
        case .queryCancelled:
            return "query was cancelled"
        case .tooManyParameters:
            return "too many parameters (at most 65535)"
        case .invalidCommandTag:
            return "invalid command tag"
        default:
            return "db error: \(error.code)"
        }
    }
}
