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
        try await revalidate(.due, unlessWithin: nil)
    }

    /// ``revalidate()`` of the results `scope` picks (``RevalidationScope/all``: every one of
    /// the current identity, fresh or not).
    @discardableResult
    public func revalidate(_ scope: RevalidationScope) async throws -> RevalidationReport {
        try await revalidate(scope, unlessWithin: nil)
    }

    /// ``revalidate()`` for a periodic caller: skipped when a revalidation of the same identity
    /// is running or started less than `interval` ago.
    func revalidate(_ scope: RevalidationScope, unlessWithin interval: Duration?) async throws -> RevalidationReport {
        guard let cache = configuration.cache else { return RevalidationReport() }
        let lease = TokenLease(try await bearerToken())
        let identity = identity(for: lease.current).digest
        guard cache.revalidation.begin(identity: identity, unlessWithin: interval) else {
            var report = RevalidationReport()
            report.wasSkipped = true
            return report
        }
        defer { cache.revalidation.end(identity: identity) }
        return try await Revalidation(client: self, cache: cache, lease: lease, identity: identity, scope: scope).run()
    }
}

/// One run of ``NeonClient/revalidate()`` for one identity.
private struct Revalidation {
    let client: NeonClient
    let cache: QueryCache
    let lease: TokenLease
    let identity: String
    let scope: RevalidationScope

    /// A due entry: its target and the fetch time of the entry checked.
    struct Due {
        let target: RevalidationIndex.Target
        let checked: Date
        let digest: String?
    }

    func run() async throws -> RevalidationReport {
        var report = RevalidationReport()
        let due = dueEntries()
        guard !due.isEmpty else { return report }
        var changed: [Due] = []
        var checks: [(due: Due, sql: String)] = []
        var parameters: [String?] = []
        for entry in due {
            if let digest = entry.digest, let sql = RevalidationSQL.shifted(entry.target.sql, by: parameters.count) {
                checks.append((entry, "CASE WHEN \(ResultDigest.sql(over: sql)) = '\(digest)' THEN NULL ELSE \(checks.count) END"))
                parameters += entry.target.parameters
            } else {
                changed.append(entry)
            }
        }
        if !checks.isEmpty {
            report.checked = checks.map(\.due.target.name)
            report.requests += 1
            let start = Date()
            let invalidations = cache.invalidationCount
            do {
                let positions = try await changedPositions(checks.map(\.sql), parameters: parameters,
                                                           tables: checks.map(\.due.target.tables))
                guard !lease.wasReplaced || client.identity(for: lease.current).digest == identity else { return report }
                for (position, check) in checks.enumerated() {
                    if positions.contains(position) {
                        changed.append(check.due)
                    } else {
                        cache.confirm(check.due.target.key, checked: check.due.checked, at: start, invalidations: invalidations)
                    }
                }
            } catch where NeonClient.allowsOfflineFallback(error) {
                cache.markStale(Set(due.map(\.target.key)))
                report.isOffline = true
                return report
            } catch NeonError.database {
                // A query PostgreSQL would not run inside the digest statement: refetch them all.
                changed += checks.map(\.due)
            }
        }
        guard !changed.isEmpty else { return report }
        report.refetched = changed.map(\.target.name)
        report.requests += 1
        do {
            try await refetch(changed.map(\.target))
        } catch where NeonClient.allowsOfflineFallback(error) {
            cache.markStale(Set(changed.map(\.target.key)))
            report.isOffline = true
        }
        return report
    }

