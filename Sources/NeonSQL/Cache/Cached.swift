import Foundation

/// A query result with where it came from: ``NeonClient/executeCached(_:)`` and
/// ``NeonClient/observeCached(_:)``.
public struct Cached<Value: Sendable>: Sendable {
    /// The result.
    public let value: Value
    /// When the request that produced it started (now, for a fresh network answer).
    public let fetchedAt: Date
    /// Whether a write may have changed it since, or it answers a read that failed for lack of
    /// network (the offline fallback): show it, but as possibly out of date.
    public let isStale: Bool
    /// Whether it came from the network just now (not from the cache).
    public let isFromNetwork: Bool
    /// Whether ``value`` includes optimistic edits (``CacheEdits``) of writes the server has not
    /// applied yet, or has applied but not yet answered a refetch for: ``value`` is what the
    /// screen should show, ``fetchedAt``, ``isStale`` and ``isFromNetwork`` describe the stored
    /// result under the edits.
    public let hasPendingEdits: Bool

    /// A result as described.
    public init(value: Value, fetchedAt: Date, isStale: Bool, isFromNetwork: Bool, hasPendingEdits: Bool = false) {
        self.value = value
        self.fetchedAt = fetchedAt
        self.isStale = isStale
        self.isFromNetwork = isFromNetwork
        self.hasPendingEdits = hasPendingEdits
    }
}
