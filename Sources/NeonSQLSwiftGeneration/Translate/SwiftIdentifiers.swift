/// How SQL names become Swift identifiers, word by word. Pure spelling: the functions here never
/// resolve collisions (``SwiftTranslator`` does that, once, for the whole output) and return names
/// without backticks (``escaped(_:)`` adds them where Swift needs them).
enum SwiftIdentifiers {
    /// The names a piece of Swift type text mentions (`[Foundation.Date?]` -> `Foundation`, `Date`):
    /// a nested type declared beside it must not take one of them, or it would shadow it.
    static func namesMentioned(inTypeText text: String) -> [String] {
        var names: [String] = []
        var word = ""
        for character in text + " " {
            if character.isLetter || character.isNumber || character == "_" { word.append(character); continue }
            if !word.isEmpty { names.append(word) }
            word = ""
        }
        return names
    }

    /// `journey_id` -> `journeyId`, `FetchJourneyDuas` -> `fetchJourneyDuas`, `XPValue` -> `xpValue`.
    /// Empty when the name has no ASCII letter or digit.
    static func lowerCamelCase(_ name: String) -> String { IdentifierWords.lowerCamelCase(name) }

    /// `time_slot` -> `TimeSlot`, `fetchJourneyDuas` -> `FetchJourneyDuas`. Empty when the name
    /// has no ASCII letter or digit.
    static func upperCamelCase(_ name: String) -> String { IdentifierWords.upperCamelCase(name) }

    /// Whether `name` is a plain Swift identifier once escaped: non-empty, ASCII letters, digits
    /// and `_`, not starting with a digit, and not a name backticks cannot rescue.
    static func isUsable(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !IdentifierWords.isASCIIDigit(first) else { return false }
        return name.unicodeScalars.allSatisfy { IdentifierWords.isASCIILetter($0) || IdentifierWords.isASCIIDigit($0) || $0 == "_" }
            && !unescapable.contains(name) && !(name.hasPrefix("$"))
    }

    /// The identifier as written in a declaration or expression: keywords in backticks.
    static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// An argument label at a call site: keywords need no backticks there (Swift warns about
    /// them), except `inout`.
    static func argumentLabel(_ name: String) -> String {
        name == "inout" ? "`\(name)`" : name
    }

    /// Swift keywords that cannot be used as plain identifiers in declarations or argument labels.
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private", "precedencegroup",
        "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case",
        "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
        "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "Type", "Protocol", "_",
    ]

    /// Names that even in backticks mean something else in some position (`x.self`, `T.Type`,
    /// `init`, `Self`...): the naming step never hands them out.
    static let unescapable: Set<String> = [
        "self", "Self", "Type", "Protocol", "init", "deinit", "subscript", "super", "_", "Any", "Sendable",
    ]
}
