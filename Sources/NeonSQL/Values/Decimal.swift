import Foundation

// numeric <-> Decimal.
//
// Foundation's Decimal holds 38 significant decimal digits; a numeric with more digits is rounded
// to 38 (PostgreSQL numeric allows up to 131072 digits before the point). `NaN` maps to
// `Decimal.nan`; numeric `Infinity` (PostgreSQL 14+) has no Decimal equivalent and is an error.

extension Decimal: PostgresTextEncodable, PostgresTextDecodable {
    /// Plain decimal text (`-123.45`), `NaN` for NaN.
    public func postgresText(as type: PostgresType) throws -> String? {
        if isNaN { return "NaN" }
        return description
    }

    /// Parses numeric text.
    public static func decode(postgresText text: borrowing PostgresText) throws -> Decimal {
        if text.equals("NaN") { return .nan }
        if text.equals("Infinity") || text.equals("-Infinity") {
            throw PostgresTextDecodingError("numeric infinity cannot be represented as Decimal")
        }
        if let fast = fastParse(text.bytes) { return fast }
        // Validate the shape before handing it to Foundation's (lenient) parser.
        var sawDigit = false
        for index in 0..<text.count {
            let byte = text[index]
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): sawDigit = true
            case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): continue
            default: throw PostgresTextDecodingError("not a numeric value")
            }
        }
        guard sawDigit, let value = Decimal(string: text.string, locale: nil) else {
            throw PostgresTextDecodingError("not a numeric value")
        }
        return value
    }

    /// The largest scale ``fastParse(_:)`` reads: `-128` is Decimal's smallest exponent.
    private static let maximumFastScale = 128

    /// Up to 18 significant digits without an exponent: no Foundation parsing, no allocation.
    private static func fastParse(_ bytes: UnsafeRawBufferPointer) -> Decimal? {
        var index = 0
        var negative = false
        if bytes.count > 0, bytes[0] == UInt8(ascii: "-") {
            negative = true
            index = 1
        }
        var significand: UInt64 = 0
        var digits = 0
        var scale = 0
        var sawPoint = false
        var sawDigit = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") {
                if sawPoint { return nil }
                sawPoint = true
            } else {
                let digit = byte &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                sawDigit = true
                if significand != 0 || digit != 0 { digits += 1 }
                if digits > 18 { return nil }
                significand = significand &* 10 &+ UInt64(digit)
                if sawPoint { scale += 1 }
            }
            index += 1
        }
        // Decimal's exponent ends at -128: a larger scale (leading zeros after the point) is left
        // to Foundation's parser, not wrapped or rounded to zero by `init(sign:exponent:significand:)`.
        guard sawDigit, scale <= maximumFastScale else { return nil }
        return Decimal(sign: negative ? .minus : .plus, exponent: -scale, significand: Decimal(significand))
    }
}