    /// The entries of this identity that are due: watched by an observation, stale, or older
    /// than their max-age. Targets whose entry left the cache are forgotten, unless a live
    /// observation watches them: an observation remembers its query once, when it starts, and
    /// its entry is missing until its first fetch lands (or after memory evicted it), so
    /// forgetting it would leave that observation unrevalidated for as long as it runs.
    private func dueEntries() -> [Due] {
        let now = Date()
        var due: [Due] = []
        for target in cache.revalidation.targets(identity: identity) {
            guard let entry = cache.lookup(target.key)?.entry else {
                if !cache.observers.watches(target.key) { cache.revalidation.forget(target.key) }
                continue
            }
            let age = Duration.seconds(max(0, now.timeIntervalSince(entry.fetchedAt)))
            let isDue = scope == .all || entry.isStale || cache.observers.watches(target.key) || target.maxAge.map { age > $0 } ?? true
            guard isDue else { continue }
            due.append(Due(target: target, checked: entry.fetchedAt, digest: ResultDigest.digest(ofResponseBody: entry.body)))
        }
        return due
    }

    /// Sends the digest statement; returns the positions of the checks whose result changed.
    private func changedPositions(_ checks: [String], parameters: [String?], tables: [TableEffects]) async throws -> Set<Int> {
        let sql = "SELECT array_to_string(ARRAY[\n" + checks.joined(separator: ",\n") + "\n]::integer[], ',') AS changed"
        let statement = Statement<String>(name: RevalidationRequest.digestName, kind: .one, sql: sql, bindings: Bindings(),
                                          readOnly: true) { reader in
            try reader.decodeRows(ChangedPositionsRow.self, limit: 1).first?.changed ?? ""
        }
        let body = RequestBody.single(sql: sql, parameters: parameters)
        let work = RequestWork(
            queries: [(sql, parameters)], singleBody: body, options: BatchOptions(),
            context: RequestContext(queryNames: [RevalidationRequest.digestName], kinds: [.one], isBatch: false,
                                    isReadOnly: true, requestBytes: body.count),
            effects: tables.reduce(TableEffects()) { $0.union($1) }, lease: lease)
        let text = try await client.perform(work, single: { body in
            (try statement.decodeResponse(body), 1)
        }, batch: { decoder in
            (try decoder.nextAsSingleStatement(statement), 1)
        })
        return Set(text.split(separator: ",").compactMap { Int($0) })
    }

    /// Refetches `targets` in one read-only REPEATABLE READ batch and stores their results
    /// (observers of their keys get them).
    private func refetch(_ targets: [RevalidationIndex.Target]) async throws {
        let start = Date()
        let work = RequestWork(
            queries: targets.map { ($0.sql, $0.parameters) }, singleBody: nil,
            options: BatchOptions(isolationLevel: .repeatableRead, readOnly: true),
            context: RequestContext(queryNames: targets.map(\.name), kinds: targets.map(\.kind), isBatch: true,
                                    isReadOnly: true, requestBytes: 0),
            effects: targets.map(\.tables).reduce(TableEffects()) { $0.union($1) }, lease: lease)
        let results = try await client.perform(work, single: { _ in
            throw NeonError.malformedResponse("internal: a batch was sent as a single statement")
        }, batch: { decoder in
            var results: [(value: any Sendable, body: Data)] = []
            for target in targets { results.append(try target.decodeNext(&decoder)) }
            return (results, nil)
        })
        guard !lease.wasReplaced || client.identity(for: lease.current).digest == identity else { return }
        for (target, result) in zip(targets, results) {
            cache.store(CacheEntry(key: target.key, body: result.body, fetchedAt: start, tables: target.tables, isStale: false),
                        value: result.value)
        }
    }
}

/// Names the revalidation's requests carry (what a request observer sees).
public enum RevalidationRequest {
    /// The query name of the digest request of ``NeonClient/revalidate()`` (its refetch request
    /// carries the names of the queries it refetches).
    public static let digestName = "NeonSQL.revalidate"
}

/// The digest statement's one row: the positions of the changed results, comma-separated.
private struct ChangedPositionsRow: DecodableRow {
    static let columns = [ResultColumn("changed", .text)]
    let changed: String
    init(from row: inout RowDecoder) throws { changed = try row.decode(String?.self) ?? "" }
}
