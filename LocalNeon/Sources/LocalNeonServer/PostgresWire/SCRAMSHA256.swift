import Crypto
import _CryptoExtras
import Foundation

/// The client side of SCRAM-SHA-256 (RFC 5802/7677) as PostgreSQL runs it: no channel binding,
/// the user name taken from the startup message (so `n=` is empty).
struct SCRAMSHA256 {
    static let mechanism = "SCRAM-SHA-256"
    private let password: String
    private let clientNonce: String
    private var clientFirstBare: String { "n=,r=\(clientNonce)" }
    /// What the server's final message must carry, known once the client's final message is made.
    private var expectedServerSignature: [UInt8]?

    init(password: String) {
        self.password = password
        var generator = SystemRandomNumberGenerator()
        let nonceBytes = (0..<18).map { _ in UInt8.random(in: 0...255, using: &generator) }
        clientNonce = Data(nonceBytes).base64EncodedString()
    }

    /// The client-first message (GS2 header `n,,` without channel binding).
    var clientFirstMessage: [UInt8] { Array("n,,\(clientFirstBare)".utf8) }

    /// The client-final message answering the server-first message.
    mutating func clientFinalMessage(serverFirst: [UInt8]) throws(WireError) -> [UInt8] {
        let serverFirstText = String(decoding: serverFirst, as: UTF8.self)
        var attributes: [Character: Substring] = [:]
        for part in serverFirstText.split(separator: ",") {
            guard let key = part.first, part.dropFirst().first == "=" else { continue }
            attributes[key] = part.dropFirst(2)
        }
        guard let nonce = attributes["r"], nonce.hasPrefix(clientNonce), nonce.count > clientNonce.count,
              let saltText = attributes["s"], let salt = Data(base64Encoded: String(saltText)),
              let iterationsText = attributes["i"], let iterations = Int(iterationsText), iterations > 0
        else { throw .authentication("malformed SCRAM server-first message") }

        let salted: SymmetricKey
        do {
            salted = try KDF.Insecure.PBKDF2.deriveKey(
                from: Array(password.utf8), salt: salt, using: .sha256, outputByteCount: 32, unsafeUncheckedRounds: iterations)
        } catch {
            throw .authentication("SCRAM key derivation failed")
        }
        let clientKey = Array(HMAC<SHA256>.authenticationCode(for: Array("Client Key".utf8), using: salted))
        let storedKey = SymmetricKey(data: SHA256.hash(data: clientKey))
        let finalWithoutProof = "c=biws,r=\(nonce)"
        let authMessage = Array("\(clientFirstBare),\(serverFirstText),\(finalWithoutProof)".utf8)
        let clientSignature = Array(HMAC<SHA256>.authenticationCode(for: authMessage, using: storedKey))
        let proof = zip(clientKey, clientSignature).map { $0 ^ $1 }
        let serverKey = SymmetricKey(data: Array(HMAC<SHA256>.authenticationCode(for: Array("Server Key".utf8), using: salted)))
        expectedServerSignature = Array(HMAC<SHA256>.authenticationCode(for: authMessage, using: serverKey))
        return Array("\(finalWithoutProof),p=\(Data(proof).base64EncodedString())".utf8)
    }

    /// Checks the server-final message (`v=` the server signature), which proves the server knows the password.
    func verify(serverFinal: [UInt8]) throws(WireError) {
        let text = String(decoding: serverFinal, as: UTF8.self)
        guard let expectedServerSignature, text.hasPrefix("v="),
              let signature = Data(base64Encoded: String(text.dropFirst(2)).split(separator: ",").first.map(String.init) ?? ""),
              Array(signature) == expectedServerSignature
        else { throw .authentication("the server's SCRAM signature does not verify") }
    }
}
