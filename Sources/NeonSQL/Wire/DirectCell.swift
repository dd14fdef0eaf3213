import Foundation

// Cells read in place, without the string scan first. The text PostgreSQL prints for integers,
// `double precision`, `timestamptz`/`timestamp`, `uuid`, `boolean` and `integer[]` is ASCII from a
// small set (digits, hex letters, `-+.:eE T{,}`) that holds no `"`, `\` or control character. So
// when such a parser, started right after a cell's opening quote, accepts every byte up to a `"`,
// that quote is the cell's closing one and the text has no escapes: the same text and the same
// value the general path (`scanStringContent`, then the type's `decode(postgresText:)`) reads.
// Anything else (a leading `+` or spaces the general parsers accept, more digits, `infinity`, NaN,
// NULL elements, an escape, malformed text, the end of the body) returns `nil`, and the general
// path reads or rejects the cell with its usual errors.

enum DirectCell {
    /// The cell starting at `start` (just past its opening quote) as `Value`, and the index of its
    /// closing quote; `nil` when `Value` has no direct reader or this text is not for one. Nullable
    /// columns ask for the wrapped type (`RowDecoder.decodeDirectOptional`): a quoted cell is never NULL.
    @inline(__always)
    static func read<Value>(_: Value.Type, in bytes: UnsafeRawBufferPointer, at start: Int) -> (value: Value, end: Int)? {
        // Compile-time tests once specialized: only the branch of `Value` remains.
        if Value.self == Int.self {
            // Generated code reads every integer column as `Int`, `bigint` included: up to 15 digits.
            guard let (integer, end) = integer(bytes, at: start, upTo15Digits: true) else { return nil }
            return (cast(integer, to: Value.self), end)
        }
        if Value.self == Int64.self {
            guard let (integer, end) = integer(bytes, at: start) else { return nil }
            return (cast(Int64(integer), to: Value.self), end)
        }
        if Value.self == Int32.self {
            // At most 7 digits: always within Int32.
            guard let (integer, end) = integer(bytes, at: start) else { return nil }
            return (cast(Int32(truncatingIfNeeded: integer), to: Value.self), end)
        }
        if Value.self == Double.self {
            guard let (double, end) = double(bytes, at: start) else { return nil }
            return (cast(double, to: Value.self), end)
        }
        if Value.self == Date.self {
            guard let (date, end) = TimestampText.direct(bytes, at: start) else { return nil }
            return (cast(date, to: Value.self), end)
        }
        if Value.self == UUID.self {
            guard let base = bytes.baseAddress, start &+ 37 <= bytes.count,
                base.load(fromByteOffset: start &+ 36, as: UInt8.self) == UInt8(ascii: "\""),
                let uuid = UUIDText.parse(UnsafeRawBufferPointer(start: base + start, count: 36))
            else { return nil }
            return (cast(uuid, to: Value.self), start &+ 36)
        }
        if Value.self == Bool.self {
            // `t` or `f`, what PostgreSQL prints.
            guard let base = bytes.baseAddress, start &+ 2 <= bytes.count,
                base.load(fromByteOffset: start &+ 1, as: UInt8.self) == UInt8(ascii: "\"")
            else { return nil }
            let letter = base.load(fromByteOffset: start, as: UInt8.self)
            guard letter == UInt8(ascii: "t") || letter == UInt8(ascii: "f") else { return nil }
            return (cast(letter == UInt8(ascii: "t"), to: Value.self), start &+ 1)
        }
        if Value.self == [Int].self {
            guard let (integers, end) = integers(bytes, at: start) else { return nil }
            return (cast(integers, to: Value.self), end)
        }
        return nil
    }

