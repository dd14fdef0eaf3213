/// Neon's default (JSON-typed) rendering of a PostgreSQL text value (`pg_text_to_json`, docs/neon-sql-over-http.md §6.1):
/// bool -> true/false, int2/int4 -> numbers, float4/float8 -> numbers (NaN/±Infinity as strings),
/// json/jsonb embedded, arrays -> JSON arrays of converted elements, everything else a string.
enum PostgresTextToJSON {
    /// The text could not be read as its type claims (Neon answers 500 `could not parse postgres response`).
    struct ConversionError: Error {}

    static func write(_ text: String, type: UInt32, arrayElementTypes: [UInt32: UInt32], into writer: inout JSONWriter) throws(ConversionError) {
        if let element = arrayElementTypes[type] {
            var parser = ArrayTextParser(text: Substring(text), elementType: element)
            try parser.parseTopLevel(into: &writer)
            return
        }
        try writeScalar(Substring(text), type: type, into: &writer)
    }

    static func writeScalar(_ text: Substring, type: UInt32, into writer: inout JSONWriter) throws(ConversionError) {
        switch type {
        case 16:
            writer.bool(text == "t")
        case 21, 23:
            guard let number = Int32(text) else { throw ConversionError() }
            writer.integer(number)
        case 700, 701:
            guard let number = Double(text) else { throw ConversionError() }
            if number.isFinite {
                writer.double(number)
            } else {
                writer.string(String(text))
            }
        case 114, 3802:
            writer.raw(String(text))
        default:
            writer.string(String(text))
        }
    }
}

/// Parses PostgreSQL's array text output (`{1,2,"a b",NULL}`, nested, optional `[1:2]=` bounds)
/// the way Neon's `pg_array_parse` does, converting each element with its element type.
///
/// One deliberate difference: an empty array (`{}`) becomes `[]`; Neon's parser reads it as one
/// empty element (`[""]` for text, a 500 for numbers).
struct ArrayTextParser {
    var text: Substring
    var elementType: UInt32
    private let delimiter: Character = ","

    init(text: Substring, elementType: UInt32) {
        self.text = text
        self.elementType = elementType
    }

    mutating func parseTopLevel(into writer: inout JSONWriter) throws(PostgresTextToJSON.ConversionError) {
        if text.first == "[" {
            guard let equals = text.firstIndex(of: "=") else { throw .init() }
            text = text[text.index(after: equals)...]
        }
        trimLeadingWhitespace()
        try parseArray(into: &writer)
        guard text.isEmpty else { throw .init() }
    }

    private mutating func trimLeadingWhitespace() {
        while let first = text.first, first.isWhitespace { text.removeFirst() }
    }

    private mutating func parseArray(into writer: inout JSONWriter) throws(PostgresTextToJSON.ConversionError) {
        guard text.first == "{" else { throw .init() }
        text.removeFirst()
        writer.raw("[")
        var probe = text
        while let first = probe.first, first.isWhitespace { probe.removeFirst() }
        if probe.first == "}" {
            text = probe.dropFirst()
        } else {
            var first = true
            while true {
                if !first { writer.raw(",") }
                first = false
                try parseItem(into: &writer)
                if text.first == delimiter {
                    text.removeFirst()
                } else {
                    break
                }
            }
            guard text.first == "}" else { throw .init() }
            text.removeFirst()
        }
        writer.raw("]")
        trimLeadingWhitespace()
    }

    private mutating func parseItem(into writer: inout JSONWriter) throws(PostgresTextToJSON.ConversionError) {
        trimLeadingWhitespace()
        if text.first == "{" {
            try parseArray(into: &writer)
            return
        }
        if text.first == "\"" {
            text.removeFirst()
            var unescaped = ""
            while true {
                guard let character = text.first else { throw .init() }
                text.removeFirst()
                if character == "\"" { break }
                if character == "\\" {
                    guard let escaped = text.first else { throw .init() }
                    text.removeFirst()
                    unescaped.append(escaped)
                } else {
                    unescaped.append(character)
                }
            }
            trimLeadingWhitespace()
            try PostgresTextToJSON.writeScalar(Substring(unescaped), type: elementType, into: &writer)
            return
        }
        guard let end = text.firstIndex(where: { $0 == delimiter || $0 == "}" }) else { throw .init() }
        var item = text[..<end]
        text = text[end...]
        while let last = item.last, last.isWhitespace { item.removeLast() }
        if item == "NULL" {
            writer.null()
        } else {
            try PostgresTextToJSON.writeScalar(item, type: elementType, into: &writer)
        }
    }
}
