import Testing
@testable import NeonSQL

@Suite("TableEffects.declared")
struct TableEffectsDeclaredTests {
    @Test func readsTheGeneratedJSON() {
        let effects = TableEffects.declared(#"{"reads":["public.duas","public.categories"],"writes":["public.duas"]}"#)
        #expect(effects == TableEffects(reads: ["public.categories", "public.duas"], writes: ["public.duas"]))
        #expect(!effects.readsUnknown && !effects.writesUnknown)
    }

    @Test func unknownSidesAreReadWhenPresent() {
        let effects = TableEffects.declared(#"{"reads":[],"writes":[],"readsUnknown":true,"writesUnknown":true}"#)
        #expect(effects == .unknown(readOnly: false))
        let readOnly = TableEffects.declared(#"{"reads":[],"writes":[],"readsUnknown":true}"#)
        #expect(readOnly == .unknown(readOnly: true))
    }

    @Test func namesWithQuotesHashesAndEscapesSurvive() {
        let effects = TableEffects.declared(##"{"reads":["public.a\"#b","public.back\\slash","public.new\nline"],"writes":[]}"##)
        #expect(effects.reads == ["public.a\"#b", "public.back\\slash", "public.new\nline"])
    }

    @Test func theSameLiteralIsParsedOnceAndGivesEqualEffects() {
        func make() -> TableEffects { .declared(#"{"reads":["public.t"],"writes":["public.u"]}"#) }
        let first = make(), second = make()
        #expect(first == second)
        #expect(second.invalidates(TableEffects(reads: ["public.u"])))
        #expect(!second.invalidates(TableEffects(reads: ["public.t"])))
    }

    @Test func aDeclaredLiteralIsResolvedOnlyWhenASideIsAskedForAndAnswersAsItsParse() {
        // `changesAnything` of a plain read is answered from the text itself; every other answer
        // is the parsed effects', whatever the text.
        let texts: [StaticString] = [
            #"{"reads":["public.duas"],"writes":[]}"#, #"{"reads":[],"writes":[]}"#, #"{"reads":[""],"writes":[]}"#,
            #"{"reads":["public.a","public.b","public.c"],"writes":[]}"#, #"{"reads":["public.a"],"writes":["public.a"]}"#,
            #"{"reads":[],"writes":[],"writesUnknown":true}"#, #"{"reads":[],"writes":[],"readsUnknown":true}"#,
            #"{"reads":["public.a\"b"],"writes":[]}"#, #"{"reads":["public.a"],"writes":[ ]}"#, #"{"reads":["public.a",],"writes":[]}"#,
            #"{"reads":[public.a],"writes":[]}"#, #"{"reads":["public.a""public.b"],"writes":[]}"#, #"{"reads":["public.a"],"writes":[]} "#,
            #"{"reads":["public.a"],"writes":[]}}"#, #"{"reads":["],"writes":[]}"#, #"{"reads":[","],"writes":[]}"#,
            #"{"reads":["tab\#ttab"],"writes":[]}"#, "not json", "",
        ]
        for text in texts {
            let declared = TableEffects.declared(text)
            let parsed = TableEffects.parse(text.description)
            #expect(declared.changesAnything == parsed.changesAnything, "\(text)")
            #expect(declared == parsed, "\(text)")
            #expect(declared.hashValue == parsed.hashValue, "\(text)")
            #expect(declared.resolved.reads == parsed.reads && declared.writes == parsed.writes, "\(text)")
            #expect(declared.readsUnknown == parsed.readsUnknown && declared.writesUnknown == parsed.writesUnknown, "\(text)")
        }
        #expect(DeclaredTableEffects.declaresNoWrites(#"{"reads":["public.a","public.b"],"writes":[]}"#))
        #expect(!DeclaredTableEffects.declaresNoWrites(#"{"reads":["public.a"],"writes":["public.a"]}"#))
        #expect(!DeclaredTableEffects.declaresNoWrites(#"{"reads":["a\"b"],"writes":[]}"#))
        // A read statement built with declared effects is read-only; a write's is not.
        let read = Statement<Void>.exec(name: "R", sql: "SELECT 1", bindings: Bindings(), readOnly: true,
                                        tables: .declared(#"{"reads":["public.t"],"writes":[]}"#))
        #expect(read.isReadOnly)
        let writing = Statement<Void>.exec(name: "W", sql: "SELECT f()", bindings: Bindings(), readOnly: true,
                                           tables: .declared(#"{"reads":["public.t"],"writes":["public.t"]}"#))
        #expect(!writing.isReadOnly)
    }

    @Test func textThatIsNotTheJSONCountsAsTouchingEveryTable() {
        for text: StaticString in ["", "not json", #"{"reads":["public.t"]}"#, #"{"reads":"public.t","writes":[]}"#] {
            let effects = TableEffects.declared(text)
            #expect(effects.readsUnknown && effects.writesUnknown, "\(text)")
        }
        // A one-scalar literal has no pointer representation; it is parsed (and rejected) too.
        let scalar: StaticString = "x"
        #expect(TableEffects.declared(scalar).writesUnknown)
    }
}
