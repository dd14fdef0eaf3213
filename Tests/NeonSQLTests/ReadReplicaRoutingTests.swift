import Foundation
@testable import NeonSQL
import NeonSQLTestSupport
import Testing

/// Read replicas: read-only requests go to replicas round-robin, writes to the primary; a read
/// after the client's own writes carries a catch-up check and goes to the primary when the
/// replica is behind; failed and lagging replicas leave the rotation.
@Suite("Read replicas: routing")
struct ReadReplicaRoutingTests {
    static let primary = URL(string: "http://primary.test/sql")!
    static let replicaA = URL(string: "http://replica-a.test/sql")!
    static let replicaB = URL(string: "http://replica-b.test/sql")!
    static let replicaConnection = "postgresql://alice:\(testPassword)@ep-replica-9.us-east-2.aws.neon.tech/neondb"
    static let checkPrefix = #"SELECT "neon_sql"."requests_applied"($1::uuid[]) AS caught_up"#
    static let keyResult = ExactlyOnceWritesTests.keyResult
    static let rowResult = resultBody(fields: [("n", 23)], rows: [["1"]])
    static let updateResult = resultBody(fields: [], rows: [], command: "UPDATE").replacingOccurrences(of: "\"rowCount\":0", with: "\"rowCount\":1")

    static func checkResult(_ caughtUp: Bool) -> String {
        resultBody(fields: [("caught_up", 16)], rows: [[caughtUp ? "t" : "f"]])
    }

