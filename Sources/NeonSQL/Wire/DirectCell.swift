import Foundation

// Cells read in place, without the string scan first. The text PostgreSQL prints for integers,
// `double precision`, `timestamptz`/`timestamp`, `uuid` and `boolean` is ASCII from a small set (digits, hex
// letters, `-+.:eE T`) that holds no `"`, `\` or control character. So when such a parser, started
// right after a cell's opening quote, accepts every byte up to a `"`, that quote is the cell's
// closing one and the text has no escapes: the same text and the same value the general path
// (`scanStringContent`, then the type's `decode(postgresText:)`) reads. Anything else (a sign or
// leading `+` the general parsers accept, more digits, `infinity`, NaN, an escape, malformed
// text, the end of the body) returns `nil`, and the general path reads or rejects the cell with
// its usual errors.

enum DirectCell {
    /// The cell starting at `start` (just past its opening quote) as `Value`, and the index of its
    /// closing quote; `nil` when `Value` has no direct reader or this text is not for one.
    @inline(__always)
    static func read<Value>(_: Value.Type, in bytes: UnsafeRawBufferPointer, at start: Int) -> (value: Value, end: Int)? {
        // Compile-time tests once specialized: only the branch of `Value` remains.
        if Value.self == Int.self || Value.self == Int?.self {
            guard let (integer, end) = integer(bytes, at: start) else { return nil }
            return (cast(integer, to: Value.self), end)
        }
        if Value.self == Int64.self || Value.self == Int64?.self {
            guard let (integer, end) = integer(bytes, at: start) else { return nil }
            return (cast(Int64(integer), to: Value.self), end)
        }
        if Value.self == Int32.self || Value.self == Int32?.self {
            // At most 7 digits: always within Int32.
            guard let (integer, end) = integer(bytes, at: start) else { return nil }
            return (cast(Int32(truncatingIfNeeded: integer), to: Value.self), end)
        }
        if Value.self == Double.self || Value.self == Double?.self {
            guard let (double, end) = double(bytes, at: start) else { return nil }
            return (cast(double, to: Value.self), end)
        }
        if Value.self == Date.self || Value.self == Date?.self {
            guard let (date, end) = TimestampText.direct(bytes, at: start) else { return nil }
            return (cast(date, to: Value.self), end)
        }
        if Value.self == UUID.self || Value.self == UUID?.self {
            guard let base = bytes.baseAddress, start &+ 37 <= bytes.count,
                base.load(fromByteOffset: start &+ 36, as: UInt8.self) == UInt8(ascii: "\""),
                let uuid = UUIDText.parse(UnsafeRawBufferPointer(start: base + start, count: 36))
            else { return nil }
            return (cast(uuid, to: Value.self), start &+ 36)
        }
        if Value.self == Bool.self || Value.self == Bool?.self {
            // `t` or `f`, what PostgreSQL prints.
            guard let base = bytes.baseAddress, start &+ 2 <= bytes.count,
                base.load(fromByteOffset: start &+ 1, as: UInt8.self) == UInt8(ascii: "\"")
            else { return nil }
            let letter = base.load(fromByteOffset: start, as: UInt8.self)
            guard letter == UInt8(ascii: "t") || letter == UInt8(ascii: "f") else { return nil }
            return (cast(letter == UInt8(ascii: "t"), to: Value.self), start &+ 1)
        }
        return nil
    }

    /// `value` as `Value`, which is `T` or `T?` (the callers test it): a bit cast, no dynamic cast.
    @inline(__always)
    private static func cast<T, Value>(_ value: T, to: Value.Type) -> Value {
        if Value.self == T.self { return unsafeBitCast(value, to: Value.self) }
        return unsafeBitCast(Optional(value), to: Value.self)
    }

    /// `-?` and 1 to 7 digits followed by `"`: one 8-byte load, its digit run, its value.
    @inline(__always)
    static func integer(_ bytes: UnsafeRawBufferPointer, at start: Int) -> (value: Int, end: Int)? {
        guard let base = bytes.baseAddress, start &+ 9 <= bytes.count else { return nil }
        let negative = base.load(fromByteOffset: start, as: UInt8.self) == UInt8(ascii: "-")
        let digitsStart = negative ? start &+ 1 : start
        let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: digitsStart, as: UInt64.self))
        let run = DecimalDigits.digitRun(word)
        // The byte after the run is inside the word: it must be the closing quote.
        guard run > 0, run < 8, word &>> (run &* 8) & 0xFF == UInt64(UInt8(ascii: "\"")) else { return nil }
        let magnitude = Int(truncatingIfNeeded: DecimalDigits.value(ofEightDigits: (word &- 0x3030_3030_3030_3030) &<< ((8 &- run) &* 8)))
        return (negative ? -magnitude : magnitude, digitsStart &+ run)
    }

    /// Decimal float text followed by `"`, through `DoubleText`'s exact paths.
    @inline(__always)
    static func double(_ bytes: UnsafeRawBufferPointer, at start: Int) -> (value: Double, end: Int)? {
        guard let base = bytes.baseAddress, start < bytes.count,
            let (decimal, end) = DecimalDigits.read(base, from: start, count: bytes.count),
            end < bytes.count, end &- start < 64, base.load(fromByteOffset: end, as: UInt8.self) == UInt8(ascii: "\"")
        else { return nil }
        guard decimal.significand != 0 else { return (decimal.negative ? -0.0 : 0.0, end) }
        guard let magnitude = DoubleText.nearest(decimal.significand, timesTenToThe: decimal.exponent) else { return nil }
        return (decimal.negative ? -magnitude : magnitude, end)
    }
}
