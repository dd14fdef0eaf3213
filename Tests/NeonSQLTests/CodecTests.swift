import Foundation
import Testing

@testable import NeonSQL

/// Decodes `text` as `T` the way a cell is decoded.
func decode<T: PostgresTextDecodable>(_ text: String, as _: T.Type = T.self) throws -> T {
    var text = text
    return try text.withUTF8 { try T.decode(postgresText: PostgresText(UnsafeRawBufferPointer($0))) }
}

func encode<T: PostgresTextEncodable>(_ value: T, as type: PostgresType) throws -> String? {
    try value.postgresText(as: type)
}

func roundTrip<T: PostgresTextEncodable & PostgresTextDecodable & Equatable>(_ value: T, as type: PostgresType) throws -> T {
    guard let text = try value.postgresText(as: type) else { return try T.decodeNull() }
    return try decode(text, as: T.self)
}

@Suite("Codecs")
struct CodecTests {
    // MARK: integers
    @Test func integers() throws {
        #expect(try decode("42", as: Int.self) == 42)
        #expect(try decode("-32768", as: Int16.self) == .min)
        #expect(try decode("9223372036854775807", as: Int.self) == .max)
        #expect(try decode("-9223372036854775808", as: Int64.self) == .min)
        #expect(try decode("9007199254740993", as: Int.self) == 9_007_199_254_740_993)  // beyond 2^53
        #expect(throws: PostgresTextDecodingError.self) { try decode("9223372036854775808", as: Int.self) }
        #expect(throws: PostgresTextDecodingError.self) { try decode("40000", as: Int16.self) }
        #expect(throws: PostgresTextDecodingError.self) { try decode("12a", as: Int.self) }
        #expect(throws: PostgresTextDecodingError.self) { try decode("", as: Int.self) }
        #expect(throws: PostgresTextDecodingError.self) { try decode("-", as: Int.self) }
        for value in [0, 1, -1, Int.max, Int.min, 2_147_483_647] {
            #expect(try roundTrip(value, as: .int8) == value)
        }
    }

    @Test func integerRangeChecksAgainstColumnType() throws {
        #expect(try encode(32767, as: .int2) == "32767")
        #expect(throws: PostgresTextEncodingError.self) { try encode(32768, as: .int2) }
        #expect(throws: PostgresTextEncodingError.self) { try encode(-2_147_483_649, as: .int4) }
        #expect(try encode(-2_147_483_648, as: .int4) == "-2147483648")
        #expect(try encode(Int.max, as: .int8) == "9223372036854775807")
        #expect(throws: PostgresTextEncodingError.self) { try encode([1, 70000], as: .array(.int2)) }

        var bindings = Bindings()
        bindings.append(1, as: .int4)
        bindings.append(40_000, as: .int2)
        bindings.append(3_000_000_000, as: .int4)
        #expect(bindings.count == 3)
        #expect(bindings.failure?.parameter == 2)
        #expect(bindings.failure?.type == "smallint")
        #expect(bindings.failure?.description.contains("40000") == true)
    }

    // MARK: floats
    @Test func floats() throws {
        #expect(try decode("NaN", as: Double.self).isNaN)
        #expect(try decode("Infinity", as: Double.self) == .infinity)
        #expect(try decode("-Infinity", as: Float.self) == -.infinity)
        #expect(try decode("1.5e-07", as: Double.self) == 1.5e-07)
        #expect(try decode("3.4028235e+38", as: Float.self) == .greatestFiniteMagnitude)
        #expect(throws: PostgresTextDecodingError.self) { try decode("inf", as: Double.self) }
        #expect(throws: PostgresTextDecodingError.self) { try decode("0x1p3", as: Double.self) }
        #expect(try encode(Double.nan, as: .float8) == "NaN")
        #expect(try encode(-Double.infinity, as: .float8) == "-Infinity")
        #expect(try encode(Float.infinity, as: .float4) == "Infinity")
        for value in [0.1, -2.5e300, Double.leastNonzeroMagnitude, Double.pi, 1e20] {
            #expect(try roundTrip(value, as: .float8) == value)
        }
        #expect(try roundTrip(Float(0.1), as: .float4) == Float(0.1))
    }

