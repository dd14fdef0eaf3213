// T[] <-> [T]: PostgreSQL array literals (`{1,2,NULL}`, `{"a b","say \"hi\""}`, `{{1,2},{3,4}}`).
//
// Decoding handles quoted elements with backslash escapes, unquoted `NULL`, nested arrays (each
// sub-array is handed to the element type, so `[[Int]]` works) and a leading dimension decoration
// (`[0:2]={...}`). Encoding quotes every non-NULL scalar element and escapes `"` and `\`.

extension Array: PostgresTextEncodable where Element: PostgresTextEncodable {
    /// An array literal; elements are encoded as the array's element type.
    public func postgresText(as type: PostgresType) throws -> String? {
        let elementType = type.elementType ?? type
        var out = "{"
        for (index, element) in enumerated() {
            if index > 0 { out += "," }
            guard let text = try element.postgresText(as: elementType) else {
                out += "NULL"
                continue
            }
            if Element.isPostgresArray {
                out += text
            } else {
                out += "\""
                for scalar in text.unicodeScalars {
                    if scalar == "\"" || scalar == "\\" { out.unicodeScalars.append("\\") }
                    out.unicodeScalars.append(scalar)
                }
                out += "\""
            }
        }
        out += "}"
        return out
    }

    /// Arrays nest unquoted.
    public static var isPostgresArray: Bool { true }
}

extension Array: PostgresTextDecodable where Element: PostgresTextDecodable {
    /// Parses an array literal, decoding each element (NULL elements need an optional `Element`).
    public static func decode(postgresText text: borrowing PostgresText) throws -> [Element] {
        // `{1,2,3}` into [Int] without the general element machinery (a compile-time test once
        // specialized); anything else, errors included, goes the general way.
        if Element.self == Int.self, let integers = ArrayLiteral.plainIntegers(text.bytes), let same = integers as? [Element] {
            return same
        }
        return try text.withUTF8 { try ArrayLiteral.decode($0, as: Element.self) }
    }
}

enum ArrayLiteral {
    /// The elements of `{i,j,...}` (or `{}`) where every element is a bare decimal integer that fits
    /// in `Int`; `nil` for any other text (spaces, quotes, NULL, nesting, dimensions, overflow),
    /// which ``decode(_:as:)`` then reads or rejects.
    static func plainIntegers(_ bytes: UnsafeRawBufferPointer) -> [Int]? {
        let count = bytes.count
        guard count >= 2, bytes[0] == UInt8(ascii: "{"), bytes[count - 1] == UInt8(ascii: "}") else { return nil }
        let end = count - 1
        guard end > 1 else { return [] }
        var separators = 0
        for position in 1..<end where bytes[position] == UInt8(ascii: ",") { separators += 1 }
        var result: [Int] = []
        result.reserveCapacity(separators + 1)
        var index = 1
        while true {
            let start = index
            while index < end, bytes[index] != UInt8(ascii: ",") { index += 1 }
            guard let value = IntegerText.parse(UnsafeRawBufferPointer(rebasing: bytes[start..<index])),
                let integer = Int(exactly: value)
            else { return nil }
            result.append(integer)
            if index == end { return result }
            index += 1
        }
    }

