import Foundation

/// A queued write as the outbox keeps it on disk: everything needed to replay it after a relaunch,
/// even after an app update changed or removed its query. Its statements are stored as SQL and
/// parameter texts (with name and kind, for outcomes and observers), never as Swift values, so
/// replay does not depend on the current code.
struct StoredWrite: Codable, Sendable, Hashable {
    /// The write's id, chosen at enqueue: what outcomes and the pending list name it by.
    let id: UUID
    /// The idempotency key recorded with it in the database (``ExactlyOnceWrites``), chosen at
    /// enqueue and sent with every attempt.
    let key: UUID
    /// The digest of the identity that enqueued it (``CacheIdentity/digest``): it is only ever
    /// sent under that identity.
    let identity: String
    /// When it was enqueued (seconds since 1970), for the pending list.
    let enqueuedAt: Double
    /// Its statements, run in order as one transaction.
    let statements: [StoredStatement]
    /// The tables its statements may change: what its application makes stale in the cache.
    let effects: StoredTableEffects

    /// Its statements' names, for outcomes and the pending list.
    var names: [String] { statements.map(\.name) }
}

/// One statement of a queued write: its SQL and its parameters as PostgreSQL text.
struct StoredStatement: Codable, Sendable, Hashable {
    let name: String
    let kind: QueryKind
    let sql: String
    let parameters: [String?]
}

/// ``TableEffects`` as stored with a queued write.
struct StoredTableEffects: Codable, Sendable, Hashable {
    let reads: [String]
    let writes: [String]
    let readsUnknown: Bool
    let writesUnknown: Bool

    init(_ effects: TableEffects) {
        reads = effects.reads
        writes = effects.writes
        readsUnknown = effects.readsUnknown
        writesUnknown = effects.writesUnknown
    }

    var tableEffects: TableEffects {
        TableEffects(reads: reads, writes: writes, readsUnknown: readsUnknown, writesUnknown: writesUnknown)
    }
}

/// What became of a queued write, appended to the log once it is settled.
struct StoredResolution: Codable, Sendable, Hashable {
    enum Kind: String, Codable, Sendable {
        /// Applied by this attempt; ``results`` holds its statements' results when small enough.
        case applied
        /// Applied by an earlier attempt whose answer was lost (its key was already recorded).
        case appliedEarlier
        /// Refused by the database (or by the server for good); ``rejection`` says why.
        case rejected
        /// Discarded on request (``Outbox/discardPendingWrites(of:)``) without being sent.
        case discarded
    }

    let id: UUID
    let kind: Kind
    /// Each statement's result as the server sent it (one result's JSON), when the whole fits
    /// ``maxStoredResultBytes``; nil otherwise or when not applied by this attempt.
    let results: [Data]?
    let rejection: StoredRejection?

    /// Results larger than this are delivered in process only, not stored for other processes.
    static let maxStoredResultBytes = 64 * 1024
}

/// A rejection as stored: the database error's fields, or the failure's description.
struct StoredRejection: Codable, Sendable, Hashable {
    let status: Int
    let message: String
    let code: String
    let detail: String?
    let hint: String?
    let schema: String?
    let table: String?
    let column: String?
    let constraint: String?

    init(_ error: NeonError) {
        if let database = error.databaseError {
            status = database.status
            message = database.message
            code = database.code
            detail = database.detail
            hint = database.hint
            schema = database.schema
            table = database.table
            column = database.column
            constraint = database.constraint
        } else {
            status = 0
            message = error.description
            code = ""
            detail = nil
            hint = nil
            schema = nil
            table = nil
            column = nil
            constraint = nil
        }
    }

    /// The error it stands for: a ``NeonError/database(_:)`` (without a SQLSTATE when the server,
    /// not PostgreSQL, refused the write).
    var error: NeonError {
        .database(DatabaseError(status: status, message: message, code: code, detail: detail, hint: hint,
                                       schema: schema, table: table, column: column, constraint: constraint))
    }
}
