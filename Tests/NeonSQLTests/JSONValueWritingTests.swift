@_spi(NeonSQLInternal) import NeonSQLShared
import Foundation
@testable import NeonSQL
import NeonSQLTestSupport
import Testing

/// `JSONValue.jsonText()` writes in one pass the bytes of the shared `JSONDocument` of the value
/// (keys sorted, integral numbers below 2^53 without a fraction), byte for byte.
@Suite("JSON value writing")
struct JSONValueWritingTests {
    /// The document the value is written as, built as a tree (the writer's earlier algorithm).
    static func document(_ value: JSONValue) -> JSONDocument? {
        switch value {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let number):
            guard number.isFinite else { return nil }
            if number == number.rounded(), abs(number) < 9_007_199_254_740_992 { return .number(String(Int64(number))) }
            return .number(number.description)
        case .string(let string): return .string(string)
        case .array(let elements):
            let documents = elements.compactMap(document)
            return documents.count == elements.count ? .array(documents) : nil
        case .object(let members):
            let sorted = members.sorted { $0.key < $1.key }
            let documents = sorted.compactMap { document($0.value) }
            guard documents.count == sorted.count else { return nil }
            return .object(zip(sorted, documents).map { (key: $0.key, value: $1) })
        }
    }

    static func expectSameAsDocument(_ value: JSONValue) throws {
        let expected = try #require(document(value)).compactText()
        #expect(try value.jsonText() == expected)
    }

    @Test func escapesUnicodeNestingAndNumbersAreWrittenAsBefore() throws {
        let value: JSONValue = [
            "quote\"key": "a \"quoted\" back\\slash / slash",
            "controls": .string("\n\r\t\u{8}\u{c}\u{0}\u{1}\u{1f}\u{7f}"),
            "unicode": "é ✓ تسبيح 漢字 👍🏽 e\u{301}",
            "ü-key": [1, -1, 0, 0.5, -2.25, 1e300, 1e-7, 9_007_199_254_740_991, 9_007_199_254_740_992, -9_007_199_254_740_993],
            "nested": ["a": [[], [:], [nil, true, false, [["deep": "x"]]]], "b": ["": ""]],
            "": nil,
        ]
        #expect(try value.jsonText() == #"{"":null,"controls":"\n\r\t\b\f\u0000\u0001\u001f\#u{7f}","nested":{"a":[[],{},[null,true,false,[{"deep":"x"}]]],"b":{"":""}},"quote\"key":"a \"quoted\" back\\slash / slash","unicode":"é ✓ تسبيح 漢字 👍🏽 e\#u{301}","ü-key":[1,-1,0,0.5,-2.25,1e+300,1e-07,9007199254740991,9007199254740992.0,-9007199254740992.0]}"#)
        try Self.expectSameAsDocument(value)
        for scalar: JSONValue in [nil, true, false, 0, .number(-0.0), 3.5, "", "x", [], [:], .number(.leastNonzeroMagnitude), .number(.greatestFiniteMagnitude)] {
            try Self.expectSameAsDocument(scalar)
        }
    }

    @Test func randomValuesAreWrittenAsTheirDocument() throws {
        var generator = SeededRandom(seed: 42)
        for _ in 0..<500 {
            try Self.expectSameAsDocument(Self.randomValue(&generator, depth: 0))
        }
    }

    @Test func nonFiniteNumbersStillThrowInsideContainers() {
        #expect(throws: PostgresTextEncodingError.self) { try JSONValue.array([1, ["x": .number(.infinity)]]).jsonText() }
        #expect(throws: PostgresTextEncodingError.self) { try JSONValue.object(["n": .number(.nan)]).jsonText() }
    }

    static let alphabet: [String] = ["a", "b", "\"", "\\", "\n", "\u{1}", "é", "✓", "👍🏽", " ", "/", "\u{7f}"]

    static func randomValue(_ generator: inout SeededRandom, depth: Int) -> JSONValue {
        switch generator.next() % (depth > 3 ? 4 : 6) {
        case 0: return generator.next() % 3 == 0 ? .null : .bool(generator.next() % 2 == 0)
        case 1:
            let integer = Double(Int64(bitPattern: generator.next()) >> Int64(generator.next() % 64))
            return .number(generator.next() % 2 == 0 ? integer : integer / Double(1 + generator.next() % 1000))
        case 2, 3: return .string(randomString(&generator))
        case 4: return .array((0..<Int(generator.next() % 5)).map { _ in randomValue(&generator, depth: depth + 1) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<Int(generator.next() % 5) { members[randomString(&generator)] = randomValue(&generator, depth: depth + 1) }
            return .object(members)
        }
    }

    static func randomString(_ generator: inout SeededRandom) -> String {
        (0..<Int(generator.next() % 6)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }.joined()
    }
}
