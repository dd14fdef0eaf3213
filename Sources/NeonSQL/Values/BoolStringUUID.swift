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
        guard text.count == 36 else { throw PostgresTextDecodingError("not a UUID") }
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let ok = withUnsafeMutableBytes(of: &bytes) { out -> Bool in
            var position = 0
            for byteIndex in 0..<16 {
                if position == 8 || position == 13 || position == 18 || position == 23 {
                    guard text[position] == UInt8(ascii: "-") else { return false }
                    position += 1
                }
                guard let high = hexValue(text[position]), let low = hexValue(text[position + 1]) else { return false }
                out[byteIndex] = high << 4 | low
                position += 2
            }
            return true
        }
        guard ok else { throw PostgresTextDecodingError("not a UUID") }
        return UUID(uuid: bytes)
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
