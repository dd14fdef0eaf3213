// Proleptic-Gregorian calendar arithmetic (no Foundation Calendar, no allocation), shared by the
// date and timestamp codecs. Algorithms after H. Hinnant, "chrono-Compatible Low-Level Date
// Algorithms". Years are astronomical: 1 BC is year 0, 2 BC is year -1.

enum CivilCalendar {
    /// Days since 1970-01-01 for a civil date.
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let monthIndex = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The civil date of a day count since 1970-01-01.
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

/// A cursor over ASCII text for the date/time parsers.
struct TextCursor {
    let bytes: UnsafeRawBufferPointer
    var index = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var atEnd: Bool { index >= bytes.count }
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func consume(_ byte: UInt8) -> Bool {
        if current == byte {
            index += 1
            return true
        }
        return false
    }

    /// Reads 1 or more digits (at most `maxDigits`) as an integer.
    mutating func digits(min: Int = 1, max maxDigits: Int = 18) -> Int? {
        var value = 0
        var count = 0
        while count < maxDigits, let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            count += 1
            index += 1
        }
        return count >= min ? value : nil
    }

    /// Reads a fraction after '.', returning microseconds (rounded half-up at the 7th digit).
    mutating func microsecondFraction() -> Int? {
        var value = 0
        var count = 0
        var roundUp = false
        while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            if count < 6 {
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            } else if count == 6 {
                roundUp = byte >= UInt8(ascii: "5")
            }
            count += 1
            index += 1
        }
        guard count > 0 else { return nil }
        for _ in count..<max(count, 6) { value *= 10 }
        return value + (roundUp ? 1 : 0)
    }

    mutating func skipSpaces() {
        while current == UInt8(ascii: " ") { index += 1 }
    }

    /// Consumes a word (letters) and returns it lower-cased.
    mutating func word() -> String {
        var out = ""
        while let byte = current, (byte | 0x20) >= UInt8(ascii: "a"), (byte | 0x20) <= UInt8(ascii: "z") {
            out.unicodeScalars.append(Unicode.Scalar(byte | 0x20))
            index += 1
        }
        return out
    }

    /// `true` when the rest is ` BC` (consumed).
    mutating func consumeBC() -> Bool {
        let save = index
        skipSpaces()
        if current == UInt8(ascii: "B"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "C") {
            index += 2
            return true
        }
        index = save
        return false
    }
}

/// Formatting helpers.
enum DateTimeFormat {
    static func pad(_ value: Int, _ width: Int, into out: inout String) {
        let text = String(value)
        if text.utf8.count < width { out += String(repeating: "0", count: width - text.utf8.count) }
        out += text
    }

    /// `YYYY-MM-DD` with an astronomical year converted to PostgreSQL's ` BC` notation by the caller.
    static func date(year: Int, month: Int, day: Int, into out: inout String) {
        pad(year, 4, into: &out)
        out += "-"
        pad(month, 2, into: &out)
        out += "-"
        pad(day, 2, into: &out)
    }

    /// `HH:MM:SS[.ffffff]` from microseconds of the day (fraction trimmed of trailing zeros).
    static func time(microseconds: Int64, into out: inout String) {
        let seconds = microseconds / 1_000_000
        let fraction = Int(microseconds % 1_000_000)
        pad(Int(seconds / 3600), 2, into: &out)
        out += ":"
        pad(Int(seconds / 60 % 60), 2, into: &out)
        out += ":"
        pad(Int(seconds % 60), 2, into: &out)
        if fraction != 0 {
            var digits = ""
            pad(fraction, 6, into: &digits)
            while digits.hasSuffix("0") { digits.removeLast() }
            out += "." + digits
        }
    }
}
