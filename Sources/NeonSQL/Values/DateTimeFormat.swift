/// Formatting helpers.
enum DateTimeFormat {
    static func pad<Value: BinaryInteger>(_ value: Value, _ width: Int, into out: inout String) {
        let text = String(value)
        if text.utf8.count < width { out += String(repeating: "0", count: width - text.utf8.count) }
        out += text
    }

    /// `YYYY-MM-DD` with an astronomical year converted to PostgreSQL's ` BC` notation by the caller.
    static func date<Year: BinaryInteger>(year: Year, month: Int, day: Int, into out: inout String) {
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
