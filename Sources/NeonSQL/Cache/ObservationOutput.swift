import Foundation

/// Where an observation's results go out: each result (as fetched or stored) is shown with the
/// pending optimistic edits of its key applied, and shown again, at once and on the caller's
/// thread, when those edits change. One lock orders both, so a result and an edit never overtake
/// each other.
final class ObservationOutput<R: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private let cache: QueryCache?
    private let emit: @Sendable (Cached<R>) -> Void
    private var key: CacheKey?
    /// The last result shown, without edits.
    private var base: Cached<R>?

    init(cache: QueryCache?, emit: @escaping @Sendable (Cached<R>) -> Void) {
        self.cache = cache
        self.emit = emit
    }

    /// The cache key whose edits apply.
    func watch(_ key: CacheKey) { lock.withLock { self.key = key } }

    /// Shows `result` (as stored) with the current edits.
    func show(_ result: Cached<R>) {
        lock.withLock {
            base = result
            emit(edited(result))
        }
    }

    /// Shows the last result again with the current edits (nothing before a first result).
    func reshow() {
        lock.withLock {
            guard let base else { return }
            emit(edited(base))
        }
    }

    private func edited(_ result: Cached<R>) -> Cached<R> {
        guard let cache, let key else { return result }
        return cache.withEdits(result, key: key)
    }
}
