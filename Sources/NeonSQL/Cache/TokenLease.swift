import Foundation

/// The bearer token a cached read was keyed by, handed to the request so that it sends that same
/// token; if the server rejects it and the provider gives another one, the lease records it, and
/// the cache checks that the answer still belongs to the key's identity before storing it.
final class TokenLease: @unchecked Sendable {
    private let lock = NSLock()
    private var token: String?
    private var replaced = false

    init(_ token: String?) {
        self.token = token
    }

    /// The token to send.
    var current: String? { lock.withLock { token } }

    /// Whether the request had to ask the provider for another token.
    var wasReplaced: Bool { lock.withLock { replaced } }

    func replace(with token: String?) {
        lock.withLock {
            self.token = token
            replaced = true
        }
    }
}
