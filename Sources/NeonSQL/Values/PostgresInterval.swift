/// An `interval`: months, days and microseconds, kept apart exactly as PostgreSQL stores them
/// (a month is not a fixed number of days, nor a day a fixed number of seconds across DST).
public struct PostgresInterval: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Months (years are 12 months).
    public var months: Int32
    /// Days.
    public var days: Int32
    /// Microseconds (hours, minutes, seconds and fractions).
    public var microseconds: Int64

    /// Creates an interval from its three fields.
    public init(months: Int32 = 0, days: Int32 = 0, microseconds: Int64 = 0) {
        self.months = months
        self.days = days
        self.microseconds = microseconds
    }

    /// Creates an interval from common components.
    public init(years: Int = 0, months: Int = 0, days: Int = 0, hours: Int = 0, minutes: Int = 0, seconds: Double = 0) {
        self.months = Int32(clamping: years * 12 + months)
        self.days = Int32(clamping: days)
        self.microseconds = Int64(hours) * 3_600_000_000 + Int64(minutes) * 60_000_000
            + Int64((seconds * 1_000_000).rounded())
    }

    /// PostgreSQL input text: `14 mons 3 days 04:05:06.789`.
    public var description: String {
        var out = ""
        if months != 0 { out += "\(months) mons " }
        if days != 0 { out += "\(days) days " }
        if microseconds < 0 { out += "-" }
        let magnitude = microseconds.magnitude
        DateTimeFormat.time(microseconds: Int64(clamping: magnitude), into: &out)
        return out
    }
}

extension PostgresInterval: PostgresTextEncodable, PostgresTextDecodable {
    /// `<months> mons <days> days [-]HH:MM:SS[.ffffff]`, which PostgreSQL parses in every IntervalStyle.
    public func postgresText(as type: PostgresType) throws -> String? { description }

    /// Parses the `postgres` (default) and `postgres_verbose` IntervalStyles and ISO 8601 (`P1Y2M3DT4H5M6S`).
    public static func decode(postgresText text: borrowing PostgresText) throws -> PostgresInterval {
        guard let value = IntervalText.parse(text.bytes) else {
            throw PostgresTextDecodingError("not an interval (expected IntervalStyle postgres, e.g. 1 year 2 mons 3 days 04:05:06)")
        }
        return value
    }
}

enum IntervalText {
    static func parse(_ bytes: UnsafeRawBufferPointer) -> PostgresInterval? {
        var cursor = TextCursor(bytes)
        if cursor.current == UInt8(ascii: "P") {
            cursor.index += 1
            return parseISO(&cursor)
        }
        var months: Int64 = 0
        var days: Int64 = 0
        var micros: Int64 = 0
        var sawComponent = false
        var ago = false
        cursor.skipSpaces()
        if cursor.consume(UInt8(ascii: "@")) { cursor.skipSpaces() }
        while !cursor.atEnd {
            if ago { return nil }  // "ago" must be last
            var negative = false
            if cursor.consume(UInt8(ascii: "-")) {
                negative = true
            } else {
                _ = cursor.consume(UInt8(ascii: "+"))
            }
            if cursor.current.map({ $0 | 0x20 >= UInt8(ascii: "a") && $0 | 0x20 <= UInt8(ascii: "z") }) == true {
                guard !negative, cursor.word() == "ago", sawComponent else { return nil }
                ago = true
                cursor.skipSpaces()
                continue
            }
            guard let whole = cursor.digits() else { return nil }
            if cursor.consume(UInt8(ascii: ":")) {
                // [-]H:MM[:SS[.ffffff]]
                guard let minutes = cursor.digits(min: 2, max: 2) else { return nil }
                var seconds = 0
                var fraction = 0
                if cursor.consume(UInt8(ascii: ":")) {
                    guard let value = cursor.digits(min: 2, max: 2) else { return nil }
                    seconds = value
                    if cursor.consume(UInt8(ascii: ".")) {
                        guard let value = cursor.microsecondFraction() else { return nil }
                        fraction = value
                    }
                }
                let total = (Int64(whole) * 3600 + Int64(minutes) * 60 + Int64(seconds)) * 1_000_000 + Int64(fraction)
                micros += negative ? -total : total
            } else {
                var fraction = 0
                var hasFraction = false
                if cursor.consume(UInt8(ascii: ".")) {
                    guard let value = cursor.microsecondFraction() else { return nil }
                    fraction = value
                    hasFraction = true
                }
                cursor.skipSpaces()
                let unit = cursor.word()
                let signed = negative ? -Int64(whole) : Int64(whole)
                let signedFraction = negative ? -Int64(fraction) : Int64(fraction)
                switch unit {
                case "year", "years", "yr", "yrs", "y":
                    guard !hasFraction else { return nil }
                    months += signed * 12
                case "mon", "mons", "month", "months":
                    guard !hasFraction else { return nil }
                    months += signed
                case "day", "days", "d":
                    guard !hasFraction else { return nil }
                    days += signed
                case "hour", "hours", "hr", "hrs", "h":
                    micros += signed * 3_600_000_000 + signedFraction * 3600
                case "min", "mins", "minute", "minutes", "m":
                    micros += signed * 60_000_000 + signedFraction * 60
                case "sec", "secs", "second", "seconds", "s":
                    micros += signed * 1_000_000 + signedFraction
                default:
                    return nil
                }
            }
            sawComponent = true
            cursor.skipSpaces()
        }
        guard sawComponent else { return nil }
        if ago {
            months = -months
            days = -days
            micros = -micros
        }
        guard let m = Int32(exactly: months), let d = Int32(exactly: days) else { return nil }
        return PostgresInterval(months: m, days: d, microseconds: micros)
    }

    /// ISO 8601 "format with designators", after the leading `P`.
    private static func parseISO(_ cursor: inout TextCursor) -> PostgresInterval? {
        var months: Int64 = 0
        var days: Int64 = 0
        var micros: Int64 = 0
        var inTime = false
        var sawComponent = false
        while !cursor.atEnd {
            if cursor.consume(UInt8(ascii: "T")) {
                guard !inTime else { return nil }
                inTime = true
                continue
            }
            let negative = cursor.consume(UInt8(ascii: "-"))
            guard let whole = cursor.digits() else { return nil }
            var fraction = 0
            var hasFraction = false
            if cursor.consume(UInt8(ascii: ".")) {
                guard let value = cursor.microsecondFraction() else { return nil }
                fraction = value
                hasFraction = true
            }
            guard let designator = cursor.current else { return nil }
            cursor.index += 1
            let signed = negative ? -Int64(whole) : Int64(whole)
            let signedFraction = negative ? -Int64(fraction) : Int64(fraction)
            switch (inTime, designator) {
            case (false, UInt8(ascii: "Y")) where !hasFraction: months += signed * 12
            case (false, UInt8(ascii: "M")) where !hasFraction: months += signed
            case (false, UInt8(ascii: "W")) where !hasFraction: days += signed * 7
            case (false, UInt8(ascii: "D")) where !hasFraction: days += signed
            case (true, UInt8(ascii: "H")): micros += signed * 3_600_000_000 + signedFraction * 3600
            case (true, UInt8(ascii: "M")): micros += signed * 60_000_000 + signedFraction * 60
            case (true, UInt8(ascii: "S")): micros += signed * 1_000_000 + signedFraction
            default: return nil
            }
            sawComponent = true
        }
        guard sawComponent, let m = Int32(exactly: months), let d = Int32(exactly: days) else { return nil }
        return PostgresInterval(months: m, days: d, microseconds: micros)
    }
}
