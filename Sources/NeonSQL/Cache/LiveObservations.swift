import Foundation

/// Live observation of queries: each a stream that yields a result now (from the cache when it
/// has one), and again after every write that may change it, after a result another read stored
/// for its key, and when its optimistic edits change; optionally revalidating periodically.
/// ``NeonClient``'s `observe` methods forward here.
struct LiveObservations: Sendable {
    /// The cache the observations read through, and its requests.
    let reads: CachedReads

    var runner: RequestRunner { reads.runner }
    var configuration: NeonConfiguration { runner.configuration }

    /// The results of `statement` over time, each transformed (``NeonClient/observe(_:)``).
    func stream<R: Sendable, T: Sendable>(
        _ statement: Statement<R>, _ transform: @escaping @Sendable (Cached<R>) -> T
    ) -> AsyncThrowingStream<T, any Error> {
        let (stream, continuation) = AsyncThrowingStream<T, any Error>.makeStream()
        let (signals, signaller) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let registry = runner.liveObservers
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
        let observations = self
        let task = Task {
            do {
                try await observations.run(statement, signals: signals, mailbox: mailbox, watch: { key in
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
    private func run<R: Sendable>(
        _ statement: Statement<R>, signals: AsyncStream<Void>, mailbox: ObservationMailbox<R>,
        watch: (CacheKey) -> Void, yield: (Cached<R>) -> Void
    ) async throws {
        guard statement.isReadOnly else {
            yield(try await reads.readCached(statement))
            return
        }
        if let failure = statement.bindings.failure { throw NeonError.encoding(failure) }
        let policy = reads.effectivePolicy(statement)
        var delivered = false
        var needsFetch = true
        /// When the last result yielded was fetched (a result another read stored must be newer).
        var lastFetchedAt = Date.distantPast
        if let cache = configuration.cache {
            let key = CacheKey(statement, identity: runner.identity(for: try await runner.bearerToken()))
            watch(key)
            cache.revalidation.remember(statement, key: key, maxAge: policy.maxAge ?? statement.cacheMaxAge)
            if let found = reads.cachedValue(statement, key: key, in: cache), CachedReads.age(of: found) <= configuration.maxStale {
                cache.emit(.hit(query: statement.name, isStale: found.isStale))
                yield(found)
                delivered = true
                lastFetchedAt = found.fetchedAt
                switch policy {
                case .cacheOnly: return
                case .cacheFirst(let maxAge), .staleWhileRevalidate(let maxAge):
                    needsFetch = found.isStale || CachedReads.age(of: found) > maxAge
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
                    guard delivered, CachedReads.allowsOfflineFallback(error) else { throw error }
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
            let value = try await runner.fetch(statement, encodedBody: body, lease: nil).value
            return Cached(value: value, fetchedAt: start, isStale: false, isFromNetwork: true)
        }
        let lease = TokenLease(try await runner.bearerToken())
        let key = CacheKey(statement, identity: runner.identity(for: lease.current))
        cache.emit(.miss(query: statement.name))
        return try await reads.fetchShared(statement, key: key, lease: lease, body: nil, cache: cache)
    }

    /// ``stream(_:_:)`` with a revalidation every `interval` until the consumer stops
    /// (``NeonClient/observeCached(_:revalidatingEvery:)``).
    func stream<R: Sendable, T: Sendable>(
        _ statement: Statement<R>, revalidatingEvery interval: Duration, _ transform: @escaping @Sendable (Cached<R>) -> T
    ) -> AsyncThrowingStream<T, any Error> {
        let base = stream(statement, transform)
        let runner = self.runner
        let (stream, continuation) = AsyncThrowingStream<T, any Error>.makeStream()
        let forward = Task {
            do {
                for try await element in base { continuation.yield(element) }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        let timer = Task {
            while !Task.isCancelled {
                do {
                    try await Task.sleep(for: interval)
                } catch {
                    return
                }
                _ = try? await Revalidation.run(.due, unlessWithin: interval, runner: runner)
            }
        }
        continuation.onTermination = { _ in
            forward.cancel()
            timer.cancel()
        }
        return stream
    }
}
