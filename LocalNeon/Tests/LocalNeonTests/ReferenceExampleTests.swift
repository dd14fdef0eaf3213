import Foundation
import Testing

/// The reference's examples E1-E5 (neon-sql-over-http.md §11), compared field by field over HTTP.
@Suite("Reference examples E1-E5", .serialized, .enabled(if: TestPostgres.shouldRun, "set LOCALNEON_TEST_POSTGRES_URL (Scripts/test-localneon.sh does)"))
struct ReferenceExampleTests {
    static let e1Query = #"{"query":"select 1 as n, 'a' as s, '{1,2,3}'::int4[] as arr","params":[]}"#

    @Test("E1: JSON-typed mode, exact body")
    func e1JSONTyped() async throws {
        try await LocalNeonHarness.with { neon in
            let answer = try await neon.request(body: Self.e1Query)
            #expect(answer.status == 200)
            #expect(answer.text == #"{"fields":[{"name":"n","dataTypeID":23,"tableID":0,"columnID":0,"dataTypeSize":4,"dataTypeModifier":-1,"format":"text"},{"name":"s","dataTypeID":25,"tableID":0,"columnID":0,"dataTypeSize":-1,"dataTypeModifier":-1,"format":"text"},{"name":"arr","dataTypeID":1007,"tableID":0,"columnID":0,"dataTypeSize":-1,"dataTypeModifier":-1,"format":"text"}],"rows":[{"n":1,"s":"a","arr":[1,2,3]}],"command":"SELECT","rowCount":1,"rowAsArray":false}"#)
            #expect(answer.header("Content-Type") == "application/json")
            #expect(answer.header("Access-Control-Allow-Origin") == "*")
            let requestID = try #require(answer.header("Neon-Request-Id"))
            #expect(UUID(uuidString: requestID) != nil)
        }
    }

    @Test("E1: raw text + array mode")
    func e1RawTextArrayMode() async throws {
        try await LocalNeonHarness.with { neon in
            let answer = try await neon.request(body: Self.e1Query, headers: ["Neon-Raw-Text-Output": "true", "Neon-Array-Mode": "true"])
            #expect(answer.status == 200)
            #expect(answer.text.hasSuffix(#""rows":[["1","a","{1,2,3}"]],"command":"SELECT","rowCount":1,"rowAsArray":true}"#))
            #expect(topLevelKeys(answer.text) == ["fields", "rows", "command", "rowCount", "rowAsArray"])
        }
    }

    @Test("E2: what the driver sends (text params, raw + array mode)")
    func e2DriverRequest() async throws {
        try await LocalNeonHarness.with { neon in
            let body = #"{"query":"SELECT $1::int AS n, $2::int[] AS a, $3::jsonb AS j, $4::bytea AS b, $5 AS z","params":["1","{\"1\",\"2\"}","{\"x\":\"y\"}","\\x4142",null]}"#
            let answer = try await neon.request(body: body, headers: ["Neon-Raw-Text-Output": "true", "Neon-Array-Mode": "true"])
            #expect(answer.status == 200)
            let object = try answer.object
            let fields = try #require(object["fields"] as? [[String: Any]])
            #expect(fields.compactMap { $0["dataTypeID"] as? Int } == [23, 1007, 3802, 17, 25])
            #expect(fields.compactMap { $0["name"] as? String } == ["n", "a", "j", "b", "z"])
            #expect(answer.text.contains(#""rows":[["1","{1,2}","{\"x\": \"y\"}","\\x4142",null]]"#))
            #expect(object["rowAsArray"] as? Bool == true)
            #expect(object["rowCount"] as? Int == 1)
        }
    }

