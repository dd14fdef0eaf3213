import NeonSQLShared
import Testing

/// `SQLLexicalRuns`, the one scan of comments, string constants, quoted identifiers and
/// dollar-quoted strings that the runtime's revalidation and the generator's psql-script reader
/// share: where each run ends (what follows it is returned here), and that an unterminated run
/// is reported, not taken to end somewhere.
@Suite("SQL lexical runs")
struct SQLLexicalRunsTests {
    /// The text after the run that `end` finds at offset 0 of `text`; nil when it is unterminated.
    private func rest(_ text: String, _ end: ([UInt8]) -> Int?) -> String? {
        let bytes = Array(text.utf8)
        return end(bytes).map { String(decoding: bytes[$0...], as: UTF8.self) }
    }

    @Test func lineCommentsEndAtTheLineFeedOrTheEnd() {
        #expect(rest("-- a 'b /* c\nselect") { SQLLexicalRuns.endOfLineComment(in: $0, from: 0) } == "\nselect")
        #expect(rest("-- last line") { SQLLexicalRuns.endOfLineComment(in: $0, from: 0) } == "")
    }

    @Test(arguments: [
        ("/* a */x", "x"),
        ("/**/x", "x"),
        ("/* a /* b */ c */x", "x"),
        ("/* /* /* deep */ */ */ */", " */"),
        ("/* 'not a string */x", "x"),
        ("/* a */* b */", "* b */"),
    ])
    func blockCommentsNest(text: String, after: String) {
        #expect(rest(text) { SQLLexicalRuns.endOfBlockComment(in: $0, from: 0) } == after)
    }

    @Test(arguments: ["/* a", "/* a *", "/*/", "/* a /* b */", "/*/*/"])
    func anUnterminatedBlockCommentIsReported(text: String) {
        #expect(SQLLexicalRuns.endOfBlockComment(in: Array(text.utf8), from: 0) == nil)
    }

    @Test func doubledQuotesContinueStringsAndQuotedIdentifiers() {
        #expect(rest("'it''s' x") { SQLLexicalRuns.endOfQuoted(in: $0, from: 0, backslashEscapes: false) } == " x")
        #expect(rest("''x") { SQLLexicalRuns.endOfQuoted(in: $0, from: 0, backslashEscapes: false) } == "x")
        #expect(rest("'''' x") { SQLLexicalRuns.endOfQuoted(in: $0, from: 0, backslashEscapes: false) } == " x")
        #expect(rest("\"a\"\"b\".c") { SQLLexicalRuns.endOfQuoted(in: $0, from: 0, backslashEscapes: false) } == ".c")
        #expect(rest("\"it's\" x") { SQLLexicalRuns.endOfQuoted(in: $0, from: 0, backslashEscapes: false) } == " x")
        #expect(rest("'a\"b' x") { SQLLexicalRuns.endOfQuoted(in: $0, from: 0, backslashEscapes: false) } == " x")
    }

    @Test func backslashesEscapeOnlyInEscapeStrings() {
        // E'a\'b' is one constant; in a standard string the backslash is a plain byte.
        #expect(rest(#"'a\'b' x"#) { SQLLexicalRuns.endOfQuoted(in: $0, from: 0, backslashEscapes: true) } == " x")
        #expect(rest(#"'a\'b' x"#) { SQLLexicalRuns.endOfQuoted(in: $0, from: 0, backslashEscapes: false) } == "b' x")
        #expect(rest(#"'a\\' x"#) { SQLLexicalRuns.endOfQuoted(in: $0, from: 0, backslashEscapes: true) } == " x")
        #expect(rest(#"'\''''x"#) { SQLLexicalRuns.endOfQuoted(in: $0, from: 0, backslashEscapes: true) } == "x")
    }

    @Test(arguments: [("'abc", false), ("'it''", false), ("\"a\"\"", false), (#"'a\"#, true), (#"'a\'"#, true), ("'", false)])
    func anUnterminatedQuoteIsReported(text: String, backslashEscapes: Bool) {
        #expect(SQLLexicalRuns.endOfQuoted(in: Array(text.utf8), from: 0, backslashEscapes: backslashEscapes) == nil)
    }

    @Test func anEscapeStringIsAnEOrENotEndingALongerName() {
        func escapes(_ text: String) -> Bool {
            let bytes = Array(text.utf8)
            guard let quote = bytes.firstIndex(of: UInt8(ascii: "'")) else { return false }
            return SQLLexicalRuns.quoteTakesBackslashEscapes(in: bytes, at: quote)
        }
        #expect(escapes("E'a'"))
        #expect(escapes("e'a'"))
        #expect(escapes("select E'a'"))
        #expect(escapes("(e'a'"))
        #expect(!escapes("'a'"))
        #expect(!escapes("select 'a'"))
        #expect(!escapes("type'a'"))
        #expect(!escapes("_e'a'"))
        #expect(!escapes("1e'a'"))
        #expect(!escapes("$e'a'"))
        #expect(!escapes("éE'a'"))
        #expect(!escapes("U&'a'"))
    }

    @Test(arguments: [
        ("$$ a $$x", "x"),
        ("$tag$ a $$ $ta $tag $tag$x", "x"),
        ("$a$ $b$ inner $b$ $a$x", "x"),
        ("$_1$ 'x $_1$;", ";"),
        ("$é$ body $é$x", "x"),
        ("$fn$ -- not a comment $fn$x", "x"),
    ])
    func dollarQuotedStringsEndAtTheirOwnTag(text: String, after: String) {
        #expect(rest(text) { bytes in
            SQLLexicalRuns.endOfDollarQuoteOpening(in: bytes, at: 0)
                .flatMap { SQLLexicalRuns.endOfDollarQuoted(in: bytes, opening: 0..<$0) }
        } == after)
    }

    @Test(arguments: ["$1", "$12$", "$a", "$a b$", "$", "$-$", "$a'$"])
    func aDollarThatOpensNoQuoteIsNotOne(text: String) {
        #expect(SQLLexicalRuns.endOfDollarQuoteOpening(in: Array(text.utf8), at: 0) == nil)
    }

    @Test(arguments: ["$tag$ a", "$tag$ a $TAG$", "$tag$ a $tag", "$$ a $", "$a$ $b$"])
    func anUnterminatedDollarQuoteIsReported(text: String) throws {
        let bytes = Array(text.utf8)
        let opening = try #require(SQLLexicalRuns.endOfDollarQuoteOpening(in: bytes, at: 0))
        #expect(SQLLexicalRuns.endOfDollarQuoted(in: bytes, opening: 0..<opening) == nil)
    }

    @Test func aDollarAfterANameIsPartOfTheName() {
        let bytes = Array("a$1 + $2 + é$3 + ($4)".utf8)
        let dollars = bytes.indices.filter { bytes[$0] == UInt8(ascii: "$") }
        #expect(dollars.map { SQLLexicalRuns.followsIdentifier(in: bytes, at: $0) } == [true, false, true, false])
        #expect(!SQLLexicalRuns.followsIdentifier(in: Array("$1".utf8), at: 0))
    }
}
