// Decimal number text (`-142.71428571428572`, `1e+100`) as a significand of at most 19 digits and
// a power of ten, for `DoubleText`. Digits are read eight at a time: one 8-byte load, a SWAR test
// for the run's length and three multiply-adds for its value, instead of a loop per digit.

struct DecimalDigits {
    var negative: Bool
    /// The digits without the decimal point (leading zeros dropped), below 10^19.
    var significand: UInt64
    /// The power of ten the significand is scaled by.
    var exponent: Int

    /// All of `bytes` as `[+-]digits[.digits][(e|E)[+-]digits]` with at least one digit on each
    /// side of a point; `nil` for anything else, more than 19 significant digits, or text of 64
    /// bytes or more.
    @inline(__always)
    static func read(_ bytes: UnsafeRawBufferPointer) -> DecimalDigits? {
        let count = bytes.count
        guard count > 0, count < 64, let base = bytes.baseAddress,
            let (decimal, end) = read(base, from: 0, count: count), end == count
        else { return nil }
        return decimal
    }

    /// The number of that shape starting at `start` (below `count`), and the index of the first
    /// byte after it (which may be anything, or `count`).
    @inline(__always)
    static func read(_ base: UnsafeRawPointer, from start: Int, count: Int) -> (DecimalDigits, end: Int)? {
        let bytes = UnsafeRawBufferPointer(start: base, count: count)
        var index = start
        var negative = false
        switch bytes[index] {
        case UInt8(ascii: "-"):
            negative = true
            index &+= 1
        case UInt8(ascii: "+"): index &+= 1
        default: break
        }
        var significand: UInt64 = 0
        var significantDigits = 0
        guard let integerDigits = digits(base, count: count, at: &index, into: &significand, significantDigits: &significantDigits),
            integerDigits > 0
        else { return nil }
        var exponent = 0
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index &+= 1
            guard let fractionDigits = digits(base, count: count, at: &index, into: &significand, significantDigits: &significantDigits),
                fractionDigits > 0
            else { return nil }
            exponent = -fractionDigits
        }
        if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index &+= 1
            var exponentNegative = false
            if index < count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index &+= 1
            }
            var written = 0
            let exponentStart = index
            while index < count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10, written < 10_000 else { break }
                written = written &* 10 &+ Int(digit)
                index &+= 1
            }
            guard index > exponentStart else { return nil }
            exponent &+= exponentNegative ? -written : written
        }
        return (DecimalDigits(negative: negative, significand: significand, exponent: exponent), index)
    }

    /// The run of digits at `index` appended to `significand` (leading zeros of a zero
    /// significand not counted as significant); the run's length, or `nil` past 19 significant digits.
    @inline(__always)
    static func digits(
        _ base: UnsafeRawPointer, count: Int, at index: inout Int, into significand: inout UInt64, significantDigits: inout Int
    ) -> Int? {
        let start = index
        while true {
            let word = DecimalDigits.word(base, count: count, at: index)
            let run = DecimalDigits.digitRun(word)
            guard run > 0 else { break }
            // The run's digit values, shifted so the bytes below it are zeros (leading zeros).
            let values = (word &- 0x3030_3030_3030_3030) &<< ((8 &- run) &* 8)
            if significand == 0 {
                let leadingZeros = (values.trailingZeroBitCount &>> 3) &- (8 &- run)
                significantDigits = run &- leadingZeros
            } else {
                significantDigits &+= run
            }
            guard significantDigits <= 19 else { return nil }
            significand = significand &* powersOfTen[run] &+ DecimalDigits.value(ofEightDigits: values)
            index &+= run
            guard run == 8 else { break }
        }
        return index &- start
    }

    /// The 8 bytes from `index` as a little-endian word (the byte at `index` lowest); bytes past
    /// the text read as zero. Never reads outside the text.
    @inline(__always)
    static func word(_ base: UnsafeRawPointer, count: Int, at index: Int) -> UInt64 {
        let available = count &- index
        if available >= 8 { return UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self)) }
        guard available > 0 else { return 0 }
        if count >= 8 {
            // The text's last 8 bytes, shifted down to start at `index`.
            let tail = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
            return tail &>> ((8 &- available) &* 8)
        }
        var word: UInt64 = 0
        for offset in 0..<available {
            word |= UInt64(base.load(fromByteOffset: index &+ offset, as: UInt8.self)) &<< (offset &* 8)
        }
        return word
    }

    /// How many of the word's bytes, from the lowest, are ASCII digits (0 to 8).
    @inline(__always)
    static func digitRun(_ word: UInt64) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        // Per byte x (its low 7 bits, so nothing carries): x + 0x50 has bit 7 set iff x >= '0',
        // x + 0x46 iff x > '9'; a byte with bit 7 set is no digit.
        let low = word & ~highs
        let digits = (low &+ ones &* 0x50) & ~(low &+ ones &* 0x46) & ~word & highs
        return (~digits & highs).trailingZeroBitCount &>> 3
    }

    /// Eight digit values (0-9, the most significant in the lowest byte) as one number.
    @inline(__always)
    static func value(ofEightDigits digits: UInt64) -> UInt64 {
        // Pairs, then quadruples, then all eight; no lane overflows its width.
        var value = digits &* 10 &+ digits &>> 8
        value = (value & 0x00FF_00FF_00FF_00FF) &* 100 &+ (value &>> 16 & 0x00FF_00FF_00FF_00FF)
        value = (value & 0x0000_FFFF_0000_FFFF) &* 10_000 &+ (value &>> 32 & 0x0000_FFFF_0000_FFFF)
        return value & 0xFFFF_FFFF
    }
}
