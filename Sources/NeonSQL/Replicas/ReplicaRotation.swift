import Foundation

/// Which replicas are in rotation: round-robin among those not taken out, shared by a client and
/// its copies (``NeonClient/routing(_:)``, ``NeonClient/session()``).
final class ReplicaRotation: @unchecked Sendable {
    private let lock = NSLock()
    private var nextIndex = 0
    /// When each replica may be tried again (nil: in rotation).
    private var outUntil: [ContinuousClock.Instant?]

    init(count: Int) {
        outUntil = Array(repeating: nil, count: count)
    }

    /// The next replica in rotation, or nil when there is none (then the primary serves).
    func next(now: ContinuousClock.Instant = .now) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        let count = outUntil.count
        for step in 0..<count {
            let index = (nextIndex + step) % count
            if let until = outUntil[index], until > now { continue }
            outUntil[index] = nil
            nextIndex = (index + 1) % count
            return index
        }
        return nil
    }

    /// Takes `index` out of rotation for `duration`.
    func takeOut(_ index: Int, for duration: Duration, now: ContinuousClock.Instant = .now) {
        lock.lock()
        defer { lock.unlock() }
        guard outUntil.indices.contains(index) else { return }
        outUntil[index] = now + duration
    }

    /// Whether `index` is in rotation now.
    func isInRotation(_ index: Int, now: ContinuousClock.Instant = .now) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard outUntil.indices.contains(index) else { return false }
        return outUntil[index].map { $0 <= now } ?? true
    }
}
