/// What PostgreSQL 15's input functions say about a string constant coerced to a scalar type. A
/// constant of unknown type given a type (`'abc'::int`, `int4 '12'`, `col = '99999999999'`, an
/// INSERT value) is read by the type's input function at parse time, so PREPARE fails. Only types
/// whose input rules are fixed (no locale or setting) are checked, and only where the rules are
/// PostgreSQL's exactly: pg_strtoint16/32/64, parse_bool, string_to_uuid, byteain with hex_decode,
/// numeric_in, float4in/float8in (glibc's strtod), json_in/jsonb_in. When unsure, accept.
enum ScalarLiteralInput {
    /// PostgreSQL's message for `text` read as `type` (a domain as its base type); nil when it is
    /// accepted or the type is not checked. PostgreSQL 16 added underscores and `0x`/`0o`/`0b`
    /// integers to the integer and numeric input functions: such a constant is accepted unless
    /// `postgresVersion` (the project's, nil for any) is 15 or older.
    static func error(_ text: String, for type: SQLType, postgresVersion: Int? = nil) -> String? {
        guard case .builtin(let builtin) = type.baseType else { return nil }
        if [.int2, .int4, .int8, .numeric].contains(builtin), (postgresVersion ?? 16) >= 16, usesPostgres16NumberSyntax(text) {
            return nil
        }
        switch builtin {
        case .int2: return integerError(text, range: Int64(Int16.min)...Int64(Int16.max), typeName: "smallint")
        case .int4: return integerError(text, range: Int64(Int32.min)...Int64(Int32.max), typeName: "integer")
        case .int8: return integerError(text, range: Int64.min...Int64.max, typeName: "bigint")
        case .bool: return booleanError(text)
        case .uuid: return uuidError(text)
        case .bytea: return byteaError(text)
        case .numeric: return numericError(text)
        case .float4: return FloatLiteralInput.error(text, single: true)
        case .float8: return FloatLiteralInput.error(text, single: false)
        case .json: return JSONLiteralSyntax.error(text, binary: false)
        case .jsonb: return JSONLiteralSyntax.error(text, binary: true)
        default: return nil
        }
    }

