import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import PostgresNIO

/// The outcome of one statement: its RowDescription, its rows as PostgreSQL text, its command tag.
struct StatementResult: Sendable {
    var columns: [ColumnDescription]
    /// Each row's values as PostgreSQL text, `nil` for NULL.
    var rows: [[String?]]
    /// The CommandComplete tag (`SELECT 3`, `INSERT 0 1`, `CREATE TABLE`, `""` for an empty query).
    var commandTag: String
}

/// Runs one statement the way Neon's proxy does: extended protocol with an unnamed statement,
/// every parameter as untyped text, one statement per query.
struct StatementExecutor {
    var connection: PostgresConnection
    var logger: Logger
    /// Rows are collected up to this many bytes of raw data before the request fails with 507
    /// (a guard against running out of memory; the exact limit is checked while rendering JSON).
    var collectionByteLimit: Int
    var maximumResponseBytes: Int
    /// Whether the statement runs inside the batch's transaction (affects how zero-row results are described).
    var insideTransaction: Bool

    func execute(_ request: QueryRequest) async throws -> StatementResult {
        // A cancelled request (client gone) starts no further statement.
        try Task.checkCancellation()
        let query = PostgresQuery(unsafeSQL: request.query, binds: .untypedText(request.params))
        let collector = RowCollector(byteLimit: collectionByteLimit, responseLimit: maximumResponseBytes)
        let metadata: PostgresQueryMetadata
        do {
            metadata = try await connection.query(query, logger: logger) { row in
                try collector.append(row)
            }.get()
        } catch {
            // postgres-nio reports a failing row callback as a cancelled query.
            if collector.exceededLimit { throw NeonError.responseTooLarge(limit: maximumResponseBytes) }
            throw error
        }
        let rows = collector.rows
        let tag = Self.commandTag(metadata)

        var columns: [ColumnDescription]
        if let first = rows.first {
            columns = Self.columns(of: first)
        } else if Self.mayHaveRowDescription(tag: tag, sql: request.query) {
            columns = await describe(query)
        } else {
            columns = []
        }

        let binaryRows: [[TextConversion.Value?]] = rows.map { row in
            row.map { cell in cell.bytes.map { TextConversion.Value(oid: cell.dataType.rawValue, bytes: $0) } }
        }
        let textRows = try await TextConversion(connection: connection, logger: logger).convert(rows: binaryRows)
        return StatementResult(columns: columns, rows: textRows, commandTag: tag)
    }

    private static func columns(of row: PostgresRow) -> [ColumnDescription] {
        ColumnDescription.columns(of: row)
    }

    /// The command tag as PostgreSQL sent it, rebuilt from postgres-nio's parsed form.
    static func commandTag(_ metadata: PostgresQueryMetadata) -> String {
        if metadata.command == "INSERT", let rows = metadata.rows {
            return "INSERT \(metadata.oid ?? 0) \(rows)"
        }
        if let rows = metadata.rows {
            return "\(metadata.command) \(rows)"
        }
        return metadata.command
    }

    /// A statement that returned no rows may still have a RowDescription (`SELECT ... WHERE false`,
    /// `UPDATE ... RETURNING` that matched nothing); Neon then still reports its `fields`.
    static func mayHaveRowDescription(tag: String, sql: String) -> Bool {
        let command = tag.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
        switch command {
        case "SELECT", "FETCH", "SHOW", "EXPLAIN", "CALL":
            return true
        case "INSERT", "UPDATE", "DELETE", "MERGE":
            return sql.range(of: "returning", options: .caseInsensitive) != nil
        default:
            return false
        }
    }

    /// Learns the RowDescription of a statement that returned no rows without letting it change
    /// anything: it runs again in a read-only (sub)transaction that is rolled back. The columns are
    /// known once PostgreSQL binds the statement, before it executes; a write then fails and is discarded.
    private func describe(_ query: PostgresQuery) async -> [ColumnDescription] {
        let savepoint = "neon_local_describe"
        if Task.isCancelled { return [] }
        do {
            if insideTransaction {
                try await simple("SAVEPOINT \(savepoint)")
                try await simple("SET TRANSACTION READ ONLY")
            } else {
                try await simple("BEGIN READ ONLY")
            }
        } catch {
            logger.debug("could not start the describe transaction", metadata: ["error": "\(String(reflecting: error))"])
            return []
        }
        var columns: [ColumnDescription] = []
        do {
            let rows = try await connection.query(query, logger: logger)
            columns = rows.columns.map(ColumnDescription.init)
            do {
                for try await _ in rows {}
            } catch {
                // Expected for writes: "cannot execute ... in a read-only transaction".
            }
        } catch {
            logger.debug("could not describe a zero-row result", metadata: ["error": "\(String(reflecting: error))"])
        }
        do {
            if insideTransaction {
                try await simple("ROLLBACK TO SAVEPOINT \(savepoint)")
                try await simple("RELEASE SAVEPOINT \(savepoint)")
            } else {
                try await simple("ROLLBACK")
            }
        } catch {
            logger.warning("could not end the describe transaction", metadata: ["error": "\(String(reflecting: error))"])
        }
        return columns
    }

    private func simple(_ sql: String) async throws {
        let rows = try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
        for try await _ in rows {}
    }
}

/// Collects rows delivered by postgres-nio's callback API, failing once their raw size is too large.
private final class RowCollector: Sendable {
    private struct State {
        var rows: [PostgresRow] = []
        var bytes = 0
        var exceeded = false
    }
    private let state = NIOLockedValueBox(State())
    private let byteLimit: Int
    private let responseLimit: Int

    init(byteLimit: Int, responseLimit: Int) {
        self.byteLimit = byteLimit
        self.responseLimit = responseLimit
    }

    func append(_ row: PostgresRow) throws {
        var size = 16
        for cell in row {
            size += 8 + (cell.bytes?.readableBytes ?? 0)
        }
        try state.withLockedValue { state in
            state.bytes += size
            if state.bytes > byteLimit {
                state.exceeded = true
                throw NeonError.responseTooLarge(limit: responseLimit)
            }
            state.rows.append(row)
        }
    }

    /// Whether the rows outgrew the limit (the query was then stopped).
    var exceededLimit: Bool {
        state.withLockedValue { $0.exceeded }
    }

    var rows: [PostgresRow] {
        state.withLockedValue { $0.rows }
    }
}
