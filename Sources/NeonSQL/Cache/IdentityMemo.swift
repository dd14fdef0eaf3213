import Foundation

/// The identities of the last few credentials a cache saw, so a cached read does not hash the
/// token or the connection's user again on every hit. Kept in memory only (the raw token never
/// reaches a file or an event); a handful of entries, replaced oldest first.
final class IdentityMemo: @unchecked Sendable {
    private struct Entry {
        let token: String?
        let host: String
        let database: String
        let user: String
        let identity: CacheIdentity
    }

    private static let capacity = 4
    private let lock = NSLock()
    private var entries: [Entry] = []

    /// The identity of a request sent with `token` (nil: password authentication) under `configuration`.
    func identity(token: String?, configuration: NeonConfiguration) -> CacheIdentity {
        let (host, database, user) = (configuration.host, configuration.database, configuration.user)
        if let found = lock.withLock({ entries.first { $0.token == token && $0.host == host && $0.database == database && $0.user == user } }) {
            return found.identity
        }
        let identity = token.map { CacheIdentity(bearerToken: $0, configuration: configuration) } ?? CacheIdentity(configuration: configuration)
        lock.withLock {
            if entries.count >= Self.capacity { entries.removeFirst() }
            entries.append(Entry(token: token, host: host, database: database, user: user, identity: identity))
        }
        return identity
    }
}
