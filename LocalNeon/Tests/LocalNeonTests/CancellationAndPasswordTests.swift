import Foundation
import Logging
import PostgresNIO
import Testing

/// Execution semantics of reference §4: a client that disconnects cancels its statement, and a
/// password is checked again before a pooled connection is reused.
@Suite("Cancellation and password changes", .serialized, .enabled(if: TestPostgres.shouldRun, "set LOCALNEON_TEST_POSTGRES_URL (Scripts/test-localneon.sh does)"))
struct CancellationAndPasswordTests {
    /// How many backends (other than the asking one) are running a statement that contains `marker`.
    static func runningStatements(containing marker: String) async throws -> Int {
        guard let url = TestPostgres.url else { throw TestSetupError("\(TestPostgres.urlVariable) is not set") }
        return try await TestPostgres.withAdminConnection(adminURL: url) { connection in
            let pattern = "%\(marker)%"
            let query: PostgresQuery = "SELECT count(*)::int4 FROM pg_stat_activity WHERE state = 'active' AND pid <> pg_backend_pid() AND query LIKE \(pattern)"
            var count = 0
            for try await row in try await connection.query(query, logger: Logger(label: "localneon-tests")) {
                count = try row.decode(Int32.self).asInt
            }
            return count
        }
    }

    /// Polls `condition` every 100 ms until it holds or `seconds` pass; returns whether it held.
    static func eventually(within seconds: Double, _ condition: () async throws -> Bool) async throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(100))
        }
        return try await condition()
    }

    @Test("A client that disconnects cancels its running statement; the next request works")
    func disconnectCancelsStatement() async throws {
        try await LocalNeonHarness.with { neon in
            let marker = "neon_local_cancel_\(UInt32.random(in: 0...UInt32.max))"
            let request = Task { try await neon.query("select pg_sleep(30) as slept -- \(marker)") }
            try await Task.sleep(for: .milliseconds(500))
            let started = try await Self.eventually(within: 5) { try await Self.runningStatements(containing: marker) == 1 }
            #expect(started, "the statement never showed up in pg_stat_activity")
            let cancelledAt = Date()
            request.cancel()   // URLSession aborts the transfer and closes the connection
            _ = await request.result
            let stopped = try await Self.eventually(within: 3) { try await Self.runningStatements(containing: marker) == 0 }
            #expect(stopped, "pg_sleep(30) still runs \(Date().timeIntervalSince(cancelledAt)) s after the client went away")

            let next = try await neon.query("select 1 as one")
            #expect(next.status == 200, "\(next.text)")
            #expect(next.text.contains(#""rows":[{"one":1}]"#), "\(next.text)")
        }
    }

    @Test("A disconnect during a batch cancels it and rolls it back")
    func disconnectCancelsBatch() async throws {
        try await LocalNeonHarness.with { neon in
            _ = try await neon.query("create table if not exists cancel_batch_t (id int)")
            _ = try await neon.query("truncate cancel_batch_t")
            let marker = "neon_local_cancel_batch_\(UInt32.random(in: 0...UInt32.max))"
            let body = #"{"queries":[{"query":"insert into cancel_batch_t values (1)"},{"query":"select pg_sleep(30) -- \#(marker)"},{"query":"insert into cancel_batch_t values (2)"}]}"#
            let request = Task { try await neon.request(body: body) }
            let started = try await Self.eventually(within: 5) { try await Self.runningStatements(containing: marker) == 1 }
            #expect(started)
            request.cancel()
            _ = await request.result
            let stopped = try await Self.eventually(within: 3) { try await Self.runningStatements(containing: marker) == 0 }
            #expect(stopped)
            let count = try await neon.query("select count(*)::int as n from cancel_batch_t")
            #expect(count.text.contains(#""rows":[{"n":0}]"#), "\(count.text)")
            _ = try await neon.query("drop table cancel_batch_t")
        }
    }

    @Test("After ALTER ROLE ... PASSWORD the old password fails even with pooled connections open")
    func passwordChangeIsChecked() async throws {
        let role = "localneon_pw_test"
        let oldPassword = "old pw 1"
        let newPassword = "new pw 2"
        func connectionString(_ password: String) -> String {
            let encoded = password.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? password
            return "postgresql://\(role):\(encoded)@ep-test-123.localtest.me/\(TestPostgres.database)"
        }
        try await LocalNeonHarness.with { neon in
            try await TestPostgres.adminExecute([
                "DROP ROLE IF EXISTS \(role)",
                "CREATE ROLE \(role) LOGIN PASSWORD '\(oldPassword)'",
            ])
            let body = #"{"query":"select current_user as u"}"#
            let first = try await neon.request(body: body, connectionString: .some(connectionString(oldPassword)))
            #expect(first.status == 200, "\(first.text)")
            #expect(first.text.contains(#""rows":[{"u":"\#(role)"}]"#), "\(first.text)")
            let again = try await neon.request(body: body, connectionString: .some(connectionString(oldPassword)))
            #expect(again.status == 200, "\(again.text)")

            try await TestPostgres.adminExecute(["ALTER ROLE \(role) PASSWORD '\(newPassword)'"])
            let stale = try await neon.request(body: body, connectionString: .some(connectionString(oldPassword)))
            #expect(stale.status == 400)
            #expect(stale.text == proxyErrorBody("password authentication failed for user '\(role)'"), "\(stale.text)")
            #expect(!stale.text.contains(oldPassword) && !stale.text.contains(newPassword))

            let fresh = try await neon.request(body: body, connectionString: .some(connectionString(newPassword)))
            #expect(fresh.status == 200, "\(fresh.text)")
            #expect(fresh.text.contains(#""rows":[{"u":"\#(role)"}]"#), "\(fresh.text)")
            let staleAgain = try await neon.request(body: body, connectionString: .some(connectionString(oldPassword)))
            #expect(staleAgain.status == 400, "\(staleAgain.text)")

            // A password that stops working for another reason (NOLOGIN) is noticed too.
            try await TestPostgres.adminExecute(["ALTER ROLE \(role) NOLOGIN"])
            let noLogin = try await neon.request(body: body, connectionString: .some(connectionString(newPassword)))
            #expect(noLogin.status != 200, "\(noLogin.text)")

            try await TestPostgres.adminExecute([
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '\(role)'",
            ])
        }
    }
}

private extension Int32 {
    var asInt: Int { Int(self) }
}
