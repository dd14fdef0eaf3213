import Foundation

/// Queuing writes durably (``Outbox``) and draining them.
extension NeonClient {
    /// Puts a write in the ``NeonConfiguration/outbox`` and returns once it is on disk (written
    /// and `fsync`ed with its idempotency key): a crash or `kill -9` afterwards loses nothing. It
    /// is sent at once when the network allows, and replayed (in enqueue order, under the
    /// identity that enqueued it, exactly once) until the database applies or refuses it.
    ///
    /// ```swift
    /// let queued = try await client.enqueue(Statements.markMyDuaCompleted(duaId: 7, xpEarned: 10))
    /// let row = try await queued.result()   // when you need the RETURNING row
    /// ```
    ///
    /// `optimistic` edits cached results as the write is expected to change them
    /// (``CacheEdits``): every live observation and cached read of those statements shows the
    /// edit before `enqueue` returns, without a request. When the write is applied the edit stays
    /// until the refetch of the statement (which includes the write) is stored; when it is
    /// rejected or discarded exactly its edits are undone. Edits live in memory: after a relaunch
    /// screens show the stored results until the write is replayed and they refetch.
    ///
    /// ```swift
    /// try await client.enqueue(Statements.markMyDuaCompleted(duaId: 7, xpEarned: 10)) { cache in
    ///     cache.update(Statements.fetchMyProfile()) { $0?.totalXp += 10 }
    /// }
    /// ```
    /// - Throws: ``OutboxError`` (not configured, no ``NeonConfiguration/exactlyOnceWrites``,
    ///   full, a parameter that cannot be encoded, the directory); ``NeonError/authentication(_:)``
    ///   when the token provider fails (the write's identity comes from its token).
    @discardableResult
    public func enqueue<Result: Sendable>(
        _ statement: Statement<Result>, optimistic: (@Sendable (inout CacheEdits) -> Void)? = nil
    ) async throws -> QueuedWrite<Result> {
        try await enqueueWrite([statement.stored], effects: statement.tables, failure: statement.bindings.failure,
                               edits: Self.edits(optimistic)) { results in
            guard let first = results.first else { throw NeonError.malformedResponse("the write has no result") }
            return try statement.decodeResponse(first)
        }
    }

    /// Puts several statements in the outbox as one write: replayed as one transaction (all or
    /// nothing), their results in order; `optimistic` as for one statement.
    /// - Throws: as ``enqueue(_:optimistic:)->QueuedWrite<Result>``; ``OutboxError/emptyWrite`` for an empty list.
    @discardableResult
    public func enqueue<Result: Sendable>(
        _ statements: [Statement<Result>], optimistic: (@Sendable (inout CacheEdits) -> Void)? = nil
    ) async throws -> QueuedWrite<[Result]> {
        let effects = statements.map(\.tables).reduce(TableEffects()) { $0.union($1) }
        return try await enqueueWrite(statements.map(\.stored), effects: effects,
                                      failure: statements.lazy.compactMap(\.bindings.failure).first,
                                      edits: Self.edits(optimistic)) { results in
            guard results.count == statements.count else { throw NeonError.malformedResponse("the write has \(results.count) results") }
            return try zip(statements, results).map { try $0.decodeResponse($1) }
        }
    }

    /// Puts statements of different result types in the outbox as one write: replayed as one
    /// transaction (all or nothing); `optimistic` as for one statement.
    /// - Throws: as ``enqueue(_:optimistic:)->QueuedWrite<Result>``.
    @discardableResult
    public func enqueue<First: Sendable, Second: Sendable, each Rest: Sendable>(
        _ first: Statement<First>, _ second: Statement<Second>, _ rest: repeat Statement<each Rest>,
        optimistic: (@Sendable (inout CacheEdits) -> Void)? = nil
    ) async throws -> QueuedWrite<(First, Second, repeat each Rest)> {
        var stored = [first.stored, second.stored]
        var effects = first.tables.union(second.tables)
        var failure = first.bindings.failure ?? second.bindings.failure
        for statement in repeat each rest {
            stored.append(statement.stored)
            effects = effects.union(statement.tables)
            failure = failure ?? statement.bindings.failure
        }
        let count = stored.count
        return try await enqueueWrite(stored, effects: effects, failure: failure, edits: Self.edits(optimistic)) { results in
            guard results.count == count else { throw NeonError.malformedResponse("the write has \(results.count) results") }
            var remaining = results[...]
            func next<R>(_ statement: Statement<R>) throws -> R {
                guard let body = remaining.popFirst() else { throw NeonError.malformedResponse("a result is missing") }
                return try statement.decodeResponse(body)
            }
            return (try next(first), try next(second), repeat try next(each rest))
        }
    }

    /// Starts draining the outbox now (instead of waiting out a backoff) and returns when that
    /// pass ends: every pending write of the current identity settled (here or by another process
    /// sharing the directory), or a failure made it back off. Call it at launch to send what a
    /// previous run left; the drainer keeps retrying in the background after a failure.
    /// - Throws: ``OutboxError/notConfigured``, ``OutboxError/requiresExactlyOnceWrites``.
    public func drain() async throws {
        let outbox = try checkedOutbox()
        await outbox.drainNow(with: runner)
    }

    /// The ``Outbox`` of the configuration, checked usable.
    private func checkedOutbox() throws -> Outbox {
        guard let outbox = configuration.outbox else { throw OutboxError.notConfigured }
        guard configuration.exactlyOnceWrites != nil else { throw OutboxError.requiresExactlyOnceWrites }
        return outbox
    }

    /// The edits `optimistic` makes.
    private static func edits(_ optimistic: (@Sendable (inout CacheEdits) -> Void)?) -> CacheEdits {
        var edits = CacheEdits()
        optimistic?(&edits)
        return edits
    }

    /// Stores a write durably, shows its optimistic `edits` in the cache, calls `beforeSending`
    /// with its id, reports it to the outbox's lifecycle handlers, then wakes the drainer: all of
    /// it before the write can be sent, so its applied or rejected event comes after them.
    func enqueueWrite<Result: Sendable>(
        _ statements: [StoredStatement], effects: TableEffects, failure: ParameterEncodingError?,
        edits: CacheEdits = CacheEdits(), beforeSending: ((UUID) -> Void)? = nil,
        decode: @escaping @Sendable ([Data]) throws -> Result
    ) async throws -> QueuedWrite<Result> {
        let outbox = try checkedOutbox()
        if let failure { throw OutboxError.encoding(failure) }
        guard !statements.isEmpty else { throw OutboxError.emptyWrite }
        let identity = runner.identity(for: try await runner.bearerToken())
        let write = StoredWrite(id: UUID(), key: UUID(), identity: identity.digest, enqueuedAt: Date().timeIntervalSince1970,
                                statements: statements, effects: StoredTableEffects(effects))
        try await outbox.log().append(write, limit: outbox.limit)
        if let cache = configuration.cache, !edits.isEmpty {
            outbox.recordEdits(of: write.id, in: cache)
            cache.applyEdits(edits, write: write.id, identity: identity)
        }
        beforeSending?(write.id)
        await outbox.didEnqueue(write, effects: effects)
        outbox.writeEnqueued(by: runner)
        return QueuedWrite(id: write.id, idempotencyKey: write.key, outbox: outbox, decode: decode)
    }
}

extension Statement {
    /// The statement as the outbox stores it.
    var stored: StoredStatement {
        StoredStatement(name: name, kind: kind, sql: sql, parameters: bindings.values)
    }
}
