import Foundation
import Testing

@testable import NeonSQL

// The in-place cell readers (`RowDecoder.directCell`, `directText`) in front of the general path:
// every cell decodes to the same value, or fails with the same error, as through the generic
// `decode(_:)` (scan, unescape, then the type's `decode(postgresText:)`), for text the direct
// readers take and text they must leave alone (escapes, signs, spaces, other digits, special
// values, malformed JSON), in the first column and after a comma.

/// Two cells of one type read through the concrete overloads (the direct readers first).
private struct Direct<Value>: DecodableRow, @unchecked Sendable {
    static var columns: [ResultColumn] { [ResultColumn("a", PostgresType(oid: 0, name: "any")), ResultColumn("b", PostgresType(oid: 0, name: "any"))] }
    var first: Value
    var second: Value
    init(from row: inout RowDecoder) throws {
        guard let read = DirectReaders.current as? (inout RowDecoder) throws -> Value else { throw CancellationError() }
        first = try read(&row)
        second = try read(&row)
    }
}

/// The same through the generic `decode(_:)`, the general path.
private struct General<Value: PostgresTextDecodable>: DecodableRow, @unchecked Sendable {
    static var columns: [ResultColumn] { Direct<Value>.columns }
    var first: Value
    var second: Value
    init(from row: inout RowDecoder) throws {
        first = try row.decode(Value.self)
        second = try row.decode(Value.self)
    }
}

private func body(_ cell: String) -> String {
    #"{"fields":[{"name":"a","dataTypeID":0},{"name":"b","dataTypeID":0}],"rows":[["# + cell + "," + cell + "]]}"
}

private func outcome<Row: DecodableRow>(_: Row.Type, _ cell: String, _ values: (Row) -> [String]) -> String {
    let statement: Statement<[Row]> = .many(name: "Test", sql: "", bindings: Bindings(), readOnly: true)
    do {
        return try statement.decodeResponse(Data(body(cell).utf8)).flatMap(values).joined(separator: "|")
    } catch {
        return "error: \(error)"
    }
}

/// `cell` is the JSON of the cell (quoted, escaped as on the wire, or `null`).
private func expectSame<Value: PostgresTextDecodable>(
    _: Value.Type, _ cell: String, read: @escaping (inout RowDecoder) throws -> Value, sourceLocation: SourceLocation = #_sourceLocation
) {
    let direct = DirectReaders.with(read) {
        outcome(Direct<Value>.self, cell) { ["\($0.first)", "\($0.second)"] }
    }
    let general = outcome(General<Value>.self, cell) { ["\($0.first)", "\($0.second)"] }
    #expect(direct == general, "\(cell)", sourceLocation: sourceLocation)
}

/// Serializes the per-type reader of `Direct` (tests of this suite run one at a time).
private enum DirectReaders {
    /// A closure calling the concrete overload for the type under test.
    nonisolated(unsafe) static var current: Any = 0
    static let lock = NSLock()
    static func with<Value, T>(_ read: @escaping (inout RowDecoder) throws -> Value, _ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        current = read
        return body()
    }
}

private func quoted(_ text: String) -> String { "\"" + text + "\"" }

@Suite("Direct cell readers", .serialized)
struct DirectCellTests {
    @Test func integers() {
        let cells = ["0", "-0", "7", "42", "1234567", "-1234567", "12345678", "-12345678", "+5", "007", " 1", "1 ", "1\\u0030",
                     "\\u0031", "1.5", "", "-", "--1", "9223372036854775807", "-9223372036854775808", "99999999999999999999",
                     "12a", "١", "2147483647", "2147483648", "-2147483649", "1\\\"", "1\\n"].map(quoted) + ["null", "5", "-3", "true"]
        for cell in cells {
            expectSame(Int.self, cell) { try $0.decode(Int.self) }
            expectSame(Int?.self, cell) { try $0.decode(Int?.self) }
            expectSame(Int64.self, cell) { try $0.decode(Int64.self) }
            expectSame(Int32.self, cell) { try $0.decode(Int32.self) }
            expectSame(Int32?.self, cell) { try $0.decode(Int32?.self) }
        }
    }

    @Test func doubles() {
        let cells = ["142.71428571428572", "0.14285714285714285", "1e+100", "-0.5", "0", "-0", "NaN", "Infinity", "-Infinity",
                     "1e23", "1\\u002e5", "1.5 ", " 1.5", "1.", ".5", "5e-324", "1e400", "1e-400", "1.7976931348623157e308",
                     "12345678901234567890", "0x1p3", "1e", "1.5\\\"", ""].map(quoted) + ["null", "1.5", "2"]
        for cell in cells {
            expectSame(Double.self, cell) { try $0.decode(Double.self) }
            expectSame(Double?.self, cell) { try $0.decode(Double?.self) }
        }
    }

    @Test func timestamps() {
        let cells = ["2023-11-14 22:13:20.123456+00", "2023-11-14 22:13:20.1+05:30", "2023-11-14 22:13:20-08",
                     "2023-11-14 22:13:20", "2023-11-14 22:13:20.5", "2023-11-14T22:13:20Z", "2023-02-30 00:00:00+00",
                     "2023-11-14 22:13:20.1234567+00", "2023-11-14 22:13:20.+00", "2023-11-14 22:13:20.5+5",
                     "2023-11-14 22:13:20.5+05:3", "2023-11-14 22:13:20+05:30:15", "infinity", "-infinity",
                     "12023-01-01 00:00:00+00", "2023-11-14 22:13:20 BC", "2023-11-14 22:13:20\\u002e5+00",
                     "2023-11-14 22:13:20.123456+00 ", "2023-11-14 24:00:00+00", "2023-13-01 00:00:00+00", "2023-11-14 22:13:2"]
            .map(quoted) + ["null"]
        for cell in cells {
            expectSame(Date.self, cell) { try $0.decode(Date.self) }
            expectSame(Date?.self, cell) { try $0.decode(Date?.self) }
        }
    }

