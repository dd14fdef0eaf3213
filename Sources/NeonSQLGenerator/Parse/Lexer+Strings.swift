// String constants and quoted identifiers: standard ('...', with continuation across a newline),
// escape (E'...'), Unicode (U&'...' and U&"..."), national (N'...') and bit strings
// (B'...', X'...'), with their escapes. Dollar-quoted strings are in Lexer.swift (`dollar()`).

extension Lexer {
    enum EscapeStyle {
        case none
        case backslash
        case unicode
    }

    /// Scans `'...'` starting at `contentStart` (just after the opening quote), including
    /// continuation across whitespace that contains a newline (`'a'\n'b'` is `'ab'`).
    mutating func quotedString(from start: Int, contentStart: Int, escapes: EscapeStyle) {
        pos = contentStart
        var value: [UInt8] = []
        while true {
            guard scanQuotedBody(into: &value, escapes: escapes) else {
                errors.append(("unterminated quoted string", start))
                emit(.invalid, "'", from: start)
                return
            }
            // SQL-standard continuation: a string, whitespace with a newline, another string.
            var look = pos
            var sawNewline = false
            while let b = byte(look), Lexer.isWhitespace(b) {
                if b == 0x0A { sawNewline = true }
                look += 1
            }
            if sawNewline, byte(look) == UInt8(ascii: "'") {
                pos = look + 1
                continue
            }
            break
        }
        emit(.string, String(decoding: value, as: UTF8.self), from: start)
    }

    /// Reads up to and including the closing quote; false at end of file.
    private mutating func scanQuotedBody(into value: inout [UInt8], escapes: EscapeStyle) -> Bool {
        while pos < bytes.count {
            let b = bytes[pos]
            if b == UInt8(ascii: "'") {
                if byte(pos + 1) == UInt8(ascii: "'") {
                    value.append(b)
                    pos += 2
                    continue
                }
                pos += 1
                return true
            }
            if b == UInt8(ascii: "\\"), escapes != .none, pos + 1 < bytes.count {
                if escapes == .backslash {
                    backslashEscape(into: &value)
                } else {
                    unicodeEscape(into: &value)
                }
                continue
            }
            value.append(b)
            pos += 1
        }
        return false
    }

    private mutating func readHex(maxDigits: Int, minDigits: Int) -> UInt32? {
        var result: UInt32 = 0
        var count = 0
        while count < maxDigits, let b = byte(pos), Lexer.isHexDigit(b) {
            let digit: UInt8 = Lexer.isDigit(b) ? b - 0x30 : (b | 0x20) - 0x61 + 10
            result = result * 16 + UInt32(digit)
            count += 1
            pos += 1
        }
        return count >= minDigits ? result : nil
    }

    private static func appendScalar(_ code: UInt32, to value: inout [UInt8]) {
        let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
        value.append(contentsOf: Array(String(Character(scalar)).utf8))
    }

    /// `E'...'` escapes: `\b \f \n \r \t`, octal `\ooo`, `\xhh`, `\uXXXX`, `\UXXXXXXXX`, else the character itself.
    private mutating func backslashEscape(into value: inout [UInt8]) {
        let escapeStart = pos
        pos += 1
        let c = bytes[pos]
        switch c {
        case UInt8(ascii: "b"): value.append(0x08); pos += 1
        case UInt8(ascii: "f"): value.append(0x0C); pos += 1
        case UInt8(ascii: "n"): value.append(0x0A); pos += 1
        case UInt8(ascii: "r"): value.append(0x0D); pos += 1
        case UInt8(ascii: "t"): value.append(0x09); pos += 1
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            var code: UInt32 = 0
            var count = 0
            while count < 3, let b = byte(pos), b >= UInt8(ascii: "0"), b <= UInt8(ascii: "7") {
                code = code * 8 + UInt32(b - 0x30)
                count += 1
                pos += 1
            }
            value.append(UInt8(truncatingIfNeeded: code))
        case UInt8(ascii: "x"):
            pos += 1
            if let code = readHex(maxDigits: 2, minDigits: 1) {
                value.append(UInt8(truncatingIfNeeded: code))
            } else {
                value.append(c)
            }
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
            pos += 1
            let digits = c == UInt8(ascii: "u") ? 4 : 8
            if let code = readHex(maxDigits: digits, minDigits: digits) {
                Lexer.appendScalar(code, to: &value)
            } else {
                errors.append(("invalid Unicode escape", escapeStart))
            }
        default:
            // Any other character stands for itself; copy a whole UTF-8 sequence.
            value.append(c)
            pos += 1
            while let b = byte(pos), b & 0xC0 == 0x80 {
                value.append(b)
                pos += 1
            }
        }
    }

    /// `U&'...'` escapes: `\XXXX`, `\+XXXXXX`, `\\`.
    private mutating func unicodeEscape(into value: inout [UInt8]) {
        let escapeStart = pos
        pos += 1
        if bytes[pos] == UInt8(ascii: "\\") {
            value.append(bytes[pos])
            pos += 1
            return
        }
        var code: UInt32?
        if bytes[pos] == UInt8(ascii: "+") {
            pos += 1
            code = readHex(maxDigits: 6, minDigits: 6)
        } else {
            code = readHex(maxDigits: 4, minDigits: 4)
        }
        if let code {
            Lexer.appendScalar(code, to: &value)
        } else {
            errors.append(("invalid Unicode escape", escapeStart))
        }
    }

    mutating func bitString(from start: Int, prefix: String) {
        pos += 2
        var value: [UInt8] = []
        guard scanQuotedBody(into: &value, escapes: .none) else {
            errors.append(("unterminated quoted string", start))
            emit(.invalid, "'", from: start)
            return
        }
        emit(.bitString, prefix + String(decoding: value, as: UTF8.self), from: start)
    }

    mutating func quotedIdentifier(from start: Int, contentStart: Int, unicode: Bool) {
        pos = contentStart
        var value: [UInt8] = []
        while pos < bytes.count {
            let b = bytes[pos]
            if b == UInt8(ascii: "\"") {
                if byte(pos + 1) == UInt8(ascii: "\"") {
                    value.append(b)
                    pos += 2
                    continue
                }
                pos += 1
                if value.isEmpty {
                    errors.append(("zero-length delimited identifier", start))
                    emit(.invalid, "\"\"", from: start)
                } else {
                    emit(.quotedIdentifier, String(decoding: value, as: UTF8.self), from: start)
                }
                return
            }
            if unicode, b == UInt8(ascii: "\\"), pos + 1 < bytes.count {
                unicodeEscape(into: &value)
                continue
            }
            value.append(b)
            pos += 1
        }
        errors.append(("unterminated quoted identifier", start))
        emit(.invalid, "\"", from: start)
    }
}