    /// Whether `text` has what PostgreSQL 16's integer and numeric input take and 15's refuses: an
    /// underscore, or a `0x`, `0o` or `0b` prefix after the spaces and sign.
    static func usesPostgres16NumberSyntax(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        if bytes.contains(UInt8(ascii: "_")) { return true }
        var index = 0
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "0") else { return false }
        return [UInt8(ascii: "x"), UInt8(ascii: "o"), UInt8(ascii: "b")].contains(bytes[index + 1] | 0x20)
    }

    /// Whether constants of `type` (a domain as its base type) are checked here.
    static func checks(_ type: SQLType) -> Bool {
        guard case .builtin(let builtin) = type.baseType else { return false }
        return [.int2, .int4, .int8, .bool, .uuid, .bytea, .numeric, .float4, .float8, .json, .jsonb].contains(builtin)
    }

    /// C's `isspace` in the C locale.
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    /// pg_strtoint16/32/64: spaces, a sign, at least one digit, spaces; overflow is found while
    /// reading the digits, before any trailing junk.
    static func integerError(_ text: String, range: ClosedRange<Int64>, typeName: String) -> String? {
        let bytes = Array(text.utf8)
        let syntax = "invalid input syntax for type \(typeName): \"\(text)\""
        var index = 0
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        guard index < bytes.count, isDigit(bytes[index]) else { return syntax }
        // Accumulated negatively, as PostgreSQL does, so the minimum fits.
        var value: Int64 = 0
        while index < bytes.count, isDigit(bytes[index]) {
            let (product, overflowed) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowedAgain) = product.subtractingReportingOverflow(Int64(bytes[index] - 0x30))
            guard !overflowed, !overflowedAgain, next >= range.lowerBound else {
                return "value \"\(text)\" is out of range for type \(typeName)"
            }
            value = next
            index += 1
        }
        if !negative, value == range.lowerBound { return "value \"\(text)\" is out of range for type \(typeName)" }
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        return index == bytes.count ? nil : syntax
    }

    /// boolin: trimmed, a non-empty prefix of true/false/yes/no (any case), on, of, off, 1 or 0.
    static func booleanError(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        let word = String(decoding: bytes[start..<end], as: UTF8.self).lowercased()
        let prefixed = ["true", "false", "yes", "no"].contains { !word.isEmpty && $0.hasPrefix(word) && word.first == $0.first }
        guard prefixed || ["on", "of", "off", "1", "0"].contains(word), word.utf8.count == end - start else {
            return "invalid input syntax for type boolean: \"\(text)\""
        }
        return nil
    }

    /// string_to_uuid: optional braces around 32 hex digits, a hyphen allowed after each group of four.
    static func uuidError(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        let message = "invalid input syntax for type uuid: \"\(text)\""
        var index = 0
        let braces = bytes.first == UInt8(ascii: "{")
        if braces { index += 1 }
        for pair in 0..<16 {
            guard index + 1 < bytes.count, isHexDigit(bytes[index]), isHexDigit(bytes[index + 1]) else { return message }
            index += 2
            if index < bytes.count, bytes[index] == UInt8(ascii: "-"), pair % 2 == 1, pair < 15 { index += 1 }
        }
        if braces {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "}") else { return message }
            index += 1
        }
        return index == bytes.count ? nil : message
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    /// byteain: `\x` then hex pairs (spaces, tabs, newlines between pairs), else the escape format
    /// (a backslash starts `\\` or an octal `\[0-3][0-7][0-7]`).
    static func byteaError(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        if bytes.count >= 2, bytes[0] == UInt8(ascii: "\\"), bytes[1] == UInt8(ascii: "x") {
            let scalars = Array(text.unicodeScalars.dropFirst(2))
            func isHex(_ scalar: Unicode.Scalar) -> Bool { scalar.isASCII && isHexDigit(UInt8(scalar.value)) }
            var index = 0
            while index < scalars.count {
                if [" ", "\n", "\t", "\r"].contains(scalars[index]) {
                    index += 1
                    continue
                }
                // A pair: two hex digits, the second one required.
                for _ in 0..<2 {
                    guard index < scalars.count else { return "invalid hexadecimal data: odd number of digits" }
                    guard isHex(scalars[index]) else { return "invalid hexadecimal digit: \"\(scalars[index])\"" }
                    index += 1
                }
            }
            return nil
        }
        var index = 0
        while index < bytes.count {
            if bytes[index] != UInt8(ascii: "\\") {
                index += 1
            } else if index + 3 < bytes.count, (0x30...0x33).contains(bytes[index + 1]),
                      (0x30...0x37).contains(bytes[index + 2]), (0x30...0x37).contains(bytes[index + 3]) {
                index += 4
            } else if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\") {
                index += 2
            } else {
                return "invalid input syntax for type bytea"
            }
        }
        return nil
    }

    /// numeric_in: NaN and the infinities, else a sign, digits with one point, an exponent
    /// (strtol's: spaces and a sign allowed); spaces around. Exponents or digit strings large
    /// enough to overflow the format are not judged (their limits moved between minor releases).
    static func numericError(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        let syntax = "invalid input syntax for type numeric: \"\(text)\""
        var index = 0
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        if let special = FloatLiteralInput.specialLength(bytes, from: index) {
            index += special
        } else {
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            var point = false
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                point = true
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { return syntax }
            var digits = 0
            while index < bytes.count {
                if isDigit(bytes[index]) {
                    digits += 1
                } else if bytes[index] == UInt8(ascii: ".") {
                    if point { return syntax }
                    point = true
                } else {
                    break
                }
                index += 1
            }
            if digits > 1000 { return nil }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                while index < bytes.count, isSpace(bytes[index]) { index += 1 }
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard index < bytes.count, isDigit(bytes[index]) else { return syntax }
                var exponentDigits = 0
                while index < bytes.count, isDigit(bytes[index]) {
                    if exponentDigits > 0 || bytes[index] != UInt8(ascii: "0") { exponentDigits += 1 }
                    index += 1
                }
                // |exponent| >= 1000 may overflow the format, which PostgreSQL reports first.
                if exponentDigits > 3 { return nil }
            }
        }
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        return index == bytes.count ? nil : syntax
    }
}
