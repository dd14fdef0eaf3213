@_spi(NeonSQLInternal) import NeonSQLShared

/// A JSON document (`json` / `jsonb`), decoded from PostgreSQL's JSON text.
public enum JSONValue: Sendable, Hashable, Codable, CustomStringConvertible {
    /// `null`
    case null
    /// `true` / `false`
    case bool(Bool)
    /// A number (as `Double`; integers up to 2^53 are exact).
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object (key order is not preserved; `jsonb` does not preserve it either).
    case object([String: JSONValue])

    /// Decodes from a single-value container.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Encodes into a single-value container.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// Parses JSON text (RFC 8259).
    public init(parsing text: String) throws {
        var text = text
        self = try text.withUTF8 { buffer in
            try JSONValueParser.parse(UnsafeRawBufferPointer(buffer))
        }
    }

    /// Compact JSON text with object keys sorted (deterministic). Non-finite numbers are not JSON
    /// and throw ``PostgresTextEncodingError``.
    public func jsonText() throws -> String {
        var out = ""
        try JSONValueWriter.write(self, into: &out)
        return out
    }

    /// The compact JSON text (non-finite numbers shown as `null`).
    public var description: String {
        (try? jsonText()) ?? "null"
    }

    /// The member `key` of an object, else `nil`.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The element at `index` of an array, else `nil`.
    public subscript(index: Int) -> JSONValue? {
        if case .array(let elements) = self, elements.indices.contains(index) { return elements[index] }
        return nil
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// `null`
    public init(nilLiteral: ()) { self = .null }
    /// `.bool`
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// `.number`
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// `.number`
    public init(floatLiteral value: Double) { self = .number(value) }
    /// `.string`
    public init(stringLiteral value: String) { self = .string(value) }
    /// `.array`
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// `.object` (a later duplicate key wins)
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension JSONValue: PostgresTextEncodable, PostgresTextDecodable {
    /// Compact JSON text.
    public func postgresText(as type: PostgresType) throws -> String? { try jsonText() }

    /// Parses the JSON text of a `json` / `jsonb` cell.
    public static func decode(postgresText text: borrowing PostgresText) throws -> JSONValue {
        try text.withUTF8 { try JSONValueParser.parse($0) }
    }
}

/// A general JSON parser producing ``JSONValue`` (used for json/jsonb cells, not for Neon's envelope).
///
/// Kept apart from `NeonSQLShared`'s strict `JSONDocumentParser` on purpose (issue 42): that one
/// answers like Neon's proxy (serde_json's messages with line and column, 128 levels at most,
/// members in order, numbers as text) for LocalNeon, while a cell must take whatever PostgreSQL
/// returns (a `json` value nested 5,000 deep is valid there) into a `JSONValue`, in place in the
/// response buffer, through the response reader's `JSONReader`. Parsing a cell with the strict
/// parser and converting costs 2.6-2.9x the allocations (`NeonSQLBenchmarks --json`,
/// BENCHMARKS.md) and would refuse cells nested 129-511 deep that decode today. One parser for
/// both would be the strict parser made generic over its input bytes, its builder and its
/// limits, which touches the response reader's string unescaping (the decoding hot path).
enum JSONValueParser {
    static func parse(_ bytes: UnsafeRawBufferPointer) throws -> JSONValue {
        var reader = JSONReader(bytes)
        var scratch: [UInt8] = []
        let value = try parseValue(&reader, &scratch, depth: 0)
        reader.skipWhitespace()
        guard reader.atEnd else { throw PostgresTextDecodingError("invalid JSON: trailing characters at byte \(reader.index)") }
        return value
    }

    private static func parseValue(_ reader: inout JSONReader, _ scratch: inout [UInt8], depth: Int) throws -> JSONValue {
        guard depth < 512 else { throw PostgresTextDecodingError("invalid JSON: nested too deeply") }
        reader.skipWhitespace()
        guard let byte = reader.peek() else { throw PostgresTextDecodingError("invalid JSON: unexpected end") }
        do {
            switch byte {
            case UInt8(ascii: "{"):
                reader.index += 1
                var members: [String: JSONValue] = [:]
                reader.skipWhitespace()
                if reader.peek() == UInt8(ascii: "}") {
                    reader.index += 1
                    return .object(members)
                }
                while true {
                    reader.skipWhitespace()
                    let key = try reader.readString(&scratch)
                    reader.skipWhitespace()
                    try reader.expect(UInt8(ascii: ":"))
                    members[key] = try parseValue(&reader, &scratch, depth: depth + 1)
                    reader.skipWhitespace()
                    if reader.peek() == UInt8(ascii: ",") {
                        reader.index += 1
                        continue
                    }
                    try reader.expect(UInt8(ascii: "}"))
                    return .object(members)
                }
            case UInt8(ascii: "["):
                reader.index += 1
                var elements: [JSONValue] = []
                reader.skipWhitespace()
                if reader.peek() == UInt8(ascii: "]") {
                    reader.index += 1
                    return .array(elements)
                }
                while true {
                    elements.append(try parseValue(&reader, &scratch, depth: depth + 1))
                    reader.skipWhitespace()
                    if reader.peek() == UInt8(ascii: ",") {
                        reader.index += 1
                        continue
                    }
                    try reader.expect(UInt8(ascii: "]"))
                    return .array(elements)
                }
            case UInt8(ascii: "\""):
                return .string(try reader.readString(&scratch))
            case UInt8(ascii: "t"):
                try reader.expectLiteral("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try reader.expectLiteral("false")
                return .bool(false)
            case UInt8(ascii: "n"):
                try reader.expectLiteral("null")
                return .null
            default:
                let span = try reader.readNumberSpan()
                let text = String(decoding: UnsafeRawBufferPointer(rebasing: reader.bytes[span]), as: UTF8.self)
                guard let value = Double(text) else { throw PostgresTextDecodingError("invalid JSON number \(text)") }
                return .number(value)
            }
        } catch let error as JSONReader.SyntaxError {
            throw PostgresTextDecodingError("invalid JSON: \(error.message)")
        }
    }
}

/// Writes compact JSON in one pass, through the layout and escaping of the shared
/// ``JSONDocument`` writer (`NeonSQLShared`): the bytes `JSONDocument.compactText()` writes for the
/// document of the value, without building that document.
enum JSONValueWriter {
    static func write(_ value: JSONValue, into out: inout String) throws {
        var output: [UInt8] = []
        try write(value, to: &output)
        out += String(decoding: output, as: UTF8.self)
    }

    /// Appends `value`'s text: object keys sorted, an integral number below 2^53 without a
    /// fraction. Non-finite numbers are not JSON and throw ``PostgresTextEncodingError``.
    static func write(_ value: JSONValue, to output: inout [UInt8]) throws {
        switch value {
        case .null: JSONDocument.null.write(to: &output, pretty: false)
        case .bool(let flag): JSONDocument.bool(flag).write(to: &output, pretty: false)
        case .number(let number): try appendNumber(number, to: &output)
        case .string(let string): JSONStringEscaping.appendQuoted(string, to: &output)
        case .array(let elements):
            try JSONDocument.writeCompactArray(count: elements.count, to: &output) { try write(elements[$0], to: &$1) }
        case .object(let members):
            let sorted = members.sorted { $0.key < $1.key }
            try JSONDocument.writeCompactObject(count: sorted.count, to: &output, key: { sorted[$0].key }) {
                try write(sorted[$0].value, to: &$1)
            }
        }
    }

    private static func appendNumber(_ number: Double, to output: inout [UInt8]) throws {
        guard number.isFinite else { throw PostgresTextEncodingError("JSON cannot represent \(number)") }
        if number == number.rounded(), abs(number) < 9_007_199_254_740_992 {
            output.append(contentsOf: String(Int64(number)).utf8)
        } else {
            output.append(contentsOf: number.description.utf8)
        }
    }
}
