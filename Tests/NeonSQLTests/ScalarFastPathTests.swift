import Foundation
import NeonSQLTestSupport
import Testing

@testable import NeonSQL

// The allocation-free scalar parsers (DoubleText, UUIDText, the fixed-width timestamp prefix,
// plain integer arrays, escaped text cells) compared against reference parsers: `Double(String)`
// (strtod), `UUID(uuidString:)`, Foundation's Gregorian calendar, the general array-literal
// reader, and the scratch-buffer unescaper.

private func fastDouble(_ text: String) -> Double? {
    var text = text
    return text.withUTF8 { DoubleText.parse(UnsafeRawBufferPointer($0)) }
}

/// The fast path agrees with strtod bit for bit whenever it answers; `mustAnswer` asserts it does.
private func expectSameAsReference(_ text: String, mustAnswer: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let reference = Double(text) else {
        Issue.record("reference cannot parse \(text)", sourceLocation: sourceLocation)
        return
    }
    guard let fast = fastDouble(text) else {
        if mustAnswer { Issue.record("fast path declined \(text)", sourceLocation: sourceLocation) }
        return
    }
    #expect(fast.bitPattern == reference.bitPattern, "\(text): \(fast) vs strtod \(reference)", sourceLocation: sourceLocation)
}

@Suite("Scalar fast paths")
struct ScalarFastPathTests {
    @Test func doubleEdgeCases() throws {
        for text in [
            "0", "-0", "0.0", "-0.0", "1", "-1", "0.1", "0.3", "-2.5", "142.71428571428572", "1e19", "1e-19",
            "1E5", "1e+5", "-1.5e-7", "9007199254740993", "9007199254740995", "9007199254740992.5",
            "9999999999999999999", "0.0000000000000000001", "123456789012345678e-19",
            "4.9406564584124654", "1.7976931348623157", "2.2250738585072014", "5e-5", "00012.5000",
            "0.30000000000000004", "+7.25",
        ] {
            expectSameAsReference(text, mustAnswer: true)
        }
        #expect(fastDouble("-0")?.sign == .minus)
        // Outside the fast path (the reference parser answers): more than 19 significant digits.
        for text in ["18446744073709551615", "12345678901234567890.5", "1844674407370955161.5"] {
            #expect(fastDouble(text) == nil, "\(text)")
            #expect(try decode(text, as: Double.self) == Double(text))
        }
        // Exponents beyond ±19: answered by Eisel-Lemire (DoubleTextPathTests covers the range).
        for text in ["1e20", "1e-20", "1.7976931348623157e308", "2.2250738585072014e-308", "1e+100"] {
            expectSameAsReference(text, mustAnswer: true)
        }
        // Not numbers: declined here, rejected by the reference path.
        for text in ["", "-", "+", ".", "1.", ".5", "1e", "1e+", "abc", "1.2.3", "0x1p3", " 1", "1 ", "--1", "1e5e5"] {
            #expect(fastDouble(text) == nil, "\(text)")
        }
        for text in ["", "-", "abc", "1.2.3", "0x1p3", " 1", "inf", "1e5e5"] {
            #expect(throws: PostgresTextDecodingError.self, "\(text)") { try decode(text, as: Double.self) }
        }
        #expect(try decode("NaN", as: Double.self).isNaN)
        #expect(try decode("Infinity", as: Double.self) == .infinity)
        #expect(try decode("-Infinity", as: Double.self) == -.infinity)
    }

    @Test func doublesPrintedShortestMatchStrtod() {
        var random = SeededRandom(seed: 42)
        for _ in 0..<20_000 {
            // Magnitudes Swift prints without an exponent or with a small one.
            let exponent = Int.random(in: -18...18, using: &random)
            let value = Double.random(in: 1..<10, using: &random) * pow(10, Double(exponent))
            let negative = Bool.random(using: &random)
            let text = (negative ? -value : value).description
            expectSameAsReference(text, mustAnswer: false)
            expectSameAsReference(String(format: "%.17g", value), mustAnswer: false)
            expectSameAsReference(String(format: "%.15g", value), mustAnswer: false)
        }
        // PostgreSQL-shaped values answered by the fast path.
        for index in 0..<10_000 {
            expectSameAsReference((Double(index) / 7.0).description, mustAnswer: true)
            expectSameAsReference((Double(index) * 0.01).description, mustAnswer: true)
        }
    }

