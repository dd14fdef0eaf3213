import Foundation

/// The outbox log's record framing: every record is
///
/// ```
/// "NSQW" | version (1 byte) | type (1 byte) | payload length (4 bytes, big-endian)
///        | FNV-1a 64 of the payload (8 bytes, big-endian) | payload (JSON)
/// ```
///
/// The magic lets a reader find the next record after damage; the length and checksum tell a
/// truncated or corrupted record from a good one; the version tells a record written by a newer
/// library (which this one must not guess at) from a damaged one.
enum OutboxRecordFormat {
    static let magic: [UInt8] = Array("NSQW".utf8)
    static let version: UInt8 = 1
    static let headerSize = 18
    /// No record is larger (a write's statements and parameters, or a resolution with results).
    static let maxPayload = 16 * 1024 * 1024

    enum RecordType: UInt8 {
        case write = 1
        case resolution = 2
    }

    /// One record read back.
    enum Record {
        case write(StoredWrite)
        case resolution(StoredResolution)
    }

    /// Why bytes of the log could not be read as records.
    enum Damage: String, Sendable {
        /// The log ends inside a record (a crash during an append, or a cut file).
        case truncated
        /// A record's bytes do not match its checksum or do not decode.
        case corrupt
        /// A record written by a newer version of the library.
        case newerVersion
    }

    /// The bytes of one record.
    static func encode(_ record: Record) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let payload: Data
        let type: RecordType
        switch record {
        case .write(let write):
            payload = try encoder.encode(write)
            type = .write
        case .resolution(let resolution):
            payload = try encoder.encode(resolution)
            type = .resolution
        }
        var out = Data(capacity: headerSize + payload.count)
        out.append(contentsOf: magic)
        out.append(version)
        out.append(type.rawValue)
        withUnsafeBytes(of: UInt32(payload.count).bigEndian) { out.append(contentsOf: $0) }
        withUnsafeBytes(of: FNV1a64.hash(payload).bigEndian) { out.append(contentsOf: $0) }
        out.append(payload)
        return out
    }

    /// The result of reading a range of the log.
    struct Scan {
        /// The records read, with the offset each starts at.
        var records: [(offset: Int, record: Record)] = []
        /// Damaged spans, in order: where each starts, its length, and why.
        var damage: [(offset: Int, length: Int, reason: Damage)] = []
        /// Where reading stopped (the end of the bytes).
        var end: Int = 0
    }

    /// Reads every record of `bytes` from `start`. Bytes that are not a whole, valid record are
    /// reported as damage up to the next magic (or the end), never skipped silently.
    static func scan(_ bytes: Data, from start: Int) -> Scan {
        var scan = Scan()
        let count = bytes.count
        var offset = start
        let decoder = JSONDecoder()
        bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            func isMagic(at position: Int) -> Bool {
                position + magic.count <= count && (0..<magic.count).allSatisfy { raw[position + $0] == magic[$0] }
            }
            func nextMagic(after position: Int) -> Int {
                var probe = position + 1
                while probe < count {
                    if isMagic(at: probe) { return probe }
                    probe += 1
                }
                return count
            }
            func readUInt(_ position: Int, _ size: Int) -> UInt64 {
                var value: UInt64 = 0
                for index in 0..<size { value = value << 8 | UInt64(raw[position + index]) }
                return value
            }
            while offset < count {
                guard isMagic(at: offset) else {
                    // A partial magic at the very end is a cut append.
                    let next = nextMagic(after: offset)
                    let reason: Damage = next == count && count - offset < headerSize ? .truncated : .corrupt
                    scan.damage.append((offset, next - offset, reason))
                    offset = next
                    continue
                }
                guard offset + headerSize <= count else {
                    scan.damage.append((offset, count - offset, .truncated))
                    offset = count
                    break
                }
                let version = raw[offset + 4]
                let type = raw[offset + 5]
                let length = Int(readUInt(offset + 6, 4))
                let checksum = readUInt(offset + 10, 8)
                let payloadStart = offset + headerSize
                if version > self.version {
                    // A newer record's framing is assumed to be this one's (the magic and length
                    // stay); if its length is implausible, only the damage up to the next magic.
                    let end = length <= maxPayload && payloadStart + length <= count ? payloadStart + length : nextMagic(after: offset)
                    scan.damage.append((offset, end - offset, .newerVersion))
                    offset = end
                    continue
                }
                guard length <= maxPayload else {
                    let next = nextMagic(after: offset)
                    scan.damage.append((offset, next - offset, .corrupt))
                    offset = next
                    continue
                }
                guard payloadStart + length <= count else {
                    let next = nextMagic(after: offset)
                    scan.damage.append((offset, next - offset, next == count ? .truncated : .corrupt))
                    offset = next
                    continue
                }
                let payload = bytes[bytes.startIndex + payloadStart ..< bytes.startIndex + payloadStart + length]
                let record: Record?
                if FNV1a64.hash(payload) != checksum {
                    record = nil
                } else if type == RecordType.write.rawValue {
                    record = (try? decoder.decode(StoredWrite.self, from: payload)).map(Record.write)
                } else if type == RecordType.resolution.rawValue {
                    record = (try? decoder.decode(StoredResolution.self, from: payload)).map(Record.resolution)
                } else {
                    record = nil
                }
                guard let record else {
                    // The framing held (the record ends where another starts, or at the end):
                    // only this record is damaged; otherwise look for the next magic.
                    let end = payloadStart + length
                    let next = end == count || isMagic(at: end) ? end : nextMagic(after: offset)
                    scan.damage.append((offset, next - offset, .corrupt))
                    offset = next
                    continue
                }
                scan.records.append((offset, record))
                offset = payloadStart + length
            }
        }
        scan.end = offset
        return scan
    }
}
