import Foundation

/// What reached an observation since it last looked: an invalidation (fetch again), and the
/// newest result another read stored for its key.
final class ObservationMailbox<R: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var invalidated = false
    private var latest: Cached<R>?

    func markInvalidated() { lock.withLock { invalidated = true } }

    /// Keeps `result` unless a newer one is already waiting.
    func post(_ result: Cached<R>) {
        lock.withLock {
            if let latest, latest.fetchedAt >= result.fetchedAt { return }
            latest = result
        }
    }

    /// What arrived, emptying the mailbox.
    func take() -> (invalidated: Bool, refreshed: Cached<R>?) {
        lock.withLock {
            defer { invalidated = false; latest = nil }
            return (invalidated, latest)
        }
    }
}
