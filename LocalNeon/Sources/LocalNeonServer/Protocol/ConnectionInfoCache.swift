import NIOConcurrencyHelpers

/// Parsed password connection strings, so that a client sending the same `Neon-Connection-String`
/// on every request has it parsed once (JWT requests, whose token changes, are always parsed).
/// Holds at most ``capacity`` strings; when full it starts over.
final class ConnectionInfoCache: Sendable {
    static let capacity = 256

    private let entries = NIOLockedValueBox<[String: ConnectionInfo]>([:])
    private let jwtRoles: Set<String>?

    init(jwtRoles: Set<String>?) {
        self.jwtRoles = jwtRoles
    }

    /// ``ConnectionInfo/parse(connectionString:authorization:authorizationIsValidText:jwtRoles:)``
    /// with this server's JWT roles; only successful parses without an `Authorization` header are kept.
    func parse(connectionString: String?, authorization: String?, authorizationIsValidText: Bool) throws(NeonError) -> ConnectionInfo {
        guard authorization == nil, let connectionString else {
            return try ConnectionInfo.parse(
                connectionString: connectionString, authorization: authorization,
                authorizationIsValidText: authorizationIsValidText, jwtRoles: jwtRoles)
        }
        if let info = entries.withLockedValue({ $0[connectionString] }) {
            return info
        }
        let info = try ConnectionInfo.parse(connectionString: connectionString, authorization: nil, jwtRoles: jwtRoles)
        entries.withLockedValue { entries in
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[connectionString] = info
        }
        return info
    }
}
