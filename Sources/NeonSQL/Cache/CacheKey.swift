import Foundation
import NeonSQLShared

/// What a cache entry answers: one statement (name, SQL, bound parameters and their types) for
/// one ``CacheIdentity``. Two statements differing in anything here never share an entry.
struct CacheKey: Sendable, Hashable {
    /// ``CacheIdentity/digest`` of the requester.
    let identity: String
    let name: String
    let sql: String
    let parameters: [String?]
    /// The types the parameters were bound as.
    let types: [PostgresType]

    init<R>(_ statement: Statement<R>, identity: CacheIdentity) {
        self.identity = identity.digest
        self.name = statement.name
        self.sql = statement.sql
        self.parameters = statement.bindings.values
        self.types = statement.bindings.types
    }

    /// An unambiguous byte encoding of every field (length-prefixed), stored in the entry's file
    /// and compared on load, so a collision of file names can never serve another key's entry.
    var encoded: Data {
        var writer = ByteWriter()
        writer.string(identity)
        writer.string(name)
        writer.string(sql)
        writer.uint32(UInt32(truncatingIfNeeded: parameters.count))
        for parameter in parameters {
            if let parameter {
                writer.uint8(1)
                writer.string(parameter)
            } else {
                writer.uint8(0)
            }
        }
        writer.uint32(UInt32(truncatingIfNeeded: types.count))
        for type in types { writer.string("\(type.oid):\(type.name)") }
        return writer.data
    }

    /// The entry's file name: the identity's digest (so one identity's files can be removed
    /// without reading them) and the SHA-256 of the whole key, both shortened; no parameter text.
    var fileName: String {
        "\(identity.prefix(16))-\(SHA256.hex(of: encoded).prefix(32))\(DirectoryStore.entrySuffix)"
    }
}

/// Appends big-endian integers and length-prefixed bytes.
struct ByteWriter {
    private(set) var data = Data()

    mutating func uint8(_ value: UInt8) { data.append(value) }
    mutating func uint16(_ value: UInt16) { append(UInt64(value), bytes: 2) }
    mutating func uint32(_ value: UInt32) { append(UInt64(value), bytes: 4) }
    mutating func uint64(_ value: UInt64) { append(value, bytes: 8) }
    mutating func bytes(_ value: Data) {
        uint32(UInt32(truncatingIfNeeded: value.count))
        data.append(value)
    }
    mutating func string(_ value: String) { bytes(Data(value.utf8)) }
    mutating func raw(_ value: Data) { data.append(value) }

    private mutating func append(_ value: UInt64, bytes: Int) {
        for index in (0..<bytes).reversed() { data.append(UInt8(truncatingIfNeeded: value >> UInt64(index * 8))) }
    }
}

/// Reads what ``ByteWriter`` wrote, checking every length against what is left: a truncated or
/// random file gives nil, never a crash or a huge allocation.
struct ByteReader {
    private let data: [UInt8]
    private(set) var offset = 0

    init(_ data: Data) { self.data = Array(data) }

    var remaining: Int { data.count - offset }

    mutating func uint8() -> UInt8? { integer(bytes: 1).map { UInt8(truncatingIfNeeded: $0) } }
    mutating func uint16() -> UInt16? { integer(bytes: 2).map { UInt16(truncatingIfNeeded: $0) } }
    mutating func uint32() -> UInt32? { integer(bytes: 4).map { UInt32(truncatingIfNeeded: $0) } }
    mutating func uint64() -> UInt64? { integer(bytes: 8) }

    mutating func raw(count: Int) -> Data? {
        guard count >= 0, count <= remaining else { return nil }
        defer { offset += count }
        return Data(data[offset..<offset + count])
    }

    mutating func bytes() -> Data? {
        guard let count = uint32() else { return nil }
        return raw(count: Int(count))
    }

    mutating func string() -> String? {
        bytes().flatMap { String(data: $0, encoding: .utf8) }
    }

    private mutating func integer(bytes: Int) -> UInt64? {
        guard bytes <= remaining else { return nil }
        var value: UInt64 = 0
        for index in offset..<offset + bytes { value = value << 8 | UInt64(data[index]) }
        offset += bytes
        return value
    }
}
