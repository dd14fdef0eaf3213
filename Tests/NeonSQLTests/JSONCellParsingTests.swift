import Foundation
@testable import NeonSQL
import Testing

/// What a `json`/`jsonb` cell parser must take that the shared strict parser (LocalNeon's, after
/// Neon's proxy) refuses: PostgreSQL returns these, so they decode (JSONValue.swift says why the
/// runtime keeps a parser of its own).
@Suite("JSON cell parsing")
struct JSONCellParsingTests {
    @Test func aValueNestedDeeperThanTheStrictParsersLimitDecodes() throws {
        let depth = 300
        let text = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        var value = try JSONValue(parsing: text)
        for _ in 0..<depth {
            guard case .array(let elements) = value, elements.count == 1 else {
                Issue.record("expected a one-element array")
                return
            }
            value = elements[0]
        }
        #expect(value == 1)
    }

    @Test func aJSONCellsDuplicateKeysKeepTheLastValue() throws {
        // `'{"a":1, "a":2}'::json` comes back as written; PostgreSQL's `->>` and jsonb keep the last one, as here.
        #expect(try JSONValue(parsing: #"{"a":1, "a":2}"#) == ["a": 2])
    }
}
