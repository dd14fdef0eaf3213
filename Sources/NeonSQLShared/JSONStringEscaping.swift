/// JSON string literals, for both sides: the runtime's request bodies and `json`/`jsonb` values,
/// and the generator's `describe` JSON. Escapes `"`, `\` and the control characters (`\n`, `\r`,
/// `\t`, `\b`, `\f`, the others as `\u00XX`); everything else, non-ASCII included, stays as UTF-8.
@_spi(NeonSQLInternal) public enum JSONStringEscaping {
    /// `text` as a JSON string literal, quotes included.
    package static func quoted(_ text: String) -> String {
        var output: [UInt8] = []
        appendQuoted(text, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends ``quoted(_:)`` of `text` to `output`: the text as it is when nothing needs escaping
    /// (the common case: names, types, SQL without quotes or newlines).
    public static func appendQuoted(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            output.append(UInt8(ascii: "\""))
            if bytes.contains(where: needsEscape) {
                for byte in bytes { appendEscaped(byte, to: &output) }
            } else {
                output.append(contentsOf: bytes)
            }
            output.append(UInt8(ascii: "\""))
        }
    }

    /// Appends ``quoted(_:)`` of `text` to `output`, without copying the text when nothing in it
    /// needs escaping.
    package static func appendQuoted(_ text: String, to output: inout String) {
        guard text.utf8.contains(where: needsEscape) else {
            output += "\""
            output += text
            output += "\""
            return
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 16)
        appendQuoted(text, to: &bytes)
        output += String(decoding: bytes, as: UTF8.self)
    }

    /// The bytes JSON escapes: `"`, `\` and the control characters (all ASCII, never part of a
    /// multi-byte UTF-8 sequence, so the text is escaped byte by byte).
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func appendEscaped(_ byte: UInt8, to output: inout [UInt8]) {
        guard needsEscape(byte) else { output.append(byte); return }
        output.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
        case UInt8(ascii: "\n"): output.append(UInt8(ascii: "n"))
        case UInt8(ascii: "\r"): output.append(UInt8(ascii: "r"))
        case UInt8(ascii: "\t"): output.append(UInt8(ascii: "t"))
        case 0x08: output.append(UInt8(ascii: "b"))
        case 0x0C: output.append(UInt8(ascii: "f"))
        default:
            output.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                       hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0f)]])
        }
    }
}
