import Foundation

/// How the outbox waits between drain attempts that failed for reasons outside the writes (no
/// network, a timeout, 429, 5xx, a token the provider could not give): exponential backoff with
/// jitter, bounded by ``maxDelay``, retried for as long as writes are pending. A reachability
/// signal (``Outbox/networkBecameReachable()``), ``NeonClient/drain()`` or any successful request
/// of the client ends the wait at once.
public struct OutboxRetryPolicy: Sendable, Hashable {
    /// The first wait; doubled after each further failure.
    public var baseDelay: Duration
    /// The longest wait.
    public var maxDelay: Duration
    /// Fraction of each wait that is random (0 = none, 1 = full jitter), so that many devices
    /// coming back online do not retry in step.
    public var jitter: Double

    /// 250 ms doubling up to 30 s, 50 % jitter.
    public init(baseDelay: Duration = .milliseconds(250), maxDelay: Duration = .seconds(30), jitter: Double = 0.5) {
        self.baseDelay = max(baseDelay, .milliseconds(1))
        self.maxDelay = max(maxDelay, self.baseDelay)
        self.jitter = min(max(jitter, 0), 1)
    }

    /// 250 ms doubling up to 30 s, 50 % jitter.
    public static let `default` = OutboxRetryPolicy()

    /// The wait after `failures` consecutive failed attempts (1-based): never more than
    /// ``maxDelay``, never less than `(1 - jitter)` of the unjittered wait.
    public func delay(afterFailures failures: Int) -> Duration {
        let exponent = min(max(failures - 1, 0), 30)
        var delay = baseDelay * (1 << exponent)
        if delay > maxDelay { delay = maxDelay }
        guard jitter > 0 else { return delay }
        return delay * (1 - jitter * Double.random(in: 0...1))
    }
}
