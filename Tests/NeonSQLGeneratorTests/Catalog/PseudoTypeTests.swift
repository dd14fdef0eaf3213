import Testing
@testable import NeonSQLGenerator

/// The pseudo-types the analyzer reasons about come from the built-in catalog (`pg_type.typtype
/// = 'p'`), not from lists kept by hand: polymorphic resolution and attribute notation (`t.f` as
/// `f(t)`) read these sets.
@Suite("Pseudo-types from the built-in catalog")
struct PseudoTypeTests {
    @Test func polymorphicTypesAreTheAnyPseudoTypesButAny() {
        #expect(SQLType.polymorphicNames == [
            "anyelement", "anyarray", "anynonarray", "anyenum", "anyrange", "anymultirange",
            "anycompatible", "anycompatiblearray", "anycompatiblenonarray", "anycompatiblerange", "anycompatiblemultirange",
        ])
        #expect(SQLType.pseudoTypeNames.isSuperset(of: ["any", "record", "void", "trigger", "internal", "cstring"]))
        #expect(!SQLType.pseudoTypeNames.contains("int4"))
    }

    @Test func aWholeRowMatchesOnlyTheUnconstrainedPseudoTypes() {
        #expect(SQLType.rowAcceptingPseudoTypeNames == ["any", "record", "anyelement", "anycompatible", "anynonarray", "anycompatiblenonarray"])
    }

    @Test func nullBehaviorsListedByArgumentCount() {
        #expect(BuiltinFunctionBehavior.listedNullBehavior("random", argumentCount: 0) == .neverNull)
        #expect(BuiltinFunctionBehavior.listedNullBehavior("random", argumentCount: 2) == .strict)
        #expect(BuiltinFunctionBehavior.listedNullBehavior("lag", argumentCount: 3) == .strict)
        #expect(BuiltinFunctionBehavior.listedNullBehavior("lag", argumentCount: 1) == .nullable)
        #expect(BuiltinFunctionBehavior.listedNullBehavior("int4range", argumentCount: 2) == .neverNull)
        #expect(BuiltinFunctionBehavior.listedNullBehavior("coalesce", argumentCount: 2) == .allArgumentsNull)
        #expect(BuiltinFunctionBehavior.listedNullBehavior("upper", argumentCount: 1) == nil)
    }
}
