import Foundation

/// Reads through the ``QueryCache``: which policy a statement reads with, answers from the cache
/// (fresh, stale, or for lack of network), requests shared with identical reads in flight, and
/// results stored for the next read. ``NeonClient`` forwards its cached reads here.
struct CachedReads: Sendable {
    /// Sends the requests the cache cannot answer.
    let runner: RequestRunner

    var configuration: NeonConfiguration { runner.configuration }

    /// What the cache does for one read: answer or store with `cache` (nil only for
    /// ``CachePolicy/cacheOnly`` without a cache, which throws ``CacheMissError``).
    struct CachePlan {
        let cache: QueryCache?
        let policy: CachePolicy
    }

    /// The statement's policy: its override, else `cacheFirst` with its `-- @cache max-age`,
    /// else the configuration's default.
    func effectivePolicy<R>(_ statement: Statement<R>) -> CachePolicy {
        if let policy = statement.cachePolicy { return policy }
        if let maxAge = statement.cacheMaxAge { return .cacheFirst(maxAge: maxAge) }
        return configuration.defaultCachePolicy
    }

    /// How the cache takes part in running `statement`, or nil when it does not (a write, no
    /// cache, or ``CachePolicy/networkOnly`` for a statement without a max-age: nothing to store).
    func plan<R>(for statement: Statement<R>) -> CachePlan? {
        guard statement.isReadOnly else { return nil }
        let policy = effectivePolicy(statement)
        guard let cache = configuration.cache else {
            return policy == .cacheOnly ? CachePlan(cache: nil, policy: policy) : nil
        }
        guard policy != .networkOnly || statement.cacheMaxAge != nil else { return nil }
        return CachePlan(cache: cache, policy: policy)
    }

    /// ``NeonClient/executeCached(_:)`` (a statement whose bindings encoded).
    func readCached<R: Sendable>(_ statement: Statement<R>) async throws -> Cached<R> {
        if let plan = plan(for: statement) {
            return try await read(statement, plan: plan, body: nil)
        }
        let start = Date()
        let body = RequestBody.single(sql: statement.sql, parameters: statement.bindings.values)
        let value = try await runner.fetch(statement, encodedBody: body, lease: nil).value
        return Cached(value: value, fetchedAt: start, isStale: false, isFromNetwork: true)
    }

    /// A read following `plan`; `body` is the request body when the caller encoded it. The
    /// result has the pending optimistic edits of its key applied (``CacheEdits``).
    func read<R: Sendable>(_ statement: Statement<R>, plan: CachePlan, body: Data?) async throws -> Cached<R> {
        guard let cache = plan.cache else { throw CacheMissError(queryName: statement.name) }
        let lease = TokenLease(try await runner.bearerToken())
        let key = CacheKey(statement, identity: runner.identity(for: lease.current))
        cache.revalidation.remember(statement, key: key, maxAge: plan.policy.maxAge ?? statement.cacheMaxAge)
        return cache.withEdits(try await read(statement, key: key, lease: lease, plan: plan, cache: cache, body: body), key: key)
    }

    /// ``read(_:plan:body:)`` for `key`, without optimistic edits.
    private func read<R: Sendable>(_ statement: Statement<R>, key: CacheKey, lease: TokenLease, plan: CachePlan,
                                         cache: QueryCache, body: Data?) async throws -> Cached<R> {
        let found = cachedValue(statement, key: key, in: cache)
        switch plan.policy {
        case .cacheOnly:
            guard let found else {
                cache.emit(.miss(query: statement.name))
                throw CacheMissError(queryName: statement.name)
            }
            cache.emit(.hit(query: statement.name, isStale: found.isStale))
            return found
        case .cacheFirst(let maxAge):
            if let found, !found.isStale, Self.age(of: found) <= maxAge {
                cache.emit(.hit(query: statement.name, isStale: false))
                return found
            }
        case .staleWhileRevalidate(let maxAge):
            if let found {
                cache.emit(.hit(query: statement.name, isStale: found.isStale))
                if found.isStale || Self.age(of: found) > maxAge {
                    let reads = self
                    Task { _ = try? await reads.fetchShared(statement, key: key, lease: lease, body: body, cache: cache) }
                }
                return found
            }
        case .networkOnly:
            break
        }
        cache.emit(.miss(query: statement.name))
        do {
            // Only for a cache-first read of an entry past its max-age that no write made stale:
            // after a write the read waits for the network, so it never answers older data than a
            // write this client finished (unless offline); `networkOnly` always waits for the server.
            if case .cacheFirst = plan.policy, let found, !found.isStale, Self.age(of: found) <= configuration.maxStale {
                return try await fetchShared(statement, key: key, lease: lease, body: body, cache: cache, orAfterDeadline: found)
            }
            return try await fetchShared(statement, key: key, lease: lease, body: body, cache: cache)
        } catch where Self.allowsOfflineFallback(error) {
            guard let fallback = found ?? cachedValue(statement, key: key, in: cache),
                  Self.age(of: fallback) <= configuration.maxStale else { throw error }
            cache.emit(.hit(query: statement.name, isStale: true))
            return Cached(value: fallback.value, fetchedAt: fallback.fetchedAt, isStale: true, isFromNetwork: false)
        }
    }

