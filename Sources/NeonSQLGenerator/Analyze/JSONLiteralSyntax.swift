/// The syntax PostgreSQL 15's json_in and jsonb_in require of a string constant (jsonapi.c's
/// lexer and parser): one value, strict JSON numbers, strings without control characters and
/// with known escapes. jsonb also de-escapes strings (a lone surrogate is a syntax error,
/// `\u0000` is unsupported) and reads numbers as numeric; a number whose size might overflow
/// numeric, or nesting deep enough to reach the stack limit, is not judged.
struct JSONLiteralSyntax {
    private enum Failure: Error {
        case syntax
        case codePointZero
        case notJudged
    }

    private let bytes: [UInt8]
    private let binary: Bool
    private var index = 0

    private init(_ text: String, binary: Bool) {
        self.bytes = Array(text.utf8)
        self.binary = binary
    }

    /// PostgreSQL's message for `text` read as json (jsonb when `binary`); nil when accepted or
    /// not judged.
    static func error(_ text: String, binary: Bool) -> String? {
        var reader = JSONLiteralSyntax(text, binary: binary)
        do throws(Failure) {
            try reader.value(depth: 0)
            reader.skipSpace()
            guard reader.index == reader.bytes.count else { throw Failure.syntax }
            return nil
        } catch {
            switch error {
            case .syntax: return "invalid input syntax for type json"
            case .codePointZero: return "unsupported Unicode escape sequence"
            case .notJudged: return nil
            }
        }
    }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func value(depth: Int) throws(Failure) {
        guard depth < 100 else { throw .notJudged }
        skipSpace()
        guard index < bytes.count else { throw .syntax }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            try members(closing: UInt8(ascii: "}"), depth: depth, keyed: true)
        case UInt8(ascii: "["):
            index += 1
            try members(closing: UInt8(ascii: "]"), depth: depth, keyed: false)
        case UInt8(ascii: "\""):
            try string()
        case UInt8(ascii: "-"), 0x30...0x39:
            try number()
        default:
            let start = index
            while index < bytes.count, isAlphanumeric(bytes[index]) { index += 1 }
            let word = String(decoding: bytes[start..<index], as: UTF8.self)
            guard ["true", "false", "null"].contains(word) else { throw .syntax }
        }
    }

    /// The members of an object or an array after its opening bracket, and the closing one.
    private mutating func members(closing: UInt8, depth: Int, keyed: Bool) throws(Failure) {
        skipSpace()
        if index < bytes.count, bytes[index] == closing {
            index += 1
            return
        }
        while true {
            if keyed {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw .syntax }
                try string()
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw .syntax }
                index += 1
            }
            try value(depth: depth + 1)
            skipSpace()
            guard index < bytes.count else { throw .syntax }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == closing {
                index += 1
                return
            } else {
                throw .syntax
            }
        }
    }

    /// A string from its opening quote: escapes read, and for jsonb surrogates paired and
    /// `\u0000` refused as json_lex_string does.
    private mutating func string() throws(Failure) {
        index += 1
        var highSurrogate: Int?
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                if binary, highSurrogate != nil { throw .syntax }
                return
            }
            guard byte >= 0x20 else { throw .syntax }
            guard byte == UInt8(ascii: "\\") else {
                if binary, highSurrogate != nil { throw .syntax }
                index += 1
                continue
            }
            index += 1
            guard index < bytes.count else { throw .syntax }
            let escape = bytes[index]
            index += 1
            if escape == UInt8(ascii: "u") {
                var code = 0
                for _ in 0..<4 {
                    guard index < bytes.count, let digit = hexValue(bytes[index]) else { throw .syntax }
                    code = code * 16 + digit
                    index += 1
                }
                guard binary else { continue }
                if (0xD800...0xDBFF).contains(code) {
                    if highSurrogate != nil { throw .syntax }
                    highSurrogate = code
                    continue
                } else if (0xDC00...0xDFFF).contains(code) {
                    if highSurrogate == nil { throw .syntax }
                    highSurrogate = nil
                    continue
                }
                if highSurrogate != nil { throw .syntax }
                if code == 0 { throw .codePointZero }
            } else {
                guard Array("\"\\/bfnrt".utf8).contains(escape) else { throw .syntax }
                if binary, highSurrogate != nil { throw .syntax }
            }
        }
        throw .syntax
    }

    /// A number from its sign or first digit: `-`, `0` or digits not starting with 0, a fraction,
    /// an exponent, and no letters or digits after it.
    private mutating func number() throws(Failure) {
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        var digits = 0
        var valid = true
        if index < bytes.count, bytes[index] == UInt8(ascii: "0") {
            index += 1
            digits = 1
        } else if index < bytes.count, (0x31...0x39).contains(bytes[index]) {
            digits += countDigits()
        } else {
            valid = false
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fraction = countDigits()
            valid = valid && fraction > 0
            digits += fraction
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            let exponent = countDigits()
            valid = valid && exponent > 0
            if binary, exponent > 3 { throw .notJudged }
        }
        while index < bytes.count, isAlphanumeric(bytes[index]) {
            valid = false
            index += 1
        }
        guard valid else { throw .syntax }
        if binary, digits > 1000 { throw .notJudged }
    }

    private mutating func countDigits() -> Int {
        let start = index
        while index < bytes.count, ScalarLiteralInput.isDigit(bytes[index]) { index += 1 }
        return index - start
    }

    /// JSON_ALPHANUMERIC_CHAR: letters, digits, `_`, and any byte of a multibyte character.
    private func isAlphanumeric(_ byte: UInt8) -> Bool {
        ScalarLiteralInput.isDigit(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    private func hexValue(_ byte: UInt8) -> Int? {
        guard ScalarLiteralInput.isHexDigit(byte) else { return nil }
        return ScalarLiteralInput.isDigit(byte) ? Int(byte - 0x30) : Int(byte | 0x20) - 0x61 + 10
    }
}
