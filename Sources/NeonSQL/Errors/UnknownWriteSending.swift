/// How a write whose outcome is unknown was sent (``NeonError/outcomeUnknown(cause:sent:)``).
public enum UnknownWriteSending: Sendable, Hashable {
    /// Sent once and never again: a write without an idempotency key is not safe to send twice.
    case onceWithoutKey
    /// Sent `attempts` times, each with the same idempotency key
    /// (``NeonConfiguration/exactlyOnceWrites``); no attempt got a definite answer. One attempt
    /// when the retry policy allows one, or when the failure is one that is never retried (a 507:
    /// the result would be too large again).
    case withKey(attempts: Int)
}

extension UnknownWriteSending: CustomStringConvertible {
    /// What happened, as a clause of ``NeonError``'s description; it holds no request text.
    public var description: String {
        switch self {
        case .onceWithoutKey:
            return "it was sent once and not retried, as a write without an idempotency key is never sent twice"
        case .withKey(let attempts) where attempts <= 1:
            return "it was sent once with its idempotency key and not retried"
        case .withKey(let attempts):
            return "it was sent \(attempts) times with the same idempotency key and no attempt got a definite answer"
        }
    }
}
