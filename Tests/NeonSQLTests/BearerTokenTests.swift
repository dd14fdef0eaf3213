import Foundation
import NeonSQL
import Testing

/// The bearer-token provider: asked once per request, asked once more after the server refused
/// its token, and never visible in errors.
@Suite struct BearerTokenTests {
    private static let bodyOK = resultBody(fields: [("id", 23)], rows: [["7"]])
    private static let read: Statement<[IDRow]> = .many(name: "ReadIDs", sql: "SELECT id FROM t", bindings: Bindings(capacity: 0), readOnly: true)
    private static let write: Statement<Int> = .execRows(name: "TouchRows", sql: "UPDATE t SET x = 1", bindings: Bindings(capacity: 0), readOnly: false)

    private static func proxyError(_ message: String) -> String {
        #"{"message":"\#(message)","code":"","detail":null,"hint":null,"position":null,"severity":""}"#
    }

    private func client(_ transport: TransportDouble, tokens: Counter, retry: RetryPolicy = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(1), maxDelay: .milliseconds(2))) throws -> NeonClient {
        let configuration = try NeonConfiguration(
            connectionString: "postgresql://authenticated@ep-x-123.us-east-2.aws.neon.tech/neondb",
            authentication: .bearerToken { "secret-jwt-\(tokens.increment())" },
            retryPolicy: retry)
        return NeonClient(configuration: configuration, transport: transport)
    }

    private func authorizations(_ transport: TransportDouble) -> [String?] {
        transport.requests.map { $0.value(forHeader: "Authorization") }
    }

    @Test func retriesReuseTheRequestsToken() async throws {
        let tokens = Counter()
        let transport = TransportDouble(responses: [(503, Self.proxyError("Control plane request failed")), (500, "oops"), (200, Self.bodyOK)])
        let rows = try await client(transport, tokens: tokens).execute(Self.read)
        #expect(rows.map(\.id) == [7])
        #expect(authorizations(transport) == ["Bearer secret-jwt-1", "Bearer secret-jwt-1", "Bearer secret-jwt-1"])
    }

    @Test(arguments: ["JWT token has expired (exp=1700000000)", "jwk not found", "signature error: signature error", "invalid JWT token audience"])
    func aRejectedTokenIsReplacedOnce(message: String) async throws {
        let tokens = Counter()
        let transport = TransportDouble(responses: [(400, Self.proxyError(message)), (200, #"{"fields":[],"rows":[],"command":"UPDATE","rowCount":1,"rowAsArray":true}"#)])
        // A write too: a refused token means the statement did not run.
        let count = try await client(transport, tokens: tokens, retry: .none).execute(Self.write)
        #expect(count == 1)
        #expect(authorizations(transport) == ["Bearer secret-jwt-1", "Bearer secret-jwt-2"])
    }

    @Test func aTokenRejectedTwiceIsADistinctError() async throws {
        let tokens = Counter()
        let transport = TransportDouble(responses: [(400, Self.proxyError("JWT token has expired (exp=1) secret-jwt-1 secret-jwt-2"))])
        do {
            _ = try await client(transport, tokens: tokens).execute(Self.read)
            Issue.record("expected an error")
        } catch let error as NeonError {
            guard case .tokenRejected(let message) = error else {
                Issue.record("expected tokenRejected, got \(error)")
                return
            }
            #expect(message.hasPrefix("JWT token has expired (exp=1)"))
            for text in ["\(error)", String(reflecting: error), message, error.localizedDescription] {
                #expect(!text.contains("secret-jwt"))
            }
        }
        #expect(transport.count == 2)
        #expect(authorizations(transport) == ["Bearer secret-jwt-1", "Bearer secret-jwt-2"])
    }

    @Test func sqlErrorsAndPasswordRequestsAreNotTokenRejections() async throws {
        let tokens = Counter()
        let sqlError = TransportDouble(responses: [(400, #"{"message":"new row violates row-level security policy for table \"t\"","code":"42501"}"#)])
        do {
            _ = try await client(sqlError, tokens: tokens).execute(Self.write)
            Issue.record("expected an error")
        } catch let error as NeonError {
            #expect(error.sqlState == "42501")
        }
        #expect(sqlError.count == 1)
        #expect(tokens.increment() == 2, "the provider was asked once")

        let passwordClient = try makeClient(TransportDouble(responses: [(400, Self.proxyError("jwk not found"))]))
        do {
            _ = try await passwordClient.execute(Self.read)
            Issue.record("expected an error")
        } catch let error as NeonError {
            guard case .database(let databaseError) = error else {
                Issue.record("expected a database error, got \(error)")
                return
            }
            #expect(databaseError.message == "jwk not found")
        }
    }
}
