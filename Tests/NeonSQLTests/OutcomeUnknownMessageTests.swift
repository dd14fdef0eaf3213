import Foundation
import NeonSQL
import Testing

/// The description of a write whose outcome is unknown says how the write was sent on each path
/// (once without a key, once with its key, several times with its key), and never holds the
/// connection string's password or a bearer token, even when the failure's text echoed them.
@Suite("Outcome-unknown messages")
struct OutcomeUnknownMessageTests {
    static let token = "tok-VERY-secret-42"
    /// A failure text that echoes both secrets, as a careless transport might.
    static let leakyMessage = "reset while sending Authorization: Bearer \(token) to postgresql://alice:\(testPassword)@host"

    static func client(_ transport: TransportDouble, keyed: Bool, attempts: Int = 3) throws -> NeonClient {
        var configuration = try NeonConfiguration(
            connectionString: testConnectionString, authentication: .bearerToken { Self.token }, requestTimeout: .seconds(5),
            retryPolicy: RetryPolicy(maxAttempts: attempts, baseDelay: .milliseconds(1), maxDelay: .milliseconds(2)))
        if keyed { configuration.exactlyOnceWrites = ExactlyOnceWrites() }
        return NeonClient(configuration: configuration, transport: transport)
    }

    static func update() -> Statement<Int> {
        var bindings = Bindings()
        bindings.append(7, as: .int4)
        return .execRows(name: "Bump", sql: "UPDATE counters SET n = n + 1 WHERE id = $1", bindings: bindings, readOnly: false)
    }

    /// The texts of the error thrown by sending `update()` through `client`.
    static func texts(of client: NeonClient) async -> [String] {
        do {
            _ = try await client.execute(update())
            Issue.record("expected an error")
            return []
        } catch {
            #expect((error as? NeonError)?.isOutcomeUnknown == true, "\(error)")
            return ["\(error)", String(reflecting: error), error.localizedDescription]
        }
    }

    static func expectNoSecret(_ texts: [String]) {
        for text in texts {
            #expect(!text.contains(testPassword), "\(text)")
            #expect(!text.contains(token), "\(text)")
        }
    }

    @Test func aWriteWithoutAKeySaysItWasSentOnceBecauseItHasNoKey() async throws {
        let transport = TransportDouble { _, _ in throw TransportError(kind: .connectionLost, message: Self.leakyMessage) }
        let texts = await Self.texts(of: try Self.client(transport, keyed: false))
        #expect(transport.count == 1)
        let text = try #require(texts.first)
        #expect(text.contains("outcome is unknown"))
        #expect(text.contains("sent once and not retried, as a write without an idempotency key is never sent twice"), "\(text)")
        Self.expectNoSecret(texts)
    }

    @Test func aKeyedWriteOutOfAttemptsSaysHowOftenItWasSentWithItsKey() async throws {
        let transport = TransportDouble { _, _ in throw TransportError(kind: .connectionLost, message: Self.leakyMessage) }
        let texts = await Self.texts(of: try Self.client(transport, keyed: true, attempts: 3))
        #expect(transport.count == 3)
        let text = try #require(texts.first)
        #expect(text.contains("sent 3 times with the same idempotency key"), "\(text)")
        #expect(!text.contains("not retried"), "\(text)")
        Self.expectNoSecret(texts)
    }

    @Test func aKeyedWriteWithOneAttemptSaysItWasSentOnceWithItsKey() async throws {
        let unavailable = TransportDouble { _, _ in
            NeonHTTPResponse(status: 503, body: Data(#"{"message":"\#(Self.leakyMessage)","code":""}"#.utf8))
        }
        let texts = await Self.texts(of: try Self.client(unavailable, keyed: true, attempts: 1))
        #expect(unavailable.count == 1)
        #expect(texts.first?.contains("sent once with its idempotency key and not retried") == true, "\(texts)")
        #expect(texts.first?.contains("without an idempotency key") == false)
        Self.expectNoSecret(texts)
    }

    @Test func aKeyedWriteWhoseResultIsTooLargeIsNotRetriedAndSaysSo() async throws {
        let tooLarge = TransportDouble(responses: [(507, #"{"message":"response is too large (max is 10485760 bytes)","code":""}"#)])
        let texts = await Self.texts(of: try Self.client(tooLarge, keyed: true))
        #expect(tooLarge.count == 1)
        #expect(texts.first?.contains("sent once with its idempotency key and not retried") == true, "\(texts)")
        Self.expectNoSecret(texts)
    }
}