    @Test("E3: batch with isolation and read-only headers, echoed")
    func e3Batch() async throws {
        try await LocalNeonHarness.with { neon in
            let body = #"{"queries":[{"query":"select $1 as answer","params":[42],"arrayMode":true},{"query":"select $1 as answer","params":[42],"arrayMode":false}]}"#
            let answer = try await neon.request(body: body, headers: ["Neon-Batch-Isolation-Level": "Serializable", "Neon-Batch-Read-Only": "true"])
            #expect(answer.status == 200)
            #expect(answer.header("Neon-Batch-Isolation-Level") == "Serializable")
            #expect(answer.header("Neon-Batch-Read-Only") == "true")
            #expect(answer.header("Neon-Batch-Deferrable") == nil)
            let field = #"{"name":"answer","dataTypeID":25,"tableID":0,"columnID":0,"dataTypeSize":-1,"dataTypeModifier":-1,"format":"text"}"#
            #expect(answer.text == #"{"results":[{"fields":["# + field + #"],"rows":[["42"]],"command":"SELECT","rowCount":1,"rowAsArray":true},{"fields":["# + field + #"],"rows":[{"answer":"42"}],"command":"SELECT","rowCount":1,"rowAsArray":false}]}"#)
        }
    }

    @Test("E3: the batch really runs with those transaction settings")
    func e3TransactionSettings() async throws {
        try await LocalNeonHarness.with { neon in
            let body = #"{"queries":[{"query":"select current_setting('transaction_isolation') as i, current_setting('transaction_read_only') as r, current_setting('transaction_deferrable') as d"}]}"#
            let answer = try await neon.request(body: body, headers: [
                "Neon-Batch-Isolation-Level": "Serializable", "Neon-Batch-Read-Only": "true", "Neon-Batch-Deferrable": "true",
            ])
            #expect(answer.status == 200)
            #expect(answer.text.contains(#""rows":[{"i":"serializable","r":"on","d":"on"}]"#))
            #expect(answer.header("Neon-Batch-Deferrable") == "true")
            let plain = try await neon.request(body: #"{"queries":[{"query":"select current_setting('transaction_isolation') as i, current_setting('transaction_read_only') as r"}]}"#)
            #expect(plain.text.contains(#""rows":[{"i":"read committed","r":"off"}]"#))
            #expect(plain.header("Neon-Batch-Read-Only") == nil)
            #expect(plain.header("Neon-Batch-Isolation-Level") == nil)
        }
    }

    @Test("E4: DML with RETURNING (rowCount from INSERT's 3rd word) and DDL (rowCount null)")
    func e4DMLAndDDL() async throws {
        try await LocalNeonHarness.with { neon in
            _ = try await neon.query("drop table if exists e4_t")
            let create = try await neon.query("create table e4_t (id serial primary key, val int)")
            #expect(create.text == #"{"fields":[],"rows":[],"command":"CREATE","rowCount":null,"rowAsArray":false}"#)
            let insert = try await neon.query("insert into e4_t(val) values (10), (20), (30) returning id")
            #expect(insert.status == 200)
            let object = try insert.object
            #expect(object["command"] as? String == "INSERT")
            #expect(object["rowCount"] as? Int == 3)
            #expect(insert.text.contains(#""rows":[{"id":1},{"id":2},{"id":3}]"#))
            let fields = try #require(object["fields"] as? [[String: Any]])
            let field = try #require(fields.first)
            #expect(field["name"] as? String == "id")
            #expect(field["dataTypeID"] as? Int == 23)
            #expect(field["dataTypeSize"] as? Int == 4)
            #expect(field["dataTypeModifier"] as? Int == -1)
            #expect(field["columnID"] as? Int == 1)
            #expect(field["format"] as? String == "text")
            let oid = try await neon.query("select 'e4_t'::regclass::oid::int8 as oid")
            let tableOID = try #require(((try oid.object)["rows"] as? [[String: Any]])?.first?["oid"] as? String)
            #expect(field["tableID"] as? Int == Int(tableOID))

            let update = try await neon.query("update e4_t set val = val + 1 where val >= 20")
            #expect(update.text == #"{"fields":[],"rows":[],"command":"UPDATE","rowCount":2,"rowAsArray":false}"#)
            let delete = try await neon.query("delete from e4_t where val > 1000")
            #expect(delete.text == #"{"fields":[],"rows":[],"command":"DELETE","rowCount":0,"rowAsArray":false}"#)
            let drop = try await neon.query("drop table e4_t")
            #expect(drop.text == #"{"fields":[],"rows":[],"command":"DROP","rowCount":null,"rowAsArray":false}"#)
        }
    }

    @Test("E5: SQL error body, every key in order")
    func e5SQLError() async throws {
        try await LocalNeonHarness.with { neon in
            let answer = try await neon.request(body: #"{"query":"SELECT 123 WHERE x"}"#)
            #expect(answer.status == 400)
            #expect(topLevelKeys(answer.text) == [
                "message", "code", "detail", "hint", "position", "internalPosition", "internalQuery", "severity", "where",
                "table", "column", "schema", "dataType", "constraint", "file", "line", "routine",
            ])
            let object = try answer.object
            #expect(object["message"] as? String == #"column "x" does not exist"#)
            #expect(object["code"] as? String == "42703")
            #expect(object["position"] as? String == "18")
            #expect(object["severity"] as? String == "ERROR")
            #expect(object["routine"] as? String == "errorMissingColumn")
            #expect(object["file"] as? String == "parse_relation.c")
            #expect(object["line"] is String)
            #expect(object["detail"] is NSNull)
            #expect(answer.header("Access-Control-Allow-Origin") == "*")
            #expect(answer.header("Neon-Request-Id") != nil)
        }
    }

