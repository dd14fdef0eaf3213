import Foundation

/// The live observations to signal when a write changes what they read.
final class ObserverRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private var observers: [UUID: (tables: TableEffects, signal: @Sendable () -> Void)] = [:]

    /// Registers `signal`, called after every invalidation that concerns `tables`.
    func add(tables: TableEffects, signal: @escaping @Sendable () -> Void) -> UUID {
        let id = UUID()
        lock.withLock { observers[id] = (tables, signal) }
        return id
    }

    func remove(_ id: UUID) {
        _ = lock.withLock { observers.removeValue(forKey: id) }
    }

    /// Signals every observation whose reads `effects` may have changed.
    func notify(_ effects: TableEffects) {
        let signals = lock.withLock { observers.values.filter { effects.invalidates($0.tables) }.map(\.signal) }
        for signal in signals { signal() }
    }

    var count: Int { lock.withLock { observers.count } }
}
