/// A strict RFC 8259 JSON parser into ``JSONDocument``: numbers keep their source text, object
/// members their order (duplicates kept), lone surrogates in `\u` escapes and invalid UTF-8 are
/// errors, nesting is limited to 128 levels. LocalNeon parses request bodies, JWTs and JWKS with it.
///
/// Error messages follow serde_json's wording ("expected value at line 1 column 1"), which is
/// what Neon's proxy puts after `could not parse the HTTP request body: `.
@_spi(NeonSQLInternal) public struct JSONDocumentParser {
    /// A syntax error with serde_json-like wording and a 1-based line and column.
    public struct SyntaxError: Error, Equatable, Sendable {
        /// The message, such as `expected value at line 1 column 1`.
        public var message: String
    }

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    private static let maximumDepth = 128

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses one JSON document; trailing whitespace is allowed, anything else is an error.
    public static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSONDocument {
        var parser = JSONDocumentParser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        if parser.index < parser.bytes.count {
            throw parser.error("trailing characters")
        }
        return value
    }

    private func error(_ what: String, at position: Int? = nil) -> SyntaxError {
        let end = min(position ?? index, bytes.count)
        var line = 1
        var column = 0
        for byte in bytes[0..<end] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 0
            } else {
                column += 1
            }
        }
        if position == nil, index < bytes.count { column += 1 }
        return SyntaxError(message: "\(what) at line \(line) column \(column)")
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(SyntaxError) -> JSONDocument {
        guard index < bytes.count else { throw error("EOF while parsing a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("expected value")
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(SyntaxError) {
        let utf8 = literal.withUTF8Buffer { Array($0) }
        for expected in utf8 {
            guard index < bytes.count else { throw error("EOF while parsing a value") }
            guard bytes[index] == expected else { throw error("expected ident") }
            index += 1
        }
    }

    private mutating func enter() throws(SyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("recursion limit exceeded") }
    }

    private mutating func parseObject() throws(SyntaxError) -> JSONDocument {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [(key: String, value: JSONDocument)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error("EOF while parsing an object") }
            guard bytes[index] == UInt8(ascii: "\"") else { throw error("key must be a string") }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count else { throw error("EOF while parsing an object") }
            guard bytes[index] == UInt8(ascii: ":") else { throw error("expected `:`") }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            members.append((key, value))
            skipWhitespace()
            guard index < bytes.count else { throw error("EOF while parsing an object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            throw error("expected `,` or `}`")
        }
    }

    private mutating func parseArray() throws(SyntaxError) -> JSONDocument {
        try enter()
        defer { depth -= 1 }
        index += 1
        var elements: [JSONDocument] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw error("EOF while parsing a list") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            throw error("expected `,` or `]`")
        }
    }

    private mutating func parseNumber() throws(SyntaxError) -> String {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { throw error("EOF while parsing a value") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if isDigit(bytes[index]) {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        } else {
            throw error("invalid number")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func parseString() throws(SyntaxError) -> String {
        index += 1
        var runStart = index
        var result = ""
        func flushRun(_ end: Int) -> Bool {
            if end > runStart {
                // Valid UTF-8 exactly when decoding repairs nothing (`String(validating:as:)`
                // needs macOS 15 / iOS 18; the runtime supports earlier systems).
                let run = bytes[runStart..<end]
                let text = String(decoding: run, as: UTF8.self)
                guard text.utf8.elementsEqual(run) else { return false }
                result += text
            }
            return true
        }
        while true {
            guard index < bytes.count else { throw error("EOF while parsing a string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                guard flushRun(index) else { throw error("invalid unicode code point") }
                index += 1
                return result
            }
            if byte < 0x20 {
                throw error("control character (\\u0000-\\u001F) found while parsing a string")
            }
            if byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            guard flushRun(index) else { throw error("invalid unicode code point") }
            index += 1
            guard index < bytes.count else { throw error("EOF while parsing a string") }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): result += "\""
            case UInt8(ascii: "\\"): result += "\\"
            case UInt8(ascii: "/"): result += "/"
            case UInt8(ascii: "b"): result += "\u{08}"
            case UInt8(ascii: "f"): result += "\u{0C}"
            case UInt8(ascii: "n"): result += "\n"
            case UInt8(ascii: "r"): result += "\r"
            case UInt8(ascii: "t"): result += "\t"
            case UInt8(ascii: "u"):
                let first = try parseHex4()
                var scalarValue = UInt32(first)
                if (0xD800..<0xDC00).contains(first) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw error("unexpected end of hex escape")
                    }
                    index += 2
                    let second = try parseHex4()
                    guard (0xDC00..<0xE000).contains(second) else { throw error("lone leading surrogate in hex escape") }
                    scalarValue = 0x10000 + ((UInt32(first) - 0xD800) << 10) + (UInt32(second) - 0xDC00)
                } else if (0xDC00..<0xE000).contains(first) {
                    throw error("lone leading surrogate in hex escape")
                }
                guard let scalar = Unicode.Scalar(scalarValue) else { throw error("invalid unicode code point") }
                result.unicodeScalars.append(scalar)
            default:
                throw error("invalid escape")
            }
            runStart = index
        }
    }

    private mutating func parseHex4() throws(SyntaxError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw error("EOF while parsing a string") }
            let byte = bytes[index]
            let digit: UInt16
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt16(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt16(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt16(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}
