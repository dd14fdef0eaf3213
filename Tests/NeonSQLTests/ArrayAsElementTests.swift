import Testing
@testable import NeonSQL

/// `:copyfrom` into an array column: each row's array is one quoted text element of a `text[]`
/// parameter (the SQL casts it back), so rows' arrays may differ in length and hold NULLs.
@Suite struct ArrayAsElementTests {
    @Test func rowsArraysBecomeQuotedLiterals() throws {
        let rows: [[String?]?] = [["a", "b,c"], [], nil, [nil, #"say "hi""#]]
        let elements = rows.map { $0.map { ArrayAsElement($0, as: .array(.text)) } }
        #expect(try elements.postgresText(as: .array(.text))
                == #"{"{\"a\",\"b,c\"}","{}",NULL,"{NULL,\"say \\\"hi\\\"\"}"}"#)
    }

    @Test func elementTypeComesFromTheColumn() throws {
        let element = ArrayAsElement([1, 2], as: .array(.int4))
        #expect(try element.postgresText(as: .text) == #"{"1","2"}"#)
        #expect(!ArrayAsElement<[Int]>.isPostgresArray)
    }
}
