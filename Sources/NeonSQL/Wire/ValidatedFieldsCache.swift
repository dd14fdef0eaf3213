import Foundation

/// The `fields` text that last checked out against each row type. Every response of a query
/// carries the same `fields` (until the schema changes), so a response whose `fields` are byte for
/// byte the ones already parsed and checked against the row type is valid without parsing them
/// again: a compare of the bytes instead of a JSON parse of seven keys per column, which is a
/// fifth of the work of decoding a small result. Any other text (a changed type, malformed JSON)
/// is parsed and checked in full, with the same errors as before.
final class ValidatedFieldsCache: @unchecked Sendable {
    /// The process-wide cache.
    static let shared = ValidatedFieldsCache()

    /// Texts longer than this are not kept (a result with thousands of columns is parsed each time).
    static let maximumTextLength = 64 * 1024
    /// Entries kept at most; past it the cache starts over (one entry per generated row type).
    static let maximumEntries = 4096

    private struct Entry {
        let text: [UInt8]
        let count: Int
    }

    private let lock = NSLock()
    private var entries: [ObjectIdentifier: Entry] = [:]

    /// When `bytes` at `start` begins with the `fields` text validated for `rowType`: its length
    /// and the number of fields.
    func match(_ rowType: ObjectIdentifier, in bytes: UnsafeRawBufferPointer, at start: Int) -> (length: Int, count: Int)? {
        lock.lock()
        let entry = entries[rowType]
        lock.unlock()
        guard let entry, let base = bytes.baseAddress, start >= 0, bytes.count - start >= entry.text.count else { return nil }
        let same = entry.text.withUnsafeBytes { text in
            guard let textBase = text.baseAddress else { return false }
            return memcmp(base + start, textBase, text.count) == 0
        }
        return same ? (entry.text.count, entry.count) : nil
    }

    /// Records `text` (a complete `fields` array) as valid for `rowType`, with `count` fields.
    func remember(_ rowType: ObjectIdentifier, text: UnsafeRawBufferPointer, count: Int) {
        guard text.count <= Self.maximumTextLength else { return }
        let entry = Entry(text: Array(text), count: count)
        lock.lock()
        defer { lock.unlock() }
        if entries.count >= Self.maximumEntries, entries[rowType] == nil { entries.removeAll() }
        entries[rowType] = entry
    }
}
