import Foundation
import NeonSQLShared
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

/// The files of a ``QueryCache`` directory: one file per entry (``CacheFileFormat``), and one
/// small marker file per table a write has invalidated. Entries are kept under a byte limit by
/// ``trim(toBytes:)``, least recently used first.
///
/// Every file is written to a temporary file in the same directory, created with permissions
/// 0600 (owner only), then renamed over its name: a reader, in this process or another one (an
/// app and its widget), sees either the old file or the new one, never a partial one, and
/// validates what it reads. Nothing here throws: a file that cannot be written is simply not
/// cached, one that cannot be read is a miss.
///
/// A marker holds the time of the last write that changed its table (or, for the two special
/// markers, any table, or everything); an entry fetched at or before a marker of a table it read
/// is stale. Invalidation therefore never rewrites or scans entries, and reaches entries of
/// every identity, in every process sharing the directory.
struct DirectoryStore: Sendable {
    static let entrySuffix = ".nsqc"
    private static let markerPrefix = "invalidated-"
    private static let markerMagic = Data("NSQM".utf8)
    let directory: URL

    init(directory: URL) {
        self.directory = directory
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
    }

    // MARK: Entries

    /// The bytes of `key`'s file, nil when there is none (or it cannot be read).
    func read(_ key: CacheKey) -> Data? {
        FileManager.default.contents(atPath: url(key.fileName).path)
    }

    func write(_ data: Data, for key: CacheKey) {
        writeAtomically(data, name: key.fileName)
    }

    func remove(_ key: CacheKey) {
        try? FileManager.default.removeItem(at: url(key.fileName))
    }

    /// Removes every entry file (all identities) or those of the identity with `digest`, and,
    /// for all identities, the invalidation markers.
    func removeEntries(identityDigest digest: String? = nil) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        let prefix = digest.map { String($0.prefix(16)) + "-" }
        for name in names {
            let isEntry = name.hasSuffix(Self.entrySuffix)
            let matches = prefix.map { isEntry && name.hasPrefix($0) }
                ?? (isEntry || name.hasPrefix(Self.markerPrefix) || name.hasPrefix(".tmp-"))
            if matches { try? FileManager.default.removeItem(at: url(name)) }
        }
    }

    // MARK: Size

    /// What ``trim(toBytes:)`` found and removed.
    struct TrimResult: Equatable {
        /// The entry bytes on disk before trimming.
        var bytesBefore = 0
        var removedFiles = 0
        var removedBytes = 0
    }

    /// Removes the least recently used entry files (oldest modification time first: a file is
    /// rewritten when fetched and touched when loaded) until the entries take at most `limit`
    /// bytes, and temporary files a crashed writer left (older than an hour). Entries of every
    /// identity count, and so do those another process sharing the directory wrote.
    func trim(toBytes limit: Int) -> TrimResult {
        var result = TrimResult()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return result }
        var entries: [(name: String, size: Int, modified: Double)] = []
        let abandoned = Date().timeIntervalSince1970 - 3600
        for name in names {
            let isEntry = name.hasSuffix(Self.entrySuffix)
            guard isEntry || name.hasPrefix(".tmp-"), let status = fileStatus(name) else { continue }
            if isEntry {
                entries.append((name, status.size, status.modified))
            } else if status.modified < abandoned {
                unlink(url(name).path)
            }
        }
        result.bytesBefore = entries.reduce(0) { $0 + $1.size }
        guard result.bytesBefore > limit else { return result }
        // Oldest first; the name breaks ties so that every process agrees on the order.
        entries.sort { ($0.modified, $0.name) < ($1.modified, $1.name) }
        var remaining = result.bytesBefore
        for entry in entries where remaining > limit {
            guard unlink(url(entry.name).path) == 0 else { continue }
            remaining -= entry.size
            result.removedFiles += 1
            result.removedBytes += entry.size
        }
        return result
    }

    /// Marks `key`'s file as just used (its modification time), so that trimming keeps it longer.
    func touch(_ key: CacheKey) {
        utimes(url(key.fileName).path, nil)
    }

    /// The size and modification time (seconds since 1970) of the file `name`, nil when it is
    /// gone or not a regular file.
    private func fileStatus(_ name: String) -> (size: Int, modified: Double)? {
        var status = stat()
        guard stat(url(name).path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        #if canImport(Darwin)
        let time = status.st_mtimespec
        #else
        let time = status.st_mtim
        #endif
        return (Int(status.st_size), Double(time.tv_sec) + Double(time.tv_nsec) / 1e9)
    }

    // MARK: Markers

    /// The last invalidation time recorded for `marker` (a table name or a special marker).
    func marker(_ marker: String) -> Date? {
        guard let data = FileManager.default.contents(atPath: url(Self.markerName(marker)).path) else { return nil }
        var reader = ByteReader(data)
        guard reader.raw(count: Self.markerMagic.count) == Self.markerMagic, let bits = reader.uint64(),
              let checksum = reader.uint64(), reader.remaining == 0,
              FNV1a64.hash(data.prefix(Self.markerMagic.count + 8)) == checksum else { return nil }
        let date = Date(timeIntervalSince1970: Double(bitPattern: bits))
        return date.timeIntervalSince1970.isFinite ? date : nil
    }

    /// Records an invalidation of `marker` at `date` (keeping a later one already there).
    func setMarker(_ marker: String, to date: Date) {
        if let existing = self.marker(marker), existing >= date { return }
        var writer = ByteWriter()
        writer.raw(Self.markerMagic)
        writer.uint64(date.timeIntervalSince1970.bitPattern)
        writer.uint64(FNV1a64.hash(writer.data))
        writeAtomically(writer.data, name: Self.markerName(marker))
    }

    private static func markerName(_ marker: String) -> String {
        markerPrefix + String(SHA256.hex(of: Array(marker.utf8)).prefix(32))
    }

    // MARK: Files

    private func url(_ name: String) -> URL {
        directory.appendingPathComponent(name, isDirectory: false)
    }

    /// Writes `data` to a new 0600 temporary file and renames it over `name`.
    private func writeAtomically(_ data: Data, name: String) {
        let temporary = url(".tmp-\(UUID().uuidString)").path
        let destination = url(name).path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { return }
        var written = 0
        let complete: Bool = data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return true }
            while written < raw.count {
                let result = posixWrite(descriptor, base + written, raw.count - written)
                if result <= 0 { return false }
                written += result
            }
            return true
        }
        close(descriptor)
        if !complete || rename(temporary, destination) != 0 {
            unlink(temporary)
        }
    }
}

/// The C `write`, out of reach of ``DirectoryStore/write(_:for:)``'s name.
private func posixWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
