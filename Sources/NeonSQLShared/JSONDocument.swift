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
            Self.writeContainer(open: UInt8(ascii: "["), close: UInt8(ascii: "]"), count: elements.count, to: &output,
                                indent: indent, pretty: pretty) {
                elements[$0].write(to: &$1, indent: indent + 1, pretty: pretty)
            }
        case .object(let members):
            Self.writeContainer(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), count: members.count, to: &output,
                                indent: indent, pretty: pretty) {
                Self.appendKey(members[$0].key, pretty: pretty, to: &$1)
                members[$0].value.write(to: &$1, indent: indent + 1, pretty: pretty)
            }
        }
    }

    private static func writeContainer(
        open: UInt8, close: UInt8, count: Int, to output: inout [UInt8], indent: Int, pretty: Bool,
        element: (Int, inout [UInt8]) throws -> Void
    ) rethrows {
        output.append(open)
        guard count > 0 else { output.append(close); return }
        for index in 0..<count {
            appendElementStart(index, indent: indent + 1, pretty: pretty, to: &output)
            try element(index, &output)
        }
        if pretty { appendNewline(indent: indent, to: &output) }
        output.append(close)
    }

    /// Before a container's element `index` (its contents at `indent`): `,` after the first, then in
    /// pretty-printed text a new line.
    private static func appendElementStart(_ index: Int, indent: Int, pretty: Bool, to output: inout [UInt8]) {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        if pretty { appendNewline(indent: indent, to: &output) }
    }

    /// An object member's key, escaped, and its colon (`"key":`, or `"key": ` pretty-printed).
    private static func appendKey(_ key: String, pretty: Bool, to output: inout [UInt8]) {
        JSONStringEscaping.appendQuoted(key, to: &output)
        if pretty {
            output.append(contentsOf: [UInt8(ascii: ":"), UInt8(ascii: " ")])
        } else {
            output.append(UInt8(ascii: ":"))
        }
    }

    /// `\n` and two spaces per level.
    private static func appendNewline(indent: Int, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
    }
}

extension JSONDocument {
    /// Appends a compact array of `count` elements, each written by `element` (given its index):
    /// the bytes ``compactText()`` writes for `.array` of those elements, without the document.
    package static func writeCompactArray(
        count: Int, to output: inout [UInt8], element: (Int, inout [UInt8]) throws -> Void
    ) rethrows {
        try writeContainer(open: UInt8(ascii: "["), close: UInt8(ascii: "]"), count: count, to: &output,
                           indent: 0, pretty: false, element: element)
    }

    /// Appends a compact object of `count` members, named by `key` and written by `value` (given
    /// the member's index): the bytes ``compactText()`` writes for `.object` of those members.
    package static func writeCompactObject(
        count: Int, to output: inout [UInt8], key: (Int) -> String, value: (Int, inout [UInt8]) throws -> Void
    ) rethrows {
        try writeContainer(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), count: count, to: &output,
                           indent: 0, pretty: false) {
            appendKey(key($0), pretty: false, to: &$1)
            try value($0, &$1)
        }
    }

    /// A compact JSON object written member by member straight to UTF-8, without a document: the
    /// bytes ``JSONDocument/compactText()`` writes for `.object` of the same members, through the
    /// same escaping and layout. For hot paths: the generator prints a table effects object for
    /// every statement factory, where a document per factory cost ~6,000 instructions.
    package struct CompactObjectWriter {
        private var output: [UInt8]
        private var memberCount = 0

        /// Starts the object (`{`), with room for `capacity` bytes.
        package init(reservingCapacity capacity: Int) {
            output = []
            output.reserveCapacity(capacity)
            output.append(UInt8(ascii: "{"))
        }

        /// `"key":["a","b"]`: the member `.array(strings.map(JSONDocument.string))`.
        package mutating func append(_ key: String, strings: [String]) {
            startMember(key)
            JSONDocument.writeContainer(open: UInt8(ascii: "["), close: UInt8(ascii: "]"), count: strings.count,
                                        to: &output, indent: 0, pretty: false) {
                JSONStringEscaping.appendQuoted(strings[$0], to: &$1)
            }
        }

        /// `"key":true` or `"key":false`.
        package mutating func append(_ key: String, bool value: Bool) {
            startMember(key)
            JSONDocument.bool(value).write(to: &output, indent: 0, pretty: false)
        }

        /// The object's text, closed (`}`).
        package consuming func finish() -> [UInt8] {
            output.append(UInt8(ascii: "}"))
            return output
        }

        private mutating func startMember(_ key: String) {
            JSONDocument.appendElementStart(memberCount, indent: 0, pretty: false, to: &output)
            JSONDocument.appendKey(key, pretty: false, to: &output)
            memberCount += 1
        }
    }
}
