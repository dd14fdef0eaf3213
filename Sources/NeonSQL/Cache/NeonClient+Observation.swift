import Foundation

/// Live observation of queries: a result now, and again after every write that may change it.
extension NeonClient {
    /// The results of a read-only statement over time: the cached result at once if there is one
    /// (no older than ``NeonConfiguration/maxStale``), then the server's (unless the cached one
    /// is fresh for a ``CachePolicy/cacheFirst(maxAge:)`` or
    /// ``CachePolicy/staleWhileRevalidate(maxAge:)`` policy), then a new one after every
    /// write through a client sharing this one's cache (or this client, without a cache) that
    /// may change it (its ``TableEffects``), and after ``QueryCache/invalidate(tables:)``.
    ///
    /// - A result another read fetched for the same statement, parameters and identity (another
    ///   screen, a ``CachePolicy/staleWhileRevalidate(maxAge:)`` refresh in the background) is
    ///   yielded too, without a request of its own, when it is newer than the last one yielded.
    /// - A failure with nothing yielded yet ends the sequence with the error. A refetch that
    ///   fails for lack of network (see ``executeCached(_:)``) after a result was yielded does
    ///   not: the last result stays, and the next invalidation tries again. Other errors end it.
    /// - With ``CachePolicy/cacheOnly`` it yields the cached result and ends (or throws
    ///   ``CacheMissError``).
    /// - A statement that is not read-only is run once, and the sequence ends.
    /// - Stopping the iteration (leaving the loop, cancelling its task) cancels a request in flight
    ///   and sends no more.
    public func observe<Result: Sendable>(_ statement: Statement<Result>) -> QueryObservation<Result> {
        let client = self
        return QueryObservation { client.observationStream(statement) { $0.value } }
    }

    /// ``observe(_:)`` yielding each result with where it came from and whether it is stale.
    public func observeCached<Result: Sendable>(_ statement: Statement<Result>) -> QueryObservation<Cached<Result>> {
        let client = self
        return QueryObservation { client.observationStream(statement) { $0 } }
    }

    /// The registry of observations writes through this client signal.
    var liveObservers: ObserverRegistry { configuration.cache?.observers ?? ownObservers }

