/// The words of an identifier and their camel-cased spellings, independent of any target language:
/// the analyzer names a query without an annotation after its file (`fetch_journey_duas.sql` is
/// `FetchJourneyDuas`) and matches a `-- @param journeyId` directive to `@journey_id` with it;
/// the Swift translation builds its identifiers on it (`Translate/SwiftNaming.swift`).
enum IdentifierWords {
    /// `journey_id` -> `journeyId`, `FetchJourneyDuas` -> `fetchJourneyDuas`, `XPValue` -> `xpValue`.
    /// Empty when the name has no ASCII letter or digit.
    static func lowerCamelCase(_ name: String) -> String {
        let words = words(of: name)
        guard let first = words.first else { return "" }
        return first.lowercased() + words.dropFirst().map(capitalized).joined()
    }

    /// `time_slot` -> `TimeSlot`, `fetchJourneyDuas` -> `FetchJourneyDuas`. Empty when the name
    /// has no ASCII letter or digit.
    static func upperCamelCase(_ name: String) -> String {
        words(of: name).map(capitalized).joined()
    }

    /// Splits on everything but ASCII letters and digits (so non-ASCII letters separate words) and
    /// on lower->upper case changes (`fetchJourney` -> fetch, Journey; `XMLValue` -> XML, Value).
    static func words(of name: String) -> [String] {
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

    private static func capitalized(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst().lowercased()
    }

    static func isASCIIDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
    static func isASCIILowercase(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) }
    static func isASCIIUppercase(_ scalar: Unicode.Scalar) -> Bool { ("A"..."Z").contains(scalar) }
    static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool { isASCIILowercase(scalar) || isASCIIUppercase(scalar) }
}
