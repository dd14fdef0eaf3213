/// Recognizes the proxy's answers that refuse a bearer token (docs/neon-sql-over-http.md §7.2 and §8.2; Neon's
/// `JwtError` messages): HTTP 400, no SQLSTATE, and one of these messages.
enum TokenRejection {
    /// Message prefixes of Neon's JWT errors (`proxy/src/auth/backend/jwt.rs`), plus neon-local's
    /// issuer check.
    static let messagePrefixes = [
        "JWT token has expired",
        "JWT token is not yet ready to use",
        "invalid JWT token audience",
        "invalid JWT token issuer",
        "jwk not found",
        "missing key id",
        "Provided authentication token is not a valid JWT encoding",
        "signature algorithm not supported",
        "signature error",
        "invalid P256 key",
        "invalid RSA key",
        "invalid RSA signing algorithm",
        "unsupported EC key type",
        "unsupported key type",
        "failed to fetch auth rules",
    ]

    /// Whether a 400 error body is a refused token rather than an SQL error.
    static func isRejection(_ error: DatabaseError) -> Bool {
        error.code.isEmpty && messagePrefixes.contains { error.message.hasPrefix($0) }
    }
}
