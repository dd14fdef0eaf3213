import Testing
@testable import LocalNeonServer

/// Pure protocol pieces, no PostgreSQL needed.
@Suite("Protocol units")
struct ProtocolUnitTests {
    @Test("ryu formatting as serde_json prints f64", arguments: [
        (1.0, "1.0"), (1.5, "1.5"), (0.1, "0.1"), (42.42, "42.42"), (1e100, "1e100"), (1.5e-7, "1.5e-7"),
        (123456789.0, "123456789.0"), (1e16, "1e16"), (1234567890123456.0, "1234567890123456.0"), (0.0001, "0.0001"),
        (0.00001, "0.00001"), (0.000001, "1e-6"), (-2.5, "-2.5"), (0.0, "0.0"), (1.7976931348623157e308, "1.7976931348623157e308"),
    ])
    func ryu(value: Double, expected: String) {
        #expect(JSONNumberFormat.ryu(value) == expected)
    }

    @Test("Parameter conversion (json_to_pg_text)")
    func parameters() throws {
        let body = Array(#"{"query":"q","params":[true,false,null,"NULL",42,"foo","bar\"-\\",[true,false,null,"NULL",42,"foo","bar\"-\\"],[[true,false],[null,42]],[{"foo":1},{"bar":2}],1e2,18446744073709551616,-0]}"#.utf8)
        guard case .single(let query) = try RequestPayload.parse(body) else {
            Issue.record("not a single query")
            return
        }
        #expect(query.params == [
            "true", "false", nil, "NULL", "42", "foo", #"bar"-\"#,
            #"{true,false,NULL,"NULL",42,"foo","bar\"-\\"}"#,
            "{{true,false},{NULL,42}}",
            #"{"{\"foo\":1}","{\"bar\":2}"}"#,
            "100.0", "1.8446744073709552e19", "0",
        ])
    }

    @Test("Untagged payloads")
    func payloads() throws {
        #expect(try RequestPayload.parse(Array(#"{"query":"select 1"}"#.utf8)) == .single(QueryRequest(query: "select 1")))
        #expect(try RequestPayload.parse(Array(#"{"query":"a","arrayMode":true,"extra":1}"#.utf8)) == .single(QueryRequest(query: "a", arrayMode: true)))
        #expect(try RequestPayload.parse(Array(#"{"queries":[{"query":"a"},{"query":"b","params":["1"]}]}"#.utf8))
            == .batch([QueryRequest(query: "a"), QueryRequest(query: "b", params: ["1"])]))
        #expect(throws: NeonError.self) { try RequestPayload.parse(Array(#"{"query":1}"#.utf8)) }
        #expect(throws: NeonError.self) { try RequestPayload.parse(Array(#"{"query":"a","params":null}"#.utf8)) }
    }

    @Test("Array text to JSON", arguments: [
        (#"{"aa\"\\\,a",cha,"bbbb"}"#, 25 as UInt32, #"["aa\"\\,a","cha","bbbb"]"#),
        (#"{{"1",2,3},{4,NULL,6}}"#, 25, #"[["1","2","3"],["4",null,"6"]]"#),
        ("[1:1][-2:-1][3:5]={{{1,2,3},{4,5,6}}}", 21, "[[[1,2,3],[4,5,6]]]"),
        (#"{"{\"foo\": 1}", "{\"bar\": 2}"}"#, 3802, #"[{"foo": 1},{"bar": 2}]"#),
        ("{NaN,Infinity,-Infinity,1}", 701, #"["NaN","Infinity","-Infinity",1.0]"#),
        ("{}", 23, "[]"),
    ])
    func arrays(text: String, element: UInt32, expected: String) throws {
        var writer = JSONWriter()
        try PostgresTextToJSON.write(text, type: 1, arrayElementTypes: [1: element], into: &writer)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
    }

    @Test("Command tags")
    func commandTags() {
        #expect(ResultRenderer.parseCommandTag("INSERT 0 3") == ("INSERT", 3))
        #expect(ResultRenderer.parseCommandTag("SELECT 1") == ("SELECT", 1))
        #expect(ResultRenderer.parseCommandTag("CREATE TABLE") == ("CREATE", nil))
        #expect(ResultRenderer.parseCommandTag("") == ("", nil))
        #expect(ResultRenderer.parseCommandTag("MERGE 2") == ("MERGE", 2))
    }

    @Test("Start transaction statements")
    func startTransaction() {
        var options = RequestOptions()
        #expect(options.startTransactionSQL == "START TRANSACTION")
        options.isolationLevel = .serializable
        options.readOnly = true
        options.deferrable = true
        #expect(options.startTransactionSQL == "START TRANSACTION ISOLATION LEVEL SERIALIZABLE, READ ONLY, DEFERRABLE")
        options.isolationLevel = .repeatableRead
        options.deferrable = false
        #expect(options.startTransactionSQL == "START TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
    }

    @Test("Connection strings: percent-decoding and redaction")
    func connectionStrings() throws {
        let info = try ConnectionInfo.parse(
            connectionString: "postgresql://al%40ice:p%2Fw%3A1@ep-x-123.us-east-2.aws.neon.tech/neon%20db?sslmode=require",
            authorization: nil, jwtRoles: nil
        )
        #expect(info.user == "al@ice")
        #expect(info.database == "neon db")
        #expect(info.authentication == .password("p/w:1"))
        #expect(!info.redactedDescription.contains("p/w"))
    }
}
