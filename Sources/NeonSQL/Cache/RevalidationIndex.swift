import Foundation

/// The cached queries a ``QueryCache`` can revalidate: every key this process read or observed
/// through a cache-using client, with what it takes to ask PostgreSQL about it again (its SQL,
/// parameters, max-age) and to decode a refetched result. Entries only on disk that no read of
/// this process touched are not revalidated (a read checks them as its policy says).
///
/// Also remembers when each identity's last revalidation started, so that many observations
/// revalidating every N seconds send one revalidation per N seconds between them.
final class RevalidationIndex: @unchecked Sendable {
    /// One revalidatable query.
    struct Target: Sendable {
        let key: CacheKey
        let name: String
        let sql: String
        let parameters: [String?]
        let kind: QueryKind
        let tables: TableEffects
        /// How long its result stays fresh (nil: no max-age known; due at every revalidation).
        let maxAge: Duration?
        /// Decodes the target's result from a batch response: its value and its own body.
        let decodeNext: @Sendable (inout BatchDecoder) throws -> (value: any Sendable, body: Data)
    }

    private let lock = NSLock()
    private var targets: [CacheKey: Target] = [:]
    private var lastStarted: [String: ContinuousClock.Instant] = [:]
    /// Identities with a revalidation running, and how many.
    private var running: [String: Int] = [:]

    /// Remembers `statement` under `key` (the latest max-age wins).
    func remember<R: Sendable>(_ statement: Statement<R>, key: CacheKey, maxAge: Duration?) {
        let target = Target(
            key: key, name: statement.name, sql: statement.sql, parameters: statement.bindings.values,
            kind: statement.kind, tables: statement.tables, maxAge: maxAge,
            decodeNext: { decoder in
                let (value, body) = try decoder.nextAsSingleStatementWithBody(statement)
                return (value, body)
            })
        lock.withLock { targets[key] = target }
    }

    /// The targets of the identity with `digest`.
    func targets(identity digest: String) -> [Target] {
        lock.withLock { targets.values.filter { $0.key.identity == digest } }
            .sorted { ($0.name, $0.key.sql) < ($1.name, $1.key.sql) }
    }

    /// Forgets a key whose entry left the cache.
    func forget(_ key: CacheKey) {
        _ = lock.withLock { targets.removeValue(forKey: key) }
    }

    /// Starts a revalidation of `identity`; with an `interval` (a periodic one) only when none is
    /// running and none started less than `interval` ago. False when it should not start.
    func begin(identity: String, unlessWithin interval: Duration?) -> Bool {
        lock.withLock {
            if let interval {
                guard running[identity, default: 0] == 0 else { return false }
                if let last = lastStarted[identity], ContinuousClock.now - last < interval * 0.9 { return false }
            }
            running[identity, default: 0] += 1
            lastStarted[identity] = .now
            return true
        }
    }

    /// Ends the revalidation ``begin(identity:unlessWithin:)`` started.
    func end(identity: String) {
        lock.withLock { running[identity, default: 1] -= 1 }
    }
}
