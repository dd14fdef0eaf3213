@_spi(NeonSQLInternal) import NeonSQLShared
import Testing

/// The strictness of the shared parser that reads request bodies, JWTs and JWKS: ill-formed UTF-8
/// and lone surrogates are errors with serde_json's wording and position, never replaced.
@Suite("JSON document parser")
struct JSONDocumentParserTests {
    @Test("Ill-formed UTF-8 in a string is an error", arguments: [
        ([0x22, 0xFF, 0x22], "invalid unicode code point at line 1 column 3"),
        ([0x22, 0xC0, 0x80, 0x22], "invalid unicode code point at line 1 column 4"),  // overlong NUL
        ([0x22, 0xED, 0xA0, 0x80, 0x22], "invalid unicode code point at line 1 column 5"),  // encoded surrogate
        ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "invalid unicode code point at line 1 column 6"),  // above U+10FFFF
        ([0x22, 0xE2, 0x82, 0x22], "invalid unicode code point at line 1 column 4"),  // truncated
        ([0x22, 0xFF, 0x5C, 0x6E, 0x22], "invalid unicode code point at line 1 column 3"),  // before an escape
    ] as [([UInt8], String)])
    func illFormedUTF8(bytes: [UInt8], message: String) {
        let error = #expect(throws: JSONDocumentParser.SyntaxError.self) { try JSONDocumentParser.parse(bytes) }
        #expect(error?.message == message)
    }

    @Test("Lone surrogates in escapes are errors", arguments: [
        (#""\udc00""#, "lone leading surrogate in hex escape at line 1 column 8"),
        (#""\ud800""#, "unexpected end of hex escape at line 1 column 8"),
        (#""\ud800\u0041""#, "lone leading surrogate in hex escape at line 1 column 14"),
    ])
    func loneSurrogates(text: String, message: String) {
        let error = #expect(throws: JSONDocumentParser.SyntaxError.self) { try JSONDocumentParser.parse(Array(text.utf8)) }
        #expect(error?.message == message)
    }

    @Test("Well-formed text is kept exactly")
    func wellFormed() throws {
        let text = #"{"a":["é","\u00e9","\ud83d\ude00","\uFFFD","�"],"n":1.50e+2,"a":null}"#
        let document = try JSONDocumentParser.parse(Array(text.utf8))
        #expect(document == .object([
            (key: "a", value: .array([.string("é"), .string("é"), .string("😀"), .string("\u{FFFD}"), .string("\u{FFFD}")])),
            (key: "n", value: .number("1.50e+2")),
            (key: "a", value: .null),
        ]))
        #expect(document["a"] == .null)
    }
}
