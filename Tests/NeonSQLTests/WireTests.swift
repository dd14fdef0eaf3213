import Foundation
import NeonSQL
import Testing

// Row types in the generated shape used by the wire tests.
struct E1Row: DecodableRow, Equatable {
    static let columns = [ResultColumn("n", .int4), ResultColumn("s", .text), ResultColumn("arr", .array(.int4))]
    var n: Int
    var s: String
    var arr: [Int]
    init(from row: inout RowDecoder) throws {
        n = try row.decode(Int.self)
        s = try row.decode(String.self)
        arr = try row.decode([Int].self)
    }
}

struct E2Row: DecodableRow {
    static let columns = [
        ResultColumn("n", .int4), ResultColumn("a", .array(.int4)), ResultColumn("j", .jsonb),
        ResultColumn("b", .bytea), ResultColumn("z", .text),
    ]
    var n: Int
    var a: [Int]
    var j: JSONValue
    var b: Data
    var z: String?
    init(from row: inout RowDecoder) throws {
        n = try row.decode(Int.self)
        a = try row.decode([Int].self)
        j = try row.decode(JSONValue.self)
        b = try row.decode(Data.self)
        z = try row.decode(String?.self)
    }
}

struct EnumRow: DecodableRow {
    static let columns = [ResultColumn("e", .enumType("time_slot"))]
    var e: TimeSlot
    init(from row: inout RowDecoder) throws { e = try row.decode(TimeSlot.self) }
}

struct AnswerRow: DecodableRow, Equatable {
    static let columns = [ResultColumn("answer", .text)]
    var answer: String
    init(from row: inout RowDecoder) throws { answer = try row.decode(String.self) }
}

struct IDRow: DecodableRow, Equatable {
    static let columns = [ResultColumn("id", .int4)]
    var id: Int
    init(from row: inout RowDecoder) throws { id = try row.decode(Int.self) }
}

/// Every type of README.md's "Types" table in one row, with real PostgreSQL 15 text output.
struct AllTypesRow: DecodableRow {
    static let columns = [
        ResultColumn("i2", .int2), ResultColumn("i8", .int8), ResultColumn("f4", .float4), ResultColumn("f8", .float8),
        ResultColumn("num", .numeric), ResultColumn("b", .bool), ResultColumn("t", .text), ResultColumn("vc", .varchar),
        ResultColumn("u", .uuid), ResultColumn("tz", .timestamptz), ResultColumn("ts", .timestamp), ResultColumn("d", .date),
        ResultColumn("tm", .time), ResultColumn("iv", .interval), ResultColumn("js", .json), ResultColumn("by", .bytea),
        ResultColumn("arr", .array(.text)), ResultColumn("e", .enumType("time_slot")),
    ]
    var i2: Int, i8: Int, f4: Float, f8: Double, num: Decimal, b: Bool, t: String, vc: String?, u: UUID, tz: Date, ts: Date
    var d: PostgresDate, tm: PostgresTime, iv: PostgresInterval, js: JSONValue, by: Data, arr: [String?], e: TimeSlot
    init(from row: inout RowDecoder) throws {
        i2 = try row.decode(Int.self)
        i8 = try row.decode(Int.self)
        f4 = try row.decode(Float.self)
        f8 = try row.decode(Double.self)
        num = try row.decode(Decimal.self)
        b = try row.decode(Bool.self)
        t = try row.decode(String.self)
        vc = try row.decode(String?.self)
        u = try row.decode(UUID.self)
        tz = try row.decode(Date.self)
        ts = try row.decode(Date.self)
        d = try row.decode(PostgresDate.self)
        tm = try row.decode(PostgresTime.self)
        iv = try row.decode(PostgresInterval.self)
        js = try row.decode(JSONValue.self)
        by = try row.decode(Data.self)
        arr = try row.decode([String?].self)
        e = try row.decode(TimeSlot.self)
    }
}

private func many<Row: DecodableRow>(_: Row.Type) -> Statement<[Row]> {
    .many(name: "Test", sql: "SELECT", bindings: Bindings(), readOnly: true)
}

