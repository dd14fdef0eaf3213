/// A time of day (`time without time zone`) with microsecond precision.
public struct PostgresTime: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Microseconds since midnight, 0...86_400_000_000 (24:00:00 is valid in PostgreSQL).
    public var microsecondsSinceMidnight: Int64

    /// Creates a time from microseconds since midnight.
    public init(microsecondsSinceMidnight: Int64) {
        self.microsecondsSinceMidnight = microsecondsSinceMidnight
    }

    /// Creates a time from components. Components are not validated (encoding checks the range);
    /// a total beyond Int64 saturates at its bounds.
    public init(hour: Int, minute: Int, second: Int = 0, microsecond: Int = 0) {
        var micros = IntervalFields.Saturating(Int64(hour))
        micros.multiply(by: 3_600_000_000)
        var minuteMicros = IntervalFields.Saturating(Int64(minute))
        minuteMicros.multiply(by: 60_000_000)
        var secondMicros = IntervalFields.Saturating(Int64(second))
        secondMicros.multiply(by: 1_000_000)
        micros.add(minuteMicros.value)
        micros.add(secondMicros.value)
        micros.add(Int64(microsecond))
        self.microsecondsSinceMidnight = micros.value
    }

    /// The hour, 0...24.
    public var hour: Int { Int(microsecondsSinceMidnight / 3_600_000_000) }
    /// The minute, 0...59.
    public var minute: Int { Int(microsecondsSinceMidnight / 60_000_000 % 60) }
    /// The second, 0...59.
    public var second: Int { Int(microsecondsSinceMidnight / 1_000_000 % 60) }
    /// The microsecond, 0...999_999.
    public var microsecond: Int { Int(microsecondsSinceMidnight % 1_000_000) }

    /// Chronological order.
    public static func < (lhs: PostgresTime, rhs: PostgresTime) -> Bool {
        lhs.microsecondsSinceMidnight < rhs.microsecondsSinceMidnight
    }

    /// `HH:MM:SS[.ffffff]`.
    public var description: String {
        var out = ""
        DateTimeFormat.time(microseconds: microsecondsSinceMidnight, into: &out)
        return out
    }
}

extension PostgresTime: PostgresTextEncodable, PostgresTextDecodable {
    /// `HH:MM:SS[.ffffff]`.
    public func postgresText(as type: PostgresType) throws -> String? {
        guard (0...86_400_000_000).contains(microsecondsSinceMidnight) else {
            throw PostgresTextEncodingError("time of day out of range (00:00:00...24:00:00)")
        }
        return description
    }

    /// Parses `HH:MM[:SS[.ffffff]]`. A `timetz` value (with an offset) is rejected rather than
    /// silently losing its offset.
    public static func decode(postgresText text: borrowing PostgresText) throws -> PostgresTime {
        var cursor = TextCursor(text.bytes)
        guard let hour = cursor.digits(min: 2, max: 2), cursor.consume(UInt8(ascii: ":")),
            let minute = cursor.digits(min: 2, max: 2)
        else { throw PostgresTextDecodingError("not a time (expected HH:MM:SS)") }
        var second = 0
        var micros = 0
        if cursor.consume(UInt8(ascii: ":")) {
            guard let value = cursor.digits(min: 2, max: 2) else { throw PostgresTextDecodingError("not a time") }
            second = value
            if cursor.consume(UInt8(ascii: ".")) {
                guard let fraction = cursor.microsecondFraction() else { throw PostgresTextDecodingError("not a time") }
                micros = fraction
            }
        }
        if let byte = cursor.current, byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
            throw PostgresTextDecodingError("time with time zone is not supported by PostgresTime")
        }
        guard cursor.atEnd, hour <= 24, minute <= 59, second <= 60 else {
            throw PostgresTextDecodingError("not a time (expected HH:MM:SS)")
        }
        let value = PostgresTime(hour: hour, minute: minute, second: second, microsecond: micros)
        guard value.microsecondsSinceMidnight <= 86_400_000_000 else { throw PostgresTextDecodingError("time out of range") }
        return value
    }
}
