/// What PostgreSQL 15's float4in and float8in say about a string constant: spaces, then what
/// glibc's strtod reads (decimal, hexadecimal, `inf`, `infinity`, `nan`, `nan(...)`, signed),
/// then spaces. A decimal number too large, or too small to be anything but zero, is out of
/// range; hexadecimal numbers are accepted whatever their magnitude (not judged).
enum FloatLiteralInput {
    /// PostgreSQL's message for `text` read as real (`single`) or double precision; nil when accepted.
    static func error(_ text: String, single: Bool) -> String? {
        let typeName = single ? "real" : "double precision"
        let syntax = "invalid input syntax for type \(typeName): \"\(text)\""
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count, ScalarLiteralInput.isSpace(bytes[index]) { index += 1 }
        guard let number = numberLength(bytes, from: index) else { return syntax }
        let numberText = String(decoding: bytes[index..<(index + number.length)], as: UTF8.self)
        if number.decimal {
            // Swift reads decimal text with the C library's strtod/strtof, rounding as PostgreSQL does.
            let outOfRange: Bool
            if single {
                guard let value = Float(numberText) else { return nil }
                outOfRange = value.isInfinite || value == 0 && number.nonzeroDigits
            } else {
                guard let value = Double(numberText) else { return nil }
                outOfRange = value.isInfinite || value == 0 && number.nonzeroDigits
            }
            if outOfRange { return "\"\(single ? text : numberText)\" is out of range for type \(typeName)" }
        }
        index += number.length
        while index < bytes.count, ScalarLiteralInput.isSpace(bytes[index]) { index += 1 }
        return index == bytes.count ? nil : syntax
    }

    /// The length of what glibc's strtod reads at `start`, whether it is a decimal number, and
    /// whether its digits hold anything but zeros; nil when it reads nothing.
    static func numberLength(_ bytes: [UInt8], from start: Int) -> (length: Int, decimal: Bool, nonzeroDigits: Bool)? {
        var index = start
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        if matches(bytes, at: index, "infinity") { return (index + 8 - start, false, false) }
        if matches(bytes, at: index, "inf") { return (index + 3 - start, false, false) }
        if matches(bytes, at: index, "nan") {
            index += 3
            var end = index
            if end < bytes.count, bytes[end] == UInt8(ascii: "(") {
                end += 1
                while end < bytes.count, isNaNCharacter(bytes[end]) { end += 1 }
                if end < bytes.count, bytes[end] == UInt8(ascii: ")") { index = end + 1 }
            }
            return (index - start, false, false)
        }
        if matches(bytes, at: index, "0x"), index + 2 < bytes.count,
           ScalarLiteralInput.isHexDigit(bytes[index + 2])
            || bytes[index + 2] == UInt8(ascii: ".") && index + 3 < bytes.count && ScalarLiteralInput.isHexDigit(bytes[index + 3]) {
            index += 2
            while index < bytes.count, ScalarLiteralInput.isHexDigit(bytes[index]) { index += 1 }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                while index < bytes.count, ScalarLiteralInput.isHexDigit(bytes[index]) { index += 1 }
            }
            index += exponentLength(bytes, at: index, marker: UInt8(ascii: "p"))
            return (index - start, false, false)
        }
        var digits = 0
        var nonzero = false
        while index < bytes.count, ScalarLiteralInput.isDigit(bytes[index]) {
            digits += 1
            nonzero = nonzero || bytes[index] != UInt8(ascii: "0")
            index += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            let point = index
            index += 1
            while index < bytes.count, ScalarLiteralInput.isDigit(bytes[index]) {
                digits += 1
                nonzero = nonzero || bytes[index] != UInt8(ascii: "0")
                index += 1
            }
            if digits == 0 { index = point }
        }
        guard digits > 0 else { return nil }
        index += exponentLength(bytes, at: index, marker: UInt8(ascii: "e"))
        return (index - start, true, nonzero)
    }

    /// `e12`, `E-5` (`p` for hexadecimal): the marker, a sign, at least one digit; else nothing.
    private static func exponentLength(_ bytes: [UInt8], at start: Int, marker: UInt8) -> Int {
        guard start < bytes.count, bytes[start] | 0x20 == marker else { return 0 }
        var index = start + 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, ScalarLiteralInput.isDigit(bytes[index]) else { return 0 }
        while index < bytes.count, ScalarLiteralInput.isDigit(bytes[index]) { index += 1 }
        return index - start
    }

    private static func isNaNCharacter(_ byte: UInt8) -> Bool {
        ScalarLiteralInput.isDigit(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == UInt8(ascii: "_")
    }

    /// `word` (lower case ASCII) at `index`, in any case.
    static func matches(_ bytes: [UInt8], at index: Int, _ word: String) -> Bool {
        let letters = Array(word.utf8)
        guard index + letters.count <= bytes.count else { return false }
        return zip(bytes[index..<(index + letters.count)], letters).allSatisfy { lowercase($0) == $1 }
    }

    private static func lowercase(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }

    /// numeric_in's special values at `start` (NaN, Infinity, inf, signed infinities): the
    /// length read, or nil.
    static func specialLength(_ bytes: [UInt8], from start: Int) -> Int? {
        if matches(bytes, at: start, "nan") { return 3 }
        for word in ["infinity", "+infinity", "-infinity", "inf", "+inf", "-inf"] where matches(bytes, at: start, word) {
            return word.utf8.count
        }
        return nil
    }
}
