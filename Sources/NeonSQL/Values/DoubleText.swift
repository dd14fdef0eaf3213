// The allocation-free path for `double precision` text: PostgreSQL prints the shortest text that
// round-trips (`142.71428571428572`, `1e+100`, `-0.5`), at most 17 significant digits. Such text is
// parsed here exactly, with integer arithmetic, and rounded once (to nearest, ties to even), which
// is what `Double(String)` (strtod) returns. Anything else (more than 19 significant digits, a
// decimal exponent beyond ±19, NaN, Infinity, malformed text) goes to `FloatText.decode`, the
// reference path, so errors and special values are unchanged.

enum DoubleText {
    /// The `Double` nearest to the decimal text, or `nil` when the text is outside this path
    /// (then the caller falls back to the reference parser, which also reports malformed text).
    @inline(__always)
    static func parse(_ bytes: UnsafeRawBufferPointer) -> Double? {
        let count = bytes.count
        guard count > 0, count < 64 else { return nil }
        let (negative, digitsStart) = IntegerText.sign(bytes)
        var index = digitsStart
        var mantissa: UInt64 = 0
        var significantDigits = 0
        /// Reads a run of digits into `mantissa` (leading zeros skipped); their count, or `nil`
        /// past 19 significant digits.
        func readDigits() -> Int? {
            let start = index
            if mantissa == 0 {
                while index < count, bytes[index] == UInt8(ascii: "0") { index += 1 }
            }
            // From here every digit is significant (the first is not a zero).
            while index < count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                guard significantDigits < 19 else { return nil }
                mantissa = mantissa &* 10 &+ UInt64(digit)
                significantDigits += 1
                index += 1
            }
            return index - start
        }
        guard let integerDigits = readDigits(), integerDigits > 0 else { return nil }
        var decimalExponent = 0
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard let fractionDigits = readDigits(), fractionDigits > 0 else { return nil }
            decimalExponent = -fractionDigits
        }
        if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            var exponent = 0
            let exponentStart = index
            while index < count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10, exponent < 10_000 else { break }
                exponent = exponent * 10 + Int(digit)
                index += 1
            }
            guard index > exponentStart else { return nil }
            decimalExponent += exponentNegative ? -exponent : exponent
        }
        guard index == count else { return nil }
        guard mantissa != 0 else { return negative ? -0.0 : 0.0 }
        guard let magnitude = exactlyRounded(mantissa, timesTenToThe: decimalExponent) else { return nil }
        return negative ? -magnitude : magnitude
    }

    /// `mantissa × 10^exponent` rounded once to the nearest `Double` (ties to even), for
    /// `|exponent| <= 19`; `nil` outside that range.
    @inline(__always)
    static func exactlyRounded(_ mantissa: UInt64, timesTenToThe exponent: Int) -> Double? {
        if exponent == 0 { return Double(mantissa) }  // UInt64 -> Double rounds to nearest even.
        guard exponent >= -19, exponent <= 19 else { return nil }
        if exponent > 0 {
            // The exact 128-bit product, rounded.
            let (high, low) = mantissa.multipliedFullWidth(by: powersOfTen[exponent])
            if high == 0 { return Double(low) }
            let shift = high.leadingZeroBitCount
            let top = shift == 0 ? high : high << shift | low >> (64 - shift)
            let rest = shift == 0 ? low : low << shift
            return rounded(top, sticky: rest != 0, binaryExponent: 64 - shift)
        }
        // mantissa / 10^-exponent: a 64-bit quotient with its top bit set, from the numerator
        // shifted left so the quotient is normalized, and the remainder as the sticky bit.
        let divisor = powersOfTen[-exponent]
        var shift = 63 + (64 - divisor.leadingZeroBitCount) - (64 - mantissa.leadingZeroBitCount)
        var quotient = divide(mantissa, shiftedLeftBy: shift, by: divisor)
        if quotient.value >> 63 == 0 {
            shift += 1
            quotient = divide(mantissa, shiftedLeftBy: shift, by: divisor)
        }
        return rounded(quotient.value, sticky: quotient.remainder != 0, binaryExponent: -shift)
    }

    /// `(value << shift) / divisor` for a shift that keeps the quotient under 2^64.
    @inline(__always)
    private static func divide(_ value: UInt64, shiftedLeftBy shift: Int, by divisor: UInt64) -> (value: UInt64, remainder: UInt64) {
        let high: UInt64
        let low: UInt64
        if shift >= 64 {
            high = value << (shift - 64)
            low = 0
        } else {
            high = value >> (64 - shift)
            low = value << shift
        }
        let (quotient, remainder) = divisor.dividingFullWidth((high: high, low: low))
        return (quotient, remainder)
    }

    /// `(top + fraction) × 2^binaryExponent` rounded to 53 bits, where `top` has its high bit set and
    /// `sticky` says whether anything below `top` is non-zero.
    @inline(__always)
    private static func rounded(_ top: UInt64, sticky: Bool, binaryExponent: Int) -> Double {
        let dropped = top & 0x7FF
        var significand = top >> 11
        if dropped > 0x400 || (dropped == 0x400 && (sticky || significand & 1 == 1)) { significand += 1 }
        return Double(sign: .plus, exponent: binaryExponent + 11, significand: Double(significand))
    }
}

/// 10^0 ... 10^19 (all below 2^64).
private let powersOfTen: [UInt64] = [
    1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
    10_000_000_000, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000,
    1_000_000_000_000_000, 10_000_000_000_000_000, 100_000_000_000_000_000, 1_000_000_000_000_000_000,
    10_000_000_000_000_000_000,
]
