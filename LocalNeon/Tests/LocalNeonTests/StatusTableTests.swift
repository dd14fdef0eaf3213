import Foundation
import Testing

/// Routes, preflight, headers and the status table of docs/neon-sql-over-http.md §1, §2 and §7.2, over HTTP.
@Suite("Status table and headers", .serialized, .enabled(if: TestPostgres.shouldRun, "set LOCALNEON_TEST_POSTGRES_URL (Scripts/test-localneon.sh does)"))
struct StatusTableTests {
    @Test("Other paths and methods -> 400 \"query is not supported\"", arguments: [
        ("GET", "/sql"), ("PUT", "/sql"), ("DELETE", "/sql"), ("POST", "/"), ("POST", "/sql/"), ("POST", "/api/sql"), ("GET", "/"),
    ])
    func unsupportedRoutes(method: String, path: String) async throws {
        try await LocalNeonHarness.with { neon in
            let answer = try await neon.request(method: method, path: path, body: method == "GET" ? nil : #"{"query":"select 1"}"#)
            #expect(answer.status == 400)
            #expect(answer.text == #""query is not supported""#)
            #expect(answer.header("Content-Type") == "application/json")
        }
    }

    @Test("POST /sql with a query string is still /sql")
    func queryStringIgnored() async throws {
        try await LocalNeonHarness.with { neon in
            let answer = try await neon.request(path: "/sql?x=1", body: #"{"query":"select 1 as one"}"#)
            #expect(answer.status == 200)
        }
    }

    @Test("OPTIONS /sql preflight")
    func preflight() async throws {
        try await LocalNeonHarness.with { neon in
            let answer = try await neon.request(method: "OPTIONS", connectionString: .some(nil))
            #expect(answer.status == 200)
            #expect(answer.header("Allow") == "OPTIONS, POST")
            #expect(answer.header("Access-Control-Allow-Origin") == "*")
            #expect(answer.header("Access-Control-Allow-Headers") == "Authorization, Neon-Connection-String, Neon-Raw-Text-Output, Neon-Array-Mode, Neon-Pool-Opt-In, Neon-Batch-Read-Only, Neon-Batch-Isolation-Level")
            #expect(answer.header("Access-Control-Max-Age") == "86400")
            #expect(answer.body.isEmpty)
        }
    }

    @Test("Connection string errors", arguments: [
        (nil as String?, "invalid header: neon-connection-string"),
        ("not a url", "invalid connection string: relative URL without a base"),
        ("mysql://u:p@ep-x.localtest.me/db", "incorrect scheme"),
        ("postgresql://u:p@ep-x.localtest.me", "missing database name"),
        ("postgresql://:p@ep-x.localtest.me/db", "missing username"),
        ("postgresql://u@ep-x.localtest.me/db", "missing authentication credentials: required password"),
        ("postgresql://u:p@127.0.0.1/db", "missing hostname"),
        ("postgresql://u:p@[::1]/db", "missing hostname"),
        ("postgres://u:p@127.0.0.1:5432/db", "missing hostname"),
    ])
    func connectionStringErrors(connectionString: String?, message: String) async throws {
        try await LocalNeonHarness.with { neon in
            let answer = try await neon.request(body: #"{"query":"select 1"}"#, connectionString: .some(connectionString))
            #expect(answer.status == 400)
            #expect(answer.text == proxyErrorBody(message))
            #expect(answer.header("Access-Control-Allow-Origin") == "*")
        }
    }

    @Test("Bearer token without JWT mode -> required password")
    func bearerWithoutJWTMode() async throws {
        try await LocalNeonHarness.with { neon in
            let answer = try await neon.request(body: #"{"query":"select 1"}"#, headers: ["Authorization": "Bearer a.b.c"])
            #expect(answer.status == 400)
            #expect(answer.text == proxyErrorBody("missing authentication credentials: required password"))
        }
    }

    @Test("Isolation level header: exact names only, checked for single queries too", arguments: [
        ("Serializable", 200), ("ReadUncommitted", 200), ("ReadCommitted", 200), ("RepeatableRead", 200),
        ("serializable", 400), ("SERIALIZABLE", 400), ("Repeatable Read", 400), ("", 400),
    ])
    func isolationHeader(value: String, status: Int) async throws {
        try await LocalNeonHarness.with { neon in
            let answer = try await neon.request(body: #"{"query":"select 1 as one"}"#, headers: ["Neon-Batch-Isolation-Level": value])
            #expect(answer.status == status)
            if status == 400 {
                #expect(answer.text == proxyErrorBody("invalid isolation level"))
            }
        }
    }

    @Test("Flags are true only for the exact value \"true\"")
    func byteExactTrue() async throws {
        try await LocalNeonHarness.with { neon in
            for value in ["True", "TRUE", "1", "yes", "ture"] {
                let answer = try await neon.request(body: #"{"query":"select 1 as one"}"#, headers: ["Neon-Array-Mode": value, "Neon-Raw-Text-Output": value])
                #expect(answer.text.contains(#""rows":[{"one":1}]"#), "value \(value)")
                let batch = try await neon.request(body: #"{"queries":[{"query":"select current_setting('transaction_read_only') as r"}]}"#, headers: ["Neon-Batch-Read-Only": value])
                #expect(batch.text.contains(#""rows":[{"r":"off"}]"#), "value \(value)")
                #expect(batch.header("Neon-Batch-Read-Only") == nil)
            }
            let arrayMode = try await neon.request(body: #"{"query":"select 1 as one"}"#, headers: ["Neon-Array-Mode": "true"])
            #expect(arrayMode.text.contains(#""rows":[[1]]"#))
        }
    }

    @Test("Request body limits and parse errors")
    func bodyErrors() async throws {
        try await LocalNeonHarness.with(maximumRequestBytes: 1000) { neon in
            let large = #"{"query":"select $1::text as t","params":[""# + String(repeating: "a", count: 2000) + #""]}"#
            let tooLarge = try await neon.request(body: large)
            #expect(tooLarge.status == 413)
            #expect(tooLarge.text == proxyErrorBody("request is too large (max is 1000 bytes)"))
            let fits = try await neon.request(body: #"{"query":"select 1 as one"}"#)
            #expect(fits.status == 200)
            let notJSON = try await neon.request(body: "nope")
            #expect(notJSON.status == 400)
            #expect(notJSON.text == proxyErrorBody("could not parse the HTTP request body: expected ident at line 1 column 2"))
            let wrongShape = try await neon.request(body: #"{"sql":"select 1"}"#)
            #expect(wrongShape.text == proxyErrorBody("could not parse the HTTP request body: data did not match any variant of untagged enum Payload"))
            let empty = try await neon.request(body: "")
            #expect(empty.text == proxyErrorBody("could not parse the HTTP request body: EOF while parsing a value at line 1 column 0"))
        }
    }

    @Test("One statement per query: \"a; b\" -> 42601")
    func multipleStatements() async throws {
        try await LocalNeonHarness.with { neon in
            let answer = try await neon.query("select 1; select 2")
            #expect(answer.status == 400)
            let object = try answer.object
            #expect(object["code"] as? String == "42601")
            #expect(object["message"] as? String == "cannot insert multiple commands into a prepared statement")
        }
    }

    @Test("A database that does not exist -> 400 with PostgreSQL's 3D000")
    func missingDatabase() async throws {
        try await LocalNeonHarness.with { neon in
            let encoded = TestPostgres.password.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let answer = try await neon.request(body: #"{"query":"select 1"}"#,
                                                connectionString: "postgresql://\(TestPostgres.role):\(encoded)@ep-x.localtest.me/no_such_db")
            #expect(answer.status == 400)
            let object = try answer.object
            #expect(object["code"] as? String == "3D000")
            #expect(object["message"] as? String == #"database "no_such_db" does not exist"#)
        }
    }

    @Test("Parameter count mismatch is PostgreSQL's error")
    func parameterCountMismatch() async throws {
        try await LocalNeonHarness.with { neon in
            let answer = try await neon.query("select $1::int as x")
            #expect(answer.status == 400)
            let object = try answer.object
            #expect(object["code"] as? String == "08P01")
            #expect((object["message"] as? String)?.contains("bind message supplies 0 parameters") == true)
        }
    }
}
