import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

private func lex(_ text: String) -> (tokens: [Token], comments: [NeonSQLGenerator.Comment], diagnostics: [Diagnostic]) {
    var collector = DiagnosticCollector()
    let lexed = Lexer.tokenize(SourceFile(path: "test.sql", text: text), diagnostics: &collector)
    return (lexed.tokens, lexed.comments, collector.diagnostics)
}

/// `kind:value` for every token but the final eof.
private func kinds(_ text: String) -> [String] {
    lex(text).tokens.dropLast().map { "\($0.kind):\($0.value)" }
}

@Suite("Lexer")
struct LexerTests {
    @Test func wordsAreLowerCasedQuotedIdentifiersAreNot() {
        #expect(kinds(#"SELECT Foo, "Bar""Baz", user_id, a$b"#) == [
            "word:select", "word:foo", "comma:,", #"quotedIdentifier:Bar"Baz"#, "comma:,", "word:user_id", "comma:,", "word:a$b",
        ])
    }

    @Test func nonASCIIIdentifiersKeepTheirBytes() {
        #expect(kinds("SELECT Ünïcode_Ä") == ["word:select", "word:Ünïcode_Ä".replacingASCIIUppercase()])
    }

    @Test func stringForms() {
        #expect(kinds("'it''s'") == ["string:it's"])
        #expect(kinds(#"E'a\nb\t\\ \'q\' \x41\101 \u00e9'"#) == ["string:a\nb\t\\ 'q' AA é"])
        #expect(kinds(#"e'x''y'"#) == ["string:x'y"])
        #expect(kinds(#"U&'d\0061t\+000061'"#) == ["string:data"])
        #expect(kinds("N'national'") == ["string:national"])
        #expect(kinds("B'0101' X'1F'") == ["bitString:b0101", "bitString:x1F"])
        #expect(kinds("$$a 'quoted' ; $x$ body$$") == ["string:a 'quoted' ; $x$ body"])
        #expect(kinds("$fn$ select 1; $$ $fn$") == ["string: select 1; $$ "])
        #expect(kinds("'a'\n  'b'") == ["string:ab"])
        #expect(kinds("'a' 'b'") == ["string:a", "string:b"])
    }

    @Test func numbers() {
        #expect(kinds("42 3.14 .5 1. 1e10 2.5E-3 1_000_000 0x1F") == [
            "integer:42", "numeric:3.14", "numeric:.5", "numeric:1.", "numeric:1e10", "numeric:2.5E-3",
            "integer:1000000", "integer:0x1F",
        ])
        #expect(kinds("a[1:2]") == ["word:a", "leftBracket:[", "integer:1", "colon::", "integer:2", "rightBracket:]"])
        #expect(kinds("t.x") == ["word:t", "dot:.", "word:x"])
    }

    @Test func parameters() {
        #expect(kinds("$1 $23 @journey_id @x1") == [
            "positionalParameter:1", "positionalParameter:23", "namedParameter:journey_id", "namedParameter:x1",
        ])
        #expect(kinds("=@id") == ["op:=", "namedParameter:id"])
        #expect(kinds("<>@id") == ["op:<>", "namedParameter:id"])
        #expect(kinds("a<@b") == ["word:a", "op:<@", "word:b"])
        #expect(kinds("@ -5") == ["op:@", "op:-", "integer:5"])
        #expect(kinds("tags @> x") == ["word:tags", "op:@>", "word:x"])
    }

    @Test func operators() {
        #expect(kinds("a::int b->>'k' c#>>d e@>f g<@h i||j k!=l m<>n o>=p q?|r s?&t u&&v w?x") == [
            "word:a", "doubleColon:::", "word:int", "word:b", "op:->>", "string:k", "word:c", "op:#>>", "word:d",
            "word:e", "op:@>", "word:f", "word:g", "op:<@", "word:h", "word:i", "op:||", "word:j",
            "word:k", "op:<>", "word:l", "word:m", "op:<>", "word:n", "word:o", "op:>=", "word:p",
            "word:q", "op:?|", "word:r", "word:s", "op:?&", "word:t", "word:u", "op:&&", "word:v",
            "word:w", "op:?", "word:x",
        ])
        // A multi-character operator cannot end in + or - unless it has a non-standard character.
        #expect(kinds("a<-1") == ["word:a", "op:<", "op:-", "integer:1"])
        #expect(kinds("a*-1") == ["word:a", "op:*", "op:-", "integer:1"])
        #expect(kinds("a@-1") == ["word:a", "op:@-", "integer:1"])
        // Comments cut operators.
        #expect(kinds("a+--c\n1") == ["word:a", "op:+", "integer:1"])
        #expect(kinds("a*/*c*/1") == ["word:a", "op:*", "integer:1"])
        #expect(kinds("f(a => 1, b := 2)") == [
            "word:f", "leftParen:(", "word:a", "op:=>", "integer:1", "comma:,", "word:b", "op::=", "integer:2", "rightParen:)",
        ])
        #expect(kinds("( ) [ ] , ; . : ::") == [
            "leftParen:(", "rightParen:)", "leftBracket:[", "rightBracket:]", "comma:,", "semicolon:;", "dot:.", "colon::", "doubleColon:::",
        ])
    }

    @Test func comments() {
        let result = lex("-- name: FetchX :many\n/* outer /* nested */ still */ SELECT 1 -- tail\r\n")
        #expect(result.comments.map(\.text) == [" name: FetchX :many", " outer /* nested */ still ", " tail"])
        #expect(result.comments.map(\.isBlock) == [false, true, false])
        #expect(result.comments.map(\.location.line) == [1, 2, 2])
        #expect(result.tokens.dropLast().map(\.value) == ["select", "1"])
    }

    @Test func positionsAreOneBasedAndCountCharactersNotBytes() {
        let result = lex("SELECT 'دعاء الصباح' AS t,\n  x")
        let tokens = result.tokens
        #expect(tokens[1].value == "دعاء الصباح")
        #expect(tokens[1].location.line == 1 && tokens[1].location.column == 8)
        #expect(tokens[2].value == "as")
        #expect(tokens[2].location.column == 22) // 8 + 13 characters (11 letters + 2 quotes) + 1 space
        #expect(tokens[2].start == 7 + 2 + "دعاء الصباح".utf8.count + 1)
        #expect(tokens[5].value == "x" && tokens[5].location.line == 2 && tokens[5].location.column == 3)
        #expect(tokens.last?.kind == .eof)
    }

    @Test func incrementalLocationsAgreeWithSourceFile() {
        let text = "-- تعليق\nSELECT 'دعاء', \"ü\" /* é\n */ FROM t\r\nWHERE x = 'a\nb' AND y = E'\\n'\n\n  ;"
        let file = SourceFile(path: "t.sql", text: text)
        var collector = DiagnosticCollector()
        let lexed = Lexer.tokenize(file, diagnostics: &collector)
        for token in lexed.tokens {
            #expect(token.location == file.location(ofOffset: token.start), "\(token)")
        }
        for comment in lexed.comments {
            #expect(comment.location == file.location(ofOffset: comment.location.offset))
        }
    }

    @Test func errorsPointAtTheStart() {
        let unterminated = lex("SELECT\n  'abc")
        #expect(unterminated.diagnostics.map { "\($0.line):\($0.column) \($0.message)" } == ["2:3 unterminated quoted string"])
        #expect(unterminated.tokens.contains { $0.kind == .invalid })
        #expect(lex("SELECT \"abc").diagnostics.map(\.message) == ["unterminated quoted identifier"])
        #expect(lex("SELECT $$abc").diagnostics.map(\.message) == ["unterminated dollar-quoted string"])
        #expect(lex("SELECT 1 /* a /* b */").diagnostics.map { "\($0.column) \($0.message)" } == ["10 unterminated /* comment"])
        #expect(lex("SELECT {").diagnostics.map { "\($0.column) \($0.message)" } == ["8 unexpected character '{'"])
        #expect(lex("SELECT \"\"").diagnostics.map(\.message) == ["zero-length delimited identifier"])
        #expect(lex("SELECT E'\\u12'").diagnostics.map(\.message) == ["invalid Unicode escape"])
    }
}

private extension String {
    func replacingASCIIUppercase() -> String {
        String(decoding: utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }
}
