import Foundation
import Testing
@testable import LocalNeonServer

/// neon-local's own PostgreSQL connections (PostgresWire/) against the test PostgreSQL: authentication,
/// text results and described portals, errors, pipelining, the session reset written with a
/// statement, the row-size limit, and the pool's limits.
@Suite("Wire connections", .enabled(if: TestPostgres.shouldRun))
struct WireConnectionTests {
    struct Target {
        var host: String
        var port: Int
    }

    /// The test PostgreSQL's address, with the test role and database created.
    static func target() async throws -> Target? {
        guard let adminURL = TestPostgres.requireURL() else { return nil }
        try await TestDatabase.shared.prepare(adminURL: adminURL)
        guard let components = URLComponents(string: adminURL), let host = components.host else {
            throw TestSetupError("invalid \(TestPostgres.urlVariable)")
        }
        return Target(host: host, port: components.port ?? 5432)
    }

    static func connect(_ target: Target, password: String? = TestPostgres.password) async throws(WireError) -> WireConnection {
        try await WireConnection.connect(
            host: target.host, port: target.port, user: TestPostgres.role, password: password, database: TestPostgres.database)
    }

    @Test("SCRAM-SHA-256 with the right password connects; a wrong or missing one is PostgreSQL's 28P01 / a password error")
    func authentication() async throws {
        guard let target = try await Self.target() else { return }
        let connection = try await Self.connect(target)
        #expect(connection.processID > 0)
        let row = try await connection.execute("SELECT current_user::text, pg_backend_pid()").rows.first
        #expect(row?.first == TestPostgres.role)
        #expect(row?.last == String(connection.processID), "BackendKeyData names the serving process")
        connection.close()

        do {
            _ = try await Self.connect(target, password: "wrong")
            Issue.record("a wrong password connected")
        } catch {
            #expect(error.serverFields?.code == "28P01")
        }
        do {
            _ = try await Self.connect(target, password: nil)
            Issue.record("no password connected")
        } catch {
            guard case .passwordRequired = error else {
                Issue.record("expected passwordRequired, got \(error)")
                return
            }
        }
    }

    @Test("The MD5 answer is md5(hex(md5(password + user)) + salt), as PostgreSQL computes it")
    func md5Answer() {
        // Computed independently with Python's hashlib.
        #expect(WireHandler.md5PasswordAnswer(password: "secret", user: "alice", salt: [1, 2, 3, 4]) == "md598a0412b9c31436fc53776e863350083")
    }

    @Test("Results are PostgreSQL's text with the portal's RowDescription, also for zero rows; no result set has no columns")
    func textResultsAndDescriptions() async throws {
        guard let target = try await Self.target() else { return }
        let connection = try await Self.connect(target)
        defer { connection.close() }

        let values = try await connection.execute(
            "SELECT $1::float8 AS f, $2::timestamptz AS t, NULL::int AS n, '\\x0102'::bytea AS b, ARRAY[1,2]::int[] AS a",
            parameters: ["0.1", "2024-01-02 03:04:05+00"])
        #expect(values.rows == [["0.1", "2024-01-02 03:04:05+00", nil, "\\x0102", "{1,2}"]])
        #expect(values.columns.map(\.name) == ["f", "t", "n", "b", "a"])
        #expect(values.columns.map(\.dataTypeID) == [701, 1184, 23, 17, 1007])
        #expect(values.commandTag == "SELECT 1")

        let none = try await connection.execute("SELECT 1 AS one, 'x'::text AS two WHERE false")
        #expect(none.rows.isEmpty)
        #expect(none.columns.map(\.name) == ["one", "two"], "a zero-row result still has its columns")
        #expect(none.commandTag == "SELECT 0")

        let untyped = try await connection.execute("SELECT $1 AS p, $2::int + 1 AS q", parameters: [nil, "41"])
        #expect(untyped.rows == [[nil, "42"]], "untyped text parameters; nil is NULL")

        let ddl = try await connection.execute("CREATE TEMP TABLE wire_t (id int PRIMARY KEY)")
        #expect(ddl.columns.isEmpty)
        #expect(ddl.commandTag == "CREATE TABLE")
        let insert = try await connection.execute("INSERT INTO wire_t VALUES (1), (2)")
        #expect(insert.commandTag == "INSERT 0 2")
        let table = try await connection.execute("SELECT id FROM wire_t ORDER BY id")
        #expect(table.columns.first?.tableID != 0, "a table column names its table")
        #expect(table.columns.first?.columnID == 1)

        let empty = try await connection.execute("")
        #expect(empty.commandTag == "")
        #expect(empty.columns.isEmpty)
    }

