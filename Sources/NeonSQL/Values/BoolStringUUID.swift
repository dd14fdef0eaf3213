import Foundation

// boolean <-> Bool, text/varchar/char/name <-> String, uuid <-> UUID.

extension Bool: PostgresTextEncodable, PostgresTextDecodable {
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
        throw PostgresTextDecodingError("not a boolean (expected t or f)")
    }
}

extension String: PostgresTextEncodable, PostgresTextDecodable {
    /// The string verbatim (it travels as a JSON string, escaped on the wire). PostgreSQL text cannot
    /// contain NUL, so a string with U+0000 is an encoding error.
    public func postgresText(as type: PostgresType) throws -> String? {
        if utf8.contains(0) {
            throw PostgresTextEncodingError("PostgreSQL text cannot contain the NUL character (U+0000)")
        }
        return self
    }

    /// The text verbatim.
    public static func decode(postgresText text: borrowing PostgresText) throws -> String {
        String(decoding: text.bytes, as: UTF8.self)
    }
}

extension UUID: PostgresTextEncodable, PostgresTextDecodable {
    /// Lower-case canonical form.
    public func postgresText(as type: PostgresType) throws -> String? { uuidString.lowercased() }

    /// Parses the canonical 8-4-4-4-12 form (either case) without allocating.
    public static func decode(postgresText text: borrowing PostgresText) throws -> UUID {
        guard let uuid = UUIDText.parse(text.bytes) else { throw PostgresTextDecodingError("not a UUID") }
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
        // Eight digits at a time (SWAR): groups 0-7, 9-12 + 14-17, 19-22 + 24-27, 28-35.
        func word(_ offset: Int) -> UInt64 { UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
        func half(_ offset: Int) -> UInt64 {
            UInt64(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        }
        guard let first = hexGroup(word(0)), let second = hexGroup(half(9) | half(14) << 32),
            let third = hexGroup(half(19) | half(24) << 32), let fourth = hexGroup(word(28))
        else { return nil }
        let low = (first | second << 32).littleEndian
        let high = (third | fourth << 32).littleEndian
        return UUID(uuid: unsafeBitCast((low, high), to: uuid_t.self))
    }

    /// Eight ASCII hex digits (the first in the lowest byte) as four bytes (the first digit pair in
    /// the lowest byte), or `nil` when any is not a hex digit. Straight-line arithmetic: digits
    /// and letters alternate unpredictably in a UUID, so branches per digit would mispredict.
    @inline(__always)
    static func hexGroup(_ word: UInt64) -> UInt64? {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        guard word & highs == 0 else { return nil }
        // Per byte x < 0x80: x + (0x80 - lo) has its high bit set iff x >= lo, x + (0x7F - hi) iff
        // x > hi; no byte carries into the next.
        let digits = (word &+ ones &* 0x50) & ~(word &+ ones &* 0x46) & highs
        let folded = word | ones &* 0x20
        let letters = (folded &+ ones &* 0x1F) & ~(folded &+ ones &* 0x19) & highs
        guard digits | letters == highs else { return nil }
        // '0'-'9' -> low nibble; 'a'-'f' / 'A'-'F' (bit 6 set) -> low nibble + 9.
        let nibbles = (word & 0x0F0F_0F0F_0F0F_0F0F) &+ ((word >> 6) & ones) &* 9
        // Pair the nibbles (first digit high), then gather the four bytes.
        let pairs = ((nibbles & 0x000F_000F_000F_000F) << 4 | (nibbles >> 8) & 0x000F_000F_000F_000F)
        let quads = (pairs | pairs >> 8) & 0x0000_FFFF_0000_FFFF
        return (quads | quads >> 16) & 0xFFFF_FFFF
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
