// Proleptic-Gregorian calendar arithmetic (no Foundation Calendar, no allocation), shared by the
// date and timestamp codecs. Algorithms after H. Hinnant, "chrono-Compatible Low-Level Date
// Algorithms". Years are astronomical: 1 BC is year 0, 2 BC is year -1.

enum CivilCalendar {
    /// The largest year magnitude the arithmetic below takes without overflowing (far beyond
    /// PostgreSQL's 5874897 AD); ``days(year:month:day:)`` saturates beyond it. Where `Int` has 32
    /// bits (watchOS devices' arm64_32), PostgreSQL's last year, whose day count just fits.
    static let yearLimit = Int.bitWidth == 64 ? Int(truncatingIfNeeded: 1_000_000_000_000 as Int64) : 5_874_897

    /// PostgreSQL prints at most 7 year digits (dates end in 5874897 AD): what the text readers take.
    static let maximumYearDigits = 7

    /// Days since 1970-01-01 for a civil date; `Int.max` / `Int.min` for years beyond
    /// ±``yearLimit`` (PostgresDate's infinities), so no input traps. A month outside 1...12 or a
    /// day outside 1...31 counts on from the month or day before (``normalizedDays(year:month:day:)``).
    static func days(year: Int, month: Int, day: Int) -> Int {
        if year > yearLimit { return .max }
        if year < -yearLimit { return .min }
        guard month >= 1, month <= 12, day >= 1, day <= 31 else { return normalizedDays(year: year, month: month, day: day) }
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let monthIndex = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Days of a date whose month is outside 1...12 (carried into the year: 13 is January of the
    /// next year, 0 December of the last) or whose day is outside 1...31 (counted from the 1st:
    /// 0 is the month's eve); `Int.max` / `Int.min` beyond about a trillion years either way.
    private static func normalizedDays(year: Int, month: Int, day: Int) -> Int {
        var (carry, monthOfYear) = month.quotientAndRemainder(dividingBy: 12)
        if monthOfYear < 1 {
            monthOfYear += 12
            carry -= 1
        }
        let (carriedYear, yearOverflow) = year.addingReportingOverflow(carry)
        let first = yearOverflow ? (carry < 0 ? Int.min : Int.max) : days(year: carriedYear, month: monthOfYear, day: 1)
        if first == .max || first == .min { return first }
        let (total, dayOverflow) = (first - 1).addingReportingOverflow(day)
        guard !dayOverflow else { return day < 0 ? .min : .max }
        guard total >= -dayLimit, total <= dayLimit else { return total < 0 ? .min : .max }
        return total
    }

    /// `days(year:month:day:)` for years 1-9999 (month 1-12, day 1-31), without the era
    /// arithmetic negative years need: `365y + y/4 - y/100 + y/400` days before March 1 of year
    /// `y` (the year before for January and February), all unsigned, plus the days since March 1.
    @inline(__always)
    static func daysFromYearOne(year: Int, month: Int, day: Int) -> Int {
        let y = UInt(bitPattern: month <= 2 ? year &- 1 : year)
        let monthIndex = UInt(bitPattern: month > 2 ? month &- 3 : month &+ 9)
        let dayOfYear = (153 &* monthIndex &+ 2) / 5 &+ UInt(bitPattern: day) &- 1
        let daysBefore = 365 &* y &+ y / 4 &- y / 100 &+ y / 400
        return Int(bitPattern: daysBefore &+ dayOfYear) &- 719_468
    }

    /// The largest day count ``date(days:)`` takes (about ±``yearLimit`` years).
    static let dayLimit = yearLimit * 365

    /// The civil date of a day count since 1970-01-01 (`days` within ±``dayLimit``).
    static func date(days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