    static func client(_ transport: TransportDouble, replicas: [URL] = [replicaA], policy: ReplicaPolicy = .default,
                       observer: (@Sendable (NeonRequestEvent) -> Void)? = nil) throws -> NeonClient {
        var configuration = try NeonConfiguration(
            connectionString: testConnectionString, endpoint: primary, requestTimeout: .seconds(5),
            retryPolicy: RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(1), maxDelay: .milliseconds(2)))
        for replica in replicas { try configuration.addReadReplica(connectionString: replicaConnection, endpoint: replica) }
        configuration.replicaPolicy = policy
        configuration.requestObserver = observer
        return NeonClient(configuration: configuration, transport: transport)
    }

    static let read: Statement<[CountRow]> = .many(name: "Read", sql: "SELECT 1 AS n", bindings: Bindings(), readOnly: true)
    static let write = ExactlyOnceWritesTests.update()

    /// The statements of a request (a lone statement is one).
    static func queries(_ request: NeonHTTPRequest) throws -> [(sql: String, params: [String])] {
        let object = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
        if let sql = object["query"] as? String { return [(sql, object["params"] as? [String] ?? [])] }
        let queries = try #require(object["queries"] as? [[String: Any]])
        return queries.map { ($0["query"] as? String ?? "", $0["params"] as? [String] ?? []) }
    }

    /// A database answering as a real one would: writes (with their key first) on the primary;
    /// reads anywhere, a replica's catch-up check answered by `replicaSees`.
    static func database(replicaSees: @escaping @Sendable (NeonHTTPRequest, [String]) -> Bool = { _, _ in true })
        -> TransportDouble {
        TransportDouble { request, _ in
            let queries = try Self.queries(request)
            var results: [String] = []
            for query in queries {
                if query.sql.hasPrefix("INSERT INTO \"neon_sql\"") {
                    results.append(Self.keyResult)
                } else if query.sql == Self.checkPrefix {
                    let keys = query.params.first.map { $0.dropFirst().dropLast().split(separator: ",").map(String.init) } ?? []
                    results.append(Self.checkResult(replicaSees(request, keys)))
                } else if query.sql.hasPrefix("UPDATE") {
                    results.append(Self.updateResult)
                } else {
                    results.append(Self.rowResult)
                }
            }
            let body = queries.count == 1 && (try? JSONSerialization.jsonObject(with: request.body) as? [String: Any])?["query"] != nil
                ? results[0] : ExactlyOnceWritesTests.batchBody(results)
            return NeonHTTPResponse(status: 200, body: Data(body.utf8))
        }
    }

    @Test func readsGoToReplicasRoundRobinAndWritesToThePrimary() async throws {
        let transport = Self.database()
        let events = RequestEventLog()
        let client = try Self.client(transport, replicas: [Self.replicaA, Self.replicaB], observer: events.append)
        _ = try await client.execute(Self.read)
        _ = try await client.execute(Self.read)
        _ = try await client.execute(Self.read)
        _ = try await client.execute(Self.write)
        #expect(transport.requests.map(\.url) == [Self.replicaA, Self.replicaB, Self.replicaA, Self.primary])
        #expect(events.events.map(\.route) == [.replica(0), .replica(1), .replica(0), .primary])
        // Before any write a read is sent as it is: no check.
        #expect(try Self.queries(transport.requests[0]).map(\.sql) == ["SELECT 1 AS n"])
        // A replica gets its own connection string; the primary the primary's.
        #expect(transport.requests[0].value(forHeader: "Neon-Connection-String") == Self.replicaConnection)
        #expect(transport.requests[3].value(forHeader: "Neon-Connection-String") == testConnectionString)
        // A write records a key (read-your-writes needs it) and so is safe to resend.
        #expect(try Self.queries(transport.requests[3]).first?.sql.hasPrefix("INSERT INTO \"neon_sql\"") == true)
        #expect(transport.requests[3].isSafeToResend)
    }

    @Test func aReadAfterAWriteCarriesTheWritesKeyAndStaysOnACaughtUpReplica() async throws {
        let transport = Self.database()
        let client = try Self.client(transport)
        #expect(try await client.execute(Self.write) == 1)
        let key = try #require(try Self.queries(transport.requests[0]).first?.params.first)
        #expect(try await client.execute(Self.read).map(\.n) == [1])
        let read = try Self.queries(transport.requests[1])
        #expect(transport.requests[1].url == Self.replicaA)
        #expect(read.map(\.sql) == [Self.checkPrefix, "SELECT 1 AS n"])
        #expect(read[0].params == ["{\(key)}"])
    }

    @Test func aReplicaBehindTheClientsWriteSendsTheReadToThePrimary() async throws {
        let transport = Self.database(replicaSees: { request, _ in request.url != Self.replicaA })
        let events = RequestEventLog()
        let client = try Self.client(transport, observer: events.append)
        _ = try await client.execute(Self.write)
        #expect(try await client.execute(Self.read).map(\.n) == [1])
        #expect(transport.requests.map(\.url) == [Self.primary, Self.replicaA, Self.primary])
        // On the primary no check: it has every committed write.
        #expect(try Self.queries(transport.requests[2]).map(\.sql) == ["SELECT 1 AS n"])
        let readEvents = events.events.dropFirst()
        #expect(readEvents.map(\.route) == [.replica(0), .primary])
        #expect(readEvents.map(\.failure?.category) == ["replicaBehind", nil])
    }

    @Test func sequentialWritesKeepOnlyTheLastKeyConcurrentOnesAll() async throws {
        let transport = Self.database()
        let client = try Self.client(transport)
        _ = try await client.execute(Self.write)
        _ = try await client.execute(Self.write)
        let second = try #require(try Self.queries(transport.requests[1]).first?.params.first)
        _ = try await client.execute(Self.read)
        #expect(try Self.queries(transport.requests[2]).first?.params == ["{\(second)}"])

        // Two writes in flight together: neither's commit is known to precede the other's.
        let gate = Gate()
        let slow = TransportDouble { request, attempt in
            if attempt < 2 { await gate.arrive(expecting: 2) }
            return try await Self.database().send(request)
        }
        let concurrent = try Self.client(slow)
        async let first = concurrent.execute(Self.write)
        async let other = concurrent.execute(Self.write)
        _ = try await (first, other)
        _ = try await concurrent.execute(Self.read)
        let keys = try Self.queries(slow.requests[0]).first?.params.first
        let keys2 = try Self.queries(slow.requests[1]).first?.params.first
        let checked = try #require(try Self.queries(slow.requests[2]).first?.params.first)
        #expect(Set(checked.dropFirst().dropLast().split(separator: ",").map(String.init)) == Set([keys, keys2].compactMap { $0 }))
    }

    @Test func aWriteWhoseAnswerFailsToDecodeStillCountsAsCommitted() async throws {
        let transport = TransportDouble { request, _ in
            if request.url == Self.primary {
                // 200: the batch committed; its second result is not what an :execrows decodes.
                return NeonHTTPResponse(status: 200, body: Data(ExactlyOnceWritesTests.batchBody([Self.keyResult, "42"]).utf8))
            }
            return try await Self.database().send(request)
        }
        let client = try Self.client(transport)
        await #expect(throws: NeonError.self) { try await client.execute(Self.write) }
        let key = try #require(try Self.queries(transport.requests[0]).first?.params.first)
        _ = try await client.execute(Self.read)
        #expect(try Self.queries(transport.requests[1]).first?.params == ["{\(key)}"])
    }

    @Test func aWriteWithAnUnknownOutcomeIsWaitedForButMakesNoReplicaLag() async throws {
        let transport = TransportDouble { request, _ in
            if request.url == Self.primary, try Self.queries(request).contains(where: { $0.sql.hasPrefix("UPDATE") }) {
                throw TransportError(kind: .other, message: "connection reset")
            }
            // The replica never sees the key (the write may never have committed).
            return try await Self.database(replicaSees: { _, _ in false }).send(request)
        }
        let client = try Self.client(transport, policy: ReplicaPolicy(maxLag: .zero, retryAfter: .seconds(3600)))
        await #expect(throws: NeonError.self) { try await client.execute(Self.write) }
        let key = try #require(try Self.queries(transport.requests[0]).first?.params.first)
        let writes = transport.count
        #expect(try await client.execute(Self.read).map(\.n) == [1])
        let reads = Array(transport.requests[writes...])
        // The read-back checks the write's key on the replica, then asks the primary...
        #expect(reads.map(\.url) == [Self.replicaA, Self.primary])
        #expect(try Self.queries(reads[0]).first?.params == ["{\(key)}"])
        // ...and the replica, though behind that key with maxLag zero, stays in rotation.
        #expect(client.replicaRotation.isInRotation(0))
    }

    @Test func routingAndSessionsChooseWhatAReadWaitsFor() async throws {
        let transport = Self.database()
        let client = try Self.client(transport)
        let session = client.session()
        _ = try await session.execute(Self.write)
        // The client's scope saw no write: its read has no check.
        _ = try await client.execute(Self.read)
        #expect(try Self.queries(transport.requests[1]).map(\.sql) == ["SELECT 1 AS n"])
        // The session's read waits for its write.
        _ = try await session.execute(Self.read)
        #expect(try Self.queries(transport.requests[2]).first?.sql == Self.checkPrefix)
        // Stale reads allowed: no check; primary: the primary.
        _ = try await session.routing(.replicaAllowingStaleReads).execute(Self.read)
        #expect(transport.requests[3].url == Self.replicaA)
        #expect(try Self.queries(transport.requests[3]).map(\.sql) == ["SELECT 1 AS n"])
        _ = try await session.routing(.primary).execute(Self.read)
        #expect(transport.requests[4].url == Self.primary)
    }

    @Test func aFailingReplicaLeavesTheRotationAndReadsFallBack() async throws {
        let transport = TransportDouble { request, _ in
            if request.url == Self.replicaA { throw TransportError(kind: .connectionFailed, message: "refused") }
            return NeonHTTPResponse(status: 200, body: Data(Self.rowResult.utf8))
        }
        let client = try Self.client(transport, policy: ReplicaPolicy(retryAfter: .seconds(3600)))
        #expect(try await client.execute(Self.read).map(\.n) == [1])
        #expect(try await client.execute(Self.read).map(\.n) == [1])
        // One try on the replica (no retries there), then the primary; the next read skips it.
        #expect(transport.requests.map(\.url) == [Self.replicaA, Self.primary, Self.primary])
        #expect(!client.replicaRotation.isInRotation(0))
    }

    @Test func aReplicaBackAfterRetryAfterIsTriedAgain() async throws {
        let failing = LockedFlag(true)
        let transport = TransportDouble { request, _ in
            if request.url == Self.replicaA, failing.value { return NeonHTTPResponse(status: 503, body: Data("busy".utf8)) }
            return NeonHTTPResponse(status: 200, body: Data(Self.rowResult.utf8))
        }
        let client = try Self.client(transport, policy: ReplicaPolicy(retryAfter: .milliseconds(50)))
        _ = try await client.execute(Self.read)
        failing.value = false
        try await Task.sleep(for: .milliseconds(80))
        _ = try await client.execute(Self.read)
        #expect(transport.requests.map(\.url) == [Self.replicaA, Self.primary, Self.replicaA])
    }

    @Test func aReplicaLaggingBeyondTheBoundLeavesTheRotation() async throws {
        let transport = Self.database(replicaSees: { request, _ in request.url != Self.replicaA })
        let client = try Self.client(transport, policy: ReplicaPolicy(maxLag: .milliseconds(10), retryAfter: .seconds(3600)))
        _ = try await client.execute(Self.write)
        try await Task.sleep(for: .milliseconds(30))
        _ = try await client.execute(Self.read)
        _ = try await client.execute(Self.read)
        #expect(transport.requests.map(\.url) == [Self.primary, Self.replicaA, Self.primary, Self.primary])
    }

    @Test func aReplicaMayBeWaitedForBriefly() async throws {
        let checks = Counter()
        let transport = Self.database(replicaSees: { request, _ in request.url == Self.replicaA && checks.increment() >= 3 })
        // No lag bound in reach: a loaded machine must not turn the wait into a lag verdict.
        let client = try Self.client(transport, policy: ReplicaPolicy(catchUpWait: .seconds(600), maxLag: .seconds(3600)))
        _ = try await client.execute(Self.write)
        #expect(try await client.execute(Self.read).map(\.n) == [1])
        #expect(transport.requests.map(\.url) == [Self.primary, Self.replicaA, Self.replicaA, Self.replicaA])
    }

    @Test func aReadsOwnErrorOnAReplicaIsTheCallersNotAFallback() async throws {
        let transport = TransportDouble(responses: [(400, #"{"message":"division by zero","code":"22012"}"#)])
        let client = try Self.client(transport)
        await #expect(throws: NeonError.self) { try await client.execute(Self.read) }
        #expect(transport.requests.map(\.url) == [Self.replicaA])
        #expect(client.replicaRotation.isInRotation(0))
    }

    @Test func readOnlyBatchesGoToAReplicaWithTheCheckFirst() async throws {
        let transport = Self.database()
        let client = try Self.client(transport)
        _ = try await client.execute(Self.write)
        let (a, b) = try await client.batch(Self.read, Self.read)
        #expect(a.map(\.n) == [1] && b.map(\.n) == [1])
        #expect(transport.requests[1].url == Self.replicaA)
        #expect(try Self.queries(transport.requests[1]).map(\.sql) == [Self.checkPrefix, "SELECT 1 AS n", "SELECT 1 AS n"])
        // A batch with a write goes to the primary.
        _ = try await client.batch(Self.read, Self.write)
        #expect(transport.requests[2].url == Self.primary)
        // So does a serializable one: a hot standby refuses SERIALIZABLE.
        _ = try await client.batch(Self.read, Self.read, options: BatchOptions(isolationLevel: .serializable, readOnly: true))
        #expect(transport.requests[3].url == Self.primary)
        _ = try await client.batch(Self.read, Self.read, options: BatchOptions(isolationLevel: .repeatableRead, readOnly: true))
        #expect(transport.requests[4].url == Self.replicaA)
    }

    @Test func replicasMustShareTheRoleAndNeverShowThePassword() throws {
        var configuration = try NeonConfiguration(connectionString: testConnectionString)
        #expect(throws: NeonError.self) {
            try configuration.addReadReplica(connectionString: "postgresql://bob:\(testPassword)@ep-r-1.us-east-2.aws.neon.tech/neondb")
        }
        #expect(throws: NeonError.self) {
            try configuration.addReadReplica(connectionString: "postgresql://alice@ep-r-1.us-east-2.aws.neon.tech/neondb")
        }
        try configuration.addReadReplica(connectionString: "postgresql://alice:other-\(testPassword)@ep-r-1.us-east-2.aws.neon.tech/neondb")
        let texts = [configuration.description, "\(configuration.readReplicas)", String(reflecting: configuration.readReplicas[0])]
        var dumped = ""
        dump(configuration, to: &dumped)
        for text in texts + [dumped] { #expect(!text.contains(testPassword)) }
        #expect(configuration.redact("x other-\(testPassword) y") == "x **** y")
        #expect(configuration.description.contains("ep-r-1.us-east-2.aws.neon.tech"))
        #expect(try configuration.readReplicas[0].endpoint(bearerToken: false).absoluteString == "https://api.us-east-2.aws.neon.tech/sql")
    }
}

/// A flag shared with a transport handler.
final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Bool
    init(_ value: Bool) { stored = value }
    var value: Bool {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// Holds callers until `expecting` have arrived.
actor Gate {
    private var arrived = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []
    func arrive(expecting: Int) async {
        arrived += 1
        if arrived >= expecting {
            waiting.forEach { $0.resume() }
            waiting = []
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }
}
