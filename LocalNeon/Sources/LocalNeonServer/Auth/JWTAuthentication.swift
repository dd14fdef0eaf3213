import Foundation

/// JWT authentication as Neon's auth broker does it ("Neon RLS"): requests for the configured roles
/// carry `Authorization: Bearer <JWT>` instead of a password, verified against a JWKS.
public struct JWTAuthentication: Sendable {
    /// The keys tokens must be signed with (chosen by the token's `kid`).
    public var keys: JSONWebKeySet
    /// When set, the token's `aud` (a string or an array) must contain it.
    public var audience: String?
    /// When set, the token's `iss` must equal it (Neon does not check `iss`; an auth provider's JWKS
    /// usually identifies the issuer already).
    public var issuer: String?
    /// The roles that authenticate with a JWT (Neon's `role_names` of the JWKS setting). A token is
    /// refused for every other role, and a password is refused for these.
    public var roles: Set<String>

    /// The role Neon RLS uses by default.
    public static let defaultRole = "authenticated"

    /// Creates the settings from a parsed key set.
    public init(keys: JSONWebKeySet, audience: String? = nil, issuer: String? = nil, roles: Set<String> = [JWTAuthentication.defaultRole]) {
        self.keys = keys
        self.audience = audience
        self.issuer = issuer
        self.roles = roles
    }

    /// Reads the key set from a JWKS file.
    ///
    /// - Throws: ``LocalNeonConfigurationError`` when the file cannot be read, is not a JWKS, or has no usable key.
    public init(jwksFile path: String, audience: String? = nil, issuer: String? = nil, roles: Set<String> = [JWTAuthentication.defaultRole]) throws(LocalNeonConfigurationError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LocalNeonConfigurationError(message: "cannot read --jwks-file \(path)")
        }
        let keys: JSONWebKeySet
        do {
            keys = try JSONWebKeySet(json: [UInt8](data))
        } catch {
            throw LocalNeonConfigurationError(message: "invalid --jwks-file \(path): \(error.message)")
        }
        guard keys.count > 0 else {
            throw LocalNeonConfigurationError(message: "invalid --jwks-file \(path): no usable key (ES256 on P-256 or RS256, each with a kid)")
        }
        guard !roles.isEmpty else {
            throw LocalNeonConfigurationError(message: "at least one --jwt-role is required")
        }
        self.init(keys: keys, audience: audience, issuer: issuer, roles: roles)
    }
}
