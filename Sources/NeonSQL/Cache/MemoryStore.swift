import Foundation

/// The in-memory entries of a ``QueryCache``, least recently used out when their cost (body
/// bytes plus ``overhead`` each) exceeds the limit. Not thread-safe: the cache locks around it.
struct MemoryStore {
    /// The fixed cost counted for an entry besides its body (key, dates, bookkeeping).
    static let overhead = 256

    struct Slot {
        var entry: CacheEntry
        /// The decoded result, so a hit does not decode the body again.
        var value: (any Sendable)?
        var lastUse: UInt64
        var cost: Int { entry.body.count + MemoryStore.overhead }
    }

    let limit: Int
    private(set) var slots: [CacheKey: Slot] = [:]
    private(set) var totalCost = 0
    private var clock: UInt64 = 0

    init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// The slot of `key`, now the most recently used.
    mutating func get(_ key: CacheKey) -> Slot? {
        guard var slot = slots[key] else { return nil }
        clock += 1
        slot.lastUse = clock
        slots[key] = slot
        return slot
    }

    /// Stores `entry` (replacing one of the same key) and returns the keys evicted to make room,
    /// which may include `entry`'s own when it alone is larger than the limit.
    mutating func put(_ entry: CacheEntry, value: (any Sendable)?) -> [CacheKey] {
        remove(entry.key)
        clock += 1
        let slot = Slot(entry: entry, value: value, lastUse: clock)
        slots[entry.key] = slot
        totalCost += slot.cost
        var evicted: [CacheKey] = []
        while totalCost > limit, let oldest = slots.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
            remove(oldest)
            evicted.append(oldest)
        }
        return evicted
    }

    /// Keeps the decoded `value` of `key`'s entry (if it is still there).
    mutating func setValue(_ value: any Sendable, for key: CacheKey) {
        slots[key]?.value = value
    }

    mutating func remove(_ key: CacheKey) {
        if let slot = slots.removeValue(forKey: key) { totalCost -= slot.cost }
    }

    mutating func removeAll(where shouldRemove: (CacheKey) -> Bool) {
        for key in slots.keys where shouldRemove(key) { remove(key) }
    }

    /// Marks stale every fresh entry `isInvalidated` picks; returns how many it marked.
    mutating func markStale(where isInvalidated: (CacheEntry) -> Bool) -> Int {
        var count = 0
        for (key, slot) in slots where !slot.entry.isStale && isInvalidated(slot.entry) {
            slots[key]?.entry.isStale = true
            count += 1
        }
        return count
    }
}
