import Foundation
@testable import NeonSQL
import Testing

/// `NeonConfiguration.exactlyOnceWrites`: each write carries an idempotency key inserted first in
/// its own transaction, goes on shared connections, is retried with the same key when its
/// outcome is unknown, and a resend that finds its key is `alreadyApplied`.
@Suite("Exactly-once writes")
struct ExactlyOnceWritesTests {
    static let keyInsertSQL = #"INSERT INTO "neon_sql"."applied_requests" (key) VALUES ($1)"#
    static let keyResult = resultBody(fields: [], rows: [], command: "INSERT").replacingOccurrences(of: "\"rowCount\":0", with: "\"rowCount\":1")

    static func client(_ transport: TransportDouble, attempts: Int = 3) throws -> NeonClient {
        var configuration = try NeonConfiguration(
            connectionString: testConnectionString, requestTimeout: .seconds(5),
            retryPolicy: RetryPolicy(maxAttempts: attempts, baseDelay: .milliseconds(1), maxDelay: .milliseconds(2)))
        configuration.exactlyOnceWrites = ExactlyOnceWrites()
        return NeonClient(configuration: configuration, transport: transport)
    }

    static func update() -> Statement<Int> {
        var bindings = Bindings()
        bindings.append(7, as: .int4)
        return .execRows(name: "Bump", sql: "UPDATE counters SET n = n + 1 WHERE id = $1", bindings: bindings, readOnly: false)
    }

    static func batchBody(_ results: [String]) -> String { #"{"results":["# + results.joined(separator: ",") + "]}" }

    static func queries(of request: NeonHTTPRequest) throws -> [[String: Any]] {
        let object = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
        return try #require(object["queries"] as? [[String: Any]])
    }

    static let keyConflict = #"{"message":"duplicate key value violates unique constraint \"applied_requests_pkey\"","code":"23505","schema":"neon_sql","table":"applied_requests","constraint":"applied_requests_pkey","severity":"ERROR"}"#

    @Test func aWriteSendsItsKeyFirstInOneBatchAndIsSafeToResend() async throws {
        let update = resultBody(fields: [], rows: [], command: "UPDATE").replacingOccurrences(of: "\"rowCount\":0", with: "\"rowCount\":4")
        let transport = TransportDouble(body: Self.batchBody([Self.keyResult, update]))
        let count = try await Self.client(transport).execute(Self.update())
        #expect(count == 4)
        let request = try #require(transport.requests.first)
        #expect(request.isSafeToResend && !request.isReadOnly)
        let queries = try Self.queries(of: request)
        #expect(queries.count == 2)
        #expect(queries[0]["query"] as? String == Self.keyInsertSQL)
        let key = try #require((queries[0]["params"] as? [String])?.first)
        #expect(UUID(uuidString: key) != nil)
        #expect(queries[1]["query"] as? String == "UPDATE counters SET n = n + 1 WHERE id = $1")
        #expect(queries[1]["params"] as? [String] == ["7"])
    }

    @Test func readsAreSentAsBeforeWithoutAKey() async throws {
        let transport = TransportDouble(body: resultBody(fields: [("n", 23)], rows: [["1"]]))
        let statement: Statement<[CountRow]> = .many(name: "Read", sql: "SELECT 1 AS n", bindings: Bindings(), readOnly: true)
        #expect(try await Self.client(transport).execute(statement).map(\.n) == [1])
        let request = try #require(transport.requests.first)
        let object = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
        #expect(object["query"] as? String == "SELECT 1 AS n")
        #expect(request.isSafeToResend && request.isReadOnly)
    }

    @Test func eachRequestHasItsOwnKey() async throws {
        let transport = TransportDouble(body: Self.batchBody([Self.keyResult, Self.keyResult]))
        let client = try Self.client(transport)
        for _ in 0..<3 { _ = try await client.execute(Self.update()) }
        let keys = try transport.requests.map { try #require((try Self.queries(of: $0)[0]["params"] as? [String])?.first) }
        #expect(Set(keys).count == 3)
    }

    @Test func aLostAnswerIsRetriedWithTheSameKey() async throws {
        let update = resultBody(fields: [], rows: [], command: "UPDATE").replacingOccurrences(of: "\"rowCount\":0", with: "\"rowCount\":1")
        let transport = TransportDouble { _, attempt in
            if attempt == 0 { throw TransportError(kind: .connectionLost, message: "reset") }
            return NeonHTTPResponse(status: 200, body: Data(Self.batchBody([Self.keyResult, update]).utf8))
        }
        #expect(try await Self.client(transport).execute(Self.update()) == 1)
        #expect(transport.count == 2)
        #expect(transport.requests[0].body == transport.requests[1].body)
    }

    @Test func aResendThatFindsItsKeyIsAlreadyApplied() async throws {
        let transport = TransportDouble { _, attempt in
            if attempt == 0 { return NeonHTTPResponse(status: 503, body: Data(#"{"message":"unavailable"}"#.utf8)) }
            return NeonHTTPResponse(status: 400, body: Data(Self.keyConflict.utf8))
        }
        await #expect {
            _ = try await Self.client(transport).execute(Self.update())
        } throws: { error in
            guard case .alreadyApplied(let attempts)? = error as? NeonError else { return false }
            return attempts == 2 && "\(error)".contains("already applied")
        }
        #expect(transport.count == 2)
    }

    @Test func aUniqueViolationOfTheUsersTableIsADatabaseError() async throws {
        let body = #"{"message":"duplicate key value violates unique constraint \"users_pkey\"","code":"23505","schema":"public","table":"users"}"#
        let transport = TransportDouble(responses: [(400, body)])
        await #expect {
            _ = try await Self.client(transport).execute(Self.update())
        } throws: { error in
            guard case .database(let database)? = error as? NeonError else { return false }
            return database.table == "users" && database.isUniqueViolation
        }
        #expect(transport.count == 1)
    }

    @Test func everyAttemptLostIsStillOutcomeUnknown() async throws {
        let transport = TransportDouble { _, _ in throw TransportError(kind: .connectionLost, message: "reset") }
        await #expect {
            _ = try await Self.client(transport, attempts: 3).execute(Self.update())
        } throws: { error in
            guard case .outcomeUnknown(.transport, .withKey(attempts: 3))? = error as? NeonError else { return false }
            return true
        }
        #expect(transport.count == 3)
    }

    @Test func withoutItAWriteIsNeverResent() async throws {
        let transport = TransportDouble { _, _ in throw TransportError(kind: .connectionLost, message: "reset") }
        await #expect {
            _ = try await makeClient(transport).execute(Self.update())
        } throws: { error in
            guard case .outcomeUnknown? = error as? NeonError else { return false }
            return true
        }
        #expect(transport.count == 1)
        #expect(transport.requests[0].isSafeToResend == false)
    }

    @Test func aBatchStartsWithTheKeyAndErrorsCountTheCallersStatements() async throws {
        let good = resultBody(fields: [("n", 23)], rows: [["1"]])
        let bad = resultBody(fields: [("n", 23)], rows: [["x"]])
        let transport = TransportDouble(body: Self.batchBody([Self.keyResult, good, bad]))
        let write: Statement<[CountRow]> = .many(name: "Insert", sql: "INSERT INTO t VALUES (1) RETURNING 1 AS n", bindings: Bindings(), readOnly: false)
        await #expect {
            _ = try await Self.client(transport).batch([write, write], options: BatchOptions())
        } throws: { error in
            guard case .decoding(let failure)? = error as? NeonError else { return false }
            return failure.statementIndex == 1 && failure.row == 0
        }
        let queries = try Self.queries(of: try #require(transport.requests.first))
        #expect(queries.count == 3 && queries[0]["query"] as? String == Self.keyInsertSQL)
    }

    @Test func aSingleWritesDecodingErrorIsNotABatchStatements() async throws {
        let bad = resultBody(fields: [("n", 23)], rows: [["x"]])
        let transport = TransportDouble(body: Self.batchBody([Self.keyResult, bad]))
        let write: Statement<[CountRow]> = .many(name: "Insert", sql: "INSERT INTO t VALUES (1) RETURNING 1 AS n", bindings: Bindings(), readOnly: false)
        await #expect {
            _ = try await Self.client(transport).execute(write)
        } throws: { error in
            guard case .decoding(let failure)? = error as? NeonError else { return false }
            return failure.statementIndex == nil && failure.column == "n"
        }
    }

