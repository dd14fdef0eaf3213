import Foundation

// timestamptz / timestamp <-> Date.
//
// Decoding reads PostgreSQL's ISO DateStyle output: `2024-01-02 03:04:05.123456+05:30`, with
// optional fraction, optional offset (`+HH`, `+HH:MM`, `+HH:MM:SS`; `timestamp` has none and is read
// as UTC), optional ` BC`, years beyond 9999, and `infinity` / `-infinity`, which map to
// `Date.distantFuture` / `Date.distantPast` (and are encoded back to `infinity` / `-infinity`).
// Encoding writes ISO-8601 with microseconds and an explicit UTC offset.

enum TimestampText {
    /// Seconds between 1970-01-01 and 2001-01-01 (Foundation's reference date).
    static let unixToReferenceDays = 11_323

    static func parse(_ bytes: UnsafeRawBufferPointer) -> Date? {
        let fixedPrefix = fixedWidthDateTime(bytes)
        if let fixed = fixedPrefix, let tail = commonTail(bytes) {
            // What PostgreSQL prints for years 1-9999: read without the general cursor.
            return date(year: fixed.year, month: fixed.month, day: fixed.day, hour: fixed.hour, minute: fixed.minute,
                        second: fixed.second, micros: tail.micros, offsetSeconds: tail.offsetSeconds, bc: false)
        }
        var cursor = TextCursor(bytes)
        let year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
        if let fixed = fixedPrefix {
            // `YYYY-MM-DD HH:MM:SS`, what PostgreSQL prints for years 1-9999 (zero-padded): read in place.
            (year, month, day, hour, minute, second) = fixed
            cursor.index = 19
        } else {
            guard let parsedYear = cursor.digits(min: 4, max: CivilCalendar.maximumYearDigits), cursor.consume(UInt8(ascii: "-")),
                let parsedMonth = cursor.digits(min: 2, max: 2), cursor.consume(UInt8(ascii: "-")),
                let parsedDay = cursor.digits(min: 2, max: 2)
            else { return nil }
            guard cursor.consume(UInt8(ascii: " ")) || cursor.consume(UInt8(ascii: "T")) else { return nil }
            guard let parsedHour = cursor.digits(min: 2, max: 2), cursor.consume(UInt8(ascii: ":")),
                let parsedMinute = cursor.digits(min: 2, max: 2), cursor.consume(UInt8(ascii: ":")),
                let parsedSecond = cursor.digits(min: 2, max: 2)
            else { return nil }
            (year, month, day, hour, minute, second) = (parsedYear, parsedMonth, parsedDay, parsedHour, parsedMinute, parsedSecond)
        }
        var micros = 0
        if cursor.consume(UInt8(ascii: ".")) {
            guard let fraction = cursor.microsecondFraction() else { return nil }
            micros = fraction
        }
        var offsetSeconds = 0
        if let sign = cursor.current, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            cursor.index += 1
            guard let offsetHours = cursor.digits(min: 2, max: 2) else { return nil }
            var total = offsetHours * 3600
            if cursor.consume(UInt8(ascii: ":")) {
                guard let offsetMinutes = cursor.digits(min: 2, max: 2) else { return nil }
                total += offsetMinutes * 60
                if cursor.consume(UInt8(ascii: ":")) {
                    guard let offsetSecs = cursor.digits(min: 2, max: 2) else { return nil }
                    total += offsetSecs
                }
            }
            offsetSeconds = sign == UInt8(ascii: "-") ? -total : total
        } else if cursor.consume(UInt8(ascii: "Z")) {
            offsetSeconds = 0
        }
        let bc = cursor.consumeBC()
        guard cursor.atEnd else { return nil }
        return date(year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                    micros: micros, offsetSeconds: offsetSeconds, bc: bc)
    }

    /// The instant of the parsed fields, `nil` when they name no valid date and time.
    @inline(__always)
    static func date(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int,
                     micros: Int, offsetSeconds: Int, bc: Bool) -> Date? {
        guard (1...12).contains(month), day >= 1, day <= CivilCalendar.daysIn(month: month, year: bc ? 1 - year : year),
            hour <= 24, minute <= 59, second <= 60
        else { return nil }
        let astronomicalYear = bc ? 1 - year : year
        // Years 1-9999 (what PostgreSQL prints without BC) skip the era arithmetic.
        let days = astronomicalYear >= 1 && astronomicalYear <= 9999
            ? CivilCalendar.daysFromYearOne(year: astronomicalYear, month: month, day: day)
            : CivilCalendar.days(year: astronomicalYear, month: month, day: day)
        let secondsOfDay = hour * 3600 + minute * 60 + second - offsetSeconds
        // Relative to 2001-01-01 to keep Double precision at microseconds.
        let wholeSeconds = Int64(days - unixToReferenceDays) * 86_400 + Int64(secondsOfDay)
        return Date(timeIntervalSinceReferenceDate: Double(wholeSeconds) + Double(micros) / 1_000_000)
    }

    /// After a fixed-width `YYYY-MM-DD HH:MM:SS` (19 bytes): the rest when it is what PostgreSQL
    /// prints, `[.f]` with 1 to 6 fraction digits then `+HH`, `-HH`, `+HH:MM`, `-HH:MM` or nothing,
    /// as microseconds and the offset in seconds; `nil` for anything else (7 or more fraction
    /// digits, `Z`, an offset with seconds, ` BC`, malformed text), which the general cursor reads
    /// or rejects with the same result as before.
    @inline(__always)
    static func commonTail(_ bytes: UnsafeRawBufferPointer) -> (micros: Int, offsetSeconds: Int)? {
        guard bytes.count >= 19, let base = bytes.baseAddress,
            let tail = tail(base, from: 19, count: bytes.count), tail.end == bytes.count
        else { return nil }
        return (tail.micros, tail.offsetSeconds)
    }

    /// The same tail read from `start` up to the first byte that cannot continue it, whose index
    /// is `end` (`count` at the end of the text). The fraction's digits are read at once (SWAR).
    @inline(__always)
    static func tail(_ base: UnsafeRawPointer, from start: Int, count: Int) -> (micros: Int, offsetSeconds: Int, end: Int)? {
        @inline(__always) func byte(_ offset: Int) -> UInt8 { offset < count ? base.load(fromByteOffset: offset, as: UInt8.self) : 0 }
        @inline(__always) func digit(_ offset: Int) -> Int { Int(byte(offset) &- UInt8(ascii: "0")) }
        var index = start
        var micros = 0
        if byte(index) == UInt8(ascii: ".") {
            let word = DecimalDigits.word(base, count: count, at: index &+ 1)
            let run = DecimalDigits.digitRun(word)
            // No digit, or a seventh (rounded by the general reader).
            guard run >= 1, run <= 6 else { return nil }
            let digits = DecimalDigits.value(ofEightDigits: (word &- 0x3030_3030_3030_3030) &<< ((8 &- run) &* 8))
            micros = Int(truncatingIfNeeded: digits &* powersOfTen[6 &- run])
            index &+= 1 &+ run
        }
        let sign = byte(index)
        guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return (micros, 0, index) }
        guard digit(index &+ 1) < 10, digit(index &+ 2) < 10 else { return nil }
        var offset = (digit(index &+ 1) &* 10 &+ digit(index &+ 2)) &* 3600
        index &+= 3
        if byte(index) == UInt8(ascii: ":") {
            guard digit(index &+ 1) < 10, digit(index &+ 2) < 10 else { return nil }
            offset &+= (digit(index &+ 1) &* 10 &+ digit(index &+ 2)) &* 60
            index &+= 3
        }
        return (micros, sign == UInt8(ascii: "-") ? -offset : offset, index)
    }

    /// A cell read in place (`DirectCell`): the timestamp starting at `start` in the body when it
    /// is a fixed-width one with the common tail and a `"` right after it; the instant and the
    /// index of that quote.
    @inline(__always)
    static func direct(_ bytes: UnsafeRawBufferPointer, at start: Int) -> (date: Date, end: Int)? {
        guard let base = bytes.baseAddress, start &+ 20 <= bytes.count else { return nil }
        let rest = UnsafeRawBufferPointer(start: base + start, count: bytes.count &- start)
        guard let fixed = fixedWidthDateTime(rest), let tail = tail(base + start, from: 19, count: rest.count),
            tail.end < rest.count, rest[tail.end] == UInt8(ascii: "\""),
            let date = date(year: fixed.year, month: fixed.month, day: fixed.day, hour: fixed.hour, minute: fixed.minute,
                            second: fixed.second, micros: tail.micros, offsetSeconds: tail.offsetSeconds, bc: false)
        else { return nil }
        return (date, start &+ tail.end)
    }

    /// The fields of a leading `YYYY-MM-DD HH:MM:SS` (or `T` between date and time) with a
    /// four-digit year not followed by another digit; `nil` when the text has another shape (a
    /// longer year, missing seconds...), which the general cursor then reads.
    @inline(__always)
    static func fixedWidthDateTime(_ bytes: UnsafeRawBufferPointer)
        -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int)? {
        guard bytes.count >= 19, let base = bytes.baseAddress else { return nil }
        guard bytes.count == 19 || base.load(fromByteOffset: 19, as: UInt8.self) &- UInt8(ascii: "0") >= 10 else { return nil }
        @inline(__always) func word(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        // Three overlapping words, `YYYY-MM-`, `DD HH:MM` (a `T` for the space read as one) and
        // `HH:MM:SS`, each checked at once (SWAR): after an XOR with its pattern (`0` where a digit
        // goes), a separator byte must be 0 and a digit byte below 10. Adding 0x7F or 0x76 sets bit 7
        // of exactly the bytes that are not; a byte with bit 7 set fails by itself (no carries count).
        let dateWord = word(0)
        var dayWord = word(8)
        let timeWord = word(11)
        if dayWord &>> 16 & 0xFF == UInt64(UInt8(ascii: "T")) { dayWord ^= UInt64(UInt8(ascii: "T") ^ UInt8(ascii: " ")) &<< 16 }
        let dateDigits = dateWord ^ 0x2D30_302D_3030_3030  // "0000-00-"
        let dayDigits = dayWord ^ 0x3030_3A30_3020_3030  // "00 00:00"
        let timeDigits = timeWord ^ 0x3030_3A30_303A_3030  // "00:00:00"
        let invalid = ((dateDigits &+ 0x7F76_767F_7676_7676) | dateDigits)
            | ((dayDigits &+ 0x7676_7F76_767F_7676) | dayDigits)
            | ((timeDigits &+ 0x7676_7F76_767F_7676) | timeDigits)
        guard invalid & 0x8080_8080_8080_8080 == 0 else { return nil }
        // Each byte plus ten times the one before it: two-digit values in the second byte of a pair.
        @inline(__always) func pairs(_ digits: UInt64) -> UInt64 { digits &* 10 &+ digits &>> 8 }
        @inline(__always) func pair(_ values: UInt64, _ index: Int) -> Int { Int(truncatingIfNeeded: values &>> (index &* 8) & 0xFF) }
        let date = pairs(dateDigits)
        let day = pairs(dayDigits)
        let time = pairs(timeDigits)
        return (pair(date, 0) &* 100 &+ pair(date, 2), pair(date, 5), pair(day, 0), pair(day, 3), pair(day, 6), pair(time, 6))
    }

    static func encode(_ date: Date) throws -> String {
        if date == .distantFuture { return "infinity" }
        if date == .distantPast { return "-infinity" }
        // Whole seconds and the fraction apart (the fraction is exact; a product with 10^6 loses
        // microseconds past about 10^10 s). Microseconds since 2001 fit in Int64 for every
        // timestamp PostgreSQL holds (4713 BC to 294276 AD); beyond (NaN and the infinities
        // included) nothing is converted.
        let interval = date.timeIntervalSinceReferenceDate
        let wholeSeconds = interval.rounded(.down)
        guard wholeSeconds > -9_223_372_036_000, wholeSeconds < 9_223_372_036_000 else {
            throw PostgresTextEncodingError("date is outside the range of timestamp")
        }
        let totalMicros = Int64(wholeSeconds) * 1_000_000 + Int64(((interval - wholeSeconds) * 1_000_000).rounded())
        var days = Int(totalMicros / 86_400_000_000)
        var microsOfDay = totalMicros % 86_400_000_000
        if microsOfDay < 0 {
            microsOfDay += 86_400_000_000
            days -= 1
        }
        let civil = CivilCalendar.date(days: days + unixToReferenceDays)
        let bc = civil.year <= 0
        var out = ""
        out.reserveCapacity(32)
        DateTimeFormat.date(year: bc ? 1 - civil.year : civil.year, month: civil.month, day: civil.day, into: &out)
        out += "T"
        let seconds = microsOfDay / 1_000_000
        let fraction = Int(microsOfDay % 1_000_000)
        DateTimeFormat.pad(Int(seconds / 3600), 2, into: &out)
        out += ":"
        DateTimeFormat.pad(Int(seconds / 60 % 60), 2, into: &out)
        out += ":"
        DateTimeFormat.pad(Int(seconds % 60), 2, into: &out)
        out += "."
        DateTimeFormat.pad(fraction, 6, into: &out)
        out += "+00:00"
        if bc { out += " BC" }
        return out
    }
}

extension Date: PostgresTextEncodable, PostgresTextDecodable {
    /// ISO-8601 with microseconds and offset: `2024-01-02T03:04:05.123456+00:00`.
    public func postgresText(as type: PostgresType) throws -> String? { try TimestampText.encode(self) }

    /// Parses `timestamptz` (with offset) and `timestamp` (without, read as UTC) text.
    public static func decode(postgresText text: borrowing PostgresText) throws -> Date {
        if text.equals("infinity") { return .distantFuture }
        if text.equals("-infinity") { return .distantPast }
        guard let date = TimestampText.parse(text.bytes) else {
            throw PostgresTextDecodingError("not a timestamp (expected ISO format YYYY-MM-DD HH:MM:SS[.ffffff][+HH[:MM]])")
        }
        return date
    }
}
