@_spi(NeonSQLInternal) import NeonSQLShared
import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

/// The byte-level fast paths of the renderer and the naming step (taken for names and SQL without
/// anything to escape) spell exactly what the scalar-by-scalar definitions spell, for ASCII,
/// escapes, non-ASCII letters and the scalars that must be escaped.
@Suite("Fast paths match their definitions")
struct FastPathEquivalenceTests {
    static let names = [
        "", "id", "journey_id", "fetchJourneyDuas", "FetchJourneyDuas", "XPValue", "XMLValue", "xml2json", "a1B", "A1b",
        "__x__", "2nd", "order status", "Done \"ok\"", "самовар", "größe_kg", "día_1", "ABC", "aBC", "AbC", "a_b_c",
        "user__ID", "IDs", "ÅngströmUnit", "x\u{301}y", "tab\there", "line\nfeed", "back\\slash", "del\u{7F}", "nul\u{0}",
        "emoji👍name", "CamelCASEWord", "snake_CASE_word", "9lives", "_", "__", "a", "Z",
    ]

    /// The words of ``IdentifierWords/words(of:)`` joined as the camel-case spellings define it.
    private static func referenceCamelCase(_ name: String, capitalizingFirstWord: Bool) -> String {
        let words = IdentifierWords.words(of: name)
        func capitalized(_ word: String) -> String {
            guard let first = word.first else { return word }
            return first.uppercased() + word.dropFirst().lowercased()
        }
        guard let first = words.first else { return "" }
        return (capitalizingFirstWord ? capitalized(first) : first.lowercased()) + words.dropFirst().map(capitalized).joined()
    }

    @Test(arguments: names)
    func camelCaseMatchesTheWords(_ name: String) {
        #expect(IdentifierWords.lowerCamelCase(name) == Self.referenceCamelCase(name, capitalizingFirstWord: false))
        #expect(IdentifierWords.upperCamelCase(name) == Self.referenceCamelCase(name, capitalizingFirstWord: true))
    }

    /// ``SwiftStringLiteral/quoted(_:)`` scalar by scalar.
    private static func referenceStringLiteral(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    @Test(arguments: names)
    func stringLiteralMatchesItsDefinition(_ name: String) {
        #expect(SwiftStringLiteral.quoted(name) == Self.referenceStringLiteral(name))
    }

    static let sqlTexts = [
        "", "\n", "\n\n", "SELECT 1", "SELECT 1\n", "SELECT 1  \n\n  FROM t\n", "SELECT 'ä'\nFROM \"größe\"\n",
        "SELECT '\u{2028}'", "SELECT '\u{FEFF}'", "SELECT 'a\rb'\r\n", "SELECT '\u{301}'\n\u{301}x", "a\tb\n\tc",
        "SELECT '€' -- \u{E000}\n", "\u{1}\n\u{7F}",
    ]

    /// ``RawStringLiteral/contentLines(for:hashes:)`` scalar by scalar.
    private static func referenceContentLines(_ text: String, hashes: Int) -> [String] {
        let escapePrefix = "\\" + String(repeating: "#", count: hashes)
        var lines: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                lines.append(current)
                current = ""
            } else if RawStringLiteral.needsEscape(scalar) {
                current += escapePrefix + "u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                current.unicodeScalars.append(scalar)
            }
        }
        lines.append(current)
        return lines
    }

    @Test(arguments: sqlTexts)
    func contentLinesMatchTheirDefinition(_ text: String) {
        let lines = RawStringLiteral.contentLines(for: text, hashes: 2)
        let reference = Self.referenceContentLines(text, hashes: 2)
        #expect(lines == reference)
        // Equal as Strings is not enough: the bytes are what the file holds.
        #expect(lines.map { Array($0.utf8) } == reference.map { Array($0.utf8) })
    }

    /// The table effects a factory passes (`TableEffectsRenderer.json`) are the compact JSON of
    /// their object, as the describe writer spells it, for every flag and the names to escape.
    @Test(arguments: [false, true])
    func tableEffectsJSONIsTheCompactJSONDocument(unknown: Bool) {
        let nameLists: [[String]] = [[], ["public.duas"], ["public.a", "shop.\"odd\" name", "x\\y", "tab\there", "ü\u{1}"]]
        for reads in nameLists {
            for writes in nameLists.reversed() {
                for writesUnknown in [false, true] {
                    let tables = TableEffectsDescription(reads: reads, writes: writes, readsUnknown: unknown, writesUnknown: writesUnknown)
                    var members: [(key: String, value: JSONDocument)] = [
                        ("reads", .array(reads.map(JSONDocument.string))), ("writes", .array(writes.map(JSONDocument.string))),
                    ]
                    if unknown { members.append(("readsUnknown", .bool(true))) }
                    if writesUnknown { members.append(("writesUnknown", .bool(true))) }
                    #expect(TableEffectsRenderer.json(tables) == JSONDocument.object(members).compactText())
                }
            }
        }
    }

    @Test func printerKeepsItsLineRules() {
        var printer = CodePrinter()
        printer.blankLine()
        printer.line("")
        printer.line("a  ")
        printer.blankLine()
        printer.blankLine()
        printer.block("b") { printer in
            printer.line("   ")
            printer.blankLine()
            printer.verbatimLine("c \t")
            printer.line("")
            printer.line("")
            printer.verbatimLine("")
        }
        printer.line("")
        printer.blankLine()
        #expect(printer.text == "\na\n\nb {\n\n\n    c \t\n\n\n\n}\n")
        #expect(CodePrinter().text == "\n")
        var blank = CodePrinter()
        blank.line("")
        blank.line("")
        #expect(blank.text == "\n")
    }
}