    // MARK: numeric
    @Test func numeric() throws {
        #expect(try decode("123.4500", as: Decimal.self) == Decimal(string: "123.45"))
        #expect(try decode("-0.001", as: Decimal.self) == Decimal(string: "-0.001"))
        #expect(try decode("NaN", as: Decimal.self).isNaN)
        #expect(try encode(Decimal.nan, as: .numeric) == "NaN")
        // Many digits: exact up to Decimal's 38 digits.
        let long = "12345678901234567890123456789012.345678"
        #expect(try decode(long, as: Decimal.self) == Decimal(string: long, locale: nil))
        #expect(try decode(long, as: Decimal.self).description == "12345678901234567890123456789012.345678")
        // More digits than Decimal holds: rounded, not an error, right magnitude.
        let huge = try decode("1" + String(repeating: "0", count: 60) + ".5", as: Decimal.self)
        #expect(huge > Decimal(string: "9e59", locale: nil) ?? 0)
        #expect(throws: PostgresTextDecodingError.self) { try decode("Infinity", as: Decimal.self) }
        #expect(throws: PostgresTextDecodingError.self) { try decode("12,5", as: Decimal.self) }
        for text in ["0", "1", "-99999999999999999.99", "0.000000000000000000000000000001"] {
            let value = try #require(Decimal(string: text, locale: nil))
            #expect(try roundTrip(value, as: .numeric) == value)
        }
    }

    // MARK: bool, text, uuid
    @Test func boolTextUUID() throws {
        #expect(try decode("t", as: Bool.self) == true)
        #expect(try decode("f", as: Bool.self) == false)
        #expect(throws: PostgresTextDecodingError.self) { try decode("yes", as: Bool.self) }
        #expect(try encode(true, as: .bool) == "t")
        let tricky = "quote \" backslash \\ newline \n tab \t emoji 🕌 arabic بِسْمِ اللَّهِ"
        #expect(try roundTrip(tricky, as: .text) == tricky)
        #expect(throws: PostgresTextEncodingError.self) { try encode("nul\u{0}byte", as: .text) }
        let uuid = try #require(UUID(uuidString: "A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11"))
        #expect(try decode("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", as: UUID.self) == uuid)
        #expect(try encode(uuid, as: .uuid) == "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11")
        #expect(throws: PostgresTextDecodingError.self) { try decode("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a1g", as: UUID.self) }
        #expect(throws: PostgresTextDecodingError.self) { try decode("a0eebc999c0b4ef8bb6d6bb9bd380a11", as: UUID.self) }
    }

    // MARK: timestamps
    @Test func timestamps() throws {
        let base = 1_704_164_645.0  // 2024-01-02 03:04:05 UTC
        #expect(try decode("2024-01-02 03:04:05+00", as: Date.self).timeIntervalSince1970 == base)
        #expect(try decode("2024-01-02 03:04:05", as: Date.self).timeIntervalSince1970 == base)  // timestamp: UTC
        #expect(try decode("2024-01-02 08:34:05+05:30", as: Date.self).timeIntervalSince1970 == base)
        #expect(try decode("2024-01-01 19:04:05-08", as: Date.self).timeIntervalSince1970 == base)
        #expect(try decode("2024-01-02T03:04:05Z", as: Date.self).timeIntervalSince1970 == base)
        let lmt = try decode("1900-01-01 00:00:00+01:53:28", as: Date.self)
        #expect(lmt.timeIntervalSince1970 == -2_208_988_800 - 6808)
        let fractional = try decode("2024-01-02 03:04:05.123456+00", as: Date.self)
        #expect(abs(fractional.timeIntervalSince1970 - (base + 0.123456)) < 1e-7)
        #expect(abs(try decode("2024-01-02 03:04:05.5+00", as: Date.self).timeIntervalSince1970 - (base + 0.5)) < 1e-9)
        #expect(try decode("infinity", as: Date.self) == .distantFuture)
        #expect(try decode("-infinity", as: Date.self) == .distantPast)
        // BC and far-future years parse without crashing.
        let bc = try decode("0044-03-15 12:00:00+00 BC", as: Date.self)
        #expect(bc.timeIntervalSince1970 < -62_000_000_000)
        #expect(try decode("12345-06-07 00:00:00+00", as: Date.self).timeIntervalSince1970 > 300_000_000_000)
        #expect(throws: PostgresTextDecodingError.self) { try decode("2024-02-30 00:00:00+00", as: Date.self) }
        #expect(throws: PostgresTextDecodingError.self) { try decode("2024-01-02", as: Date.self) }
        #expect(throws: PostgresTextDecodingError.self) { try decode("yesterday", as: Date.self) }

        let date = Date(timeIntervalSince1970: base + 0.123456)
        #expect(try encode(date, as: .timestamptz) == "2024-01-02T03:04:05.123456+00:00")
        #expect(abs(try roundTrip(date, as: .timestamptz).timeIntervalSince1970 - date.timeIntervalSince1970) < 1e-6)
        #expect(try encode(Date.distantFuture, as: .timestamptz) == "infinity")
        #expect(try roundTrip(Date.distantPast, as: .timestamptz) == .distantPast)
        let ancient = try decode("0044-03-15 12:00:00+00 BC", as: Date.self)
        #expect(try encode(ancient, as: .timestamptz) == "0044-03-15T12:00:00.000000+00:00 BC")
        #expect(try roundTrip(ancient, as: .timestamptz) == ancient)
        #expect(try encode(Date(timeIntervalSince1970: -1.5), as: .timestamptz) == "1969-12-31T23:59:58.500000+00:00")
    }

