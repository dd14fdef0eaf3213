/// A JSON document as written: numbers as their text, object members in order (duplicates
/// kept), compact or pretty-printed (two-space indentation). The JSON writer meant for every
/// side: the runtime's `JSONValue` writes through it (keys sorted, numbers formatted); the
/// generator's `describe` JSON (keys in the contract's order, pretty) and LocalNeon's serde-style
/// values (numbers kept as written) have the same shape. Depends on nothing.
package indirect enum JSONDocument: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number, as its JSON text (`1`, `-2.5`, `1e+100`): the writer copies it as it is.
    case number(String)
    case string(String)
    case array([JSONDocument])
    case object([(key: String, value: JSONDocument)])

    package static func == (lhs: JSONDocument, rhs: JSONDocument) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// The document on one line without spaces.
    package func compactText() -> String {
        var output: [UInt8] = []
        write(to: &output, indent: 0, pretty: false)
        return String(decoding: output, as: UTF8.self)
    }

    /// Pretty-printed with two-space indentation, `"key": value`, empty containers as `[]`/`{}`,
    /// no trailing newline.
    package func prettyPrinted() -> String {
        var output: [UInt8] = []
        write(to: &output, indent: 0, pretty: true)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the document's text to `output` (UTF-8), compact or pretty-printed.
    package func write(to output: inout [UInt8], pretty: Bool) {
        write(to: &output, indent: 0, pretty: pretty)
    }

    // The text is written as UTF-8 bytes and made a `String` once: appending to an array costs
    // about a third of `String.append` (issue 28).
    private func write(to output: inout [UInt8], indent: Int, pretty: Bool) {
        switch self {
        case .null:
            output.append(contentsOf: "null".utf8)
        case .bool(let value):
            output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let text):
            output.append(contentsOf: text.utf8)
        case .string(let value):
            JSONStringEscaping.appendQuoted(value, to: &output)
        case .array(let elements):
            writeContainer(open: UInt8(ascii: "["), close: UInt8(ascii: "]"), count: elements.count, to: &output,
                           indent: indent, pretty: pretty) {
                elements[$0].write(to: &$1, indent: indent + 1, pretty: pretty)
            }
        case .object(let members):
            writeContainer(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), count: members.count, to: &output,
                           indent: indent, pretty: pretty) {
                JSONStringEscaping.appendQuoted(members[$0].key, to: &$1)
                $1.append(contentsOf: (pretty ? ": " : ":").utf8)
                members[$0].value.write(to: &$1, indent: indent + 1, pretty: pretty)
            }
        }
    }

    private func writeContainer(
        open: UInt8, close: UInt8, count: Int, to output: inout [UInt8], indent: Int, pretty: Bool,
        element: (Int, inout [UInt8]) -> Void
    ) {
        output.append(open)
        guard count > 0 else { output.append(close); return }
        for index in 0..<count {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            if pretty { Self.appendNewline(indent: indent + 1, to: &output) }
            element(index, &output)
        }
        if pretty { Self.appendNewline(indent: indent, to: &output) }
        output.append(close)
    }

    /// `\n` and two spaces per level.
    private static func appendNewline(indent: Int, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
    }
}
