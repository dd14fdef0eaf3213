import Foundation
@_spi(NeonSQLInternal) import NeonSQLShared

/// How queued writes become requests: as many as fit go in one batch (one request, one
/// transaction), each write as its idempotency key's insert followed by its statements.
struct OutboxReplayPlan {
    /// The writes of one request, in enqueue order.
    let writes: [StoredWrite]
    /// The request's statements: for each write, its key's insert then its statements.
    let queries: [(sql: String, parameters: [String?])]

    init(_ writes: [StoredWrite], keys: ExactlyOnceWrites) {
        self.writes = writes
        var queries: [(sql: String, parameters: [String?])] = []
        for write in writes {
            queries.append(keys.keyInsert(write.key))
            for statement in write.statements { queries.append((statement.sql, statement.parameters)) }
        }
        self.queries = queries
    }

    /// The first writes of `pending` that fit one request: at most `maxWrites`, and at most
    /// `maxBytes` of SQL and parameters (always at least one write).
    static func firstRequest(of pending: [StoredWrite], maxWrites: Int, maxBytes: Int) -> [StoredWrite] {
        var taken: [StoredWrite] = []
        var bytes = 0
        for write in pending {
            let size = write.statements.reduce(64) { total, statement in
                total + statement.sql.utf8.count + statement.parameters.reduce(0) { $0 + ($1?.utf8.count ?? 4) + 8 }
            }
            if !taken.isEmpty && (taken.count >= maxWrites || bytes + size > maxBytes) { break }
            taken.append(write)
            bytes += size
        }
        return taken
    }

    /// The statement that tells which of `keys` the database has recorded (through the
    /// migration's security-definer function `requests_applied(uuid[])`, so no role needs to
    /// read the keys' table): one row per recorded key.
    static func appliedKeysQuery(_ keys: [UUID], in writes: ExactlyOnceWrites) -> (sql: String, parameters: [String?]) {
        let function = SQLIdentifierQuoting.quoted(writes.schema) + "." + SQLIdentifierQuoting.quoted(writes.catchUpFunction)
        let array = "{" + keys.map { $0.uuidString.lowercased() }.joined(separator: ",") + "}"
        return ("SELECT t.key::text AS key FROM unnest($1::uuid[]) AS t(key) WHERE \(function)(ARRAY[t.key])", [array])
    }

    /// Decodes the rows of ``appliedKeysQuery(_:in:)``.
    static let appliedKeysResult: Statement<[AppliedKeyRow]> = Statement<Void>.many(
        name: "neon_sql.requests_applied", sql: "", bindings: Bindings(), readOnly: true)
}

/// One key the database has recorded.
struct AppliedKeyRow: DecodableRow {
    static let columns = [ResultColumn("key", .text)]
    let key: String
    init(from row: inout RowDecoder) throws { key = try row.decode(String?.self) ?? "" }
}

extension NeonError {
    /// How the outbox treats a failed replay request.
    enum OutboxDisposition {
        /// Retry later, with backoff: the network, the server or the token, not the writes.
        case retryLater
        /// Some write of the request refused for good: isolate it (bisect), reject it when alone.
        case refused
        /// A key of the request was already recorded: ask which, settle those, send the rest.
        case someAlreadyApplied
    }

    /// How the outbox treats this failure of a request that recorded keys in `keys`' table.
    func outboxDisposition(keys: ExactlyOnceWrites) -> OutboxDisposition {
        switch self {
        case .alreadyApplied:
            return .someAlreadyApplied
        case .database(let error):
            // The keys' table or its function is missing or not granted (the migration is not
            // applied yet): a setup problem, not the writes'. Keep them until it is fixed.
            if error.code == "42P01" || error.code == "42883" || error.code == "42501" || error.code == "3F000",
               error.message.contains(keys.table) || error.message.contains(keys.catchUpFunction) || error.message.contains(keys.schema) {
                return .retryLater
            }
            if error.code.isEmpty { return error.status >= 500 || error.status == 429 ? .retryLater : .refused }
            // Transient by nature: serialization failures, deadlocks, lock timeouts, shutdowns,
            // lack of resources, connection failures, system errors.
            let transientClasses: Set<Substring> = ["08", "53", "57", "58"]
            if error.code == "40001" || error.code == "40P01" || error.code == "55P03" || transientClasses.contains(error.sqlStateClass) {
                return .retryLater
            }
            return .refused
        case .httpStatus(let status):
            if status.status == 429 || status.status >= 500 { return .retryLater }
            return .refused
        case .copyIncomplete, .copyTooLarge, .encoding:
            return .refused
        case .transport, .timedOut, .cancelled, .outcomeUnknown, .invalidConfiguration, .authentication, .tokenRejected,
             .decoding, .malformedResponse:
            return .retryLater
        }
    }
}
