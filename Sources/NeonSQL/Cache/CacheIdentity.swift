import Foundation
import NeonSQLShared

/// Whose results a cache entry holds: the client computes one for every request, and a cached
/// result is only ever served to the identity that fetched it.
///
/// - With a bearer token that is a JWT: its payload's `sub` and `role` claims (the token is not
///   verified here; the server does that), so a refreshed token of the same user keeps the
///   user's entries and another user's token switches to another partition. A token whose payload
///   cannot be read identifies by the whole token.
/// - Otherwise: the connection string's user.
///
/// Both include the connection's host and database. Only a SHA-256 digest of these is kept
/// (``digest``): no token, claim or user name is stored in the cache, its files or its events.
public struct CacheIdentity: Sendable, Hashable, CustomStringConvertible {
    /// The SHA-256 of what identifies the requester, as 64 lowercase hex digits.
    public let digest: String

    /// The identity of requests sent with `bearerToken` to the configuration's database.
    public init(bearerToken: String, configuration: NeonConfiguration) {
        let claims = Self.claims(ofJWT: bearerToken)
        let subject = claims.map { "jwt\u{0}\($0.sub ?? "")\u{0}\($0.role ?? "")" } ?? "token\u{0}\(bearerToken)"
        self.init(parts: [subject, configuration.host, configuration.database])
    }

    /// The identity of requests sent with the connection string's password.
    public init(configuration: NeonConfiguration) {
        self.init(parts: ["user\u{0}\(configuration.user)", configuration.host, configuration.database])
    }

    private init(parts: [String]) {
        digest = SHA256.hex(of: Array(parts.joined(separator: "\u{1}").utf8))
    }

    /// `CacheIdentity(` and the digest's first 12 digits `)`.
    public var description: String { "CacheIdentity(\(digest.prefix(12)))" }

    /// The `sub` and `role` claims of a JWT's payload, or nil when `token` is not a JWT with a
    /// JSON object payload.
    static func claims(ofJWT token: String) -> (sub: String?, role: String?)? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard let data = Data(base64Encoded: base64),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        func text(_ value: Any?) -> String? {
            switch value {
            case let string as String: return string
            case let number as NSNumber: return number.stringValue
            default: return nil
            }
        }
        let sub = text(object["sub"])
        let role = text(object["role"])
        guard sub != nil || role != nil else { return nil }
        return (sub, role)
    }
}