    /// The cached result of `key`, decoded (and the decoded value kept), or nil. An entry whose
    /// body no longer decodes as `statement`'s result is removed. Without optimistic edits.
    func cachedValue<R: Sendable>(_ statement: Statement<R>, key: CacheKey, in cache: QueryCache) -> Cached<R>? {
        guard let lookup = cache.lookup(key) else { return nil }
        let entry = lookup.entry
        // `lookup.value` is nil for an entry read from disk; `nil as? R` would succeed for an
        // optional R (a `:one` result) and answer nil without decoding.
        if let stored = lookup.value, let value = stored as? R {
            return Cached(value: value, fetchedAt: entry.fetchedAt, isStale: entry.isStale, isFromNetwork: false)
        }
        do {
            let value = try statement.decodeResponse(entry.body)
            cache.remember(value, for: key)
            return Cached(value: value, fetchedAt: entry.fetchedAt, isStale: entry.isStale, isFromNetwork: false)
        } catch {
            cache.remove(key)
            return nil
        }
    }

    /// Fetches `statement` from the network, sharing the request with identical reads in
    /// flight, and stores the answer (unless the token had to be replaced by another identity's).
    /// Without optimistic edits.
    func fetchShared<R: Sendable>(
        _ statement: Statement<R>, key: CacheKey, lease: TokenLease, body: Data?, cache: QueryCache
    ) async throws -> Cached<R> {
        let reads = self
        let requestBody = body ?? RequestBody.single(sql: statement.sql, parameters: statement.bindings.values)
        let tables = statement.tables
        // Read before the request starts: a write invalidating after this makes the result
        // stale, and keeps reads that start after it from joining this request.
        let invalidations = cache.invalidationCount
        let fetched = try await cache.inFlight.run(
            key, invalidations: invalidations, isOutdated: { cache.isInvalidated(tables, after: $0) }
        ) {
            let start = Date()
            let (value, raw) = try await reads.runner.fetch(statement, encodedBody: requestBody, lease: lease)
            let entry = CacheEntry(key: key, body: raw, fetchedAt: start, tables: tables, isStale: false,
                                   invalidationsAtStart: invalidations)
            let isStale: Bool
            if !lease.wasReplaced || reads.runner.identity(for: lease.current).digest == key.identity {
                isStale = cache.store(entry, value: value)
            } else {
                isStale = cache.isStale(entry)
            }
            return InFlightRequests.Fetched(value: value, body: raw, fetchedAt: start, isStale: isStale)
        }
        let value: R
        if let shared = fetched.value as? R {
            value = shared
        } else {
            value = try statement.decodeResponse(fetched.body)
        }
        return Cached(value: value, fetchedAt: fetched.fetchedAt, isStale: fetched.isStale, isFromNetwork: true)
    }

    /// Whether a read that failed with `error` failed for lack of network (no answer, or the
    /// service unavailable), so that a cached result may answer it. Database errors, other HTTP
    /// statuses (401, 403, 4xx), rejected tokens and cancellation do not.
    static func allowsOfflineFallback(_ error: any Error) -> Bool {
        guard let error = error as? NeonError else { return false }
        switch error {
        case .transport, .timedOut: return true
        case .httpStatus(let status): return [500, 502, 503, 504].contains(status.status)
        default: return false
        }
    }

    /// How long ago `cached` was fetched.
    static func age<R>(of cached: Cached<R>) -> Duration { age(since: cached.fetchedAt) }

    /// How long before `now` `fetchedAt` is: 0 for a later date, at most 10^9 s (a cache file may
    /// hold any finite date; `Duration.seconds` of a huge interval traps).
    static func age(since fetchedAt: Date, now: Date = Date()) -> Duration {
        let seconds = max(0, now.timeIntervalSince(fetchedAt))
        return .nanoseconds(Int64(min(seconds, 1e9) * 1e9))
    }
}
