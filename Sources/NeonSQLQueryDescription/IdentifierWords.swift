/// The words of an identifier and their camel-cased spellings, independent of any target language:
/// the analyzer names a query without an annotation after its file (`fetch_journey_duas.sql` is
/// `FetchJourneyDuas`) and matches a `-- @param journeyId` directive to `@journey_id` with it;
/// the Swift translation builds its identifiers on it (`Translate/SwiftIdentifiers.swift`).
package enum IdentifierWords {
    /// `journey_id` -> `journeyId`, `FetchJourneyDuas` -> `fetchJourneyDuas`, `XPValue` -> `xpValue`.
    /// Empty when the name has no ASCII letter or digit.
    package static func lowerCamelCase(_ name: String) -> String {
        camelCase(name, capitalizingFirstWord: false)
    }

    /// `time_slot` -> `TimeSlot`, `fetchJourneyDuas` -> `FetchJourneyDuas`. Empty when the name
    /// has no ASCII letter or digit.
    package static func upperCamelCase(_ name: String) -> String {
        camelCase(name, capitalizingFirstWord: true)
    }

    /// The words of ``words(of:)`` joined, each capitalized (the first only when
    /// `capitalizingFirstWord`) and the rest of each lowercased, in one pass over the UTF-8 bytes
    /// (every byte of a non-ASCII scalar separates words, as the scalar does) without building
    /// the words.
    private static func camelCase(_ name: String, capitalizingFirstWord: Bool) -> String {
        var name = name
        return name.withUTF8 { bytes in
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count)
            var wordCount = 0
            // The last byte of the current word; nil between words.
            var previous: UInt8?
            for index in bytes.indices {
                let byte = bytes[index]
                guard isASCIILetter(byte) || isASCIIDigit(byte) else {
                    previous = nil
                    continue
                }
                var startsWord = previous == nil
                if let previous, isASCIIUppercase(byte) {
                    let nextIsLower = index + 1 < bytes.count && isASCIILowercase(bytes[index + 1])
                    if isASCIILowercase(previous) || isASCIIDigit(previous) || (isASCIIUppercase(previous) && nextIsLower) {
                        startsWord = true
                    }
                }
                if startsWord { wordCount += 1 }
                let capital = startsWord && (capitalizingFirstWord || wordCount > 1)
                if capital, isASCIILowercase(byte) {
                    result.append(byte - 0x20)
                } else if !capital, isASCIIUppercase(byte) {
                    result.append(byte + 0x20)
                } else {
                    result.append(byte)
                }
                previous = byte
            }
            return String(decoding: result, as: UTF8.self)
        }
    }

    /// Splits on everything but ASCII letters and digits (so non-ASCII letters separate words) and
    /// on lower->upper case changes (`fetchJourney` -> fetch, Journey; `XMLValue` -> XML, Value).
    package static func words(of name: String) -> [String] {
        var words: [String] = []
        var current = ""
        let scalars = Array(name.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            guard isASCIILetter(scalar) || isASCIIDigit(scalar) else {
                if !current.isEmpty { words.append(current); current = "" }
                continue
            }
            if let previous = current.unicodeScalars.last, isASCIIUppercase(scalar) {
                let nextIsLower = index + 1 < scalars.count && isASCIILowercase(scalars[index + 1])
                if isASCIILowercase(previous) || isASCIIDigit(previous) || (isASCIIUppercase(previous) && nextIsLower) {
                    words.append(current)
                    current = ""
                }
            }
            current.unicodeScalars.append(scalar)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    package static func isASCIIDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
    package static func isASCIILowercase(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) }
    package static func isASCIIUppercase(_ scalar: Unicode.Scalar) -> Bool { ("A"..."Z").contains(scalar) }
    package static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool { isASCIILowercase(scalar) || isASCIIUppercase(scalar) }

    private static func isASCIIDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    private static func isASCIILowercase(_ byte: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) }
    private static func isASCIIUppercase(_ byte: UInt8) -> Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }
    private static func isASCIILetter(_ byte: UInt8) -> Bool { isASCIILowercase(byte) || isASCIIUppercase(byte) }
}
