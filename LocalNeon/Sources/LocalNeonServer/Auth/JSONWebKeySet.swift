import Crypto
import _CryptoExtras
import Foundation
@_spi(NeonSQLInternal) import NeonSQLShared

/// A public key from a JSON Web Key Set (RFC 7517), usable to verify ES256 or RS256 signatures.
struct JSONWebKey: Sendable {
    /// How the key verifies.
    enum Material: Sendable {
        /// An EC key on P-256 (ES256).
        case p256(P256.Signing.PublicKey)
        /// An RSA key (RS256; at least 2048 bits, as swift-crypto requires).
        case rsa(_RSA.Signing.PublicKey)
    }

    /// The key id (`kid`); keys without one can never be selected, as on Neon.
    var keyID: String
    /// The key's `alg` when the JWKS names one.
    var algorithm: String?
    var material: Material

    /// Whether a token whose header says `alg` may be verified with this key (Neon's `is_supported`):
    /// ES256 for P-256 keys, RS256 for RSA keys, and never anything else (no `none`, no HMAC).
    func supports(_ alg: String) -> Bool {
        if let algorithm, algorithm != alg { return false }
        switch material {
        case .p256: return alg == "ES256"
        case .rsa: return alg == "RS256"
        }
    }
}

/// The keys neon-local accepts JWTs from, read from a JWKS document (`{"keys": [...]}`) such as an
/// auth provider publishes at its JWKS URL.
///
/// Keys that are not for signatures (`use` other than `sig`), of other types or curves, or
/// malformed are skipped, as Neon's proxy skips them.
public struct JSONWebKeySet: Sendable {
    var keys: [JSONWebKey]
    /// How many keys of the document were skipped.
    public private(set) var skippedKeyCount: Int

    /// The number of usable keys.
    public var count: Int { keys.count }

    /// Parses a JWKS document.
    ///
    /// - Throws: ``LocalNeonConfigurationError`` when the document is not a JSON object with a `keys` array.
    public init(json: [UInt8]) throws(LocalNeonConfigurationError) {
        let document: JSONDocument
        do {
            document = try JSONDocumentParser.parse(json)
        } catch {
            throw LocalNeonConfigurationError(message: "the JWKS is not valid JSON")
        }
        guard case .array(let entries)? = document["keys"] else {
            throw LocalNeonConfigurationError(message: "the JWKS has no \"keys\" array")
        }
        var keys: [JSONWebKey] = []
        var skipped = 0
        for entry in entries {
            if let key = Self.key(entry) {
                keys.append(key)
            } else {
                skipped += 1
            }
        }
        self.keys = keys
        self.skippedKeyCount = skipped
    }

    /// The key with this `kid`.
    func key(id: String) -> JSONWebKey? {
        keys.first { $0.keyID == id }
    }

    private static func key(_ entry: JSONDocument) -> JSONWebKey? {
        func string(_ name: String) -> String? {
            if case .string(let value)? = entry[name] { return value }
            return nil
        }
        guard let keyID = string("kid") else { return nil }
        if let use = string("use"), use != "sig" { return nil }
        let material: JSONWebKey.Material
        switch string("kty") {
        case "EC":
            guard string("crv") == "P-256",
                  let x = string("x").flatMap(Base64URL.decode), let y = string("y").flatMap(Base64URL.decode),
                  x.count == 32, y.count == 32,
                  let key = try? P256.Signing.PublicKey(rawRepresentation: x + y)
            else { return nil }
            material = .p256(key)
        case "RSA":
            guard let n = string("n").flatMap(Base64URL.decode), let e = string("e").flatMap(Base64URL.decode),
                  let key = try? _RSA.Signing.PublicKey(n: n, e: e)
            else { return nil }
            material = .rsa(key)
        default:
            return nil
        }
        return JSONWebKey(keyID: keyID, algorithm: string("alg"), material: material)
    }
}
