/// A JSON document as written: numbers as their text, object members in order (duplicates
/// kept), compact or pretty-printed (two-space indentation). The JSON writer meant for every
/// side: the runtime's `JSONValue` writes through it (keys sorted, numbers formatted); the
/// generator's `describe` JSON (keys in the contract's order, pretty) and LocalNeon's parsed
/// requests (``JSONDocumentParser``; numbers kept as written) have the same shape. SPI, not API (apps
/// importing NeonSQL do not see it): `@_spi(NeonSQLInternal) import NeonSQLShared`, as LocalNeon
/// does through the `_NeonSQLShared` product. Depends on nothing.
@_spi(NeonSQLInternal) public indirect enum JSONDocument: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as its JSON text (`1`, `-2.5`, `1e+100`): the writer copies it as it is.
    case number(String)
    /// A string, unescaped.
    case string(String)
    /// An array, in order.
    case array([JSONDocument])
    /// An object's members in order, duplicate keys kept.
    case object([(key: String, value: JSONDocument)])

    /// Equal when of the same kind with equal contents; numbers compare by their text, objects
    /// member by member in order.
    public static func == (lhs: JSONDocument, rhs: JSONDocument) -> Bool {
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

    /// The value of the last member named `key`, if this is an object (as serde_json's lookup
    /// after parsing a document with duplicate keys).
    public subscript(key: String) -> JSONDocument? {
        guard case .object(let members) = self else { return nil }
        return members.last(where: { $0.key == key })?.value
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
    public func write(to output: inout [UInt8], pretty: Bool) {
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