    @Test func randomDecimalTextsMatchStrtod() {
        var random = SeededRandom(seed: 7)
        for _ in 0..<50_000 {
            let digitCount = Int.random(in: 1...19, using: &random)
            var digits = String(Int.random(in: 1...9, using: &random))
            for _ in 1..<digitCount { digits += String(Int.random(in: 0...9, using: &random)) }
            let point = Int.random(in: 0...digitCount, using: &random)
            var text = point == digitCount ? digits : String(digits.prefix(max(point, 1))) + "." + digits.dropFirst(max(point, 1))
            if point == 0 { text = "0." + digits }
            let fractionDigits = point == 0 ? digitCount : digitCount - max(point, 1)
            let exponent = Int.random(in: -19...19, using: &random)
            let decimalExponent = exponent - fractionDigits
            if Bool.random(using: &random) { text += "e\(exponent)" }
            let mustAnswer = text.contains("e") ? (-19...19).contains(decimalExponent) : fractionDigits <= 19
            expectSameAsReference(text, mustAnswer: mustAnswer)
            // Halfway cases between two doubles, scaled by a power of ten.
            let significand = UInt64.random(in: (1 << 52)..<(1 << 53), using: &random)
            let halfway = significand << 1 | 1  // odd: exactly between two 53-bit significands after >> 1
            expectSameAsReference("\(halfway)", mustAnswer: true)
            expectSameAsReference("\(halfway)e-\(Int.random(in: 1...3, using: &random))", mustAnswer: true)
        }
    }

    @Test func uuidsMatchFoundation() throws {
        var random = SeededRandom(seed: 3)
        for _ in 0..<2_000 {
            var bytes = [UInt8](repeating: 0, count: 16)
            for index in 0..<16 { bytes[index] = UInt8.random(in: 0...255, using: &random) }
            let uuid = bytes.withUnsafeBytes { raw in UUID(uuid: raw.load(as: uuid_t.self)) }
            #expect(try decode(uuid.uuidString.lowercased(), as: UUID.self) == uuid)
            #expect(try decode(uuid.uuidString, as: UUID.self) == uuid)
        }
        let valid = "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"
        #expect(try decode(valid, as: UUID.self) == UUID(uuidString: valid))
        var invalid = [
            String(valid.dropLast()), valid + "0", valid.replacingOccurrences(of: "-", with: "0"),
            "a0eebc999-c0b-4ef8-bb6d-6bb9bd380a11", "{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a1}",
        ]
        for position in valid.indices where valid[position] != "-" {
            for replacement in ["g", "G", "-", " ", "/", ":", "@", "`", "\u{7F}"] {
                var text = valid
                text.replaceSubrange(position...position, with: replacement)
                invalid.append(text)
            }
        }
        for text in invalid {
            #expect(throws: PostgresTextDecodingError.self, "\(text)") { try decode(text, as: UUID.self) }
        }
    }

