import Foundation
import NeonSQL
import NeonSQLTestSupport
import Testing

private struct ObservedIDRow: DecodableRow, Equatable {
    static let columns = [ResultColumn("id", .int4)]
    let id: Int
    init(from row: inout RowDecoder) throws { id = try row.decode(Int.self) }
}

@Suite("Request observer")
struct ObserverTests {
    private let secretValue = "parameter-value-7f3a"

    private func client(_ transport: TransportDouble, log: RequestEventLog, authentication: NeonAuthentication = .password) throws -> NeonClient {
        var configuration = try NeonConfiguration(
            connectionString: testConnectionString, authentication: authentication, requestTimeout: .seconds(5),
            retryPolicy: RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(1), maxDelay: .milliseconds(2)))
        configuration.requestObserver = { log.append($0) }
        return NeonClient(configuration: configuration, transport: transport)
    }

    private func statement() -> Statement<[ObservedIDRow]> {
        var bindings = Bindings(capacity: 1)
        bindings.append(secretValue, as: .text)
        return .many(name: "FindIDs", sql: "SELECT id FROM t WHERE name = $1", bindings: bindings, readOnly: true)
    }

    @Test func seesEveryAttemptWithNameKindBytesAndRows() async throws {
        let body = resultBody(fields: [("id", 23)], rows: [["1"], ["2"], ["3"]])
        let transport = TransportDouble(responses: [(503, #"{"message":"busy"}"#), (200, body)])
        let log = RequestEventLog()
        let rows = try await client(transport, log: log).execute(statement())
        #expect(rows.map(\.id) == [1, 2, 3])
        let events = log.events
        #expect(events.map(\.attempt) == [1, 2])
        #expect(events.allSatisfy { $0.queryNames == ["FindIDs"] && $0.kinds == [.many] && $0.isReadOnly && !$0.isBatch })
        #expect(events[0].failure?.category == "http")
        #expect(events[0].failure?.httpStatus == 503)
        #expect(events[0].rows == nil)
        #expect(events[1].failure == nil)
        #expect(events[1].rows == 3)
        #expect(events[1].responseBytes == body.utf8.count)
        #expect(events[1].requestBytes == transport.requests[1].body.count)
        #expect(events.allSatisfy { $0.duration >= .zero })
    }

    /// Every attempt that got a response reports its body's size: an error status, a database
    /// error, a rejected token, a body that fails to decode; only attempts without a response report 0.
    @Test func failedAttemptsWithAResponseReportItsSize() async throws {
        let busy = #"{"message":"busy"}"#
        let database = #"{"message":"duplicate key","code":"23505","severity":"ERROR"}"#
        let notJSON = "<html>Bad Gateway</html>"
        let broken = #"{"fields":[{"name":"id","dataTypeID":23}],"rows":[["x"]]}"#
        let transport = TransportDouble { _, attempt in
            switch attempt {
            case 0: return NeonHTTPResponse(status: 503, body: Data(busy.utf8))
            case 1: throw TransportError(kind: .connectionLost, message: "reset")
            case 2: return NeonHTTPResponse(status: 502, body: Data(notJSON.utf8))
            case 3: return NeonHTTPResponse(status: 200, body: Data(broken.utf8))
            default: return NeonHTTPResponse(status: 400, body: Data(database.utf8))
            }
        }
        let log = RequestEventLog()
        let neon = try client(transport, log: log)
        // Three attempts (503, lost, 502), then a body that does not decode, then a database error.
        for _ in 0..<3 {
            await #expect(throws: NeonError.self) { _ = try await neon.execute(statement()) }
        }
        let events = log.events
        #expect(events.map(\.responseBytes) == [busy.utf8.count, 0, notJSON.utf8.count, broken.utf8.count, database.utf8.count],
                "\(events.map(\.responseBytes))")
        #expect(events.map(\.failure?.category) == ["http", "transport", "http", "decoding", "database"])
    }

    @Test func batchesReportEveryNameAndTheSQLSTATE() async throws {
        let error = #"{"message":"duplicate key","code":"23505","severity":"ERROR"}"#
        let transport = TransportDouble(responses: [(400, error)])
        let log = RequestEventLog()
        let neon = try client(transport, log: log)
        await #expect(throws: NeonError.self) {
            _ = try await neon.batch(statement(), statement())
        }
        #expect(log.events.count == 1)
        #expect(log.events.first?.queryNames == ["FindIDs", "FindIDs"])
        #expect(log.events.first?.isBatch == true)
        #expect(log.events.first?.failure?.sqlState == "23505")
        #expect(log.events.first?.failure?.category == "database")
    }

    @Test func neverSeesParameterValuesPasswordsOrTokens() async throws {
        let token = "eyJ-token-9c1e"
        let transport = TransportDouble(responses: [(500, #"{"message":"value parameter-value-7f3a broke"}"#),
                                                    (200, resultBody(fields: [("id", 23)], rows: [["1"]]))])
        let log = RequestEventLog()
        let neon = try client(transport, log: log, authentication: .bearerToken { token })
        _ = try await neon.execute(statement())
        #expect(log.events.count == 2)
        let dumped = log.events.map { "\($0) \(String(reflecting: $0))" }.joined()
        #expect(!dumped.contains(secretValue))
        #expect(!dumped.contains(testPassword))
        #expect(!dumped.contains(token))
        #expect(!dumped.contains("SELECT"))
    }
}
