import Foundation
@_spi(NeonSQLInternal) import NeonSQLShared
import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

@Suite("describe JSON")
struct DescribeJSONTests {
    @Test func escapesStrings() {
        #expect(JSONStringEscaping.quoted("a\"b\\c") == #""a\"b\\c""#)
        #expect(JSONStringEscaping.quoted("l1\nl2\r\t\u{08}\u{0C}\u{01}\u{1F}") == #""l1\nl2\r\t\b\f\u0001\u001f""#)
        #expect(JSONStringEscaping.quoted("é 漢字 😀 \u{7F} /") == "\"é 漢字 😀 \u{7F} /\"")
    }

    @Test func prettyPrintsInKeyOrder() {
        let value = JSONDocument.object([
            ("z", .number("-1")), ("a", .array([])), ("m", .object([])),
            ("list", .array([.bool(true), .null, .string("x")])),
        ])
        #expect(value.prettyPrinted() == """
            {
              "z": -1,
              "a": [],
              "m": {},
              "list": [
                true,
                null,
                "x"
              ]
            }
            """)
    }

    @Test func rendersTheContract() {
        var query = RenderFixtures.query(
            "FetchThings", kind: .one, file: "queries/things.sql", line: 3, sql: "SELECT \"x\" FROM t WHERE a = $1\n",
            parameters: [
                RenderFixtures.parameter(2, "slot", .enumeration("time_slot"), nullable: true),
                RenderFixtures.parameter(1, "ids", .array(.int4)),
            ],
            columns: [RenderFixtures.column("created_at", .builtin(.timestamptz), nullable: true)]
        )
        query.tables = TableEffectsDescription(reads: ["public.t", "shop.orders"], writes: [], readsUnknown: false, writesUnknown: true)
        let model = SwiftTranslator.name(GenerationModel(
            files: [QueryFileDescription(path: "queries/things.sql", queries: [query])],
            enums: [],
            diagnostics: [Diagnostic(file: "queries/bad.sql", line: 2, column: 8, severity: .error, message: "column \"nme\" does not exist")]
        ))
        #expect(DescribeJSON.render(model) == #"""
            {
              "queries": [
                {
                  "name": "fetchThings",
                  "file": "queries/things.sql",
                  "line": 3,
                  "kind": "one",
                  "sql": "SELECT \"x\" FROM t WHERE a = $1\n",
                  "params": [
                    {
                      "index": 1,
                      "name": "ids",
                      "pgType": "integer[]",
                      "swiftType": "[Int]",
                      "nullable": false
                    },
                    {
                      "index": 2,
                      "name": "slot",
                      "pgType": "time_slot",
                      "swiftType": "TimeSlot?",
                      "nullable": true
                    }
                  ],
                  "columns": [
                    {
                      "name": "createdAt",
                      "sqlName": "created_at",
                      "pgType": "timestamp with time zone",
                      "swiftType": "Date?",
                      "nullable": true
                    }
                  ],
                  "returns": "FetchThingsRow?",
                  "tables": {
                    "reads": [
                      "public.t",
                      "shop.orders"
                    ],
                    "writes": [],
                    "readsUnknown": false,
                    "writesUnknown": true
                  }
                }
              ],
              "diagnostics": [
                {
                  "file": "queries/bad.sql",
                  "line": 2,
                  "column": 8,
                  "severity": "error",
                  "message": "column \"nme\" does not exist"
                }
              ],
              "enums": []
            }

            """#)
    }

    @Test func keywordNamesAreReportedBare() {
        let query = RenderFixtures.query("Default", kind: .exec, parameters: [RenderFixtures.parameter(1, "in", .int4)])
        let json = DescribeJSON.query(RenderFixtures.named([query]).queries[0]).compactText()
        #expect(json.hasPrefix(#"{"name":"default","#))
        #expect(json.contains(#""params":[{"index":1,"name":"in","pgType":"integer","swiftType":"Int","nullable":false}]"#))
    }

    @Test func domainValuesCarryTheDomainBesideTheWireType() {
        let fixture = AnalysisFixture(schema: """
            CREATE DOMAIN short_code AS varchar(8) NOT NULL;
            CREATE TABLE items (id integer PRIMARY KEY, code short_code, codes short_code[]);
            """, query: "-- name: SetCode :one\nUPDATE items SET code = @code WHERE id = @id RETURNING code, codes, id;")
        #expect(fixture.errors == [])
        guard let named = fixture.query else { Issue.record("no query"); return }
        let json = DescribeJSON.query(named).prettyPrinted()
        // The column as the wire reports it (the base type) and the domain; a parameter bound to the
        // domain column is the domain, as PREPARE reports it; other values have no `domain` key.
        #expect(json.contains("""
                  "sqlName": "code",
                  "pgType": "character varying",
                  "domain": "short_code",
            """), "\(json)")
        #expect(json.contains("""
                  "name": "code",
                  "pgType": "short_code",
                  "domain": "short_code",
            """), "\(json)")
        #expect(json.components(separatedBy: "\"domain\"").count == 3, "\(json)")
    }

    /// The contract's values hold every key: each golden `describe` output decodes into a
    /// `DescribeDocument` that prints back byte for byte.
    @Test func goldenOutputsRoundTripThroughTheContract() throws {
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Golden")
        let cases = try FileManager.default.contentsOfDirectory(atPath: golden.path).sorted()
        var read = 0
        for name in cases {
            let url = golden.appendingPathComponent(name).appendingPathComponent("expected/describe.json")
            guard let data = FileManager.default.contents(atPath: url.path) else { continue }
            let document = try JSONDecoder().decode(DescribeDocument.self, from: data)
            #expect(DescribeJSON.json(document).prettyPrinted() + "\n" == String(decoding: data, as: UTF8.self), "\(name)")
            read += 1
        }
        #expect(read >= 5)
    }

    /// An output of an early release (no Swift names, `returns`, `tables`, enums or diagnostics)
    /// still decodes, for `breaking`.
    @Test func earlyOutputsStillDecode() throws {
        let early = #"{"queries": [{"name": "f", "file": "q.sql", "line": 1, "kind": "one", "sql": "SELECT $1::int AS a","#
            + #" "params": [{"index": 1, "pgType": "integer", "nullable": false}],"#
            + #" "columns": [{"sqlName": "a", "pgType": "integer", "nullable": true}]}]}"#
        let document = try JSONDecoder().decode(DescribeDocument.self, from: Data(early.utf8))
        #expect(document.enums == nil)
        #expect(document.diagnostics == [])
        #expect(document.queries.first?.params == [DescribedParameter(index: 1, pgType: "integer", nullable: false)])
        #expect(document.queries.first?.columns == [DescribedColumn(sqlName: "a", pgType: "integer", nullable: true)])
        #expect(document.queries.first?.tables == nil)
    }
}
