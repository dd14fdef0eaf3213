import Foundation
import Logging
import PostgresNIO
import Testing

/// Execution semantics of docs/neon-sql-over-http.md §4: a client that disconnects cancels its statement, and a
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

    /// The connection string of `role` with `password` (percent-encoded) for the test database.
    static func connectionString(role: String, password: String) -> String {
        let encoded = password.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? password
        return "postgresql://\(role):\(encoded)@ep-test-123.localtest.me/\(TestPostgres.database)"
    }

    @Test("Without the credential cache (TTL 0), after ALTER ROLE ... PASSWORD the old password fails at once even with pooled connections open")
    func passwordChangeIsChecked() async throws {
        let role = "localneon_pw_test"
        let oldPassword = "old pw 1"
        let newPassword = "new pw 2"
        func connectionString(_ password: String) -> String {
            Self.connectionString(role: role, password: password)
        }
        try await LocalNeonHarness.with(configure: { $0.credentialCacheTTL = .zero }) { neon in
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

extension CancellationAndPasswordTests {
    @Test("With the credential cache, a password that passed is not checked again within the TTL (no pg_authid read: the old password still works after ALTER ROLE), and after it the new password is required; a wrong password is never cached")
    func credentialCacheTTL() async throws {
        let role = "localneon_pw_ttl_test"
        let oldPassword = "old ttl pw 1"
        let newPassword = "new ttl pw 2"
        let ttl: Duration = .seconds(4)
        func connectionString(_ password: String) -> String {
            Self.connectionString(role: role, password: password)
        }
        try await LocalNeonHarness.with(configure: { $0.credentialCacheTTL = ttl }) { neon in
            try await TestPostgres.adminExecute([
                "DROP ROLE IF EXISTS \(role)",
                "CREATE ROLE \(role) LOGIN PASSWORD '\(oldPassword)'",
            ])
            let body = #"{"query":"select current_user as u"}"#
            let clock = ContinuousClock()
            let checked = clock.now
            let first = try await neon.request(body: body, connectionString: .some(connectionString(oldPassword)))
            #expect(first.status == 200, "\(first.text)")

            // A wrong password is checked by PostgreSQL even though the role's right one is cached.
            let wrong = try await neon.request(body: body, connectionString: .some(connectionString("not the password")))
            #expect(wrong.status == 400, "\(wrong.text)")
            #expect(wrong.text == proxyErrorBody("password authentication failed for user '\(role)'"), "\(wrong.text)")

            try await TestPostgres.adminExecute(["ALTER ROLE \(role) PASSWORD '\(newPassword)'"])
            // Within the TTL the old password is trusted without a check: had pg_authid been read,
            // its changed entry would have sent the old password to PostgreSQL, which refuses it.
            let cached = try await neon.request(body: body, connectionString: .some(connectionString(oldPassword)))
            let withinTTL = clock.now - checked < ttl
            #expect(withinTTL, "the machine was too slow for this test's TTL")
            if withinTTL {
                #expect(cached.status == 200, "\(cached.text)")
                #expect(cached.text.contains(#""rows":[{"u":"\#(role)"}]"#), "\(cached.text)")
            }
            // The wrong password was not cached by the failure either.
            let wrongAgain = try await neon.request(body: body, connectionString: .some(connectionString("not the password")))
            #expect(wrongAgain.status == 400, "\(wrongAgain.text)")

            // Once the TTL has passed, the password is checked again: the old one fails, the new one works.
            try await Task.sleep(until: checked + ttl + .milliseconds(300), clock: clock)
            let stale = try await neon.request(body: body, connectionString: .some(connectionString(oldPassword)))
            #expect(stale.status == 400, "\(stale.text)")
            #expect(stale.text == proxyErrorBody("password authentication failed for user '\(role)'"), "\(stale.text)")
            let fresh = try await neon.request(body: body, connectionString: .some(connectionString(newPassword)))
            #expect(fresh.status == 200, "\(fresh.text)")
            // The failure was not cached: the old password keeps failing within the next TTL.
            let staleAgain = try await neon.request(body: body, connectionString: .some(connectionString(oldPassword)))
            #expect(staleAgain.status == 400, "\(staleAgain.text)")

            try await TestPostgres.adminExecute([
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '\(role)'",
            ])
        }
    }
}

private extension Int32 {
    var asInt: Int { Int(self) }
}
