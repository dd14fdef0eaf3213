import Foundation

/// Why the outbox refused to take a write or could not use its directory.
public enum OutboxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// ``NeonClient/enqueue(_:optimistic:)->QueuedWrite<Result>`` on a client whose configuration has no ``NeonConfiguration/outbox``.
    case notConfigured
    /// The configuration has an outbox but no ``NeonConfiguration/exactlyOnceWrites``: without
    /// idempotency keys a replayed write could be applied twice, so the outbox refuses to run.
    case requiresExactlyOnceWrites
    /// The outbox holds as many writes or bytes as its ``OutboxLimit`` allows.
    case full(OutboxFullError)
    /// A statement of the write has a parameter that could not be encoded (nothing was queued).
    case encoding(ParameterEncodingError)
    /// An enqueue without statements.
    case emptyWrite
    /// The outbox directory could not be read or written (the message says what and why).
    case storage(String)

    /// What went wrong, for logs.
    public var description: String {
        switch self {
        case .notConfigured:
            return "NeonSQL outbox: the client's configuration has no outbox (set configuration.outbox)"
        case .requiresExactlyOnceWrites:
            return "NeonSQL outbox: configuration.outbox requires configuration.exactlyOnceWrites "
                + "(idempotency keys make a replayed write apply once); create its table with ExactlyOnceWrites.migrationSQL"
        case .full(let full): return full.description
        case .encoding(let failure): return "NeonSQL outbox: nothing was queued: \(failure)"
        case .emptyWrite: return "NeonSQL outbox: a write needs at least one statement"
        case .storage(let message): return "NeonSQL outbox: \(message)"
        }
    }
}

/// The outbox is full: the write was not queued. Wait for pending writes to drain (the app is
/// probably offline), or discard some.
public struct OutboxFullError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Writes pending when the enqueue was refused.
    public let pendingWrites: Int
    /// Bytes of the pending writes' records.
    public let pendingBytes: Int
    /// Bytes the refused write needed.
    public let writeBytes: Int
    /// The limit that was reached.
    public let limit: OutboxLimit

    /// Counts and the limit.
    public var description: String {
        "NeonSQL outbox: full (\(pendingWrites) writes, \(pendingBytes) bytes pending; limit \(limit.maxWrites) writes, "
            + "\(limit.maxBytes) bytes; this write needs \(writeBytes) bytes): not queued"
    }
}

/// How much the outbox may hold before ``NeonClient/enqueue(_:optimistic:)->QueuedWrite<Result>`` throws ``OutboxError/full(_:)``.
public struct OutboxLimit: Sendable, Hashable {
    /// Pending writes at most (default 10,000).
    public var maxWrites: Int
    /// Bytes of pending writes at most, as stored (default 16 MiB).
    public var maxBytes: Int

    /// A limit of `maxWrites` writes and `maxBytes` bytes.
    public init(maxWrites: Int = 10_000, maxBytes: Int = 16 * 1024 * 1024) {
        self.maxWrites = max(1, maxWrites)
        self.maxBytes = max(1, maxBytes)
    }

    /// 10,000 writes, 16 MiB.
    public static let `default` = OutboxLimit()
}

/// Bytes of the outbox's log that could not be read back as writes, moved to the directory's
/// `quarantine/` folder (never dropped silently). A write among them is not replayed: it is in
/// the quarantined file for inspection.
public struct OutboxDamageReport: Sendable, Hashable, CustomStringConvertible {
    /// Why the bytes could not be read.
    public enum Reason: String, Sendable, Hashable {
        /// The log ended inside a record: a crash during an enqueue that had not returned, or a
        /// file cut short.
        case truncated
        /// The bytes do not match their checksum or do not decode.
        case corrupt
        /// Written by a newer version of NeonSQL (the app was downgraded, or another process of
        /// the app group runs a newer version).
        case newerVersion
    }

    /// Why.
    public let reason: Reason
    /// How many bytes were moved aside.
    public let byteCount: Int
    /// The file in `quarantine/` that holds them; nil if it could not be written.
    public let quarantinedFile: URL?

    /// Reason, size and file name.
    public var description: String {
        "outbox damage (\(reason.rawValue), \(byteCount) bytes) moved to \(quarantinedFile?.lastPathComponent ?? "<not saved>")"
    }
}