    // MARK: date, time, interval
    @Test func dates() throws {
        #expect(try decode("2024-02-29", as: PostgresDate.self) == PostgresDate(year: 2024, month: 2, day: 29))
        #expect(try decode("0001-01-01 BC", as: PostgresDate.self) == PostgresDate(year: 0, month: 1, day: 1))
        #expect(try decode("infinity", as: PostgresDate.self) == .infinity)
        #expect(try decode("-infinity", as: PostgresDate.self) < PostgresDate(year: -4000, month: 1, day: 1))
        #expect(throws: PostgresTextDecodingError.self) { try decode("2023-02-29", as: PostgresDate.self) }
        #expect(throws: PostgresTextDecodingError.self) { try decode("2023-13-01", as: PostgresDate.self) }
        for value in [PostgresDate(year: 2024, month: 12, day: 31), PostgresDate(year: -43, month: 3, day: 15), .infinity, .negativeInfinity] {
            #expect(try roundTrip(value, as: .date) == value)
        }
        #expect(try encode(PostgresDate(year: -43, month: 3, day: 15), as: .date) == "0044-03-15 BC")
        #expect(PostgresDate(year: 1970, month: 1, day: 2).daysSince1970 == 1)
        let day = PostgresDate(Date(timeIntervalSince1970: 86_400 * 19_723 + 100))
        #expect(day == PostgresDate(year: 2024, month: 1, day: 1))
        #expect(day.date().timeIntervalSince1970 == 86_400 * 19_723)
        let json = try JSONEncoder().encode(day)
        #expect(try JSONDecoder().decode(PostgresDate.self, from: json) == day)
    }

    /// No date text or value traps in the calendar arithmetic: PostgreSQL's largest years decode,
    /// longer year fields are refused, the infinities have saturated day counts and map to the
    /// distant dates, and a `Date` beyond every calendar converts to an infinity.
    @Test func datesAtTheLimits() throws {
        #expect(try decode("5874897-12-31", as: PostgresDate.self) == PostgresDate(year: 5_874_897, month: 12, day: 31))
        #expect(try decode("4713-01-01 BC", as: PostgresDate.self).daysSince1970 == -2_440_550)
        #expect(try decode("294276-12-31 00:00:00+00", as: Date.self).timeIntervalSince1970 == 9_224_317_929_600)
        for text in ["123456789012345678-01-01", "12345678-01-01"] {
            #expect(throws: PostgresTextDecodingError.self) { try decode(text, as: PostgresDate.self) }
            #expect(throws: PostgresTextDecodingError.self) { try decode(text + " 00:00:00+00", as: Date.self) }
        }
        #expect(PostgresDate.infinity.daysSince1970 == .max)
        #expect(PostgresDate.negativeInfinity.daysSince1970 == .min)
        #expect(PostgresDate.infinity.date() == .distantFuture)
        #expect(PostgresDate.negativeInfinity.date() == .distantPast)
        #expect(PostgresDate(year: -Int.max, month: 6, day: 1).daysSince1970 == .min)
        #expect(PostgresDate(Date(timeIntervalSince1970: .infinity)) == .infinity)
        #expect(PostgresDate(Date(timeIntervalSince1970: -.infinity)) == .negativeInfinity)
        #expect(PostgresDate(Date(timeIntervalSince1970: 1e300)) == .infinity)
        #expect(PostgresDate(Date(timeIntervalSince1970: -1e300)) == .negativeInfinity)
    }

