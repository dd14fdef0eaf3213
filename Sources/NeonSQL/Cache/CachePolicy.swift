/// Whether a read-only statement is answered from the ``QueryCache`` or from the network.
///
/// The policy of a call is the statement's override (``Statement/cachePolicy(_:)``, or
/// ``CachePolicyExecutor`` for a whole `Queries` value) if set; else
/// `.cacheFirst(maxAge:)` with the query's `-- @cache max-age` (``Statement/cacheMaxAge``); else
/// ``NeonConfiguration/defaultCachePolicy`` (``networkOnly`` unless set). Statements that are not
/// read-only are never cached: a write always runs, whatever its policy.
public enum CachePolicy: Sendable, Hashable {
    /// Always ask the server. The result is still stored when the statement has a
    /// ``Statement/cacheMaxAge`` (for the offline fallback and observers).
    case networkOnly
    /// Answer from the cache when an entry is at most `maxAge` old and no write has made it
    /// stale; otherwise ask the server and store its answer.
    case cacheFirst(maxAge: Duration)
    /// Answer from the cache at once when there is an entry (of any age), and ask the server in
    /// the background when it is older than `maxAge` or stale; without an entry, ask the server.
    case staleWhileRevalidate(maxAge: Duration)
    /// Answer from the cache only (any age, stale or not); without an entry, throw
    /// ``CacheMissError``. Never sends a request.
    case cacheOnly
}

extension CachePolicy {
    /// The max-age the policy reads with, if it has one.
    var maxAge: Duration? {
        switch self {
        case .cacheFirst(let maxAge), .staleWhileRevalidate(let maxAge): return maxAge
        case .networkOnly, .cacheOnly: return nil
        }
    }
}
