import Foundation
import NeonSQL
import Testing

// Behaviour of the allocation-free paths: fields checked while parsed (names re-read only for
// errors), trivially copyable keys (escaped keys still match), the 8-bytes-at-a-time string scan,
// and array literals sized from their separators.

private struct StringsRow: DecodableRow, Equatable {
    static let columns = [ResultColumn("tags", .array(.text))]
    var tags: [String]
    init(from row: inout RowDecoder) throws { tags = try row.decode([String].self) }
}

private struct TwoColumnRow: DecodableRow {
    static let columns = [ResultColumn("id", .int4), ResultColumn("answer", .text)]
    var id: Int
    var answer: String
    init(from row: inout RowDecoder) throws {
        id = try row.decode(Int.self)
        answer = try row.decode(String.self)
    }
}

/// The row of `SELECT FROM t`: no column.
private struct NoColumnRow: DecodableRow, Equatable {
    static var columns: [ResultColumn] { [] }
    init() {}
    init(from row: inout RowDecoder) throws {}
}

@Test func rowsWithoutColumnsAreCounted() throws {
    // PostgreSQL's answer to `SELECT FROM t` on three rows.
    let body = #"{"fields":[],"rows":[[],[],[]],"command":"SELECT","rowCount":3,"rowAsArray":true}"#
    #expect(try rows(NoColumnRow.self, body) == [NoColumnRow(), NoColumnRow(), NoColumnRow()])
    #expect(throws: NeonError.self) {
        _ = try rows(NoColumnRow.self, #"{"fields":[{"name":"x","dataTypeID":23}],"rows":[["1"]],"command":"SELECT","rowCount":1}"#)
    }
}

/// Decodes `body` as a `:many` result of `Row` (also used by ValidatedFieldsCacheTests).
func rows<Row: DecodableRow>(_: Row.Type, _ body: String) throws -> [Row] {
    let statement: Statement<[Row]> = .many(name: "Test", sql: "", bindings: Bindings(), readOnly: true)
    return try statement.decodeResponse(Data(body.utf8))
}

private func failure(_ body: () throws -> Void) -> NeonError? {
    do {
        try body()
    } catch let error as NeonError {
        return error
    } catch {
        Issue.record("expected a NeonError, got \(error)")
    }
    return nil
}

@Suite("Decoding fast paths")
struct DecodingFastPathTests {
    @Test func escapedEnvelopeAndFieldKeysStillMatch() throws {
        let body = #"{"fi\u0065lds":[{"n\u0061me":"id","data\u0054ypeID":23},{"name":"answer","dataTypeID":25}],"\u0072ows":[["7","x"]]}"#
        let decoded = try rows(TwoColumnRow.self, body)
        #expect(decoded.map(\.id) == [7])
        #expect(decoded.map(\.answer) == ["x"])
    }

    @Test func escapedKeyOidDriftIsDetected() throws {
        let body = #"{"fields":[{"name":"id","d\u0061taTypeID":25},{"name":"answer","dataTypeID":25}],"rows":[]}"#
        guard case .decoding(let failure) = failure({ _ = try rows(TwoColumnRow.self, body) }) else {
            Issue.record("expected a decoding failure")
            return
        }
        #expect(failure.column == "id")
        #expect(failure.reason.contains("OID 25"))
    }

    @Test func cellErrorNamesAnEscapedFieldName() throws {
        let body = #"{"fields":[{"name":"caf\u00e9_id","dataTypeID":23},{"name":"answer","dataTypeID":25}],"rows":[["1","a"],["nope","b"]]}"#
        guard case .decoding(let failure) = failure({ _ = try rows(TwoColumnRow.self, body) }) else {
            Issue.record("expected a decoding failure")
            return
        }
        #expect(failure.column == "café_id")
        #expect(failure.columnIndex == 0)
        #expect(failure.row == 1)
        #expect(failure.text == "nope")
    }

    @Test func countDriftListsEveryFieldName() throws {
        let body = resultBody(fields: [("id", 23), ("answer", 25), ("extra", 25)], rows: [])
        guard case .decoding(let failure) = failure({ _ = try rows(TwoColumnRow.self, body) }) else {
            Issue.record("expected a decoding failure")
            return
        }
        #expect(failure.column == "extra")
        #expect(failure.columnIndex == 2)
        #expect(failure.description.contains("(id, answer, extra)"))
    }

    @Test func stringScanFindsQuotesBackslashesAndControlsAtEveryOffset() throws {
        for offset in 0..<20 {
            let prefix = String(repeating: "a", count: offset)
            for special in ["\"", "\\", "é", "🕌"] {
                let text = prefix + special + String(repeating: "b", count: 19 - offset)
                let body = resultBody(fields: [("answer", 25)], rows: [[text]])
                #expect(try rows(AnswerRow.self, body).first?.answer == text)
            }
            // A raw control character is malformed JSON wherever it sits.
            let raw = "{\"fields\":[{\"name\":\"answer\",\"dataTypeID\":25}],\"rows\":[[\"" + prefix + "\u{01}" + "tail-tail\"]]}"
            guard case .malformedResponse = failure({ _ = try rows(AnswerRow.self, raw) }) else {
                Issue.record("expected a malformed response at offset \(offset)")
                continue
            }
        }
    }

    @Test func unterminatedLongStringIsMalformed() throws {
        let body = "{\"fields\":[{\"name\":\"answer\",\"dataTypeID\":25}],\"rows\":[[\"" + String(repeating: "x", count: 40)
        guard case .malformedResponse = failure({ _ = try rows(AnswerRow.self, body) }) else {
            Issue.record("expected a malformed response")
            return
        }
    }

    @Test func arrayLiteralsOfManyElementsAndQuotedCommas() throws {
        let numbers = Array(0..<300)
        let body = resultBody(
            fields: [("n", 23), ("s", 25), ("arr", 1007)],
            rows: [["1", "a", "{" + numbers.map(String.init).joined(separator: ",") + "}"]])
        #expect(try rows(E1Row.self, body).first?.arr == numbers)

        let tags = resultBody(fields: [("tags", 1009)], rows: [[#"{"a,b",c,"d,,e",""}"#], ["{}"]])
        #expect(try rows(StringsRow.self, tags).map(\.tags) == [["a,b", "c", "d,,e", ""], []])
    }
}