    /// `{i,j,...}` or `{}` of integers as `integer` reads them, followed by `"`: the commas before
    /// the first `}` (not past a quote) counted eight bytes at a time, then the elements read into an array of that
    /// capacity, each checked to end at its comma (the last at the `}`).
    @inline(__always)
    static func integers(_ bytes: UnsafeRawBufferPointer, at start: Int) -> (value: [Int], end: Int)? {
        guard let base = bytes.baseAddress, start &+ 2 < bytes.count,
            base.load(fromByteOffset: start, as: UInt8.self) == UInt8(ascii: "{")
        else { return nil }
        let first = start &+ 1
        if base.load(fromByteOffset: first, as: UInt8.self) == UInt8(ascii: "}") {
            guard base.load(fromByteOffset: first &+ 1, as: UInt8.self) == UInt8(ascii: "\"") else { return nil }
            return ([], first &+ 1)
        }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        /// Bit 7 set in exactly the bytes of `word` equal to `byte` (no carry crosses a byte).
        @inline(__always) func matches(_ word: UInt64, _ byte: UInt8) -> UInt64 {
            let x = word ^ (ones &* UInt64(byte))
            return ~(((x & lows) &+ lows) | x) & ~lows
        }
        var commas = 0
        var close = first
        while true {
            guard close &+ 8 <= bytes.count else { return nil }
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: close, as: UInt64.self))
            let closing = matches(word, UInt8(ascii: "}"))
            let separators = matches(word, UInt8(ascii: ","))
            // A quote first ends the search: it stays inside the cell, whatever follows it.
            let stop = closing | matches(word, UInt8(ascii: "\""))
            if stop != 0 {
                let offset = stop.trailingZeroBitCount &>> 3
                guard closing &>> (offset &* 8) & 0x80 != 0 else { return nil }
                commas &+= (separators & (1 &<< UInt64(offset &* 8) &- 1)).nonzeroBitCount
                close &+= offset
                break
            }
            commas &+= separators.nonzeroBitCount
            close &+= 8
        }
        guard close &+ 1 < bytes.count, base.load(fromByteOffset: close &+ 1, as: UInt8.self) == UInt8(ascii: "\"") else { return nil }
        var values: [Int] = []
        values.reserveCapacity(commas &+ 1)
        var position = first
        for _ in 0..<commas {
            guard let (value, end) = element(base, count: bytes.count, at: position),
                base.load(fromByteOffset: end, as: UInt8.self) == UInt8(ascii: ",")
            else { return nil }
            values.append(value)
            position = end &+ 1
        }
        guard let (last, end) = element(base, count: bytes.count, at: position), end == close else { return nil }
        values.append(last)
        return (values, close &+ 1)
    }

    /// `-?` and 1 to 7 digits at `index` followed by `,` or `}`: the value and the index of that byte.
    @inline(__always)
    private static func element(_ base: UnsafeRawPointer, count: Int, at index: Int) -> (value: Int, end: Int)? {
        guard index &+ 9 <= count else { return nil }
        let negative = base.load(fromByteOffset: index, as: UInt8.self) == UInt8(ascii: "-")
        let digitsStart = negative ? index &+ 1 : index
        let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: digitsStart, as: UInt64.self))
        let run = DecimalDigits.digitRun(word)
        guard run > 0, run < 8 else { return nil }
        let next = word &>> (run &* 8) & 0xFF
        guard next == UInt64(UInt8(ascii: ",")) || next == UInt64(UInt8(ascii: "}")) else { return nil }
        let magnitude = Int(truncatingIfNeeded: DecimalDigits.value(ofEightDigits: (word &- 0x3030_3030_3030_3030) &<< ((8 &- run) &* 8)))
        return (negative ? -magnitude : magnitude, digitsStart &+ run)
    }

    /// `value` as `Value`, which is `T` (the callers test it): a bit cast, no dynamic cast.
    @inline(__always)
    private static func cast<T, Value>(_ value: T, to: Value.Type) -> Value {
        unsafeBitCast(value, to: Value.self)
    }

    /// `-?` and 1 to 7 digits followed by `"`: one 8-byte load, its digit run, its value. With
    /// `upTo15Digits`, 8 to 15 digits too (always within `Int`), through a second load.
    @inline(__always)
    static func integer(_ bytes: UnsafeRawBufferPointer, at start: Int, upTo15Digits: Bool = false) -> (value: Int, end: Int)? {
        guard let base = bytes.baseAddress, start &+ 9 <= bytes.count else { return nil }
        let negative = base.load(fromByteOffset: start, as: UInt8.self) == UInt8(ascii: "-")
        let digitsStart = negative ? start &+ 1 : start
        let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: digitsStart, as: UInt64.self))
        let run = DecimalDigits.digitRun(word)
        guard run > 0 else { return nil }
        guard run < 8 else {
            guard upTo15Digits, let (magnitude, end) = longMagnitude(base, count: bytes.count, at: digitsStart, first: word) else { return nil }
            return (negative ? -magnitude : magnitude, end)
        }
        // The byte after the run is inside the word: it must be the closing quote.
        guard word &>> (run &* 8) & 0xFF == UInt64(UInt8(ascii: "\"")) else { return nil }
        let magnitude = Int(truncatingIfNeeded: DecimalDigits.value(ofEightDigits: (word &- 0x3030_3030_3030_3030) &<< ((8 &- run) &* 8)))
        return (negative ? -magnitude : magnitude, digitsStart &+ run)
    }

    /// Eight digits in `first` (loaded at `index`), then 0 to 7 more followed by `"`: their value
    /// (below 10^15) and the index of the quote. Where `Int` has 32 bits (watchOS arm64_32) such
    /// a value may not fit: nil, and the general reader decides (a constant test, folded away).
    @inline(never)
    static func longMagnitude(_ base: UnsafeRawPointer, count: Int, at index: Int, first: UInt64) -> (value: Int, end: Int)? {
        guard Int.bitWidth == 64, index &+ 16 <= count else { return nil }
        let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index &+ 8, as: UInt64.self))
        let run = DecimalDigits.digitRun(word)
        guard run < 8, word &>> (run &* 8) & 0xFF == UInt64(UInt8(ascii: "\"")) else { return nil }
        let high = DecimalDigits.value(ofEightDigits: first &- 0x3030_3030_3030_3030)
        let low = run == 0 ? 0 : DecimalDigits.value(ofEightDigits: (word &- 0x3030_3030_3030_3030) &<< ((8 &- run) &* 8))
        return (Int(truncatingIfNeeded: high &* powersOfTen[run] &+ low), index &+ 8 &+ run)
    }

    /// Decimal float text followed by `"`, through `DoubleText`'s exact paths.
    @inline(__always)
    static func double(_ bytes: UnsafeRawBufferPointer, at start: Int) -> (value: Double, end: Int)? {
        guard let base = bytes.baseAddress, start < bytes.count else { return nil }
        let decimal: DecimalDigits
        let end: Int
        if let plain = plainDecimal(base, at: start, count: bytes.count) {
            (decimal, end) = plain
        } else {
            guard let (read, readEnd) = DecimalDigits.read(base, from: start, count: bytes.count),
                readEnd < bytes.count, readEnd &- start < 64, base.load(fromByteOffset: readEnd, as: UInt8.self) == UInt8(ascii: "\"")
            else { return nil }
            (decimal, end) = (read, readEnd)
        }
        guard decimal.significand != 0 else { return (decimal.negative ? -0.0 : 0.0, end) }
        guard let magnitude = DoubleText.nearest(decimal.significand, timesTenToThe: decimal.exponent) else { return nil }
        return (decimal.negative ? -magnitude : magnitude, end)
    }

    /// What PostgreSQL prints for most `double precision` values, `-?d{1,7}(.d{1,15})?` then `"`,
    /// with at most 19 digits in all, in two or three 8-byte loads; the same significand and
    /// exponent as `DecimalDigits.read` (leading zeros add nothing to the value) and the index of
    /// the quote. `nil` for any other shape (an exponent, longer runs, the end of the body near),
    /// which `DecimalDigits.read` then reads.
    @inline(__always)
    static func plainDecimal(_ base: UnsafeRawPointer, at start: Int, count: Int) -> (DecimalDigits, end: Int)? {
        guard start &+ 25 <= count else { return nil }
        @inline(__always) func word(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        /// The value of the run's digits (the run's bytes lowest in `word`).
        @inline(__always) func value(_ word: UInt64, _ run: Int) -> UInt64 {
            DecimalDigits.value(ofEightDigits: (word &- 0x3030_3030_3030_3030) &<< ((8 &- run) &* 8))
        }
        let negative = base.load(fromByteOffset: start, as: UInt8.self) == UInt8(ascii: "-")
        let integerStart = negative ? start &+ 1 : start
        let integerWord = word(integerStart)
        let integerRun = DecimalDigits.digitRun(integerWord)
        guard integerRun > 0, integerRun < 8 else { return nil }
        let integer = value(integerWord, integerRun)
        let afterInteger = integerWord &>> (integerRun &* 8) & 0xFF
        if afterInteger == UInt64(UInt8(ascii: "\"")) {
            return (DecimalDigits(negative: negative, significand: integer, exponent: 0), integerStart &+ integerRun)
        }
        guard afterInteger == UInt64(UInt8(ascii: ".")) else { return nil }
        let fractionStart = integerStart &+ integerRun &+ 1
        let fractionWord = word(fractionStart)
        let fractionRun = DecimalDigits.digitRun(fractionWord)
        guard fractionRun > 0 else { return nil }
        var significand: UInt64
        var fractionDigits: Int
        if fractionRun < 8 {
            significand = integer &* powersOfTen[fractionRun] &+ value(fractionWord, fractionRun)
            fractionDigits = fractionRun
        } else {
            let restWord = word(fractionStart &+ 8)
            let restRun = DecimalDigits.digitRun(restWord)
            guard restRun < 8, integerRun &+ 8 &+ restRun <= 19 else { return nil }
            // No digit after the first eight: no second value (a shift by 64 would wrap to 0).
            let rest = restRun == 0 ? 0 : value(restWord, restRun)
            significand = (integer &* 100_000_000 &+ value(fractionWord, 8)) &* powersOfTen[restRun] &+ rest
            fractionDigits = 8 &+ restRun
        }
        let end = fractionStart &+ fractionDigits
        guard base.load(fromByteOffset: end, as: UInt8.self) == UInt8(ascii: "\"") else { return nil }
        return (DecimalDigits(negative: negative, significand: significand, exponent: -fractionDigits), end)
    }
}
