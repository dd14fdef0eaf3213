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
                     "12a", "١", "2147483647", "2147483648", "-2147483649", "1\\\"", "1\\n",
                     // `Int` reads 8 to 15 digits in place too.
                     "10000000", "100000000", "123456789012345", "-123456789012345", "1234567890123456", "000000000000000",
                     "123456789012345x", "12345678901234\\\"", "12345678 ", "1234567890.5"].map(quoted) + ["null", "5", "-3", "true"]
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
                     "12345678901234567890", "0x1p3", "1e", "1.5\\\"", "",
                     // The two- and three-load shapes and their edges: 7 and 8 integer digits, 7, 8, 15
                     // and 16 fraction digits, 19 and 20 digits in all, an exponent after them.
                     "1234567.5", "12345678.5", "1.1234567", "1.12345678", "1.123456789012345", "1.1234567890123456",
                     "1234567.123456789012", "1234567.1234567890123", "0.000123", "-0.0", "-1234567.7654321",
                     "1.12345678e5", "1.5e5", "1.5E-3", "-.5", "1.-5", "00.5", "0.10000000000000001"].map(quoted)
            + ["null", "1.5", "2"]
        for cell in cells {
            expectSame(Double.self, cell) { try $0.decode(Double.self) }
            expectSame(Double?.self, cell) { try $0.decode(Double?.self) }
        }
    }

    @Test func plainDoublesReadAsDecimalDigitsReadsThem() {
        var texts = ["0", "7", "-7", "1234567", "12345678", "0.5", "-0.5", "142.71428571428572", "0.14285714285714285",
                     "1.1234567", "1.12345678", "1.123456789012345", "1.1234567890123456", "1234567.123456789012",
                     "1234567.1234567890123", "1.5e5", "1.", ".5", "+1.5", "1.5x", "NaN", "-", ""]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let bits = UInt64.random(in: 0...UInt64.max, using: &generator)
            let value = Double(bitPattern: bits)
            texts.append(value.isFinite ? "\(value)" : "1")
            texts.append("\(Double(Int.random(in: -9_999_999...9_999_999, using: &generator)) / 7.0)")
            texts.append("\(Double(Int.random(in: 0...999, using: &generator)) / 1000.0)")
        }
        var accepted = 0
        for text in texts {
            // The text, its closing quote and room for the 8-byte loads after it.
            let bytes = Array(text.utf8) + Array("\"]]}".utf8) + [UInt8](repeating: 0x20, count: 32)
            bytes.withUnsafeBytes { raw in
                guard let base = raw.baseAddress, let (plain, end) = DirectCell.plainDecimal(base, at: 0, count: raw.count) else { return }
                accepted += 1
                let general = DecimalDigits.read(base, from: 0, count: raw.count)
                #expect(general?.0.negative == plain.negative, "\(text)")
                #expect(general?.0.significand == plain.significand, "\(text)")
                #expect(general?.0.exponent == plain.exponent, "\(text)")
                #expect(general?.end == end, "\(text)")
                #expect(end == text.utf8.count, "\(text)")
            }
        }
        // Most of PostgreSQL's shortest output takes the plain path.
        #expect(accepted > texts.count / 2)
    }

    @Test func daysFromYearOneAgreeWithTheEraArithmetic() {
        for year in 1...9999 {
            for month in 1...12 {
                for day in [1, 15, 28, CivilCalendar.daysIn(month: month, year: year)] {
                    #expect(CivilCalendar.daysFromYearOne(year: year, month: month, day: day)
                            == CivilCalendar.days(year: year, month: month, day: day), "\(year)-\(month)-\(day)")
                }
            }
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

    @Test func unescapingAgreesWithJSONSerializationForEscapesAtEveryOffset() throws {
        // Runs long enough for the 16- and 8-byte copies, an escape at each offset of them.
        for length in [0, 1, 7, 8, 9, 15, 16, 17, 23, 24, 31, 32, 33, 47] {
            for offset in 0...length {
                for escape in [#"\""#, #"\\"#, #"\n"#, #"\u00e9"#, #"\ud83d\udd4c"#, #"\/"#] {
                    let plain = (0..<length).map { String(UnicodeScalar(UInt8(0x61 + $0 % 26))) }.joined()
                    let text = String(plain.prefix(offset)) + escape + String(plain.dropFirst(offset)) + escape + "é tail"
                    let bytes = Array(text.utf8)
                    try bytes.withUnsafeBytes { raw in
                        let reader = JSONReader(raw)
                        let string = try reader.unescapedString(0..<raw.count)
                        var scratch: [UInt8] = []
                        try reader.unescape(0..<raw.count, into: &scratch)
                        let reference = try JSONSerialization.jsonObject(with: Data(("\"" + text + "\"").utf8), options: .fragmentsAllowed)
                        #expect(string == reference as? String, "\(text)")
                        #expect(Array(string.utf8) == scratch, "\(text)")
                    }
                }
                // A backslash ending the text at any offset: the same error as before.
                let truncated = Array((String(repeating: "a", count: offset) + "\\").utf8)
                truncated.withUnsafeBytes { raw in
                    let reader = JSONReader(raw)
                    #expect(throws: JSONReader.SyntaxError.self) { try reader.unescapedString(0..<raw.count) }
                    do {
                        _ = try reader.unescapedString(0..<raw.count)
                    } catch {
                        #expect((error as? JSONReader.SyntaxError)?.message == "truncated escape at byte \(offset)")
                    }
                }
            }
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
