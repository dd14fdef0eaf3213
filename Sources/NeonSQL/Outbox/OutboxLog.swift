import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The outbox's storage: one append-only log file (`writes.log`) in the outbox directory, shared
/// by every process that opens the directory.
///
/// - An enqueue appends one record and `fsync`s the file (and, the first time after the file was
///   created, its directory): when ``append(_:limit:)`` returns, a crash or `kill -9` cannot lose
///   the write. That is one `write` and one `fsync`, the floor for a durable write.
/// - Settling a write appends a resolution record without `fsync`: losing it in a crash only
///   means the write is sent again, and its idempotency key makes that resend `alreadyApplied`.
/// - Every access holds `outbox.lock` (``OutboxFileLock``), so processes append whole records
///   in one order; each process reads only what was appended since its last read.
/// - When the settled records outweigh the pending ones, the log is rewritten (a new file renamed
///   over the old one; other processes notice the new file and read it whole).
/// - Bytes that do not read back as records (a cut append, corruption, a newer version's record)
///   are copied to `quarantine/` and reported (``OutboxDamageReport``), and the log is rewritten
///   without them: never dropped silently, never a crash.
actor OutboxLog {
    let directory: URL
    private let logURL: URL
    private let quarantineURL: URL
    private let lock: OutboxFileLock
    private var descriptor: Int32 = -1
    private var inode: UInt64 = 0
    private var needsDirectorySync = false

    /// What this process has read of the log.
    private var scannedEnd = 0
    private var pendingOrder: [UUID] = []
    private var pendingWrites: [UUID: (write: StoredWrite, bytes: Int)] = [:]
    private var pendingBytes = 0
    private var resolutions: [UUID: StoredResolution] = [:]
    private var resolutionOrder: [UUID] = []
    private var settledBytes = 0
    /// Damage found and not yet taken by ``takeDamageReports()``.
    private var damageReports: [OutboxDamageReport] = []

    /// Serialises this actor's operations across their suspension points (waiting for the file lock).
    private var busy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Resolutions kept when the log is rewritten, for processes waiting for their writes' outcomes.
    static let keptResolutions = 256

    init(directory: URL) throws {
        self.directory = directory
        logURL = directory.appendingPathComponent("writes.log")
        quarantineURL = directory.appendingPathComponent("quarantine", isDirectory: true)
        try Self.ensureDirectory(directory)
        lock = try OutboxFileLock(url: directory.appendingPathComponent("outbox.lock"))
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Creates `directory` if it does not exist.
    @discardableResult
    static func ensureDirectory(_ directory: URL) throws -> URL {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return directory
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw OutboxError.storage("cannot create the outbox directory: \(error.localizedDescription)")
        }
        // The new directory's entry in its parent must be on disk too, or a crash could lose the
        // directory with the writes in it.
        try? syncDirectory(directory.deletingLastPathComponent())
        return directory
    }

    // MARK: Operations

    /// Appends `write` durably (written and `fsync`ed) unless it would exceed `limit`.
    func append(_ write: StoredWrite, limit: OutboxLimit) async throws {
        let record = try Self.encode(.write(write))
        try await exclusively {
            try refresh()
            if pendingOrder.count + 1 > limit.maxWrites || pendingBytes + record.count > limit.maxBytes {
                throw OutboxError.full(OutboxFullError(pendingWrites: pendingOrder.count, pendingBytes: pendingBytes,
                                                       writeBytes: record.count, limit: limit))
            }
            let offset = try appendBytes(record, durably: true)
            apply(.write(write), bytes: record.count)
            scannedEnd = offset + record.count
        }
    }

    /// Records how `resolved` writes were settled (not `fsync`ed, see the type's documentation)
    /// and rewrites the log when settled records dominate it.
    func resolve(_ resolved: [StoredResolution]) async throws {
        guard !resolved.isEmpty else { return }
        var bytes = Data()
        for resolution in resolved { bytes.append(try Self.encode(.resolution(resolution))) }
        try await exclusively {
            try refresh()
            let offset = try appendBytes(bytes, durably: false)
            for resolution in resolved { apply(.resolution(resolution), bytes: 0) }
            settledBytes += bytes.count
            scannedEnd = offset + bytes.count
            if settledBytes > 64 * 1024 && settledBytes > 2 * pendingBytes {
                try rewrite()
            }
        }
    }

    /// The pending writes in enqueue order (of every identity when `identity` is nil).
    func pending(identity: String? = nil) async throws -> [StoredWrite] {
        try await exclusively {
            try refresh()
            return pendingOrder.compactMap { id in
                guard let write = pendingWrites[id]?.write, identity == nil || write.identity == identity else { return nil }
                return write
            }
        }
    }

    /// The pending writes as of this process's last read, without reading the log again.
    func cachedPending() -> [StoredWrite] {
        pendingOrder.compactMap { pendingWrites[$0]?.write }
    }

    /// How `id` was settled, if this process has read its resolution; `nil` while it is pending
    /// or unknown.
    func resolution(of id: UUID) -> StoredResolution? { resolutions[id] }

    /// Whether `id` is still pending as of the last read.
    func isPending(_ id: UUID) -> Bool { pendingWrites[id] != nil }

    /// Damage reports found since the last call.
    func takeDamageReports() -> [OutboxDamageReport] {
        defer { damageReports = [] }
        return damageReports
    }

    // MARK: Mutual exclusion

    private func exclusively<T>(_ body: () throws -> T) async throws -> T {
        while busy {
            await withCheckedContinuation { waiters.append($0) }
        }
        busy = true
        defer {
            busy = false
            if !waiters.isEmpty { waiters.removeFirst().resume() }
        }
        try await lock.acquire()
        defer { lock.release() }
        return try body()
    }

    // MARK: File access (called with the lock held)

    /// Opens the log if needed (or again, when another process replaced it) and reads what was
    /// appended since the last read.
    private func refresh() throws {
        var pathStatus = stat()
        let exists = stat(logURL.path, &pathStatus) == 0
        if descriptor < 0 || !exists || UInt64(pathStatus.st_ino) != inode {
            try reopen()
        }
        var fileStatus = stat()
        guard fstat(descriptor, &fileStatus) == 0 else { throw storageError("cannot read the log's size") }
        let size = Int(fileStatus.st_size)
        if size < scannedEnd { try reopen(); return try refresh() }
        guard size > scannedEnd else { return }
        let bytes = try readBytes(from: scannedEnd, count: size - scannedEnd)
        let scan = OutboxRecordFormat.scan(bytes, from: 0)
        for (offset, record) in scan.records {
            apply(record, bytes: Self.recordSize(record, at: offset, in: scan, total: bytes.count))
        }
        scannedEnd = size
        if !scan.damage.isEmpty {
            for damage in scan.damage {
                let start = bytes.startIndex + damage.offset
                quarantine(bytes[start ..< start + damage.length], reason: damage.reason)
            }
            try rewrite()
        }
    }

    /// The size of a record read in a scan (up to the next record or damage, or the end).
    private static func recordSize(_ record: OutboxRecordFormat.Record, at offset: Int, in scan: OutboxRecordFormat.Scan,
                                   total: Int) -> Int {
        let starts = scan.records.map(\.offset) + scan.damage.map(\.offset) + [total]
        return (starts.filter { $0 > offset }.min() ?? total) - offset
    }

    private func apply(_ record: OutboxRecordFormat.Record, bytes: Int) {
        switch record {
        case .write(let write):
            guard pendingWrites[write.id] == nil, resolutions[write.id] == nil else { return }
            pendingWrites[write.id] = (write, bytes)
            pendingOrder.append(write.id)
            pendingBytes += bytes
        case .resolution(let resolution):
            if let pending = pendingWrites.removeValue(forKey: resolution.id) {
                pendingBytes -= pending.bytes
                if let index = pendingOrder.firstIndex(of: resolution.id) { pendingOrder.remove(at: index) }
            }
            if resolutions[resolution.id] == nil { resolutionOrder.append(resolution.id) }
            resolutions[resolution.id] = resolution
        }
    }

    private func reopen() throws {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        var existing = stat()
        let existed = stat(logURL.path, &existing) == 0
        let opened = open(logURL.path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard opened >= 0 else { throw storageError("cannot open the log") }
        descriptor = opened
        var status = stat()
        guard fstat(opened, &status) == 0 else { throw storageError("cannot read the log's status") }
        inode = UInt64(status.st_ino)
        if !existed { needsDirectorySync = true }
        scannedEnd = 0
        pendingOrder = []
        pendingWrites = [:]
        pendingBytes = 0
        settledBytes = 0
        // Resolutions already read stay known: a rewrite keeps only the latest ones.
    }

    private func readBytes(from offset: Int, count: Int) throws -> Data {
        var data = Data(count: count)
        var done = 0
        try data.withUnsafeMutableBytes { (buffer: UnsafeMutableRawBufferPointer) in
            guard let base = buffer.baseAddress else { return }
            while done < count {
                let read = pread(descriptor, base + done, count - done, off_t(offset + done))
                if read < 0 {
                    if errno == EINTR { continue }
                    throw storageError("cannot read the log")
                }
                if read == 0 { break }
                done += read
            }
        }
        return done == count ? data : data.prefix(done)
    }

    /// Appends `bytes` at the end; returns the offset they start at. On a failed write the log
    /// is cut back to where it was, so no partial record stays behind.
    private func appendBytes(_ bytes: Data, durably: Bool) throws -> Int {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw storageError("cannot read the log's size") }
        let offset = Int(status.st_size)
        do {
            try Self.writeAll(bytes, to: descriptor)
        } catch {
            _ = ftruncate(descriptor, off_t(offset))
            throw error
        }
        if durably {
            guard fsync(descriptor) == 0 else { throw storageError("cannot flush the log to disk") }
            if needsDirectorySync {
                try Self.syncDirectory(directory)
                needsDirectorySync = false
            }
        }
        return offset
    }

    static func writeAll(_ bytes: Data, to descriptor: Int32) throws {
        try bytes.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            guard let base = buffer.baseAddress else { return }
            var done = 0
            while done < buffer.count {
                let written = write(descriptor, base + done, buffer.count - done)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw OutboxError.storage("cannot write the log: \(String(cString: strerror(errno)))")
                }
                done += written
            }
        }
    }

    static func syncDirectory(_ url: URL) throws {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw OutboxError.storage("cannot open the outbox directory to flush it") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw OutboxError.storage("cannot flush the outbox directory") }
    }

    /// Writes the pending writes and the latest resolutions to a new file, flushes it and renames
    /// it over the log.
    private func rewrite() throws {
        var bytes = Data()
        var kept: [(OutboxRecordFormat.Record, Int)] = []
        for id in pendingOrder {
            guard let write = pendingWrites[id]?.write else { continue }
            let record = try Self.encode(.write(write))
            bytes.append(record)
            kept.append((.write(write), record.count))
        }
        for id in resolutionOrder.suffix(Self.keptResolutions) {
            guard let resolution = resolutions[id] else { continue }
            let record = try Self.encode(.resolution(resolution))
            bytes.append(record)
            kept.append((.resolution(resolution), 0))
        }
        let temporary = directory.appendingPathComponent("writes.log.\(UUID().uuidString).tmp")
        let out = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard out >= 0 else { throw storageError("cannot create the rewritten log") }
        do {
            try Self.writeAll(bytes, to: out)
            guard fsync(out) == 0 else { throw storageError("cannot flush the rewritten log") }
            close(out)
        } catch {
            close(out)
            unlink(temporary.path)
            throw error
        }
        guard rename(temporary.path, logURL.path) == 0 else {
            unlink(temporary.path)
            throw storageError("cannot replace the log")
        }
        try Self.syncDirectory(directory)
        try reopen()
        needsDirectorySync = false
        for (record, size) in kept { apply(record, bytes: size) }
        settledBytes = bytes.count - pendingBytes
        scannedEnd = bytes.count
    }

    /// Copies damaged bytes to `quarantine/` and records a report.
    private func quarantine(_ bytes: Data, reason: OutboxRecordFormat.Damage) {
        let name = "\(Int(Date().timeIntervalSince1970 * 1000))-\(reason.rawValue)-\(UUID().uuidString.prefix(8)).records"
        let file = quarantineURL.appendingPathComponent(name)
        var saved: URL? = nil
        do {
            try FileManager.default.createDirectory(at: quarantineURL, withIntermediateDirectories: true)
            try bytes.write(to: file, options: .atomic)
            saved = file
        } catch {
            saved = nil
        }
        let kind: OutboxDamageReport.Reason
        switch reason {
        case .truncated: kind = .truncated
        case .corrupt: kind = .corrupt
        case .newerVersion: kind = .newerVersion
        }
        damageReports.append(OutboxDamageReport(reason: kind, byteCount: bytes.count, quarantinedFile: saved))
    }

    private static func encode(_ record: OutboxRecordFormat.Record) throws -> Data {
        do {
            return try OutboxRecordFormat.encode(record)
        } catch {
            throw OutboxError.storage("cannot encode an outbox record: \(error.localizedDescription)")
        }
    }

    private func storageError(_ what: String) -> OutboxError {
        .storage("\(what) (\(logURL.lastPathComponent)): \(String(cString: strerror(errno)))")
    }
}
