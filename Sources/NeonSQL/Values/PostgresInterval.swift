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

    /// Creates an interval from common components. Each field saturates at its type's bounds
    /// (PostgreSQL refuses such intervals); NaN seconds count as 0.
    public init(years: Int = 0, months: Int = 0, days: Int = 0, hours: Int = 0, minutes: Int = 0, seconds: Double = 0) {
        var totalMonths = IntervalFields.Saturating(Int64(years))
        totalMonths.multiply(by: 12)
        totalMonths.add(Int64(months))
        self.months = Int32(clamping: totalMonths.value)
        self.days = Int32(clamping: days)
        var micros = IntervalFields.Saturating(Int64(hours))
        micros.multiply(by: 3_600_000_000)
        var minuteMicros = IntervalFields.Saturating(Int64(minutes))
        minuteMicros.multiply(by: 60_000_000)
        micros.add(minuteMicros.value)
        let secondMicros = (seconds * 1_000_000).rounded()
        micros.add(secondMicros.isNaN ? 0 : secondMicros >= 0x1p63 ? .max : secondMicros < -0x1p63 ? .min : Int64(secondMicros))
        self.microseconds = micros.value
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
        let endsWithAgo = Self.endsWithAgo(bytes)
        var fields = IntervalFields(negatesComponents: endsWithAgo)
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
                let clock = (Int64(minutes) * 60 + Int64(seconds)) * 1_000_000 + Int64(fraction)
                guard fields.addMicros(Int64(whole), times: 3_600_000_000, plus: clock, negative: negative) else { return nil }
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
                let value = Int64(whole)
                let added: Bool
                switch unit {
                case "year", "years", "yr", "yrs", "y":
                    added = !hasFraction && fields.addMonths(value, times: 12, negative: negative)
                case "mon", "mons", "month", "months":
                    added = !hasFraction && fields.addMonths(value, times: 1, negative: negative)
                case "day", "days", "d":
                    added = !hasFraction && fields.addDays(value, times: 1, negative: negative)
                case "hour", "hours", "hr", "hrs", "h":
                    added = fields.addMicros(value, times: 3_600_000_000, plus: Int64(fraction) * 3600, negative: negative)
                case "min", "mins", "minute", "minutes", "m":
                    added = fields.addMicros(value, times: 60_000_000, plus: Int64(fraction) * 60, negative: negative)
                case "sec", "secs", "second", "seconds", "s":
                    added = fields.addMicros(value, times: 1_000_000, plus: Int64(fraction), negative: negative)
                default:
                    added = false
                }
                guard added else { return nil }
            }
            sawComponent = true
            cursor.skipSpaces()
        }
        guard sawComponent, ago == endsWithAgo else { return nil }
        return fields.interval
    }

    /// Whether the text's last word is `ago` (any case), after trailing spaces.
    private static func endsWithAgo(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var end = bytes.count
        while end > 0, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
        guard end >= 3 else { return false }
        let word = (bytes[end - 3] | 0x20, bytes[end - 2] | 0x20, bytes[end - 1] | 0x20)
        let precededByLetter = end > 3 && (bytes[end - 4] | 0x20) >= UInt8(ascii: "a") && (bytes[end - 4] | 0x20) <= UInt8(ascii: "z")
        return word == (UInt8(ascii: "a"), UInt8(ascii: "g"), UInt8(ascii: "o")) && !precededByLetter
    }

    /// ISO 8601 "format with designators", after the leading `P`.
    private static func parseISO(_ cursor: inout TextCursor) -> PostgresInterval? {
        var fields = IntervalFields()
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
            let value = Int64(whole)
            let added = switch (inTime, designator) {
            case (false, UInt8(ascii: "Y")) where !hasFraction: fields.addMonths(value, times: 12, negative: negative)
            case (false, UInt8(ascii: "M")) where !hasFraction: fields.addMonths(value, times: 1, negative: negative)
            case (false, UInt8(ascii: "W")) where !hasFraction: fields.addDays(value, times: 7, negative: negative)
            case (false, UInt8(ascii: "D")) where !hasFraction: fields.addDays(value, times: 1, negative: negative)
            case (true, UInt8(ascii: "H")): fields.addMicros(value, times: 3_600_000_000, plus: Int64(fraction) * 3600, negative: negative)
            case (true, UInt8(ascii: "M")): fields.addMicros(value, times: 60_000_000, plus: Int64(fraction) * 60, negative: negative)
            case (true, UInt8(ascii: "S")): fields.addMicros(value, times: 1_000_000, plus: Int64(fraction), negative: negative)
            default: false
            }
            guard added else { return nil }
            sawComponent = true
        }
        guard sawComponent else { return nil }
        return fields.interval
    }
}
