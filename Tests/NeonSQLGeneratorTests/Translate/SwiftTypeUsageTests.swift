import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

/// The translate stage's typed Swift types (`Translate/SwiftTypeUsage.swift`): the default mapping
/// builds them, and each prints once qualified (generated code) and bare (`describe`).
@Suite("Swift type usage")
struct SwiftTypeUsageTests {
    private static func printed(_ type: SQLType, nullable: Bool = false, elementNullable: Bool = false) -> (String, String) {
        let usage = SwiftTypeMapping.swiftType(for: type.described, nullable: nullable, elementNullable: elementNullable, enumName: { _ in "Mood" })
        return (usage.printed(qualified: true), usage.printed(qualified: false))
    }

    @Test func scalarsArraysAndEnumsPrintQualifiedAndBare() {
        #expect(Self.printed(.builtin(.int4)) == ("Swift.Int", "Int"))
        #expect(Self.printed(.builtin(.uuid), nullable: true) == ("Foundation.UUID?", "UUID?"))
        #expect(Self.printed(.array(.builtin(.text)), nullable: true, elementNullable: true) == ("[Swift.String?]?", "[String?]?"))
        #expect(Self.printed(.enumeration("mood")) == ("Mood", "Mood"))
        #expect(Self.printed(.named("int4range")) == ("NeonSQL.PostgresRange<Swift.Int>", "PostgresRange<Int>"))
        #expect(Self.printed(.named("point")) == ("NeonSQL.PostgresPoint", "PostgresPoint"))
    }

    /// A domain over an array is its base's array type (it was spelled `NeonSQL.[Int]`, which
    /// does not compile, while the type was a string to qualify).
    @Test func aDomainOverAnArrayIsAnArray() {
        #expect(Self.printed(.domain("int_list", base: .array(.builtin(.int4))), nullable: true) == ("[Swift.Int]?", "[Int]?"))
    }

    @Test func aPatchWrapsItsValue() {
        let patch = SwiftTypeUsage(.generic(.patch, argument: .named(.string, optional: true)))
        #expect(patch.printed(qualified: true) == "NeonSQL.Patch<Swift.String?>")
        #expect(patch.printed(qualified: false) == "Patch<String?>")
    }
}
