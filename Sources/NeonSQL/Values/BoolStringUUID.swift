import Foundation

// boolean <-> Bool, text/varchar/char/name <-> String, uuid <-> UUID.

extension Bool: PostgresEncodable, PostgresDecodable {
    /// `t` / `f`.
    public func postgresText(as type: PostgresType) throws -> String? { self ? "t" : "f" }

    /// `t`/`f` (what PostgreSQL prints), also `true`/`false`.
    public static func decode(postgresText text: borrowing PostgresText) throws -> Bool {
        if text.count == 1 {
            if text[0] == UInt8(ascii: "t") { return true }
            if text[0] == UInt8(ascii: "f") { return false }
        }
        if text.equals("true") { return true }
        if text.equals("false") { return false }
        throw PostgresDecodingError("not a boolean (expected t or f)")
    }
}

extension String: PostgresEncodable, PostgresDecodable {
    /// The string verbatim (it travels as a JSON string, escaped on the wire). PostgreSQL text cannot
    /// contain NUL, so a string with U+0000 is an encoding error.
    public func postgresText(as type: PostgresType) throws -> String? {
        if utf8.contains(0) {
            throw PostgresEncodingError("PostgreSQL text cannot contain the NUL character (U+0000)")
        }
        return self
    }

    /// The text verbatim.
    public static func decode(postgresText text: borrowing PostgresText) throws -> String {
        String(decoding: text.bytes, as: UTF8.self)
    }
}

extension UUID: PostgresEncodable, PostgresDecodable {
    /// Lower-case canonical form.
    public func postgresText(as type: PostgresType) throws -> String? { uuidString.lowercased() }

    /// Parses the canonical 8-4-4-4-12 form (either case) without allocating.
    public static func decode(postgresText text: borrowing PostgresText) throws -> UUID {
        guard let uuid = UUIDText.parse(text.bytes) else { throw PostgresDecodingError("not a UUID") }
        return uuid
    }
}

enum UUIDText {
    /// The canonical 8-4-4-4-12 form, either case; `nil` for anything else.
    @inline(__always)
    static func parse(_ text: UnsafeRawBufferPointer) -> UUID? {
        guard text.count == 36, let base = text.baseAddress else { return nil }
        let dash = UInt8(ascii: "-")
        guard base.load(fromByteOffset: 8, as: UInt8.self) == dash, base.load(fromByteOffset: 13, as: UInt8.self) == dash,
            base.load(fromByteOffset: 18, as: UInt8.self) == dash, base.load(fromByteOffset: 23, as: UInt8.self) == dash
        else { return nil }
        // The 32 digits accumulate into two words (stored bytes read back as a tuple would stall
        // store-to-load forwarding). Straight-line arithmetic, no branch per digit: digits and
        // letters alternate unpredictably in a UUID.
        var valid: UInt32 = 1
        var words: (UInt64, UInt64) = (0, 0)
        var position = 0
        for digitIndex in 0..<32 {
            if digitIndex == 8 || digitIndex == 12 || digitIndex == 16 || digitIndex == 20 { position &+= 1 }
            let byte = UInt32(base.load(fromByteOffset: position, as: UInt8.self))
            let isDigit: UInt32 = byte &- 0x30 < 10 ? 1 : 0
            let isLetter: UInt32 = (byte | 0x20) &- 0x61 < 6 ? 1 : 0
            valid &= isDigit | isLetter
            // '0'-'9' -> 0-9; 'a'-'f' and 'A'-'F' (0x41..., 0x61...) -> low nibble + 9.
            let nibble = UInt64((byte & 0x0F) &+ 9 &* (byte >> 6))
            if digitIndex < 16 {
                words.0 = words.0 << 4 | nibble
            } else {
                words.1 = words.1 << 4 | nibble
            }
            position &+= 1
        }
        guard valid == 1 else { return nil }
        return UUID(uuid: unsafeBitCast((words.0.bigEndian, words.1.bigEndian), to: uuid_t.self))
    }
}

@inline(__always)
func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
}
