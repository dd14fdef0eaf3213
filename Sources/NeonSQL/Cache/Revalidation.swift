import Foundation

/// One run of ``NeonClient/revalidate()`` for one identity.
struct Revalidation {
    let runner: RequestRunner
    let cache: QueryCache
    let lease: TokenLease
    let identity: String
    let scope: RevalidationScope

    /// ``NeonClient/revalidate(_:)`` of `scope` with `runner`; for a periodic caller (`interval`),
    /// skipped when a revalidation of the same identity is running or started less than
    /// `interval` ago.
    static func run(_ scope: RevalidationScope, unlessWithin interval: Duration?, runner: RequestRunner) async throws
        -> RevalidationReport {
        guard let cache = runner.configuration.cache else { return RevalidationReport() }
        let lease = TokenLease(try await runner.bearerToken())
        let identity = runner.identity(for: lease.current).digest
        guard cache.revalidation.begin(identity: identity, unlessWithin: interval) else {
            var report = RevalidationReport()
            report.wasSkipped = true
            return report
        }
        defer { cache.revalidation.end(identity: identity) }
        return try await Revalidation(runner: runner, cache: cache, lease: lease, identity: identity, scope: scope).run()
    }

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
                guard !lease.wasReplaced || runner.identity(for: lease.current).digest == identity else { return report }
                for (position, check) in checks.enumerated() {
                    if positions.contains(position) {
                        changed.append(check.due)
                    } else {
                        cache.confirm(check.due.target.key, checked: check.due.checked, at: start, invalidations: invalidations)
                    }
                }
            } catch where CachedReads.allowsOfflineFallback(error) {
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
        } catch where CachedReads.allowsOfflineFallback(error) {
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
            let age = CachedReads.age(since: entry.fetchedAt, now: now)
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
        let text = try await runner.perform(work, single: { body in
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
        let results = try await runner.perform(work, single: { _ in
            throw NeonError.malformedResponse("internal: a batch was sent as a single statement")
        }, batch: { decoder in
            var results: [(value: any Sendable, body: Data)] = []
            for target in targets { results.append(try target.decodeNext(&decoder)) }
            return (results, nil)
        })
        guard !lease.wasReplaced || runner.identity(for: lease.current).digest == identity else { return }
        for (target, result) in zip(targets, results) {
            cache.store(CacheEntry(key: target.key, body: result.body, fetchedAt: start, tables: target.tables, isStale: false),
                        value: result.value)
        }
    }
}

/// The digest statement's one row: the positions of the changed results, comma-separated.
private struct ChangedPositionsRow: DecodableRow {
    static let columns = [ResultColumn("changed", .text)]
    let changed: String
    init(from row: inout RowDecoder) throws { changed = try row.decode(String?.self) ?? "" }
}