    @Test("E5: wrong password")
    func e5WrongPassword() async throws {
        try await LocalNeonHarness.with { neon in
            let wrong = "postgresql://\(TestPostgres.role):not-the-password@ep-test-123.localtest.me/\(TestPostgres.database)"
            let answer = try await neon.request(body: #"{"query":"select 1"}"#, connectionString: wrong)
            #expect(answer.status == 400)
            #expect(answer.text == proxyErrorBody("password authentication failed for user '\(TestPostgres.role)'"))
            let unknown = "postgresql://nobody_here:pw@ep-test-123.localtest.me/\(TestPostgres.database)"
            let unknownAnswer = try await neon.request(body: #"{"query":"select 1"}"#, connectionString: unknown)
            #expect(unknownAnswer.text == proxyErrorBody("password authentication failed for user 'nobody_here'"))
            // The right password still works afterwards.
            let right = try await neon.query("select 1 as one")
            #expect(right.status == 200)
        }
    }

    @Test("E5: response too large -> 507")
    func e5ResponseTooLarge() async throws {
        try await LocalNeonHarness.with(maximumResponseBytes: 2000) { neon in
            let answer = try await neon.query("select g, repeat('x', 50) as pad from generate_series(1, 1000) g")
            #expect(answer.status == 507)
            #expect(answer.text == proxyErrorBody("response is too large (max is 2000 bytes)"))
            let small = try await neon.query("select 1 as one")
            #expect(small.status == 200)
        }
    }

    @Test("E5: batch whose 2nd statement violates a unique key writes nothing")
    func e5BatchRollback() async throws {
        try await LocalNeonHarness.with { neon in
            _ = try await neon.query("drop table if exists e5_u")
            _ = try await neon.query("create table e5_u (id int primary key, name text unique)")
            _ = try await neon.query("insert into e5_u values (1, 'taken')")
            let body = #"{"queries":[{"query":"insert into e5_u values ($1, $2)","params":[2,"fresh"]},{"query":"insert into e5_u values ($1, $2)","params":[3,"taken"]}]}"#
            let answer = try await neon.request(body: body)
            #expect(answer.status == 400)
            let object = try answer.object
            #expect(object["results"] == nil)
            #expect(object["code"] as? String == "23505")
            #expect(object["constraint"] as? String == "e5_u_name_key")
            #expect(object["detail"] as? String == "Key (name)=(taken) already exists.")
            #expect(object["table"] as? String == "e5_u")
            #expect(object["schema"] as? String == "public")
            let count = try await neon.query("select count(*)::int as n from e5_u")
            #expect(count.text.contains(#""rows":[{"n":1}]"#))
            _ = try await neon.query("drop table e5_u")
        }
    }
}