    @Test func times() throws {
        #expect(try decode("13:45:07.25", as: PostgresTime.self) == PostgresTime(hour: 13, minute: 45, second: 7, microsecond: 250_000))
        #expect(try decode("24:00:00", as: PostgresTime.self).hour == 24)
        #expect(throws: PostgresTextDecodingError.self) { try decode("13:45:07+02", as: PostgresTime.self) }
        #expect(throws: PostgresTextDecodingError.self) { try decode("25:00:00", as: PostgresTime.self) }
        let time = PostgresTime(hour: 0, minute: 0, second: 1, microsecond: 1)
        #expect(try encode(time, as: .time) == "00:00:01.000001")
        #expect(try roundTrip(time, as: .time) == time)
    }

    @Test func intervals() throws {
        #expect(try decode("1 year 2 mons 3 days 04:05:06.789", as: PostgresInterval.self)
            == PostgresInterval(months: 14, days: 3, microseconds: 14_706_789_000))
        #expect(try decode("-1 years -2 mons +3 days -04:05:06", as: PostgresInterval.self)
            == PostgresInterval(months: -14, days: 3, microseconds: -14_706_000_000))
        #expect(try decode("00:00:00", as: PostgresInterval.self) == PostgresInterval())
        #expect(try decode("1 day", as: PostgresInterval.self) == PostgresInterval(days: 1))
        #expect(try decode("-00:00:00.000001", as: PostgresInterval.self) == PostgresInterval(microseconds: -1))
        #expect(try decode("1000:00:00", as: PostgresInterval.self) == PostgresInterval(microseconds: 3_600_000_000_000))
        #expect(try decode("@ 1 year 2 mons 3 days 4 hours 5 mins 6.5 secs ago", as: PostgresInterval.self)
            == PostgresInterval(months: -14, days: -3, microseconds: -14_706_500_000))
        #expect(try decode("P1Y2M3DT4H5M6.5S", as: PostgresInterval.self)
            == PostgresInterval(months: 14, days: 3, microseconds: 14_706_500_000))
        #expect(try decode("PT0S", as: PostgresInterval.self) == PostgresInterval())
        #expect(throws: PostgresTextDecodingError.self) { try decode("1 fortnight", as: PostgresInterval.self) }
        #expect(throws: PostgresTextDecodingError.self) { try decode("", as: PostgresInterval.self) }
        for value in [PostgresInterval(months: 14, days: -3, microseconds: -14_706_000_789), PostgresInterval(), PostgresInterval(microseconds: 1)] {
            #expect(try roundTrip(value, as: .interval) == value)
        }
        #expect(try encode(PostgresInterval(months: 1, days: 2, microseconds: -3_600_000_000), as: .interval) == "1 mons 2 days -01:00:00")
    }

    /// The largest and smallest intervals PostgreSQL 15 prints, in each IntervalStyle (texts taken
    /// from the server), decode exactly; a component past Int64 or a month or day count past
    /// Int32 is a decoding error, not a trap; the component initializer saturates.
    @Test func intervalsAtTheLimits() throws {
        let largest = PostgresInterval(months: .max, days: .max, microseconds: .max)
        let smallest = PostgresInterval(months: .min, days: .min, microseconds: .min)
        let texts: [(String, PostgresInterval)] = [
            ("2562047788:00:54.775807", PostgresInterval(microseconds: .max)),
            ("-2562047788:00:54.775808", PostgresInterval(microseconds: .min)),
            ("PT2562047788H54.775807S", PostgresInterval(microseconds: .max)),
            ("PT-2562047788H-54.775808S", PostgresInterval(microseconds: .min)),
            ("@ 2562047788 hours 54.775807 secs", PostgresInterval(microseconds: .max)),
            ("@ 2562047788 hours 54.775808 secs ago", PostgresInterval(microseconds: .min)),
            ("178956970 years 7 mons 2147483647 days 2562047788:00:54.775807", largest),
            ("-178956970 years -8 mons -2147483648 days -2562047788:00:54.775808", smallest),
            ("P178956970Y7M2147483647DT2562047788H54.775807S", largest),
            ("@ 178956970 years 8 mons 2147483648 days 2562047788 hours 54.775808 secs ago", smallest),
        ]
        for (text, expected) in texts {
            #expect(throws: Never.self, "\(text)") { try #require(try decode(text, as: PostgresInterval.self) == expected, "\(text)") }
        }
        for text in ["999999999999999999 hours", "2562047788:00:54.775808", "PT999999999999999999H", "P999999999999999999Y",
                     "178956970 years 8 mons", "2147483648 days", "@ 2562047788 hours 54.775809 secs ago",
                     "9223372036854775807 secs 9223372036854775807 secs", "P-999999999999999999W"] {
            #expect(throws: PostgresTextDecodingError.self, "\(text)") { try decode(text, as: PostgresInterval.self) }
        }
        #expect(PostgresInterval(years: .max, months: 1).months == .max)
        #expect(PostgresInterval(years: .min).months == .min)
        #expect(PostgresInterval(hours: .max, minutes: .max).microseconds == .max)
        #expect(PostgresInterval(hours: .min, seconds: -.infinity).microseconds == .min)
        #expect(PostgresInterval(seconds: .nan).microseconds == 0)
        #expect(PostgresInterval(hours: 1, minutes: 2, seconds: 3.5).microseconds == 3_723_500_000)
    }

    // MARK: bytea
    @Test func bytea() throws {
        #expect(try decode("\\x4142ff00", as: Data.self) == Data([0x41, 0x42, 0xFF, 0x00]))
        #expect(try decode("\\x", as: Data.self) == Data())
        #expect(try decode("ab\\\\c\\000\\377", as: Data.self) == Data([0x61, 0x62, 0x5C, 0x63, 0x00, 0xFF]))  // escape format
        #expect(throws: PostgresTextDecodingError.self) { try decode("\\x414", as: Data.self) }
        #expect(throws: PostgresTextDecodingError.self) { try decode("\\xzz", as: Data.self) }
        #expect(try encode(Data([0xDE, 0xAD, 0x00]), as: .bytea) == "\\xdead00")
        let bytes = Data((0...255).map { UInt8($0) })
        #expect(try roundTrip(bytes, as: .bytea) == bytes)
    }

    // MARK: json
    @Test func json() throws {
        let value = try decode(#"{"x": "y", "n": [1, 2.5, -3e2, null, true], "s": "\u00e9\n\"", "e": {}}"#, as: JSONValue.self)
        #expect(value["x"] == "y")
        #expect(value["n"]?[2] == .number(-300))
        #expect(value["n"]?[3] == .null)
        #expect(value["s"] == .string("é\n\""))
        #expect(value["e"] == .object([:]))
        #expect(try encode(JSONValue.object(["b": 1, "a": [true, nil, "q\""]]), as: .jsonb) == #"{"a":[true,null,"q\""],"b":1}"#)
        #expect(try roundTrip(value, as: .jsonb) == value)
        #expect(throws: PostgresTextDecodingError.self) { try decode(#"{"x": }"#, as: JSONValue.self) }
        #expect(throws: PostgresTextDecodingError.self) { try decode(#"[1] 2"#, as: JSONValue.self) }
        #expect(throws: PostgresTextEncodingError.self) { try encode(JSONValue.number(.nan), as: .json) }
        #expect(try decode(#""\ud83d\udd4c""#, as: JSONValue.self) == "🕌")
        let codable = try JSONDecoder().decode(JSONValue.self, from: Data(#"{"a":[1,"x",false,null]}"#.utf8))
        #expect(codable == ["a": [1, "x", false, nil]])
    }

    // MARK: arrays
    @Test func arrays() throws {
        #expect(try decode("{1,2,3}", as: [Int].self) == [1, 2, 3])
        #expect(try decode("{}", as: [Int].self) == [])
        #expect(try decode("{1,NULL,3}", as: [Int?].self) == [1, nil, 3])
        #expect(throws: PostgresTextDecodingError.self) { try decode("{1,NULL,3}", as: [Int].self) }
        #expect(try decode(#"{"a b","say \"hi\"","back\\slash",NULL,"NULL",plain}"#, as: [String?].self)
            == ["a b", "say \"hi\"", "back\\slash", nil, "NULL", "plain"])
        #expect(try decode("{{1,2},{3,4}}", as: [[Int]].self) == [[1, 2], [3, 4]])
        #expect(try decode(#"{{"a,}","b"},{NULL,"d"}}"#, as: [[String?]].self) == [["a,}", "b"], [nil, "d"]])
        #expect(try decode("[0:2]={7,8,9}", as: [Int].self) == [7, 8, 9])
        #expect(try decode("{t,f}", as: [Bool].self) == [true, false])
        #expect(try decode(#"{"2024-01-02 03:04:05+00"}"#, as: [Date].self).first?.timeIntervalSince1970 == 1_704_164_645)
        #expect(try decode(#"{"{\"a\": 1}"}"#, as: [JSONValue].self) == [["a": 1]])
        #expect(try decode(#"{"\\x4142"}"#, as: [Data].self) == [Data([0x41, 0x42])])
        #expect(throws: PostgresTextDecodingError.self) { try decode("{1,2", as: [Int].self) }
        #expect(throws: PostgresTextDecodingError.self) { try decode("1,2", as: [Int].self) }
        #expect(throws: PostgresTextDecodingError.self) { try decode(#"{"unterminated}"#, as: [String].self) }

        #expect(try encode([1, 2], as: .array(.int4)) == #"{"1","2"}"#)
        #expect(try encode([Int?.none, 5], as: .array(.int4)) == #"{NULL,"5"}"#)
        #expect(try encode(["a\"b", "c\\d", "", "NULL", "x,y"], as: .array(.text)) == #"{"a\"b","c\\d","","NULL","x,y"}"#)
        #expect(try encode([[1, 2], [3, 4]], as: .array(.array(.int4))) == #"{{"1","2"},{"3","4"}}"#)
        #expect(try encode([String](), as: .array(.text)) == "{}")
        let nested: [[String?]] = [["a,}", "b"], [nil, "\"q\""]]
        #expect(try roundTrip(nested, as: .array(.array(.text))) == nested)
        let dates = [PostgresDate(year: 2024, month: 1, day: 1), PostgresDate(year: -10, month: 5, day: 6)]
        #expect(try roundTrip(dates, as: .array(.date)) == dates)
        let blobs = [Data([0, 1]), Data()]
        #expect(try roundTrip(blobs, as: .array(.bytea)) == blobs)
        let json: [JSONValue] = [["k": "v\"w"], [1, 2]]
        #expect(try roundTrip(json, as: .array(.jsonb)) == json)
    }

    // MARK: optionals and enums
    @Test func optionalsAndEnums() throws {
        #expect(try encode(Int?.none, as: .int4) == nil)
        #expect(try Int?.decodeNull() == nil)
        #expect(throws: PostgresTextDecodingError.self) { try Int.decodeNull() }
        #expect(try decode("evening", as: TimeSlot.self) == .evening)
        #expect(try encode(TimeSlot.morning, as: .enumType("time_slot")) == "morning")
        #expect(throws: PostgresTextDecodingError.self) { try decode("Morning", as: TimeSlot.self) }
        #expect(try encode([TimeSlot.morning, .anytime], as: .array(.enumType("time_slot"))) == #"{"morning","anytime"}"#)
    }

    // MARK: types
    @Test func postgresTypes() {
        #expect(PostgresType.int4.oid == 23)
        #expect(PostgresType.array(.int4) == PostgresType(oid: 1007, name: "integer[]"))
        #expect(PostgresType.array(.text).oid == 1009)
        #expect(PostgresType.array(.jsonb).oid == 3807)
        #expect(PostgresType.array(.array(.int4)).oid == 1007)
        #expect(PostgresType.array(.enumType("time_slot")) == PostgresType(oid: 0, name: "time_slot[]"))
        #expect(PostgresType.array(.int2).elementType == .int2)
        #expect(PostgresType.enumType("mood").oid == 0)
        #expect(PostgresType.timestamptz.name == "timestamp with time zone")
    }
}
