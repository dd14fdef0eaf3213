/// Swift string literals in generated code: `"time_slot"`, with quotes, backslashes and control
/// characters escaped (a name, an enum label, a query's name). Multi-line SQL is printed as a raw
/// literal instead (``RawStringLiteral``).
enum SwiftStringLiteral {
    /// A Swift string literal for `text` (escapes quotes, backslashes, control characters).
    static func quoted(_ text: String) -> String {
        // Most names have nothing to escape: quoted as they are.
        if !UTF8Scan.contains(text, where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            return "\"" + text + "\""
        }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
