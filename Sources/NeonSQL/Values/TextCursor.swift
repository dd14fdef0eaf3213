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

    /// At most this many digits are read as one `Int`: 18 with 64 bits, 9 where `Int` has 32.
    static let maximumDigits = Int.bitWidth == 64 ? 18 : 9

    /// Reads 1 or more digits (at most `maxDigits`) as an integer.
    mutating func digits(min: Int = 1, max maxDigits: Int = TextCursor.maximumDigits) -> Int? {
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
