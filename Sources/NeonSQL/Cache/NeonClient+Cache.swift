import Foundation

/// Reading through the ``QueryCache`` (``CachedReads``): where a result came from, whose it is.
extension NeonClient {
    /// Runs one statement like ``execute(_:)`` and says where the result came from: the network,
    /// the cache (fresh or stale), or the cache for lack of network (the offline fallback:
    /// ``Cached/isStale`` is `true`).
    ///
    /// A read whose request fails with a transport error, a timeout or 500/502/503/504 is
    /// answered from the cache when it has an entry no older than
    /// ``NeonConfiguration/maxStale`` (only statements that are cached: with a
    /// `-- @cache max-age` or a policy other than ``CachePolicy/networkOnly``). A database error,
    /// 401/403 or a rejected token is thrown as it is.
    /// - Throws: ``NeonError``; ``CacheMissError`` for ``CachePolicy/cacheOnly`` without an entry.
    public func executeCached<Result: Sendable>(_ statement: Statement<Result>) async throws -> Cached<Result> {
        if let failure = statement.bindings.failure { throw NeonError.encoding(failure) }
        return try await reads.readCached(statement)
    }

    /// The identity the client's next request is cached under (asks the bearer-token provider):
    /// for ``QueryCache/clear(identity:)`` at sign-out.
    /// - Throws: ``NeonError/authentication(_:)`` when the token provider fails.
    public func currentCacheIdentity() async throws -> CacheIdentity {
        runner.identity(for: try await runner.bearerToken())
    }
}