    @Test("An error carries its fields and leaves the connection usable; a zero byte is refused; COPY FROM STDIN fails and closes it")
    func errors() async throws {
        guard let target = try await Self.target() else { return }
        let connection = try await Self.connect(target)
        defer { connection.close() }
        do {
            _ = try await connection.execute("SELECT * FROM no_such_table")
            Issue.record("no error")
        } catch {
            #expect(error.serverFields?.code == "42P01")
            #expect(error.serverFields?.position == "15")
            #expect(error.serverFields?.severity == "ERROR")
        }
        let copyOut = try await connection.execute("COPY (SELECT 1) TO STDOUT")
        #expect(copyOut.commandTag == "COPY 1")
        do {
            _ = try await connection.execute("SELECT 1\u{0}; DROP TABLE x")
            Issue.record("a zero byte was sent")
        } catch {
            guard case .zeroByteInStatement = error else {
                Issue.record("expected zeroByteInStatement, got \(error)")
                return
            }
        }
        #expect(try await connection.execute("SELECT 7").rows == [["7"]])

        // COPY FROM STDIN cannot be fed over HTTP: the statement fails and the connection is closed.
        _ = try await connection.execute("CREATE TEMP TABLE wire_copy (x int)")
        do {
            _ = try await connection.execute("COPY wire_copy FROM STDIN", resetAfterwards: true)
            Issue.record("COPY FROM STDIN succeeded")
        } catch {
            #expect(error.serverFields?.code == "0A000")
        }
        #expect(try await connection.resetSession().get() == false, "the connection is not reused")
    }

    @Test("Statements started concurrently on one connection are pipelined and each gets its own answer")
    func pipelining() async throws {
        guard let target = try await Self.target() else { return }
        let connection = try await Self.connect(target)
        defer { connection.close() }
        try await withThrowingTaskGroup(of: (Int, String?).self) { group in
            for index in 0..<50 {
                group.addTask {
                    if index % 7 == 3 {
                        let failed = (try? await connection.execute("SELECT 1/0")) == nil
                        return (index, failed ? "failed" : "no error")
                    }
                    return (index, try await connection.execute("SELECT $1::int * 2", parameters: [String(index)]).rows.first?.first ?? nil)
                }
            }
            for try await (index, value) in group {
                #expect(value == (index % 7 == 3 ? "failed" : String(index * 2)))
            }
        }
    }

    @Test("The reset written with a statement clears the session; a request that left a transaction open is rolled back")
    func sessionReset() async throws {
        guard let target = try await Self.target() else { return }
        let connection = try await Self.connect(target)
        defer { connection.close() }

        _ = try await connection.execute("SELECT set_config('application_name', 'dirty', false)")
        _ = try await connection.execute("CREATE TEMP TABLE wire_reset (x int)", resetAfterwards: true)
        #expect(try await connection.resetSession().get())
        #expect(try await connection.execute("SHOW application_name").rows == [[""]])
        #expect(try await connection.execute("SELECT to_regclass('pg_temp.wire_reset')::text").rows == [[nil]])

        // Something written after the pipelined reset: resetSession writes the reset again.
        _ = try await connection.execute("SELECT 1", resetAfterwards: true)
        _ = try await connection.execute("SELECT set_config('application_name', 'late', false)")
        #expect(try await connection.resetSession().get())
        #expect(try await connection.execute("SHOW application_name").rows == [[""]])

        // A single BEGIN leaves a transaction block open: the pipelined DISCARD ALL fails, then ROLLBACK and reset.
        _ = try await connection.execute("SELECT set_config('application_name', 'in-tx', false)")
        _ = try await connection.execute("BEGIN", resetAfterwards: true)
        #expect(try await connection.resetSession().get())
        do {
            _ = try await connection.execute("SAVEPOINT s")
            Issue.record("a transaction block is still open")
        } catch {
            #expect(error.serverFields?.code == "25P01", "SAVEPOINT outside a transaction block")
        }
        #expect(try await connection.execute("SHOW application_name").rows == [[""]])

        // A failed transaction block (25P02) is rolled back too.
        _ = try await connection.execute("SELECT set_config('application_name', 'failed-tx', false)")
        _ = try await connection.execute("BEGIN")
        #expect((try? await connection.execute("SELECT 1/0")) == nil)
        #expect(try await connection.resetSession().get())
        #expect(try await connection.execute("SHOW application_name").rows == [[""]])
    }

    @Test("A CancelRequest with the connection's BackendKeyData cancels its running statement")
    func cancelRequest() async throws {
        guard let target = try await Self.target() else { return }
        let connection = try await Self.connect(target)
        defer { connection.close() }
        let sleeping = Task { () async throws(WireError) -> StatementResult in
            try await connection.execute("SELECT pg_sleep(30)")
        }
        try await Task.sleep(for: .milliseconds(300))
        #expect(await connection.cancelRunningStatement())
        do {
            _ = try await sleeping.value
            Issue.record("the statement was not cancelled")
        } catch {
            #expect((error as? WireError)?.serverFields?.code == "57014")
        }
        #expect(try await connection.execute("SELECT 1").rows == [["1"]], "the connection stays usable")
    }

