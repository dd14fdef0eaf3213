import Crypto
import _CryptoExtras
import Foundation
@_spi(NeonSQLInternal) import NeonSQLShared

/// Verifies a compact JWS the way Neon's proxy does (`proxy/src/auth/backend/jwt.rs`, reference
/// §8.2), in its order and with its messages (all 400s):
///
/// 1. three base64url parts, a JSON header with a known `alg`, a JSON payload whose registered
///    claims have the right types, else `Provided authentication token is not a valid JWT encoding`;
/// 2. a `kid`, else `missing key id`;
/// 3. a key with that `kid` in a key set configured for the connection string's role, else
///    `jwk not found` (so a token never reaches a role that is not a JWT role);
/// 4. an `alg` the key supports (ES256 for P-256, RS256 for RSA: never `none` or HMAC), else
///    `signature algorithm not supported`;
/// 5. a valid signature, else `signature error: signature error`;
/// 6. `aud` containing the configured audience, else `invalid JWT token audience`; `iss` equal to the
///    configured issuer (neon-local only), else `invalid JWT token issuer`;
/// 7. `exp` and `nbf` with 30 s of leeway: `JWT token has expired (exp=N)`,
///    `JWT token is not yet ready to use (nbf=N)`.
struct JWTVerifier: Sendable {
    let settings: JWTAuthentication

    /// Neon's `CLOCK_SKEW_LEEWAY`.
    static let leeway: TimeInterval = 30

    static let encodingError = NeonError.user("Provided authentication token is not a valid JWT encoding")

    /// Algorithm names a JOSE header may carry (jose-jwa's signing algorithms); others are an encoding error.
    private static let knownAlgorithms: Set<String> = [
        "EdDSA", "ES256", "ES256K", "ES384", "ES512", "HS256", "HS384", "HS512",
        "PS256", "PS384", "PS512", "RS256", "RS384", "RS512", "none",
    ]

    /// The token's claims (its payload as sent, a JSON object) when it is valid for `role`.
    func verify(_ token: String, role: String, now: Date = Date()) throws(NeonError) -> String {
        guard let lastDot = token.lastIndex(of: ".") else { throw Self.encodingError }
        let signedPart = token[..<lastDot]
        let signaturePart = token[token.index(after: lastDot)...]
        guard let firstDot = signedPart.firstIndex(of: ".") else { throw Self.encodingError }
        let headerPart = signedPart[..<firstDot]
        let payloadPart = signedPart[signedPart.index(after: firstDot)...]

        guard let headerBytes = Base64URL.decode(headerPart),
              let header = try? JSONDocumentParser.parse(headerBytes), case .object = header,
              case .string(let algorithm)? = header["alg"], Self.knownAlgorithms.contains(algorithm)
        else { throw Self.encodingError }
        var keyID: String?
        switch header["kid"] {
        case nil, .null?: keyID = nil
        case .string(let value)?: keyID = value
        default: throw Self.encodingError
        }

        guard let payloadBytes = Base64URL.decode(payloadPart),
              let payload = try? JSONDocumentParser.parse(payloadBytes), case .object = payload,
              let claims = Claims(payload)
        else { throw Self.encodingError }
        guard let signature = Base64URL.decode(signaturePart) else { throw Self.encodingError }

        guard let keyID else { throw NeonError.user("missing key id") }
        guard settings.roles.contains(role), let key = settings.keys.key(id: keyID) else {
            throw NeonError.user("jwk not found")
        }
        guard key.supports(algorithm) else { throw NeonError.user("signature algorithm not supported") }
        guard Self.isValid(signature: signature, of: Array(signedPart.utf8), with: key) else {
            throw NeonError.user("signature error: signature error")
        }

        if let audience = settings.audience, !claims.audience.contains(audience) {
            throw NeonError.user("invalid JWT token audience")
        }
        if let issuer = settings.issuer, claims.issuer != issuer {
            throw NeonError.user("invalid JWT token issuer")
        }
        let seconds = now.timeIntervalSince1970
        if let expiration = claims.expiration, seconds >= Double(expiration) + Self.leeway {
            throw NeonError.user("JWT token has expired (exp=\(expiration))")
        }
        if let notBefore = claims.notBefore, Double(notBefore) >= seconds + Self.leeway {
            throw NeonError.user("JWT token is not yet ready to use (nbf=\(notBefore))")
        }
        return String(decoding: payloadBytes, as: UTF8.self)
    }

    private static func isValid(signature: [UInt8], of message: [UInt8], with key: JSONWebKey) -> Bool {
        switch key.material {
        case .p256(let publicKey):
            guard signature.count == 64, let ecdsa = try? P256.Signing.ECDSASignature(rawRepresentation: signature) else {
                return false
            }
            return publicKey.isValidSignature(ecdsa, for: message)
        case .rsa(let publicKey):
            return publicKey.isValidSignature(_RSA.Signing.RSASignature(rawRepresentation: signature), for: message, padding: .insecurePKCS1v1_5)
        }
    }

    /// The registered claims Neon reads, typed as Neon's `JwtPayload` requires (a wrong type is an
    /// encoding error): `aud` a string or an array of strings, `exp`/`nbf` non-negative integers,
    /// `iss`/`sub`/`jti`/`sid` strings (each may be absent or null).
    struct Claims {
        var audience: [String] = []
        var expiration: UInt64?
        var notBefore: UInt64?
        var issuer: String?

        init?(_ payload: JSONDocument) {
            switch payload["aud"] {
            case nil, .null?: break
            case .string(let value)?: audience = [value]
            case .array(let values)?:
                for value in values {
                    guard case .string(let text) = value else { return nil }
                    audience.append(text)
                }
            default: return nil
            }
            for name in ["exp", "nbf"] {
                switch payload[name] {
                case nil, .null?: continue
                case .number(let text)?:
                    guard let value = UInt64(text) else { return nil }
                    if name == "exp" { expiration = value } else { notBefore = value }
                default: return nil
                }
            }
            for name in ["iss", "sub", "jti", "sid"] {
                switch payload[name] {
                case nil, .null?: continue
                case .string(let value)?: if name == "iss" { issuer = value }
                default: return nil
                }
            }
        }
    }
}
