import Foundation

// bytea <-> Data. Output is decoded from the hex format (`\x4142`, PostgreSQL's default) and from
// the legacy escape format (`bytea_output = escape`); input is always sent as hex.

extension Data: PostgresTextEncodable, PostgresTextDecodable {
    /// `\x` followed by lower-case hex.
    public func postgresText(as type: PostgresType) throws -> String? {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(2 + count * 2)
        out.append(UInt8(ascii: "\\"))
        out.append(UInt8(ascii: "x"))
        for byte in self {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Parses hex (`\x...`) or escape format.
    public static func decode(postgresText text: borrowing PostgresText) throws -> Data {
        let count = text.count
        if count >= 2, text[0] == UInt8(ascii: "\\"), text[1] == UInt8(ascii: "x") {
            guard count % 2 == 0 else { throw PostgresTextDecodingError("odd number of hex digits in bytea") }
            var data = Data(count: (count - 2) / 2)
            let ok = data.withUnsafeMutableBytes { (out: UnsafeMutableRawBufferPointer) -> Bool in
                var position = 2
                var index = 0
                while position < count {
                    guard let high = hexValue(text[position]), let low = hexValue(text[position + 1]) else {
                        return false
                    }
                    out[index] = high << 4 | low
                    index += 1
                    position += 2
                }
                return true
            }
            guard ok else { throw PostgresTextDecodingError("invalid hex digit in bytea") }
            return data
        }
        // Escape format: `\\` is a backslash, `\ooo` an octal byte, anything else literal.
        var data = Data()
        data.reserveCapacity(count)
        var position = 0
        while position < count {
            let byte = text[position]
            if byte != UInt8(ascii: "\\") {
                data.append(byte)
                position += 1
                continue
            }
            guard position + 1 < count else { throw PostgresTextDecodingError("truncated escape in bytea") }
            if text[position + 1] == UInt8(ascii: "\\") {
                data.append(UInt8(ascii: "\\"))
                position += 2
                continue
            }
            guard position + 3 < count else { throw PostgresTextDecodingError("truncated octal escape in bytea") }
            var value = 0
            for offset in 1...3 {
                let digit = Int(text[position + offset]) - Int(UInt8(ascii: "0"))
                guard (0...7).contains(digit) else { throw PostgresTextDecodingError("invalid octal escape in bytea") }
                value = value * 8 + digit
            }
            guard value <= 255 else { throw PostgresTextDecodingError("invalid octal escape in bytea") }
            data.append(UInt8(value))
            position += 4
        }
        return data
    }
}
