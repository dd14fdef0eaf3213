import Foundation

/// A write waiting in the outbox, for a "3 changes waiting to sync" list, and on a
/// ``LiveQuery`` whose query it may change (``LiveQuery/pendingWrites``).
public struct PendingWrite: Sendable, Hashable, Identifiable {
    /// The id ``NeonClient/enqueue(_:optimistic:)->QueuedWrite<Result>`` gave it (``QueuedWrite/id``).
    public let id: UUID
    /// Its statements' query names, in order (`MarkMyDuaCompleted`).
    public let names: [String]
    /// When it was enqueued.
    public let enqueuedAt: Date
    /// The digest of the identity it will be sent under (``CacheIdentity/digest``).
    public let identityDigest: String
    /// The tables it reads and may change (what its application will make stale).
    public let tables: TableEffects

    /// A pending write as described (for an app that fills ``LiveQuery/pendingWrites`` itself).
    public init(id: UUID, names: [String], enqueuedAt: Date, identityDigest: String, tables: TableEffects) {
        self.id = id
        self.names = names
        self.enqueuedAt = enqueuedAt
        self.identityDigest = identityDigest
        self.tables = tables
    }

    init(_ write: StoredWrite) {
        id = write.id
        names = write.names
        enqueuedAt = Date(timeIntervalSince1970: write.enqueuedAt)
        identityDigest = write.identity
        tables = write.effects.tableEffects
    }
}

/// A queued write the database applied, with its statements' results as the server sent them.
///
/// Typed results: the outbox stores a write's SQL and parameters, not its Swift types (an app
/// update may change them), so results are kept as each statement's raw result. Decode one with
/// the statement that made it (``decode(_:at:)``), or await ``QueuedWrite/result()`` in the process
/// that enqueued it, which decodes with the statement it was given.
public struct AppliedWrite: Sendable {
    /// The write's id.
    public let id: UUID
    /// Its statements' query names.
    public let names: [String]
    /// `true` when an earlier attempt committed it and its answer was lost (a crash, a dropped
    /// connection): the database recorded its idempotency key, so it was not applied again, and
    /// its results are not known (``statementResults`` is nil).
    public let wasAppliedEarlier: Bool
    /// Each statement's result (one JSON result of Neon's response), or nil: applied earlier, or
    /// settled by another process with results too large to pass on.
    public let statementResults: [Data]?

    /// Decodes the result of statement `index` of this write with `statement` (the current
    /// version of the query that made it).
    /// - Throws: ``NeonError/decoding(_:)`` when the result no longer fits the statement's type
    ///   (the query changed in an app update), ``OutboxResultUnavailable`` when there is no result.
    public func decode<Result>(_ statement: Statement<Result>, at index: Int = 0) throws -> Result {
        guard let results = statementResults, results.indices.contains(index) else {
            throw OutboxResultUnavailable(id: id, wasAppliedEarlier: wasAppliedEarlier)
        }
        return try statement.decodeResponse(results[index])
    }
}

/// A queued write's result is not known: an earlier attempt committed it and its answer was lost,
/// or another process applied it and its results were too large to pass on. The write was
/// applied exactly once.
public struct OutboxResultUnavailable: Error, Sendable, Hashable, CustomStringConvertible {
    /// The write's id.
    public let id: UUID
    /// Whether an earlier attempt applied it (see ``AppliedWrite/wasAppliedEarlier``).
    public let wasAppliedEarlier: Bool

    /// Which write, and why.
    public var description: String {
        "NeonSQL outbox: write \(id) was applied, but its result is not known"
            + (wasAppliedEarlier ? " (an earlier attempt committed it and its answer was lost)" : "")
    }
}

/// A queued write the database (or the server, for good) refused: it is removed from the outbox,
/// the writes after it go on. Nothing of it was applied (its statements ran as one transaction).
public struct WriteRejection: Error, Sendable, CustomStringConvertible {
    /// The write's id.
    public let id: UUID
    /// Its statements' query names.
    public let names: [String]
    /// Why: a ``NeonError/database(_:)`` with the SQLSTATE (a constraint, row-level security, a
    /// schema that moved on) or, without a SQLSTATE, the server's refusal.
    public let error: NeonError

    /// The database error with its SQLSTATE, when PostgreSQL refused the write.
    public var databaseError: DatabaseError? { error.databaseError }

    /// Which write, and the error.
    public var description: String { "NeonSQL outbox: write \(id) (\(names.joined(separator: ", "))) rejected: \(error)" }
}

/// A queued write was discarded on request (``Outbox/discardPendingWrites(of:)``) before it was sent.
public struct WriteDiscarded: Error, Sendable, Hashable, CustomStringConvertible {
    /// The write's id.
    public let id: UUID

    /// Which write.
    public var description: String { "NeonSQL outbox: write \(id) was discarded without being sent" }
}

/// What became of queued writes, as ``Outbox/outcomes()`` delivers it.
public enum OutboxOutcome: Sendable {
    /// The database applied the write (once).
    case applied(AppliedWrite)
    /// The database refused the write; it was removed, the others go on.
    case rejected(WriteRejection)
    /// The write was discarded on request without being sent.
    case discarded(PendingWrite)
    /// Bytes of the outbox's file could not be read back and were moved to `quarantine/`.
    case damaged(OutboxDamageReport)
}

/// A write the outbox holds durably: await its result here, in the process that enqueued it.
public struct QueuedWrite<Result: Sendable>: Sendable {
    /// The write's id, as ``PendingWrite/id`` and the outcomes name it.
    public let id: UUID
    /// The idempotency key recorded with it in the database.
    public let idempotencyKey: UUID
    let outbox: Outbox
    let decode: @Sendable ([Data]) throws -> Result

    /// Waits until the write is settled and returns its typed result.
    /// - Returns: the result; nil when the write was applied but its result is not known
    ///   (``OutboxResultUnavailable``: an earlier attempt committed it).
    /// - Throws: ``WriteRejection`` when the database refused it, ``WriteDiscarded``,
    ///   ``NeonError/decoding(_:)`` when its result does not decode, `CancellationError` when the
    ///   waiting task is cancelled (the write stays queued).
    public func result() async throws -> Result? {
        switch try await outbox.settlement(of: id) {
        case .applied(let applied):
            guard let results = applied.statementResults else { return nil }
            return try decode(results)
        case .rejected(let rejection):
            throw rejection
        case .discarded:
            throw WriteDiscarded(id: id)
        case .damaged:
            throw OutboxError.storage("write \(id) was in a damaged part of the outbox (moved to quarantine/)")
        }
    }
}

/// What the outbox reports, synchronously, about each write's life (the hook optimistic edits and
/// the observation of pending writes attach to): enqueued (before the drainer can send it),
/// applied, rejected, discarded.
enum OutboxLifecycleEvent: Sendable {
    case enqueued(PendingWrite, effects: TableEffects)
    case applied(AppliedWrite, effects: TableEffects)
    case rejected(WriteRejection)
    case discarded(PendingWrite)
}

extension PendingWrite {
    /// The pending writes of an outbox's list that concern a query reading `tables`, under the
    /// identity whose digest is `identity`.
    static func touching(_ tables: TableEffects, identity: String, in writes: [PendingWrite]) -> [PendingWrite] {
        writes.filter { $0.identityDigest == identity && $0.tables.invalidates(tables) }
    }
}