    @Test("A statement whose backend is terminated fails with PostgreSQL's own error (57P01), and the connection is closed")
    func terminatedBackend() async throws {
        guard let target = try await Self.target() else { return }
        let connection = try await Self.connect(target)
        let sleeping = Task { () async throws(WireError) -> StatementResult in
            try await connection.execute("SELECT pg_sleep(30)")
        }
        try await Task.sleep(for: .milliseconds(300))
        try await TestPostgres.adminExecute(["SELECT pg_terminate_backend(\(connection.processID))"])
        do {
            _ = try await sleeping.value
            Issue.record("the statement survived")
        } catch {
            #expect((error as? WireError)?.serverFields?.code == "57P01")
        }
        for _ in 0..<100 where connection.isOpen { try await Task.sleep(for: .milliseconds(10)) }
        #expect(!connection.isOpen)
    }

    @Test("Role names reach PostgreSQL intact through the admin's array literal")
    func arrayLiteral() async throws {
        guard let target = try await Self.target() else { return }
        let connection = try await Self.connect(target)
        defer { connection.close() }
        let names = ["plain", "with \"quote\"", "back\\slash", "comma,brace}{", "", "NULL", " spaced ", "ü"]
        let rows = try await connection.execute(
            "SELECT unnest($1::text[])", parameters: [AdminConnection.arrayLiteral(names)]).rows
        #expect(rows.map { $0.first ?? nil } == names)
    }

    @Test("Rows beyond the byte limit fail the statement and close the connection")
    func rowLimit() async throws {
        guard let target = try await Self.target() else { return }
        let connection = try await Self.connect(target)
        do {
            _ = try await connection.execute("SELECT repeat('x', 1000) FROM generate_series(1, 100000)", rowByteLimit: 50_000)
            Issue.record("no limit")
        } catch {
            guard case .resultTooLarge = error else {
                Issue.record("expected resultTooLarge, got \(error)")
                return
            }
        }
        for _ in 0..<100 where connection.isOpen { try await Task.sleep(for: .milliseconds(10)) }
        #expect(!connection.isOpen)
    }

    @Test("A pool opens at most its maximum; a waiting lease gets a returned connection or a freed slot; a cancelled wait ends")
    func poolLimits() async throws {
        guard let target = try await Self.target() else { return }
        let pool = WirePool(settings: .init(
            host: target.host, port: target.port, user: TestPostgres.role, password: TestPostgres.password,
            database: TestPostgres.database, minimumConnections: 0, maximumConnections: 2))
        defer { pool.shutDown() }
        let first = try await pool.lease()
        let second = try await pool.lease()
        #expect(first.processID != second.processID)

        let waiting = Task { try await pool.lease() }
        try await Task.sleep(for: .milliseconds(100))
        pool.giveBack(first)
        let third = try await waiting.value
        #expect(third.processID == first.processID, "the waiter got the returned connection")

        let waitingForSlot = Task { try await pool.lease() }
        try await Task.sleep(for: .milliseconds(100))
        pool.discard(second)
        let fourth = try await waitingForSlot.value
        #expect(fourth.processID != second.processID, "the waiter opened a new connection in the freed slot")

        let cancelled = Task { try await pool.lease() }
        try await Task.sleep(for: .milliseconds(100))
        cancelled.cancel()
        #expect((try? await cancelled.value) == nil)

        pool.giveBack(third)
        let again = try await pool.lease()
        #expect(again.processID == third.processID, "an idle connection is reused")
        pool.giveBack(again)
        pool.giveBack(fourth)
    }

    @Test("A running pool opens its minimum at once and closes idle connections beyond it after the idle timeout")
    func poolMinimumAndIdleTimeout() async throws {
        guard let target = try await Self.target() else { return }
        var settings = WirePool.Settings(
            host: target.host, port: target.port, user: TestPostgres.role, password: TestPostgres.password,
            database: TestPostgres.database, minimumConnections: 1, maximumConnections: 4)
        settings.idleTimeout = .milliseconds(300)
        settings.idleSweepInterval = .milliseconds(50)
        let pool = WirePool(settings: settings)
        let running = Task { await pool.run() }
        defer { running.cancel() }
        for _ in 0..<200 where pool.load.idle < 1 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(pool.load == (open: 1, idle: 1), "the minimum is opened without a lease")

        let leased = [try await pool.lease(), try await pool.lease(), try await pool.lease()]
        #expect(pool.load.open == 3)
        for connection in leased { pool.giveBack(connection) }
        #expect(pool.load == (open: 3, idle: 3))
        for _ in 0..<300 where pool.load.open > 1 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(pool.load == (open: 1, idle: 1), "idle connections beyond the minimum are closed")
        let kept = try await pool.lease()
        #expect(try await kept.execute("SELECT 1").rows == [["1"]])
        pool.giveBack(kept)
    }
}
