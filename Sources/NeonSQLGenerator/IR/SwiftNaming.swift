/// How SQL names become Swift names: deterministic, collision-aware, keyword-safe.
enum SwiftNaming {
    /// `journey_id` -> `journeyId`, `FetchJourneyDuas` -> `fetchJourneyDuas`, `XPValue` -> `xpValue`.
    static func lowerCamelCase(_ name: String) -> String {
        let words = words(of: name)
        guard let first = words.first else { return "_" }
        let head = first.lowercased()
        let tail = words.dropFirst().map(capitalized)
        return safeIdentifier(head + tail.joined())
    }

    /// `time_slot` -> `TimeSlot`, `fetchJourneyDuas` -> `FetchJourneyDuas`.
    static func upperCamelCase(_ name: String) -> String {
        let joined = words(of: name).map(capitalized).joined()
        return safeIdentifier(joined.isEmpty ? "_" : joined)
    }

    /// Splits on non-alphanumerics and on lower->upper case changes (`fetchJourney` -> fetch, Journey;
    /// `XMLValue` -> XML, Value).
    static func words(of name: String) -> [String] {
        var words: [String] = []
        var current = ""
        let scalars = Array(name.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            let isAlnum = scalar.properties.isAlphabetic || ("0"..."9").contains(Character(scalar))
            if !isAlnum {
                if !current.isEmpty { words.append(current); current = "" }
                continue
            }
            if let previous = current.unicodeScalars.last, scalar.properties.isUppercase {
                let nextIsLower = index + 1 < scalars.count && scalars[index + 1].properties.isLowercase
                if previous.properties.isLowercase || previous.properties.numericType != nil
                    || (previous.properties.isUppercase && nextIsLower) {
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
        // Keep all-caps words that came from an UpperCamel name (`ID` stays `Id`? no: `Id`).
        return first.uppercased() + word.dropFirst().lowercased()
    }

    /// Makes a name a valid Swift identifier: a leading digit gets `_`, a keyword gets backticks.
    static func safeIdentifier(_ name: String) -> String {
        var result = name
        if let first = result.unicodeScalars.first, ("0"..."9").contains(Character(first)) {
            result = "_" + result
        }
        return keywords.contains(result) ? "`\(result)`" : result
    }

    /// The identifier without backticks (for derived names such as `\(name)Row`).
    static func bare(_ identifier: String) -> String {
        identifier.hasPrefix("`") && identifier.hasSuffix("`") && identifier.count >= 2
            ? String(identifier.dropFirst().dropLast()) : identifier
    }

    /// Swift keywords that cannot be used as plain identifiers in declarations or argument labels.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "Type", "Protocol",
    ]
}
