import Foundation
import Testing

@testable import NeonSQL

// `fields` identical to ones already checked against a row type are not parsed again: the
// outcome must be the same as a full parse, whatever came before.

private struct CachedIDRow: DecodableRow, Equatable {
    static let columns = [ResultColumn("id", .int4), ResultColumn("name", .text)]
    var id: Int
    var name: String
    init(from row: inout RowDecoder) throws {
        id = try row.decode(Int.self)
        name = try row.decode(String.self)
    }
}

/// Same column names, other types: the text valid for `CachedIDRow` is not valid for it.
private struct CachedTextRow: DecodableRow, Equatable {
    static let columns = [ResultColumn("id", .text), ResultColumn("name", .text)]
    var id: String
    var name: String
    init(from row: inout RowDecoder) throws {
        id = try row.decode(String.self)
        name = try row.decode(String.self)
    }
}

private let fields = #"[{"name":"id","dataTypeID":23},{"name":"name","dataTypeID":25}]"#

@Suite("Validated fields cache")
struct ValidatedFieldsCacheTests {
    @Test func repeatedFieldsDecodeTheSameRows() throws {
        let body = #"{"fields":\#(fields),"rows":[["1","a"],["2","b"]],"rowCount":2}"#
        let first = try rows(CachedIDRow.self, body)
        let second = try rows(CachedIDRow.self, body)
        #expect(first == second)
        #expect(second.map(\.id) == [1, 2])
        // The same fields with other rows, and with rows before fields.
        let reordered = #"{"rows":[["3","c"]],"fields":\#(fields)}"#
        #expect(try rows(CachedIDRow.self, reordered).map(\.name) == ["c"])
    }

    @Test func changedTypeAfterACachedTextIsStillReported() throws {
        _ = try rows(CachedIDRow.self, #"{"fields":\#(fields),"rows":[]}"#)
        // Same length, one OID changed (23 -> 25).
        let drifted = fields.replacingOccurrences(of: "23", with: "25")
        #expect(drifted.utf8.count == fields.utf8.count)
        do {
            _ = try rows(CachedIDRow.self, #"{"fields":\#(drifted),"rows":[]}"#)
            Issue.record("expected the OID change to be reported")
        } catch NeonError.decoding(let failure) {
            #expect(failure.column == "id")
            #expect(failure.reason.contains("OID 25"))
        }
        // And the original text is still accepted afterwards.
        #expect(try rows(CachedIDRow.self, #"{"fields":\#(fields),"rows":[["5","e"]]}"#).map(\.id) == [5])
    }

    @Test func textValidForOneRowTypeIsCheckedForAnother() throws {
        _ = try rows(CachedIDRow.self, #"{"fields":\#(fields),"rows":[]}"#)
        do {
            _ = try rows(CachedTextRow.self, #"{"fields":\#(fields),"rows":[]}"#)
            Issue.record("expected CachedTextRow to reject an int4 id")
        } catch NeonError.decoding(let failure) {
            #expect(failure.reason.contains("expects text"))
        }
    }

    @Test func truncatedOrMalformedBodiesAfterACachedTextFail() throws {
        let body = #"{"fields":\#(fields),"rows":[["1","a"]]}"#
        _ = try rows(CachedIDRow.self, body)
        // Cut inside the fields text: shorter than the cached text, so parsed (and rejected).
        for cut in [10, 30, fields.utf8.count] {
            let truncated = String(body.utf8.prefix(cut)) ?? ""
            #expect(throws: NeonError.self, "cut at \(cut)") { try rows(CachedIDRow.self, truncated) }
        }
        // Fields match the cache, rows do not: row errors are unchanged.
        #expect(throws: NeonError.self) { try rows(CachedIDRow.self, #"{"fields":\#(fields),"rows":[["x","a"]]}"#) }
        #expect(throws: NeonError.self) { try rows(CachedIDRow.self, #"{"fields":\#(fields),"rows":[["1"]]}"#) }
        #expect(throws: NeonError.self) { try rows(CachedIDRow.self, #"{"fields":\#(fields),"rows":[["1","a"]]"#) }
    }

    @Test func cacheMatchesOnlyTheExactRememberedBytes() {
        let cache = ValidatedFieldsCache()
        let key = ObjectIdentifier(CachedIDRow.self)
        let text = Array(fields.utf8)
        text.withUnsafeBytes { cache.remember(key, text: $0, count: 2) }
        let body = Array((#"{"fields":"# + fields + "}").utf8)
        body.withUnsafeBytes { raw in
            #expect(cache.match(key, in: raw, at: 10).map { [$0.length, $0.count] } == [text.count, 2])
            #expect(cache.match(key, in: raw, at: 9) == nil)
            #expect(cache.match(ObjectIdentifier(CachedTextRow.self), in: raw, at: 10) == nil)
            #expect(cache.match(key, in: UnsafeRawBufferPointer(rebasing: raw[0..<(raw.count - 2)]), at: 10) == nil)
        }
    }
}