    @Test func readOnlyBatchesCarryNoKey() async throws {
        let transport = TransportDouble(body: Self.batchBody([resultBody(fields: [("n", 23)], rows: [["1"]])]))
        let read: Statement<[CountRow]> = .many(name: "Read", sql: "SELECT 1 AS n", bindings: Bindings(), readOnly: true)
        #expect(try await Self.client(transport).batch([read], options: BatchOptions()).map { $0.map(\.n) } == [[1]])
        #expect(try Self.queries(of: try #require(transport.requests.first)).count == 1)
    }

    @Test func tableNamesAreQuotedIdentifiers() {
        let writes = ExactlyOnceWrites(schema: "app", table: "keys\"; DROP TABLE x; --")
        #expect(writes.keyInsert(UUID()).sql == #"INSERT INTO "app"."keys""; DROP TABLE x; --" (key) VALUES ($1)"#)
    }

    @Test func theShippedMigrationIsTheDocumentedSQL() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let file = try String(contentsOf: root.appendingPathComponent("Migrations/exactly_once_writes.sql"), encoding: .utf8)
        let statements = file.split(separator: "\n").filter { !$0.hasPrefix("--") }.joined(separator: "\n")
        #expect(statements == ExactlyOnceWrites.migrationSQL)
    }
}

struct CountRow: DecodableRow {
    static let columns = [ResultColumn("n", .int4)]
    let n: Int
    init(from row: inout RowDecoder) throws { n = try row.decode(Int.self) }
}
