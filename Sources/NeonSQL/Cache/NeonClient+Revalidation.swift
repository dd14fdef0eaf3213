import Foundation

/// What one ``NeonClient/revalidate()`` did.
public struct RevalidationReport: Sendable, Hashable {
    /// The names of the cached queries whose digest PostgreSQL computed (in the first request).
    public var checked: [String] = []
    /// The names of the queries refetched (in the second request): their digest differed, or
    /// their entry could not be checked by digest.
    public var refetched: [String] = []
    /// The requests sent: 0 (nothing due), 1 (nothing changed) or 2.
    public var requests = 0
    /// Whether the server could not be reached (a transport failure, a timeout or 500/502/503/504):
    /// the entries stay, marked stale; nothing was confirmed.
    public var isOffline = false
    /// Whether it did not run because another revalidation of the same identity was running or
    /// had just run (only for observations revalidating periodically).
    public var wasSkipped = false

    /// An empty report.
    public init() {}
}

/// Which cached results a revalidation checks.
public enum RevalidationScope: Sendable, Hashable {
    /// Those due: watched by a live observation, made stale by a write, or older than their
    /// max-age (what ``NeonClient/revalidate()`` checks).
    case due
    /// Every result of the current identity this process read or observed, whatever its age
    /// (a pull to refresh that moves only what changed).
    case all
}

/// Conditional revalidation: every cached result of the current identity that is due checked in
/// one request, only the changed ones refetched in one more.
extension NeonClient {
    /// Checks with PostgreSQL, in one request, whether the cached results of the current
    /// identity that are due are still what the queries return, and refetches only those that
    /// changed, in one more request; observers of those get the new value, the others nothing.
    ///
    /// Due are the entries this process read or observed through the cache that a live
    /// observation watches, that a write made stale, or that are older than their max-age.
    ///
    /// 1. One statement computes, in one snapshot, the digest of each due query's result as it
    ///    would be returned now (SHA-256 of the rows as PostgreSQL writes them as text, in order) and
    ///    compares it with the digest of the rows stored; it returns only the positions that
    ///    differ. An unchanged entry counts as fetched when this request started (fresh again).
    /// 2. The changed ones are refetched in one read-only REPEATABLE READ batch (one snapshot)
    ///    and stored.
    ///
    /// Rows that come back in another order count as a change (rows tied under the query's
    /// ORDER BY may cost a needless refetch). Nothing is sent without a cache or with nothing due.
    /// Without network the entries stay, marked stale, and the report says
    /// ``RevalidationReport/isOffline``: nothing is thrown, and nothing is confirmed, so
    /// ``NeonConfiguration/maxStale`` still counts from the last fetch or confirmation.
    /// Call it when the app comes to the foreground; ``observeCached(_:revalidatingEvery:)``
    /// calls it periodically while a screen is shown.
    /// - Throws: ``NeonError`` other than a lack of network (an authentication failure, say).
    @discardableResult
    public func revalidate() async throws -> RevalidationReport {
        try await Revalidation.run(.due, unlessWithin: nil, runner: runner)
    }

    /// ``revalidate()`` of the results `scope` picks (``RevalidationScope/all``: every one of
    /// the current identity, fresh or not).
    @discardableResult
    public func revalidate(_ scope: RevalidationScope) async throws -> RevalidationReport {
        try await Revalidation.run(scope, unlessWithin: nil, runner: runner)
    }
}

/// Names the revalidation's requests carry (what a request observer sees).
public enum RevalidationRequest {
    /// The query name of the digest request of ``NeonClient/revalidate()`` (its refetch request
    /// carries the names of the queries it refetches).
    public static let digestName = "NeonSQL.revalidate"
}
