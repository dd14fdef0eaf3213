import Foundation

/// One stored result: the raw Neon response body of the statement's request, when it was
/// fetched, and what it read (for invalidation).
struct CacheEntry: Sendable {
    let key: CacheKey
    /// The `/sql` response body, decoded again with ``Statement/decodeResponse(_:)`` on a hit
    /// that has no decoded value.
    let body: Data
    /// When the request that fetched it started (so a write finishing while it was in flight
    /// makes it stale); a revalidation that finds it unchanged moves it to its own start.
    var fetchedAt: Date
    /// The statement's effects; only the read side matters.
    let tables: TableEffects
    /// Set when a write (or ``QueryCache/invalidate(tables:)``) may have changed what it read.
    var isStale: Bool
    /// For an entry fetched by this process: the cache's invalidation count before its request
    /// started (an invalidation counted after it makes it stale, whatever the wall clock says);
    /// nil for an entry read from disk.
    var invalidationsAtStart: UInt64? = nil

    /// An entry; a statement's declared effects are resolved here, once, since every write is
    /// compared against the entry's.
    init(key: CacheKey, body: Data, fetchedAt: Date, tables: TableEffects, isStale: Bool, invalidationsAtStart: UInt64? = nil) {
        self.key = key
        self.body = body
        self.fetchedAt = fetchedAt
        self.tables = tables.resolved
        self.isStale = isStale
        self.invalidationsAtStart = invalidationsAtStart
    }
}

/// The file format of an entry in a ``QueryCache`` directory (version 1, big-endian):
///
/// ```
/// "NSQC"  format version (UInt16)  flags (UInt8, 0)
/// schema version (UInt32 length + UTF-8)
/// key (UInt32 length + CacheKey.encoded)
/// fetched-at (UInt64: bit pattern of seconds since 1970 as a Double)
/// reads unknown (UInt8)  reads (UInt32 count, each UInt32 length + UTF-8)
/// body (UInt32 length + bytes)
/// checksum (UInt64: FNV-1a 64 of every byte before it)
/// ```
///
/// Staleness is not in the file: invalidations are recorded as marker files (see
/// ``DirectoryStore``), so marking entries stale never rewrites them.
enum CacheFileFormat {
    static let magic = Data("NSQC".utf8)
    static let version: UInt16 = 1

    /// Why a file was not loaded.
    enum Failure: Error {
        case dropped(QueryCache.DropReason)
    }

    static func encode(_ entry: CacheEntry, schemaVersion: String) -> Data {
        var writer = ByteWriter()
        writer.raw(magic)
        writer.uint16(version)
        writer.uint8(0)
        writer.string(schemaVersion)
        writer.bytes(entry.key.encoded)
        writer.uint64(entry.fetchedAt.timeIntervalSince1970.bitPattern)
        writer.uint8(entry.tables.readsUnknown ? 1 : 0)
        writer.uint32(UInt32(truncatingIfNeeded: entry.tables.reads.count))
        for table in entry.tables.reads { writer.string(table) }
        writer.bytes(entry.body)
        let checksum = FNV1a64.hash(writer.data)
        writer.uint64(checksum)
        return writer.data
    }

    /// The entry in `data` if it is whole, of this format and schema version, and for `key`.
    static func decode(_ data: Data, key: CacheKey, schemaVersion: String) -> Result<CacheEntry, Failure> {
        guard data.count >= magic.count + 2 + 8, data.prefix(magic.count) == magic else {
            return .failure(.dropped(data.count < magic.count + 2 + 8 ? .truncated : .corrupt))
        }
        var reader = ByteReader(data)
        _ = reader.raw(count: magic.count)
        guard reader.uint16() == version else { return .failure(.dropped(.otherFormatVersion)) }
        let content = data.prefix(data.count - 8)
        var tail = ByteReader(data.suffix(8))
        guard let checksum = tail.uint64(), FNV1a64.hash(content) == checksum else { return .failure(.dropped(.corrupt)) }
        guard reader.uint8() != nil, let schema = reader.string() else { return .failure(.dropped(.corrupt)) }
        guard schema == schemaVersion else { return .failure(.dropped(.otherSchemaVersion)) }
        guard let storedKey = reader.bytes() else { return .failure(.dropped(.corrupt)) }
        guard storedKey == key.encoded else { return .failure(.dropped(.keyMismatch)) }
        guard let fetchedBits = reader.uint64(), let readsUnknown = reader.uint8(), let readCount = reader.uint32(),
              Int(readCount) <= reader.remaining else { return .failure(.dropped(.corrupt)) }
        var reads: [String] = []
        for _ in 0..<readCount {
            guard let table = reader.string() else { return .failure(.dropped(.corrupt)) }
            reads.append(table)
        }
        guard let body = reader.bytes(), reader.remaining == 8 else { return .failure(.dropped(.corrupt)) }
        let fetchedAt = Date(timeIntervalSince1970: Double(bitPattern: fetchedBits))
        guard fetchedAt.timeIntervalSince1970.isFinite else { return .failure(.dropped(.corrupt)) }
        return .success(CacheEntry(key: key, body: body, fetchedAt: fetchedAt,
                                   tables: TableEffects(reads: reads, readsUnknown: readsUnknown != 0), isStale: false))
    }
}
