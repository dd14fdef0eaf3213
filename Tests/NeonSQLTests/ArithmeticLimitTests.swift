import Foundation
import Testing

@testable import NeonSQL

/// Inputs at the limits of the codecs' integer arithmetic: each one trapped (an overflow or an
/// out-of-range conversion, a crash in the user's app) before the fix. Now malformed or
/// out-of-range text is a decoding error, a value no PostgreSQL type holds is an encoding error,
/// and public initializers saturate. Boundary texts are what PostgreSQL 15 prints or accepts.
@Suite("Arithmetic limits: errors or saturation, never a trap")
struct ArithmeticLimitTests {
    // MARK: Date encoding

    @Test func datesBeyondInt64MicrosecondsAreEncodingErrors() throws {
        // Between about 9.2e12 s (Int64 microseconds) and the old 1e15 s guard, encoding trapped.
        for seconds in [1e13, -1e13, 9.3e12, -9.3e12, 9.99e14, -9.99e14] {
            #expect(throws: PostgresTextEncodingError.self, "\(seconds)") {
                try encode(Date(timeIntervalSinceReferenceDate: seconds), as: .timestamptz)
            }
        }
        // PostgreSQL's largest and earliest timestamps still encode (texts it accepts back).
        let latest = try decode("294276-12-31 23:59:59+00", as: Date.self)
        #expect(try encode(latest, as: .timestamptz) == "294276-12-31T23:59:59.000000+00:00")
        let earliest = try decode("4714-11-24 00:00:00+00 BC", as: Date.self)
        #expect(try encode(earliest, as: .timestamptz) == "4714-11-24T00:00:00.000000+00:00 BC")
    }

    // MARK: PostgresDate

    @Test func datesWithExtremeYearsPrint() throws {
        // `1 - year` (the BC year) overflowed for the two smallest years.
        #expect(PostgresDate(year: .min, month: 6, day: 1).description == "9223372036854775809-06-01 BC")
        #expect(PostgresDate(year: .min + 1, month: 1, day: 2).description == "9223372036854775808-01-02 BC")
        #expect(PostgresDate(year: .max, month: 6, day: 1).description == "9223372036854775807-06-01")
        #expect(try encode(PostgresDate(year: .min, month: 2, day: 1), as: .date) == "9223372036854775809-02-01 BC")
        #expect(PostgresDate.negativeInfinity.description == "-infinity")
        #expect(PostgresDate(year: 0, month: 1, day: 1).description == "0001-01-01 BC")
    }

    @Test func datesWithOutOfRangeMonthsAndDaysCountDaysWithoutTrapping() throws {
        // Months past 12 (or below 1) carry into the year, days past the month's end into the
        // next months; days beyond any calendar saturate like the infinities.
        func days(_ year: Int, _ month: Int, _ day: Int) -> Int { PostgresDate(year: year, month: month, day: day).daysSince1970 }
        #expect(days(2024, 13, 1) == days(2025, 1, 1))
        #expect(days(2024, 15, 1) == days(2025, 3, 1))
        #expect(days(2024, 0, 1) == days(2023, 12, 1))
        #expect(days(2024, -11, 1) == days(2023, 1, 1))
        #expect(days(2024, 1, 32) == days(2024, 2, 1))
        #expect(days(2024, 3, 0) == days(2024, 2, 29))
        #expect(days(2024, 1, 1) == 19_723)
        #expect(days(2024, .max, 1) == .max)
        #expect(days(2024, .min, 1) == .min)
        #expect(days(2024, 1, .max) == .max)
        #expect(days(2024, 1, .min) == .min)
        #expect(days(-5, .min, .max) == .min)
        #expect(PostgresDate(year: 2024, month: .max, day: .max).date() == .distantFuture)
        #expect(PostgresDate(year: 2024, month: 1, day: .min).date() == .distantPast)
    }

    // MARK: PostgresTime

    @Test func timeComponentsSaturate() throws {
        #expect(PostgresTime(hour: .max, minute: 0).microsecondsSinceMidnight == .max)
        #expect(PostgresTime(hour: 0, minute: .min).microsecondsSinceMidnight == .min)
        #expect(PostgresTime(hour: 1, minute: 0, second: 0, microsecond: .max).microsecondsSinceMidnight == .max)
        #expect(PostgresTime(hour: 24, minute: 0).microsecondsSinceMidnight == 86_400_000_000)
        #expect(PostgresTime(hour: 23, minute: 59, second: 59, microsecond: 999_999).microsecondsSinceMidnight == 86_399_999_999)
        #expect(throws: PostgresTextEncodingError.self) { try encode(PostgresTime(hour: .max, minute: .max), as: .time) }
        #expect(PostgresTime(hour: .max, minute: 0).description.hasPrefix("2562047788:00:54"))
    }

    // MARK: numeric

    @Test func numericScalesBeyondDecimalsExponentAreNotReadAsOtherValues() throws {
        // A scale past Decimal's exponent range (-128) went to Decimal(sign:exponent:significand:)
        // unchecked: 0 on some Foundations, a wrapped exponent on others. Now Foundation's own
        // parser decides (an error where it cannot hold the value), as for `1e-130`.
        let largestScale = "0." + String(repeating: "0", count: 125) + "123"
        #expect(try decode(largestScale, as: Decimal.self) == Decimal(sign: .plus, exponent: -128, significand: 123))
        #expect(try decode("0." + String(repeating: "0", count: 126) + "1", as: Decimal.self)
            == Decimal(sign: .plus, exponent: -127, significand: 1))
        for zeros in [128, 129, 200, 16_380] {
            let text = "0." + String(repeating: "0", count: zeros) + "1"
            if let expected = Decimal(string: text, locale: nil) {
                #expect(try decode(text, as: Decimal.self) == expected, "\(zeros)")
            } else {
                #expect(throws: PostgresTextDecodingError.self, "\(zeros)") { try decode(text, as: Decimal.self) }
            }
        }
    }

    // MARK: the response seed of boundary values

    @Test func theLimitsSeedDecodesWholly() throws {
        // Fuzz/Seeds/response/limits.json: the extreme texts PostgreSQL 15 prints for each column
        // of the all-types row, which the mutation tests and the fuzz target start from.
        let url = ResponseMutationTests.seedDirectory.appendingPathComponent("limits.json")
        let body = try #require(FileManager.default.contents(atPath: url.path))
        #expect(try ResponseDecodings.rows.decodeResponse(body).count == 2)
    }

    // MARK: row counts from the server

    @Test func batchRowCountsSaturate() async throws {
        let huge = #"{"fields":[],"rows":[],"command":"UPDATE","rowCount":9223372036854775807,"rowAsArray":true}"#
        let transport = TransportDouble(body: #"{"results":["# + huge + "," + huge + "]}")
        let statement: Statement<Int> = .execRows(name: "Test", sql: "UPDATE t SET x = 1", bindings: Bindings(), readOnly: false)
        let (first, second) = try await makeClient(transport).batch(statement, statement)
        #expect(first == .max)
        #expect(second == .max)
        #expect(try await makeClient(transport).batch([statement, statement]) == [.max, .max])
    }

    @Test func copyFromRowCountsSaturate() async throws {
        let huge = #"{"fields":[],"rows":[],"command":"INSERT","rowCount":9223372036854775807,"rowAsArray":true}"#
        let transport = TransportDouble(body: huge)
        let inserted = try await makeClient(transport).copyFrom(CopyFromPartsTests.rows, maxRequestBytes: CopyFromPartsTests.limit) {
            SQLCKindsTests.insertStatement($0)
        }
        #expect(transport.requests.count > 1)
        #expect(inserted == .max)
    }

    // MARK: configuration

    @Test func retryDelaysNearDurationsLimitDoNotOverflow() {
        // `baseDelay * 2^(retry - 1)` overflowed Duration (a trap) for a huge base delay.
        let huge = RetryPolicy(maxAttempts: 40, baseDelay: .seconds(Int64.max), maxDelay: .seconds(Int64.max), jitter: 0)
        #expect(huge.delay(beforeRetry: 31) == .seconds(Int64.max))
        #expect(huge.delay(beforeRetry: .max) == .seconds(Int64.max))
        let negative = RetryPolicy(maxAttempts: 40, baseDelay: .seconds(-Int64.max), maxDelay: .seconds(1), jitter: 0)
        #expect(negative.delay(beforeRetry: 31) == .zero)
        let plain = RetryPolicy(baseDelay: .milliseconds(100), maxDelay: .seconds(2), jitter: 0)
        #expect((1...6).map { plain.delay(beforeRetry: $0) }
            == [.milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(800), .milliseconds(1600), .seconds(2)])
    }

    @Test func cacheAgesOfAnyStoredDateAreDurations() {
        // Revalidation took `Duration.seconds(now - fetchedAt)`, which traps past about 1.7e20 s:
        // a cache file may hold any finite date (CacheEntry.decode checks only finiteness).
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(CachedReads.age(since: Date(timeIntervalSince1970: -1e300), now: now) == .seconds(1_000_000_000))
        #expect(CachedReads.age(since: Date(timeIntervalSince1970: 1e300), now: now) == .zero)
        #expect(CachedReads.age(since: now.addingTimeInterval(-90), now: now) == .seconds(90))
    }
}
