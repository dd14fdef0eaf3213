import Foundation
import Testing

@testable import NeonSQL

/// PostgresRange and PostgresPoint against PostgreSQL's text forms.
@Suite("Codecs: ranges and points")
struct RangeAndPointCodecTests {
    @Test func integerRanges() throws {
        let range = try decode("[1,10)", as: PostgresRange<Int>.self)
        #expect(range.lower == .inclusive(1))
        #expect(range.upper == .exclusive(10))
        #expect(!range.isEmpty)
        #expect(try decode("(,5]", as: PostgresRange<Int>.self) == PostgresRange(lower: .unbounded, upper: .inclusive(5)))
        #expect(try decode("[3,)", as: PostgresRange<Int>.self) == PostgresRange(lower: .inclusive(3), upper: .unbounded))
        #expect(try decode("(,)", as: PostgresRange<Int>.self) == PostgresRange(lower: .unbounded, upper: .unbounded))
        #expect(try decode("empty", as: PostgresRange<Int>.self).isEmpty)
        #expect(try encode(PostgresRange(1..<10), as: .int4range) == "[1,10)")
        #expect(try encode(PostgresRange(1...10), as: .int4range) == "[1,10]")
        #expect(try encode(PostgresRange<Int>.empty, as: .int4range) == "empty")
        #expect(try encode(PostgresRange<Int>(lower: .exclusive(-2), upper: .unbounded), as: .int8range) == "(-2,)")
    }

    @Test func malformedRangesAreErrors() {
        for text in ["", "[1,2", "1,2)", "[1;2)", "[a,2)", "[\"1,2)", "[1,2)x"] {
            #expect(throws: PostgresTextDecodingError.self, "\(text)") { try decode(text, as: PostgresRange<Int>.self) }
        }
    }

    @Test func quotedTimestampBounds() throws {
        let text = "[\"2024-01-01 00:00:00+00\",\"2024-02-01 12:30:00+00\")"
        let range = try decode(text, as: PostgresRange<Date>.self)
        #expect(range.lower.value == Date(timeIntervalSince1970: 1_704_067_200))
        #expect(range.upper.value == Date(timeIntervalSince1970: 1_706_790_600))
        let encoded = try #require(try encode(range, as: .tstzrange))
        #expect(encoded.hasPrefix("[2024-01-01T00:00:00"))
        #expect(try roundTrip(range, as: .tstzrange) == range)
    }

    @Test func dateAndNumericRanges() throws {
        let days = try decode("[2024-03-01,2024-04-01)", as: PostgresRange<PostgresDate>.self)
        #expect(days.lower.value == PostgresDate(year: 2024, month: 3, day: 1))
        #expect(try roundTrip(days, as: .daterange) == days)
        let prices = try decode("(1.50,2.25]", as: PostgresRange<Decimal>.self)
        #expect(prices.lower == .exclusive(Decimal(string: "1.50") ?? 0))
        #expect(prices.upper == .inclusive(Decimal(string: "2.25") ?? 0))
        #expect(try roundTrip(prices, as: .numrange) == prices)
    }

    @Test func points() throws {
        #expect(try decode("(1,2)", as: PostgresPoint.self) == PostgresPoint(x: 1, y: 2))
        #expect(try decode("(-1.5,1e+20)", as: PostgresPoint.self) == PostgresPoint(x: -1.5, y: 1e20))
        #expect(try decode("(Infinity,NaN)", as: PostgresPoint.self).x == .infinity)
        #expect(try encode(PostgresPoint(x: 0.1, y: -3), as: .point) == "(0.1,-3.0)")
        #expect(try roundTrip(PostgresPoint(x: 1.0 / 3.0, y: 2), as: .point) == PostgresPoint(x: 1.0 / 3.0, y: 2))
        for text in ["", "(1,2", "1,2)", "(1)", "(,2)", "(a,b)"] {
            #expect(throws: PostgresTextDecodingError.self, "\(text)") { try decode(text, as: PostgresPoint.self) }
        }
    }

    @Test func postgresTypesOfTheNewValues() {
        #expect(PostgresType.int4range.oid == 3904)
        #expect(PostgresType.array(.tstzrange).oid == 3911)
        #expect(PostgresType.array(.point).name == "point[]")
    }
}

extension RangeAndPointCodecTests {
    @Test func rangesAreCodableAsTheirText() throws {
        let range = PostgresRange<Int>(lower: .inclusive(1), upper: .unbounded)
        let data = try JSONEncoder().encode([range])
        #expect(String(decoding: data, as: UTF8.self) == "[\"[1,)\"]")
        #expect(try JSONDecoder().decode([PostgresRange<Int>].self, from: data) == [range])
    }
}
