@_spi(NeonSQLInternal) import NeonSQLShared
import Testing

/// `JSONStringEscaping`, the one JSON string escaper of the runtime (request bodies, `jsonb`
/// values) and the generator (`describe`): both of its outputs agree, and what needs escaping is
/// escaped as JSON's short forms where it has them.
@Suite("JSON string escaping")
struct JSONStringEscapingTests {
    static let samples = [
        "", "plain", "a\"b\\c", "l1\nl2\r\t\u{08}\u{0C}\u{01}\u{1F}", "é 漢字 😀 \u{7F} /", "\u{FEFF}x", "\"\"\\\\",
    ]

    @Test func bytesAndStringAgree() {
        for sample in Self.samples {
            var bytes: [UInt8] = []
            JSONStringEscaping.appendQuoted(sample, to: &bytes)
            var text = "prefix "
            JSONStringEscaping.appendQuoted(sample, to: &text)
            #expect(text == "prefix " + String(decoding: bytes, as: UTF8.self))
            #expect(JSONStringEscaping.quoted(sample) == String(decoding: bytes, as: UTF8.self))
        }
    }

    @Test func escapesQuotesBackslashesAndControlCharacters() {
        #expect(JSONStringEscaping.quoted("a\"b\\c") == #""a\"b\\c""#)
        #expect(JSONStringEscaping.quoted("l1\nl2\r\t\u{08}\u{0C}\u{01}\u{1F}") == #""l1\nl2\r\t\b\f\u0001\u001f""#)
        #expect(JSONStringEscaping.quoted("é 漢字 😀 \u{7F} /") == "\"é 漢字 😀 \u{7F} /\"")
    }
}