    @Test func timestampPrefixAgainstAByteByByteReading() {
        /// The fields of `YYYY-MM-DD[ T]HH:MM:SS` not followed by a digit, read one byte at a time.
        func reference(_ bytes: [UInt8]) -> [Int]? {
            guard bytes.count >= 19, bytes.count == 19 || !(48...57).contains(bytes[19]) else { return nil }
            for (index, byte) in bytes.prefix(19).enumerated() {
                switch index {
                case 4, 7: guard byte == UInt8(ascii: "-") else { return nil }
                case 10: guard byte == UInt8(ascii: " ") || byte == UInt8(ascii: "T") else { return nil }
                case 13, 16: guard byte == UInt8(ascii: ":") else { return nil }
                default: guard (48...57).contains(byte) else { return nil }
                }
            }
            func number(_ range: Range<Int>) -> Int { range.reduce(0) { $0 * 10 + Int(bytes[$1] - 48) } }
            return [number(0..<4), number(5..<7), number(8..<10), number(11..<13), number(14..<16), number(17..<19)]
        }
        let valid = Array("2023-11-14 22:13:20.5+00".utf8)
        var texts: [[UInt8]] = [valid, Array(valid.prefix(19)), Array(valid.prefix(18)), Array("9999-12-31T23:59:59".utf8),
                                Array("0001-01-01 00:00:00123".utf8)]
        for position in 0..<20 {
            for byte: UInt8 in [0x00, 0x1F, 0x20, 0x2D, 0x2F, 0x30, 0x35, 0x39, 0x3A, 0x54, 0x74, 0x7F, 0x80, 0xB0, 0xFF] {
                var text = valid
                text[position] = byte
                texts.append(text)
            }
        }
        for text in texts {
            let fast = text.withUnsafeBytes { TimestampText.fixedWidthDateTime($0) }
            let fields = fast.map { [$0.year, $0.month, $0.day, $0.hour, $0.minute, $0.second] }
            #expect(fields == reference(text), "\(String(decoding: text, as: UTF8.self))")
        }
    }

    @Test func uuidsAndBooleans() {
        let uuids = ["a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", "A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11",
                     "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a1", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a111",
                     "a0eebc99x9c0b-4ef8-bb6d-6bb9bd380a11", "\\u00610eebc99-9c0b-4ef8-bb6d-6bb9bd380a11",
                     "a0eebc999c0b4ef8bb6d6bb9bd380a11", "g0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"].map(quoted) + ["null"]
        for cell in uuids {
            expectSame(UUID.self, cell) { try $0.decode(UUID.self) }
            expectSame(UUID?.self, cell) { try $0.decode(UUID?.self) }
        }
        for cell in ["t", "f", "true", "false", "T", "x", "", "\\u0074", "t "].map(quoted) + ["null", "true", "false"] {
            expectSame(Bool.self, cell) { try $0.decode(Bool.self) }
            expectSame(Bool?.self, cell) { try $0.decode(Bool?.self) }
        }
    }

    @Test func integerArrays() {
        let cells = ["{}", "{1}", "{1,2,3}", "{-1,0,1234567}", "{12345678}", "{1,12345678}", "{1,2,3,4,5,6,7,8,9,10,11,12}",
                     "{ 1}", "{1 }", "{1,}", "{,1}", "{1,,2}", "{+1}", "{NULL}", "{1,NULL}", "{{1,2},{3,4}}", "[1:2]={1,2}",
                     #"{\"1\"}"#, #"{1\u002c2}"#, "{1}x", "{1", "{", "{-}", "{9223372036854775807}",
                     "{99999999999999999999}", "{1.5}", "{a}", "{1,-2,-3,4}", "{-1234567,7654321,-7,0,0,0,0,0,0,0,1}", "{1,2}}",
                     "{1,2", "{1,2}3", "{1,2},", "{,}", "{-,1}", "{1,-}", "{1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17}"].map(quoted)
            + ["null", #""{1,2" "#, #""{1,2\"}""#, #""{1,2""#]
        for cell in cells {
            expectSame([Int].self, cell) { try $0.decode([Int].self) }
            expectSame([Int]?.self, cell) { try $0.decode([Int]?.self) }
        }
    }

    @Test func textWithAQuoteEscapeOrControlCharacterAtEveryOffset() {
        var cells: [String] = []
        for offset in 0..<20 {
            let before = String(repeating: "a", count: offset)
            let after = String(repeating: "b", count: 19 - offset)
            for special in ["\\\"", "\\\\", "\\n", "\\u00e9", "\\ud83d\\udd4c", "é", "بِسْمِ", "\u{01}", "\u{1F}", "\\x", "\\u12",
                            "\\ud83d", "\u{7F}"] {
                cells.append(quoted(before + special + after))
            }
        }
        cells += ["\"\"", "null", "5", "\"unterminated", "\"a\\\"", "\"\\\"\\\"\\\"\\\"\\\"\\\"\\\"\\\"\\\"\""]
        for cell in cells {
            expectSame(String.self, cell) { try $0.decode(String.self) }
            expectSame(String?.self, cell) { try $0.decode(String?.self) }
        }
    }
}