    func observationStream<R: Sendable, T: Sendable>(
        _ statement: Statement<R>, _ transform: @escaping @Sendable (Cached<R>) -> T
    ) -> AsyncThrowingStream<T, any Error> {
        let (stream, continuation) = AsyncThrowingStream<T, any Error>.makeStream()
        let (signals, signaller) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let registry = liveObservers
        let mailbox = ObservationMailbox<R>()
        let output = ObservationOutput<R>(cache: configuration.cache) { continuation.yield(transform($0)) }
        let id = registry.add(tables: statement.tables) {
            mailbox.markInvalidated()
            signaller.yield()
        }
        let refreshed: @Sendable (CacheEntry, any Sendable) -> Void = { entry, value in
            guard let value = value as? R else { return }
            mailbox.post(Cached(value: value, fetchedAt: entry.fetchedAt, isStale: false, isFromNetwork: true))
            signaller.yield()
        }
        let client = self
        let task = Task {
            do {
                try await client.runObservation(statement, signals: signals, mailbox: mailbox, watch: { key in
                    output.watch(key)
                    registry.watch(id, key: key, deliver: refreshed, reshow: { output.reshow() })
                }) {
                    output.show($0)
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in
            task.cancel()
            registry.remove(id)
            signaller.finish()
        }
        return stream
    }

    /// Yields the results of `statement` until `signals` ends or the task is cancelled: after an
    /// invalidation in `mailbox` a new fetch, after a result another read stored its value.
    /// `watch` registers the observation's cache key for those results.
    private func runObservation<R: Sendable>(
        _ statement: Statement<R>, signals: AsyncStream<Void>, mailbox: ObservationMailbox<R>,
        watch: (CacheKey) -> Void, yield: (Cached<R>) -> Void
    ) async throws {
        guard statement.isReadOnly else {
            yield(try await executeCached(statement))
            return
        }
        if let failure = statement.bindings.failure { throw NeonError.encoding(failure) }
        let policy = effectivePolicy(statement)
        var delivered = false
        var needsFetch = true
        /// When the last result yielded was fetched (a result another read stored must be newer).
        var lastFetchedAt = Date.distantPast
        if let cache = configuration.cache {
            let key = CacheKey(statement, identity: identity(for: try await bearerToken()))
            watch(key)
            cache.revalidation.remember(statement, key: key, maxAge: policy.maxAge ?? statement.cacheMaxAge)
            if let found = cachedValue(statement, key: key, in: cache), Self.age(of: found) <= configuration.maxStale {
                cache.emit(.hit(query: statement.name, isStale: found.isStale))
                yield(found)
                delivered = true
                lastFetchedAt = found.fetchedAt
                switch policy {
                case .cacheOnly: return
                case .cacheFirst(let maxAge), .staleWhileRevalidate(let maxAge):
                    needsFetch = found.isStale || Self.age(of: found) > maxAge
                case .networkOnly: break
                }
            }
        }
        if policy == .cacheOnly && !delivered { throw CacheMissError(queryName: statement.name) }
        var iterator = signals.makeAsyncIterator()
        while !Task.isCancelled {
            if needsFetch {
                do {
                    let fetched = try await fetchForObservation(statement)
                    yield(fetched)
                    delivered = true
                    lastFetchedAt = max(lastFetchedAt, fetched.fetchedAt)
                } catch {
                    if Task.isCancelled { return }
                    guard delivered, Self.allowsOfflineFallback(error) else { throw error }
                }
            }
            guard await iterator.next() != nil else { return }
            let (invalidated, refreshed) = mailbox.take()
            needsFetch = invalidated
            // Our own fetch's result comes back here too (it was stored): only a newer one counts.
            if !invalidated, let refreshed, refreshed.fetchedAt > lastFetchedAt {
                yield(refreshed)
                delivered = true
                lastFetchedAt = refreshed.fetchedAt
            }
        }
    }

    /// A network result for an observation, stored in the cache (shared with identical reads).
    private func fetchForObservation<R: Sendable>(_ statement: Statement<R>) async throws -> Cached<R> {
        guard let cache = configuration.cache else {
            let start = Date()
            let body = RequestBody.single(sql: statement.sql, parameters: statement.bindings.values)
            let value = try await fetch(statement, encodedBody: body, lease: nil).value
            return Cached(value: value, fetchedAt: start, isStale: false, isFromNetwork: true)
        }
        let lease = TokenLease(try await bearerToken())
        let key = CacheKey(statement, identity: identity(for: lease.current))
        cache.emit(.miss(query: statement.name))
        return try await fetchShared(statement, key: key, lease: lease, body: nil, cache: cache)
    }
}

/// What reached an observation since it last looked: an invalidation (fetch again), and the
/// newest result another read stored for its key.
final class ObservationMailbox<R: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var invalidated = false
    private var latest: Cached<R>?

    func markInvalidated() { lock.withLock { invalidated = true } }

    /// Keeps `result` unless a newer one is already waiting.
    func post(_ result: Cached<R>) {
        lock.withLock {
            if let latest, latest.fetchedAt >= result.fetchedAt { return }
            latest = result
        }
    }

    /// What arrived, emptying the mailbox.
    func take() -> (invalidated: Bool, refreshed: Cached<R>?) {
        lock.withLock {
            defer { invalidated = false; latest = nil }
            return (invalidated, latest)
        }
    }
}

/// Where an observation's results go out: each result (as fetched or stored) is shown with the
/// pending optimistic edits of its key applied, and shown again, at once and on the caller's
/// thread, when those edits change. One lock orders both, so a result and an edit never overtake
/// each other.
final class ObservationOutput<R: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private let cache: QueryCache?
    private let emit: @Sendable (Cached<R>) -> Void
    private var key: CacheKey?
    /// The last result shown, without edits.
    private var base: Cached<R>?

    init(cache: QueryCache?, emit: @escaping @Sendable (Cached<R>) -> Void) {
        self.cache = cache
        self.emit = emit
    }

    /// The cache key whose edits apply.
    func watch(_ key: CacheKey) { lock.withLock { self.key = key } }

    /// Shows `result` (as stored) with the current edits.
    func show(_ result: Cached<R>) {
        lock.withLock {
            base = result
            emit(edited(result))
        }
    }

    /// Shows the last result again with the current edits (nothing before a first result).
    func reshow() {
        lock.withLock {
            guard let base else { return }
            emit(edited(base))
        }
    }

    private func edited(_ result: Cached<R>) -> Cached<R> {
        guard let cache, let key else { return result }
        return cache.withEdits(result, key: key)
    }
}
