import Foundation

/// The keys of the writes a read must see (read-your-writes), for one scope: a client value and
/// its copies, or one ``NeonClient/session()``.
///
/// Each committed write's key is kept until a later write makes it redundant: a write that
/// *started* after another one's answer arrived commits after it, and a replica replays commits
/// in order, so seeing the later key implies seeing the earlier one. Writes in flight together
/// each stay, so the set is as large as the scope's concurrent writes, usually one key.
final class WrittenKeys: @unchecked Sendable {
    private struct Entry {
        let key: UUID
        let completedAt: UInt64
        let completedTime: ContinuousClock.Instant
        /// `false` for a write whose outcome is unknown: it may never have committed.
        let isConfirmed: Bool
    }

    private let lock = NSLock()
    private var clock: UInt64 = 0
    private var entries: [Entry] = []

    /// Marks the start of a write; pass the ticket to ``committed(_:ticket:)``.
    func beginWrite() -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        clock += 1
        return clock
    }

    /// Records that the write holding `key`, started at `ticket`, committed (`confirmed`), or may
    /// have: a write whose outcome is unknown is waited for too (a read-back must not miss it), but
    /// its key, which may never appear, does not make a replica count as lagging.
    func committed(_ key: UUID, ticket: UInt64, confirmed: Bool = true, now: ContinuousClock.Instant = .now) {
        lock.lock()
        defer { lock.unlock() }
        clock += 1
        entries.removeAll { $0.completedAt < ticket }
        entries.append(Entry(key: key, completedAt: clock, completedTime: now, isConfirmed: confirmed))
    }

    /// The keys a read must see, oldest first.
    var pending: [UUID] {
        lock.lock()
        defer { lock.unlock() }
        return entries.map(\.key)
    }

    /// When the newest pending write known to have committed completed (nil when there is none).
    var newestCompletion: ContinuousClock.Instant? {
        lock.lock()
        defer { lock.unlock() }
        return entries.last(where: \.isConfirmed)?.completedTime
    }
}
