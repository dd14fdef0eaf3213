import Testing
@testable import NeonSQLGenerator

@Suite("describe JSON")
struct DescribeJSONTests {
    @Test func escapesStrings() {
        #expect(JSONValue.quoted("a\"b\\c") == #""a\"b\\c""#)
        #expect(JSONValue.quoted("l1\nl2\r\t\u{08}\u{0C}\u{01}\u{1F}") == #""l1\nl2\r\t\b\f\u0001\u001f""#)
        #expect(JSONValue.quoted("é 漢字 😀 \u{7F} /") == "\"é 漢字 😀 \u{7F} /\"")
    }

    @Test func prettyPrintsInKeyOrder() {
        let value = JSONValue.object([
            ("z", .integer(-1)), ("a", .array([])), ("m", .object([])),
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
        let query = RenderFixtures.query(
            "FetchThings", kind: .one, file: "queries/things.sql", line: 3, sql: "SELECT \"x\" FROM t WHERE a = $1\n",
            parameters: [
                RenderFixtures.parameter(2, "slot", .enumeration("time_slot"), nullable: true),
                RenderFixtures.parameter(1, "ids", .array(.int4)),
            ],
            columns: [RenderFixtures.column("created_at", .builtin(.timestamptz), nullable: true)]
        )
        let model = SwiftNamer.name(GenerationModel(
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
                  ]
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
              ]
            }

            """#)
    }

    @Test func keywordNamesAreReportedBare() {
        let query = RenderFixtures.query("Default", kind: .exec, parameters: [RenderFixtures.parameter(1, "in", .int4)])
        let json = DescribeJSON.query(RenderFixtures.named([query]).queries[0]).compactText()
        #expect(json.hasPrefix(#"{"name":"default","#))
        #expect(json.contains(#""params":[{"index":1,"name":"in","pgType":"integer","swiftType":"Int","nullable":false}]"#))
    }
}
