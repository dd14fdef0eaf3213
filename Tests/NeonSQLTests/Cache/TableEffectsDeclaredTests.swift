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