    @Test func timestampsMatchFoundationCalendar() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        var random = SeededRandom(seed: 11)
        for _ in 0..<3_000 {
            let year = Int.random(in: 1600...9999, using: &random)  // Foundation is Julian before 1582
            let month = Int.random(in: 1...12, using: &random)
            let day = Int.random(in: 1...28, using: &random)
            let hour = Int.random(in: 0...23, using: &random)
            let minute = Int.random(in: 0...59, using: &random)
            let second = Int.random(in: 0...59, using: &random)
            let micros = Int.random(in: 0...999_999, using: &random)
            let offsetMinutes = Int.random(in: -12...14, using: &random) * 60 + ([0, 30, 45].randomElement(using: &random) ?? 0)
            let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
            let utc = try #require(calendar.date(from: components))
            let base = String(format: "%04d-%02d-%02d %02d:%02d:%02d", year, month, day, hour, minute, second)
            #expect(try decode(base, as: Date.self) == utc)
            #expect(try decode(base + "+00", as: Date.self) == utc)
            let withFraction = try decode(base + String(format: ".%06d", micros), as: Date.self)
            // Whole seconds since 2001, plus the fraction: one rounding, as the general reader does.
            #expect(withFraction.timeIntervalSinceReferenceDate == utc.timeIntervalSinceReferenceDate + Double(micros) / 1e6)
            let sign = offsetMinutes < 0 ? "-" : "+"
            let offset = sign + String(format: "%02d:%02d", abs(offsetMinutes) / 60, abs(offsetMinutes) % 60)
            let shifted = try decode(base + offset, as: Date.self)
            #expect(shifted.timeIntervalSince(utc) == -Double(offsetMinutes * 60))
            #expect(try decode(base.replacingOccurrences(of: " ", with: "T") + "Z", as: Date.self) == utc)
        }
        // The common tail (fraction of 1-6 digits, `+HH`, `+HH:MM`) read after the fixed-width
        // prefix gives what the general reader gives; other tails go to it. A five-digit year
        // ("02024") takes the general reader all the way, so it is the reference.
        let tails = ["", ".1", ".12", ".123", ".123456", ".1234564", ".1234565", ".9999995", ".000001", "+05", "-05",
                     "+05:30", "-11:45", "+05:30:15", ".5+03", ".999999-08:00", "Z", ".12Z", " BC", "+00 BC", ".",
                     ".+00", "+5", "+05:3", "+0530", "x", ".1234567+02", "+05:", "+05:x0", "+0a", "+05 BC", ".12+05:30",
                     "+24", "+99:99", "-00", ".1.2", ".12345678901234567890"]
        for tail in tails {
            for base in ["2024-01-02 03:04:05", "1999-12-31T23:59:59", "2024-02-29 00:00:00", "2023-02-29 00:00:00"] {
                let text = base + tail
                var fast = text
                var general = "0" + text
                let fastDate = fast.withUTF8 { TimestampText.parse(UnsafeRawBufferPointer($0)) }
                let generalDate = general.withUTF8 { TimestampText.parse(UnsafeRawBufferPointer($0)) }
                #expect(fastDate == generalDate, "\(text)")
            }
        }
        // The fixed-width prefix declines other shapes; the general reader handles or rejects them.
        #expect(TimestampText.fixedWidthDateTime(UnsafeRawBufferPointer(start: nil, count: 0)) == nil)
        #expect(try decode("12345-06-07 00:00:00+00", as: Date.self) > Date(timeIntervalSince1970: 300_000_000_000))
        #expect(try decode("0044-03-15 12:00:00+00 BC", as: Date.self) < Date(timeIntervalSince1970: -60_000_000_000))
        for text in ["2024-01-02 03:04:0", "2024-1-02 03:04:05", "2024-01-02 03:04:05x", "2024-0a-02 03:04:05",
                     "2024-01-02 03:04:056", "2024-01-02_03:04:05", "2024-13-02 03:04:05", "2024-01-02 25:04:05",
                     "2024/01/02 03:04:05", "2024-01-02 03-04-05", "-024-01-02 03:04:05"] {
            #expect(throws: PostgresTextDecodingError.self, "\(text)") { try decode(text, as: Date.self) }
        }
    }

    @Test func plainIntegerArraysMatchTheGeneralReader() throws {
        func both(_ text: String) -> (fast: [Int]?, general: [Int]?) {
            var text = text
            return text.withUTF8 { raw in
                let bytes = UnsafeRawBufferPointer(raw)
                return (ArrayLiteral.plainIntegers(bytes), try? ArrayLiteral.decode(bytes, as: Int.self))
            }
        }
        var random = SeededRandom(seed: 5)
        var texts = ["{}", "{0}", "{-1}", "{+1}", "{1,2,3}", "{9223372036854775807,-9223372036854775808}"]
        for _ in 0..<2_000 {
            let count = Int.random(in: 0...8, using: &random)
            let values = (0..<count).map { _ in Int.random(in: Int.min...Int.max, using: &random) >> Int.random(in: 0...63, using: &random) }
            texts.append("{" + values.map(String.init).joined(separator: ",") + "}")
        }
        for text in texts {
            let (fast, general) = both(text)
            #expect(fast != nil, "\(text)")
            #expect(fast == general, "\(text)")
        }
        // Declined: the general reader answers (or rejects) these.
        for text in ["", "{", "}", "{1,}", "{,1}", "{1,,2}", "{ 1}", "{1 }", "{NULL}", #"{"1"}"#, "{{1}}", "[0:1]={1,2}",
                     "{9223372036854775808}", "{-9223372036854775809}", "{1;2}", "{-}", "{1}x", "x{1}"] {
            #expect(both(text).fast == nil, "\(text)")
        }
        #expect(try decode("[0:1]={1,2}", as: [Int].self) == [1, 2])
        #expect(try decode("{ 1 , 2 }", as: [Int].self) == [1, 2])
        #expect(throws: PostgresTextDecodingError.self) { try decode("{9223372036854775808}", as: [Int].self) }
        #expect(throws: PostgresTextDecodingError.self) { try decode("{1,NULL}", as: [Int].self) }
        #expect(try decode("{1,NULL}", as: [Int?].self) == [1, nil])
    }

    @Test func escapedTextUnescapesTheSameIntoAStringAndIntoScratch() throws {
        let cells = [
            #"say \"hi\""#, #"back\\slash"#, #"\/\b\f\n\r\t"#, #"caf\u00e9 \u0645\u0631\u062d\u0628\u0627"#,
            #"\ud83d\udd4c mosque"#, #"\u0000"#, #"tail\""#, #"\"head"#, String(repeating: #"ab\"cd"#, count: 50),
        ]
        for cell in cells {
            let bytes = Array(cell.utf8)
            try bytes.withUnsafeBytes { raw in
                let reader = JSONReader(raw)
                var scratch: [UInt8] = [1, 2, 3]
                try reader.unescape(0..<raw.count, into: &scratch)
                let string = try reader.unescapedString(0..<raw.count)
                #expect(Array(string.utf8) == scratch, "\(cell)")
                let reference = try JSONSerialization.jsonObject(with: Data(("\"" + cell + "\"").utf8), options: .fragmentsAllowed)
                #expect(string == reference as? String, "\(cell)")
            }
        }
        for bad in [#"\x"#, #"\u12"#, #"\ud800"#, #"\udc00x"#, #"\ud800\u0041"#, #"trailing\"#] {
            let bytes = Array(bad.utf8)
            bytes.withUnsafeBytes { raw in
                let reader = JSONReader(raw)
                #expect(throws: JSONReader.SyntaxError.self, "\(bad)") { try reader.unescapedString(0..<raw.count) }
                var scratch: [UInt8] = []
                #expect(throws: JSONReader.SyntaxError.self, "\(bad)") { try reader.unescape(0..<raw.count, into: &scratch) }
            }
        }
    }

    @Test func escapedCellsDecodeTheSameThroughStringOptionalAndGenericColumns() throws {
        struct TextsRow: DecodableRow {
            static let columns = [ResultColumn("a", .text), ResultColumn("b", .text), ResultColumn("c", .text), ResultColumn("d", .array(.text))]
            var a: String
            var b: String?
            var c: Wrapped
            var d: [String]
            init(from row: inout RowDecoder) throws {
                a = try row.decode(String.self)
                b = try row.decode(String?.self)
                c = try row.decode(Wrapped.self)
                d = try row.decode([String].self)
            }
        }
        /// Decoded through the generic scratch-buffer path.
        struct Wrapped: PostgresTextDecodable {
            var text: String
            static func decode(postgresText text: borrowing PostgresText) throws -> Wrapped { Wrapped(text: text.string) }
        }
        let cell = #"say \"hi\" caf\u00e9 \ud83d\udd4c\n"#
        let expected = "say \"hi\" café 🕌\n"
        let body = #"{"fields":[{"name":"a","dataTypeID":25},{"name":"b","dataTypeID":25},{"name":"c","dataTypeID":25},"#
            + #"{"name":"d","dataTypeID":1009}],"rows":[[""# + cell + #"",""# + cell + #"",""# + cell + #"","{\"x\\\"y\"}"],"#
            + #"["plain",null,"plain","{}"]]}"#
        let statement: Statement<[TextsRow]> = .many(name: "Test", sql: "", bindings: Bindings(), readOnly: true)
        let rows = try statement.decodeResponse(Data(body.utf8))
        #expect(rows.count == 2)
        #expect(rows.first?.a == expected)
        #expect(rows.first?.b == expected)
        #expect(rows.first?.c.text == expected)
        #expect(rows.first?.d == [#"x"y"#])
        #expect(rows.last?.b == nil)
        #expect(rows.last?.a == "plain")
    }

    @Test func integersAroundTheUncheckedDigitCount() throws {
        // Up to 18 digits are parsed without overflow checks; 19 and more with them.
        for text in ["0", "-0", "+7", "999999999999999999", "-999999999999999999", "1000000000000000000",
                     "-1000000000000000000", "9223372036854775807", "-9223372036854775808", "000000000000000000000000042"] {
            #expect(try decode(text, as: Int.self) == Int(text), "\(text)")
            #expect(try decode(text, as: Int64.self) == Int64(text), "\(text)")
        }
        var random = SeededRandom(seed: 9)
        for _ in 0..<5_000 {
            let value = Int.random(in: Int.min...Int.max, using: &random) >> Int.random(in: 0...63, using: &random)
            #expect(try decode(String(value), as: Int.self) == value)
        }
        for text in ["9223372036854775808", "-9223372036854775809", "99999999999999999999", "12345678901234567a", "1-2", "--1", "+-1"] {
            #expect(throws: PostgresTextDecodingError.self, "\(text)") { try decode(text, as: Int.self) }
        }
        #expect(throws: PostgresTextDecodingError.self) { try decode("99999", as: Int16.self) }
    }
}
