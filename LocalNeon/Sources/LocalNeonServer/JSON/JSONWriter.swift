@_spi(NeonSQLInternal) import NeonSQLShared

/// Appends JSON text to a byte buffer the way serde_json (used by Neon's proxy) writes it:
/// compact, strings escaped with `\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t` and `\u00xx` for other
/// control characters, everything else (including non-ASCII) verbatim. Strings and parsed values
/// go through the shared writer (`JSONStringEscaping`, `JSONDocument`); this adds the streaming
/// calls the result renderer makes and serde_json's number formatting.
struct JSONWriter {
    /// The JSON text written so far.
    private(set) var bytes: [UInt8] = []

    init(reservingCapacity capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    var count: Int { bytes.count }

    mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func raw(_ byte: UInt8) {
        bytes.append(byte)
    }

    mutating func rawBytes(_ other: some Sequence<UInt8>) {
        bytes.append(contentsOf: other)
    }

    mutating func null() {
        raw("null")
    }

    mutating func bool(_ value: Bool) {
        raw(value ? "true" : "false")
    }

    mutating func integer(_ value: some BinaryInteger) {
        raw(String(value))
    }

    /// Writes a finite double as serde_json does (ryu's shortest representation, e.g. `1.0`, `1e100`).
    mutating func double(_ value: Double) {
        raw(JSONNumberFormat.ryu(value))
    }

    /// Writes a string literal (``JSONStringEscaping``: the escapes serde_json writes).
    mutating func string(_ value: String) {
        JSONStringEscaping.appendQuoted(value, to: &bytes)
    }

    /// Writes a key and the colon of an object member (the caller writes commas).
    mutating func key(_ name: String) {
        string(name)
        bytes.append(UInt8(ascii: ":"))
    }

    /// Serializes a parsed JSON value compactly (serde_json `Value::to_string`): numbers as
    /// serde_json prints them after parsing, the rest by ``JSONDocument``'s writer.
    mutating func value(_ value: JSONDocument) {
        Self.serdeNumbers(value).write(to: &bytes, pretty: false)
    }

    /// `value` with each number's text as serde_json prints the number it parsed.
    private static func serdeNumbers(_ value: JSONDocument) -> JSONDocument {
        switch value {
        case .null, .bool, .string: value
        case .number(let text): .number(JSONNumberFormat.serdeNumberText(text))
        case .array(let elements): .array(elements.map(serdeNumbers))
        case .object(let members): .object(members.map { (key: $0.key, value: serdeNumbers($0.value)) })
        }
    }
}

/// Number formatting rules of serde_json and ryu.
enum JSONNumberFormat {
    /// How serde_json prints a number it parsed from `text` (without `arbitrary_precision`):
    /// integers that fit in i64/u64 unchanged, everything else as an f64 in ryu format.
    static func serdeNumberText(_ text: String) -> String {
        let isInteger = !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
        if isInteger {
            if let value = Int64(text) { return String(value) }
            if let value = UInt64(text) { return String(value) }
        }
        guard let double = Double(text) else { return text }
        if double.isInfinite {
            // serde_json rejects numbers out of f64 range; keep the text (never reached by valid input).
            return text
        }
        return ryu(double)
    }

    /// ryu's `format_finite` for f64 as used by serde_json: shortest round-trip digits,
    /// decimal notation for exponents in [-5, 16], scientific (`1e100`, `1.5e-7`) otherwise.
    static func ryu(_ value: Double) -> String {
        if value == 0 { return value.sign == .minus ? "-0.0" : "0.0" }
        guard value.isFinite else { return value.isNaN ? "NaN" : (value < 0 ? "-inf" : "inf") }
        let (negative, digits, exponent) = decompose(value)
        // value = 0.d1d2...dn × 10^exponent  => in ryu terms: d × 10^k, k = exponent - n, kk = exponent
        let length = digits.count
        let kk = exponent
        let k = kk - length
        var out = negative ? "-" : ""
        if 0 <= k && kk <= 16 {
            out += digits + String(repeating: "0", count: k) + ".0"
        } else if 0 < kk && kk <= 16 {
            let split = digits.index(digits.startIndex, offsetBy: kk)
            out += digits[..<split] + "." + digits[split...]
        } else if -5 < kk && kk <= 0 {
            out += "0." + String(repeating: "0", count: -kk) + digits
        } else if length == 1 {
            out += digits + "e" + String(kk - 1)
        } else {
            let first = digits.index(after: digits.startIndex)
            out += digits[..<first] + "." + digits[first...] + "e" + String(kk - 1)
        }
        return out
    }

    /// Shortest round-trip decimal digits of `value` (from Swift's own shortest formatting)
    /// with the exponent such that `value = 0.digits × 10^exponent`.
    private static func decompose(_ value: Double) -> (negative: Bool, digits: String, exponent: Int) {
        var text = "\(value.magnitude)"
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent = Int(text[text.index(after: e)...]) ?? 0
            text = String(text[..<e])
        }
        var integerPart = text
        var fractionPart = ""
        if let dot = text.firstIndex(of: ".") {
            integerPart = String(text[..<dot])
            fractionPart = String(text[text.index(after: dot)...])
        }
        var digits = integerPart + fractionPart
        var pointPosition = integerPart.count + exponent
        while digits.hasPrefix("0") && digits.count > 1 {
            digits.removeFirst()
            pointPosition -= 1
        }
        while digits.hasSuffix("0") && digits.count > 1 {
            digits.removeLast()
        }
        return (value.sign == .minus, digits, pointPosition)
    }
}