private func decodingFailure(_ body: () throws -> Void) -> ResponseDecodingError? {
    do {
        try body()
    } catch let NeonError.decoding(failure) {
        return failure
    } catch {
        Issue.record("expected a decoding error, got \(error)")
    }
    return nil
}

@Suite("Wire format")
struct WireTests {
    // E1 in raw-text array mode (test_proxy.py:357-358).
    let e1 = #"""
        {"fields":[{"name":"n","dataTypeID":23,"tableID":0,"columnID":0,"dataTypeSize":4,"dataTypeModifier":-1,"format":"text"},
         {"name":"s","dataTypeID":25,"tableID":0,"columnID":0,"dataTypeSize":-1,"dataTypeModifier":-1,"format":"text"},
         {"name":"arr","dataTypeID":1007,"tableID":0,"columnID":0,"dataTypeSize":-1,"dataTypeModifier":-1,"format":"text"}],
         "rows":[["1","a","{1,2,3}"]],"command":"SELECT","rowCount":1,"rowAsArray":true}
        """#

    @Test func e1RawTextArrayMode() throws {
        let rows = try many(E1Row.self).decodeResponse(Data(e1.utf8))
        #expect(rows == [try E1Row.make(n: 1, s: "a", arr: [1, 2, 3])])
    }

    @Test func e1WithOldKeyOrderRowsBeforeFields() throws {
        // Before neon PR #11992 the keys came as command,rowCount,rows,fields,rowAsArray.
        let old = #"{"command":"SELECT","rowCount":1,"rows":[["1","a","{1,2,3}"]],"fields":[{"name":"n","dataTypeID":23},{"name":"s","dataTypeID":25},{"name":"arr","dataTypeID":1007}],"rowAsArray":true}"#
        #expect(try many(E1Row.self).decodeResponse(Data(old.utf8)).first?.arr == [1, 2, 3])
    }

    @Test func e2DriverShapedResponse() throws {
        let body = #"""
            {"fields":[{"name":"n","dataTypeID":23},{"name":"a","dataTypeID":1007},{"name":"j","dataTypeID":3802},
            {"name":"b","dataTypeID":17},{"name":"z","dataTypeID":25}],
             "rows":[["1","{1,2}","{\"x\": \"y\"}","\\x4142",null]],"command":"SELECT","rowCount":1,"rowAsArray":true}
            """#
        let row = try #require(try many(E2Row.self).decodeResponse(Data(body.utf8)).first)
        #expect(row.n == 1)
        #expect(row.a == [1, 2])
        #expect(row.j == ["x": "y"])
        #expect(row.b == Data("AB".utf8))
        #expect(row.z == nil)
    }

    @Test func e4DMLAndDDL() throws {
        let insert = #"{"fields":[{"name":"id","dataTypeID":23,"tableID":16384,"columnID":1,"dataTypeSize":4,"dataTypeModifier":-1,"format":"text"}],"rows":[["1"],["2"],["3"]],"command":"INSERT","rowCount":3,"rowAsArray":true}"#
        #expect(try many(IDRow.self).decodeResponse(Data(insert.utf8)).map(\.id) == [1, 2, 3])
        let execRows: Statement<Int> = .execRows(name: "Test", sql: "INSERT", bindings: Bindings(), readOnly: false)
        #expect(try execRows.decodeResponse(Data(insert.utf8)) == 3)
        let create = #"{"fields":[],"rows":[],"command":"CREATE","rowCount":null,"rowAsArray":true}"#
        #expect(try execRows.decodeResponse(Data(create.utf8)) == 0)
        let exec: Statement<Void> = .exec(name: "Test", sql: "CREATE", bindings: Bindings(), readOnly: false)
        try exec.decodeResponse(Data(create.utf8))
    }

    @Test func everyTypeFromRealPostgresOutput() throws {
        let body = resultBody(
            fields: [
                ("i2", 21), ("i8", 20), ("f4", 700), ("f8", 701), ("num", 1700), ("b", 16), ("t", 25), ("vc", 1043), ("u", 2950),
                ("tz", 1184), ("ts", 1114), ("d", 1082), ("tm", 1083), ("iv", 1186), ("js", 114), ("by", 17), ("arr", 1009), ("e", 16_390),
            ],
            rows: [[
                "-32768", "9223372036854775807", "NaN", "-Infinity", "123456789012345678901234.5678901234", "t",
                "line\nbreak \"quoted\" \\ 🕌 بِسْمِ", nil, "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11",
                "2024-01-02 03:04:05.123456+00", "2024-01-02 03:04:05", "0044-03-15 BC", "00:00:01.000001",
                "1 year 2 mons -3 days -04:05:06.000789", #"{"a": [1, 2.5, null]}"#, "\\xdead00",
                #"{"a b","say \"hi\"","back\\slash",NULL,"NULL",plain}"#, "evening",
            ]])
        let row = try #require(try many(AllTypesRow.self).decodeResponse(Data(body.utf8)).first)
        #expect(row.i2 == -32768)
        #expect(row.i8 == Int.max)
        #expect(row.f4.isNaN)
        #expect(row.f8 == -.infinity)
        #expect(row.num.description == "123456789012345678901234.5678901234")
        #expect(row.b)
        #expect(row.t == "line\nbreak \"quoted\" \\ 🕌 بِسْمِ")
        #expect(row.vc == nil)
        #expect(row.u.uuidString == "A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11")
        #expect(row.ts.timeIntervalSince1970 == 1_704_164_645)
        #expect(abs(row.tz.timeIntervalSince1970 - 1_704_164_645.123456) < 1e-6)
        #expect(row.d == PostgresDate(year: -43, month: 3, day: 15))
        #expect(row.tm.microsecond == 1)
        #expect(row.iv == PostgresInterval(months: 14, days: -3, microseconds: -14_706_000_789))
        #expect(row.js["a"]?[1] == .number(2.5))
        #expect(row.by == Data([0xDE, 0xAD, 0x00]))
        #expect(row.arr == ["a b", "say \"hi\"", "back\\slash", nil, "NULL", "plain"])
        #expect(row.e == .evening)
    }

    @Test func jsonEscapesInCellsAndWhitespace() throws {
        let body = "{ \"fields\" : [ {\"name\":\"answer\",\"dataTypeID\":25} ] ,\n \"rows\" : [ [ \"caf\\u00e9 \\ud83d\\udd4c \\/ \\t\" ] , [\"x\"] ] }"
        let rows = try many(AnswerRow.self).decodeResponse(Data(body.utf8))
        #expect(rows.map(\.answer) == ["café 🕌 / \t", "x"])
    }

    @Test func oneIgnoresFurtherRows() throws {
        let body = resultBody(fields: [("answer", 25)], rows: [["first"], ["second"], ["third"]])
        let one: Statement<AnswerRow?> = .one(name: "Test", sql: "", bindings: Bindings(), readOnly: true)
        #expect(try one.decodeResponse(Data(body.utf8))?.answer == "first")
    }

    // MARK: drift and cell errors

    @Test func fieldCountDriftNamesTheColumn() throws {
        let body = resultBody(fields: [("n", 23), ("s", 25)], rows: [])
        let failure = decodingFailure { _ = try many(E1Row.self).decodeResponse(Data(body.utf8)) }
        #expect(failure?.column == "arr")
        #expect(failure?.description.contains("2 columns") == true)
        #expect(failure?.description.contains("regenerate") == true)
    }

    @Test func oidDriftNamesTheColumnAndBothTypes() throws {
        let body = resultBody(fields: [("n", 23), ("s", 25), ("arr", 1009)], rows: [["1", "a", "{x}"]])
        let failure = decodingFailure { _ = try many(E1Row.self).decodeResponse(Data(body.utf8)) }
        #expect(failure?.column == "arr")
        #expect(failure?.columnIndex == 2)
        #expect(failure?.reason.contains("integer[] (OID 1007)") == true)
        #expect(failure?.reason.contains("text[] (OID 1009)") == true)
    }

    @Test func enumOIDIsNotChecked() throws {
        let body = resultBody(fields: [("e", 99_999)], rows: [["morning"]])
        #expect(try many(EnumRow.self).decodeResponse(Data(body.utf8)).first?.e == .morning)
    }

    @Test func cellThatDoesNotParseNamesColumnRowAndText() throws {
        let body = resultBody(fields: [("n", 23), ("s", 25), ("arr", 1007)], rows: [["1", "a", "{1}"], ["2", "b", "{1,x}"]])
        let failure = decodingFailure { _ = try many(E1Row.self).decodeResponse(Data(body.utf8)) }
        #expect(failure?.column == "arr")
        #expect(failure?.row == 1)
        #expect(failure?.text == "{1,x}")
        #expect(failure?.description.contains("column \"arr\" (#2) of row 1 from text \"{1,x}\"") == true)
    }

    @Test func nullInNonOptionalColumn() throws {
        let body = resultBody(fields: [("n", 23), ("s", 25), ("arr", 1007)], rows: [["1", nil, "{}"]])
        let failure = decodingFailure { _ = try many(E1Row.self).decodeResponse(Data(body.utf8)) }
        #expect(failure?.column == "s")
        #expect(failure?.row == 0)
        #expect(failure?.text == nil)
        #expect(failure?.reason.contains("NULL") == true)
    }

    @Test func escapedCellTextIsShownUnescaped() throws {
        let body = resultBody(fields: [("id", 23)], rows: [["4\"2"]])
        let failure = decodingFailure { _ = try many(IDRow.self).decodeResponse(Data(body.utf8)) }
        #expect(failure?.text == "4\"2")
    }

    // MARK: malformed bodies

    @Test(arguments: [
        "",
        "{",
        #"{"fields":[{"name":"id","dataTypeID":23}],"rows":[["1"],["2""#,
        #"{"fields":[{"name":"id","dataTypeID":23}],"rows":[["1"]"#,
        #"{"fields":[{"name":"id","dataTypeID":23}],"rows":[["1"],["2"]]"#,
        #"{"fields":[{"name":"id","dataTypeID":23}],"rows":[["1"]]} trailing"#,
        #"{"fields":[{"name":"id","dataTypeID":23}],"rows":[["1","2"]]}"#,
        #"{"fields":[{"name":"id","dataTypeID":23}],"rows":[[]]}"#,
        #"{"fields":[{"name":"id","dataTypeID":23}],"rows":[{"id":"1"}]}"#,
        #"{"fields":[{"name":"id","dataTypeID":23}]}"#,
        #"{"rows":[["1"]]}"#,
        #"<html>502 Bad Gateway</html>"#,
        #"{"fields":[{"name":"id","dataTypeID":23}],"rows":[["1\u00"]]}"#,
        "{\"fields\":[{\"name\":\"id\",\"dataTypeID\":23}],\"rows\":[[\"1\n\"]]}",
    ])
    func malformedBodiesAreRejected(body: String) throws {
        do {
            _ = try many(IDRow.self).decodeResponse(Data(body.utf8))
            Issue.record("accepted a malformed body")
        } catch let error as NeonError {
            switch error {
            case .malformedResponse, .decoding: break
            default: Issue.record("unexpected error \(error)")
            }
        }
    }

    @Test func truncatedBodySaysSo() throws {
        let body = #"{"fields":[{"name":"id","dataTypeID":23}],"rows":[["1"],["2"#
        #expect {
            _ = try many(IDRow.self).decodeResponse(Data(body.utf8))
        } throws: { error in
            guard case NeonError.malformedResponse(let message) = error else { return false }
            return message.contains("truncated")
        }
    }
}

extension E1Row {
    static func make(n: Int, s: String, arr: [Int]) throws -> E1Row {
        let body = resultBody(fields: [("n", 23), ("s", 25), ("arr", 1007)], rows: [[String(n), s, "{" + arr.map(String.init).joined(separator: ",") + "}"]])
        let statement: Statement<[E1Row]> = .many(name: "Test", sql: "", bindings: Bindings(), readOnly: true)
        return try #require(try statement.decodeResponse(Data(body.utf8)).first)
    }
}
