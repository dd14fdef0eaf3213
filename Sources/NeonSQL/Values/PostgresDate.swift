import Foundation

/// A calendar date (`date`): a year, month and day with no time zone.
///
/// A `Date` at midnight invites off-by-one-day bugs in other time zones; this type does not.
/// Years are astronomical (1 BC is year 0); ``infinity`` and ``negativeInfinity`` stand for
/// PostgreSQL's `infinity` / `-infinity`.
public struct PostgresDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The year (astronomical numbering: 0 is 1 BC).
    public var year: Int
    /// The month, 1...12.
    public var month: Int
    /// The day of the month, 1...31.
    public var day: Int

    /// Creates a date from its components (not validated; PostgreSQL rejects impossible dates).
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// PostgreSQL's `infinity` date (later than every other date).
    public static let infinity = PostgresDate(year: .max, month: 12, day: 31)
    /// PostgreSQL's `-infinity` date (earlier than every other date).
    public static let negativeInfinity = PostgresDate(year: .min, month: 1, day: 1)

    /// The calendar date of `date` in `timeZone`.
    /// A `Date` no calendar reaches (an infinite or NaN interval, or beyond about a trillion years)
    /// gives ``infinity`` or ``negativeInfinity``.
    public init(_ date: Date, in timeZone: TimeZone = TimeZone(secondsFromGMT: 0) ?? .current) {
        let seconds = date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))
        let days = (seconds / 86_400).rounded(.down)
        guard days.isFinite, abs(days) <= Double(CivilCalendar.dayLimit) else {
            self = days < 0 ? .negativeInfinity : .infinity
            return
        }
        let civil = CivilCalendar.date(days: Int(days))
        self.init(year: civil.year, month: civil.month, day: civil.day)
    }

    /// Days since 1970-01-01 (negative before); `Int.max` for ``infinity`` and `Int.min` for
    /// ``negativeInfinity`` (and for any year beyond about a trillion). A month outside 1...12
    /// counts into the year (13 is January of the next), a day past the month's end into the next
    /// months (0 is the day before the 1st).
    public var daysSince1970: Int { CivilCalendar.days(year: year, month: month, day: day) }

    /// Midnight at the start of this date in `timeZone`; `Date.distantFuture` for ``infinity``
    /// and `Date.distantPast` for ``negativeInfinity``, as timestamps decode them.
    public func date(in timeZone: TimeZone = TimeZone(secondsFromGMT: 0) ?? .current) -> Date {
        let days = daysSince1970
        if days == .max { return .distantFuture }
        if days == .min { return .distantPast }
        let utc = Date(timeIntervalSince1970: Double(days) * 86_400)
        return utc.addingTimeInterval(-Double(timeZone.secondsFromGMT(for: utc)))
    }

    /// Chronological order.
    public static func < (lhs: PostgresDate, rhs: PostgresDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// PostgreSQL text: `2024-03-15`, `0044-03-15 BC`, `infinity`.
    public var description: String {
        if self == .infinity { return "infinity" }
        if self == .negativeInfinity { return "-infinity" }
        var out = ""
        guard year <= 0 else {
            DateTimeFormat.date(year: year, month: month, day: day, into: &out)
            return out
        }
        // 1 - year, as a magnitude: beyond Int for the two smallest years.
        DateTimeFormat.date(year: year.magnitude + 1, month: month, day: day, into: &out)
        out += " BC"
        return out
    }
}

extension PostgresDate: PostgresTextEncodable, PostgresTextDecodable {
    /// `YYYY-MM-DD` (with ` BC` for years before 1), `infinity`, `-infinity`.
    public func postgresText(as type: PostgresType) throws -> String? { description }

    /// Parses ISO date text, ` BC`, `infinity` and `-infinity`.
    public static func decode(postgresText text: borrowing PostgresText) throws -> PostgresDate {
        if text.equals("infinity") { return .infinity }
        if text.equals("-infinity") { return .negativeInfinity }
        var cursor = TextCursor(text.bytes)
        guard let year = cursor.digits(min: 4, max: CivilCalendar.maximumYearDigits), cursor.consume(UInt8(ascii: "-")),
            let month = cursor.digits(min: 2, max: 2), cursor.consume(UInt8(ascii: "-")),
            let day = cursor.digits(min: 2, max: 2)
        else { throw PostgresTextDecodingError("not a date (expected YYYY-MM-DD)") }
        let bc = cursor.consumeBC()
        guard cursor.atEnd, (1...12).contains(month), day >= 1,
            day <= CivilCalendar.daysIn(month: month, year: bc ? 1 - year : year)
        else { throw PostgresTextDecodingError("not a date (expected YYYY-MM-DD)") }
        return PostgresDate(year: bc ? 1 - year : year, month: month, day: day)
    }
}
