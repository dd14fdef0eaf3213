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
/// every identity, in every process sharing the directory. A marker that cannot be read back
/// (damaged, or something other than a file at its name) is ``MarkerState/unreadable``: the
/// cache counts it as an invalidation now, so it makes entries stale, never fresh.
///
/// The files that are ours, and the only ones this store ever deletes (the directory may be
/// shared with other files): names ending in ``entrySuffix``, names starting with
/// `invalidated-` (markers), and names starting with `.tmp-` (files being written).
struct DirectoryStore: Sendable {
    static let entrySuffix = ".nsqc"
    private static let markerPrefix = "invalidated-"
    private static let temporaryPrefix = ".tmp-"
    private static let markerMagic = Data("NSQM".utf8)
    /// The smallest entry file ``CacheFileFormat`` writes (magic, version, flags, the lengths of
    /// an empty schema version, key, read list and body, the date, the flag and the checksum).
    static let minimumEntrySize = 4 + 2 + 1 + 4 + 4 + 8 + 1 + 4 + 4 + 8
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

    /// Writes `key`'s file; false when it could not be written (a full disk, no permission, a
    /// directory that is not empty at its name).
    @discardableResult
    func write(_ data: Data, for key: CacheKey) -> Bool {
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
                ?? (isEntry || name.hasPrefix(Self.markerPrefix) || name.hasPrefix(Self.temporaryPrefix))
            if matches { try? FileManager.default.removeItem(at: url(name)) }
        }
    }

    /// Removes every entry file (all identities), keeping the markers.
    func removeEntryFiles() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasSuffix(Self.entrySuffix) { unlink(url(name).path) }
    }

    // MARK: Size

    /// What ``trim(toBytes:)`` found and removed.
    struct TrimResult: Equatable {
        /// The entry bytes on disk before trimming.
        var bytesBefore = 0
        var removedFiles = 0
        var removedBytes = 0
        /// Why each file of ours that could never be used was deleted (not counted in
        /// ``removedFiles``).
        var dropped: [QueryCache.DropReason] = []
    }

    /// Removes the least recently used entry files (oldest modification time first: a file is
    /// rewritten when fetched and touched when loaded) until the entries take at most `limit`
    /// bytes. Entries of every identity count, and so do those another process sharing the
    /// directory wrote.
    ///
    /// It also cleans what is ours and can never be used, each reported in
    /// ``TrimResult/dropped`` (and nothing else: a file of another name is never touched):
    /// - temporary files a crashed writer left (`.tmp-`, older than an hour);
    /// - entry files whose name no key can have or too short to hold an entry, and empty
    ///   directories at an entry's name (they would keep it from being stored);
    /// - marker files whose name no table can have; a marker with a valid name that cannot be
    ///   read back is rewritten as an invalidation now (removing it could make fresh what it
    ///   made stale).
    func trim(toBytes limit: Int) -> TrimResult {
        var result = TrimResult()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return result }
        var entries: [(name: String, size: Int, modified: Double)] = []
        let abandoned = Date().timeIntervalSince1970 - 3600
        for name in names {
            if name.hasPrefix(Self.markerPrefix) {
                cleanMarker(name, result: &result)
                continue
            }
            let isEntry = name.hasSuffix(Self.entrySuffix)
            guard isEntry || name.hasPrefix(Self.temporaryPrefix), let status = fileStatus(name) else { continue }
            if isEntry {
                if !Self.isEntryName(name) {
                    // No key has this name: it can never be read.
                    if status.isFile ? unlink(url(name).path) == 0 : rmdir(url(name).path) == 0 { result.dropped.append(.corrupt) }
                } else if !status.isFile {
                    // An empty directory would keep the entry from ever being stored.
                    if rmdir(url(name).path) == 0 { result.dropped.append(.corrupt) }
                } else if status.size < Self.minimumEntrySize {
                    if unlink(url(name).path) == 0 { result.dropped.append(.truncated) }
                } else {
                    entries.append((name, status.size, status.modified))
                }
            } else if status.isFile, status.modified < abandoned {
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

    /// Deletes the marker file `name` when no table's marker can have that name; rewrites one
    /// with a marker's name that cannot be read back as an invalidation now.
    private func cleanMarker(_ name: String, result: inout TrimResult) {
        guard Self.isMarkerName(name) else {
            guard let status = fileStatus(name) else { return }
            if status.isFile ? unlink(url(name).path) == 0 : rmdir(url(name).path) == 0 { result.dropped.append(.corrupt) }
            return
        }
        if case .unreadable = markerState(fileName: name) {
            writeMarker(Date(), fileName: name)
            result.dropped.append(.corrupt)
        }
    }

    /// Whether `name` is an entry file's name: 16 and 32 lowercase hexadecimal digits
    /// (``CacheKey/fileName``).
    static func isEntryName(_ name: String) -> Bool {
        guard name.hasSuffix(entrySuffix) else { return false }
        let parts = name.dropLast(entrySuffix.count).split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 2 && parts[0].count == 16 && parts[1].count == 32 && parts.allSatisfy(isLowercaseHex)
    }

    /// Whether `name` is a marker file's name: the prefix and 32 lowercase hexadecimal digits.
    static func isMarkerName(_ name: String) -> Bool {
        guard name.hasPrefix(markerPrefix) else { return false }
        let digits = name.dropFirst(markerPrefix.count)
        return digits.count == 32 && isLowercaseHex(digits)
    }

    private static func isLowercaseHex(_ text: Substring) -> Bool {
        text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }

    /// Marks `key`'s file as just used (its modification time), so that trimming keeps it longer.
    func touch(_ key: CacheKey) {
        utimes(url(key.fileName).path, nil)
    }

    /// The size and modification time (seconds since 1970) of `name` (not following a symbolic
    /// link), and whether it is a regular file or a directory; nil when it is gone or anything else.
    private func fileStatus(_ name: String) -> (size: Int, modified: Double, isFile: Bool)? {
        var status = stat()
        guard lstat(url(name).path, &status) == 0 else { return nil }
        let type = status.st_mode & S_IFMT
        guard type == S_IFREG || type == S_IFDIR else { return nil }
        #if canImport(Darwin)
        let time = status.st_mtimespec
        #else
        let time = status.st_mtim
        #endif
        return (Int(status.st_size), Double(time.tv_sec) + Double(time.tv_nsec) / 1e9, type == S_IFREG)
    }

    // MARK: Markers

    /// What a marker file holds.
    enum MarkerState: Equatable {
        /// No invalidation recorded (no file).
        case absent
        /// The last invalidation recorded.
        case recorded(Date)
        /// Something is at the marker's name that cannot be read back as a marker (damaged bytes,
        /// a directory, a file without permission): the time of the last invalidation is unknown.
        case unreadable
    }

    /// The last invalidation recorded for `marker` (a table name or a special marker).
    func marker(_ marker: String) -> MarkerState {
        markerState(fileName: Self.markerName(marker))
    }

    private func markerState(fileName: String) -> MarkerState {
        let path = url(fileName).path
        guard let data = FileManager.default.contents(atPath: path) else {
            // No bytes: absent only when nothing is there.
            var status = stat()
            return lstat(path, &status) != 0 && errno == ENOENT ? .absent : .unreadable
        }
        var reader = ByteReader(data)
        guard reader.raw(count: Self.markerMagic.count) == Self.markerMagic, let bits = reader.uint64(),
              let checksum = reader.uint64(), reader.remaining == 0,
              FNV1a64.hash(data.prefix(Self.markerMagic.count + 8)) == checksum else { return .unreadable }
        let date = Date(timeIntervalSince1970: Double(bitPattern: bits))
        return date.timeIntervalSince1970.isFinite ? .recorded(date) : .unreadable
    }

    /// Records an invalidation of `marker` at `date` (keeping a later one already there; one
    /// that cannot be read back is replaced). False when the file could not be written.
    @discardableResult
    func setMarker(_ marker: String, to date: Date) -> Bool {
        if case .recorded(let existing) = self.marker(marker), existing >= date { return true }
        return writeMarker(date, fileName: Self.markerName(marker))
    }

    @discardableResult
    private func writeMarker(_ date: Date, fileName: String) -> Bool {
        var writer = ByteWriter()
        writer.raw(Self.markerMagic)
        writer.uint64(date.timeIntervalSince1970.bitPattern)
        writer.uint64(FNV1a64.hash(writer.data))
        return writeAtomically(writer.data, name: fileName)
    }

    private static func markerName(_ marker: String) -> String {
        markerPrefix + String(SHA256.hex(of: Array(marker.utf8)).prefix(32))
    }

    // MARK: Files

    private func url(_ name: String) -> URL {
        directory.appendingPathComponent(name, isDirectory: false)
    }

    /// Writes `data` to a new 0600 temporary file and renames it over `name`; false when it
    /// could not. An empty directory at `name` is removed first (nothing could be stored there
    /// otherwise); a directory with something in it is left alone.
    @discardableResult
    private func writeAtomically(_ data: Data, name: String) -> Bool {
        let temporary = url(Self.temporaryPrefix + UUID().uuidString).path
        let destination = url(name).path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { return false }
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
        guard complete else {
            unlink(temporary)
            return false
        }
        if rename(temporary, destination) == 0 { return true }
        if fileStatus(name)?.isFile == false, rmdir(destination) == 0, rename(temporary, destination) == 0 { return true }
        unlink(temporary)
        return false
    }
}

/// The C `write`, out of reach of ``DirectoryStore/write(_:for:)``'s name.
private func posixWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