    static func decode<Element: PostgresTextDecodable>(_ bytes: UnsafeRawBufferPointer, as: Element.Type) throws -> [Element] {
        var index = 0
        let count = bytes.count
        func skipSpaces() {
            while index < count, isSpace(bytes[index]) { index += 1 }
        }
        skipSpaces()
        // Optional dimension decoration: [1:3]={...} or [1:2][1:2]={...}
        if index < count, bytes[index] == UInt8(ascii: "[") {
            while index < count, bytes[index] != UInt8(ascii: "=") { index += 1 }
            guard index < count else { throw PostgresTextDecodingError("malformed array dimensions") }
            index += 1
            skipSpaces()
        }
        guard index < count, bytes[index] == UInt8(ascii: "{") else {
            throw PostgresTextDecodingError("not an array literal (expected '{')")
        }
        index += 1
        var result: [Element] = []
        skipSpaces()
        if index < count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            skipSpaces()
            guard index == count else { throw PostgresTextDecodingError("trailing characters after array") }
            return result
        }
        // One allocation: the commas bound the number of elements (exact for flat arrays).
        var separators = 0
        for position in index..<count where bytes[position] == UInt8(ascii: ",") { separators += 1 }
        result.reserveCapacity(separators + 1)
        var scratch: [UInt8] = []
        while true {
            skipSpaces()
            guard index < count else { throw PostgresTextDecodingError("unterminated array literal") }
            let first = bytes[index]
            if first == UInt8(ascii: "{") {
                // Nested array: find the matching brace, respecting quotes.
                let start = index
                var depth = 0
                var inQuotes = false
                while index < count {
                    let byte = bytes[index]
                    if inQuotes {
                        if byte == UInt8(ascii: "\\") {
                            index += 1
                        } else if byte == UInt8(ascii: "\"") {
                            inQuotes = false
                        }
                    } else if byte == UInt8(ascii: "\"") {
                        inQuotes = true
                    } else if byte == UInt8(ascii: "{") {
                        depth += 1
                    } else if byte == UInt8(ascii: "}") {
                        depth -= 1
                        if depth == 0 { break }
                    }
                    index += 1
                }
                guard index < count else { throw PostgresTextDecodingError("unterminated nested array") }
                index += 1
                result.append(try element(bytes, start..<index, escaped: false, scratch: &scratch))
            } else if first == UInt8(ascii: "\"") {
                index += 1
                let start = index
                var escaped = false
                while index < count, bytes[index] != UInt8(ascii: "\"") {
                    if bytes[index] == UInt8(ascii: "\\") {
                        escaped = true
                        index += 1
                    }
                    index += 1
                }
                guard index < count else { throw PostgresTextDecodingError("unterminated quoted array element") }
                let end = index
                index += 1
                result.append(try element(bytes, start..<end, escaped: escaped, scratch: &scratch))
            } else {
                let start = index
                var escaped = false
                while index < count, bytes[index] != UInt8(ascii: ","), bytes[index] != UInt8(ascii: "}") {
                    if bytes[index] == UInt8(ascii: "\\") {
                        escaped = true
                        index += 1
                    }
                    index += 1
                }
                guard index < count else { throw PostgresTextDecodingError("unterminated array literal") }
                var end = index
                while end > start, isSpace(bytes[end - 1]) { end -= 1 }
                guard end > start else { throw PostgresTextDecodingError("empty array element") }
                if !escaped, end - start == 4, isNULL(bytes, start) {
                    do {
                        result.append(try Element.decodeNull())
                    } catch {
                        throw PostgresTextDecodingError("NULL element in an array of non-optional \(Element.self)")
                    }
                } else {
                    result.append(try element(bytes, start..<end, escaped: escaped, scratch: &scratch))
                }
            }
            skipSpaces()
            guard index < count else { throw PostgresTextDecodingError("unterminated array literal") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else {
                throw PostgresTextDecodingError("unexpected character in array literal at byte \(index)")
            }
            index += 1
            skipSpaces()
            guard index == count else { throw PostgresTextDecodingError("trailing characters after array") }
            return result
        }
    }

    /// Decodes one element's text, removing backslash escapes first when there are any.
    @inline(__always)
    private static func element<Element: PostgresTextDecodable>(
        _ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, escaped: Bool, scratch: inout [UInt8]
    ) throws -> Element {
        guard escaped else { return try Element.decode(postgresText: PostgresText(UnsafeRawBufferPointer(rebasing: bytes[range]))) }
        unescape(bytes, range, into: &scratch)
        return try scratch.withUnsafeBytes { try Element.decode(postgresText: PostgresText($0)) }
    }

    @inline(__always)
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    private static func isNULL(_ bytes: UnsafeRawBufferPointer, _ start: Int) -> Bool {
        (bytes[start] | 0x20) == UInt8(ascii: "n") && (bytes[start + 1] | 0x20) == UInt8(ascii: "u")
            && (bytes[start + 2] | 0x20) == UInt8(ascii: "l") && (bytes[start + 3] | 0x20) == UInt8(ascii: "l")
    }

    private static func unescape(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, into scratch: inout [UInt8]) {
        scratch.removeAll(keepingCapacity: true)
        var index = range.lowerBound
        while index < range.upperBound {
            if bytes[index] == UInt8(ascii: "\\"), index + 1 < range.upperBound {
                index += 1
            }
            scratch.append(bytes[index])
            index += 1
        }
    }
}
