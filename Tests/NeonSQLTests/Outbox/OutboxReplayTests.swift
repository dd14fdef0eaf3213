import Foundation
@testable import NeonSQL
import Testing

/// Enqueue, drain, ordering, batching, bisection, exactly-once and identities, against a fake
/// server that runs each batch as one transaction.
@Suite struct OutboxReplayTests {
    @Test func enqueueNeedsAnOutboxAndExactlyOnceWrites() async throws {
        let server = OutboxTestServer()
        var configuration = try NeonConfiguration(connectionString: testConnectionString)
        await #expect(throws: OutboxError.notConfigured) {
            try await NeonClient(configuration: configuration, transport: server.transport).enqueue(probeWrite("a"))
        }
        configuration.outbox = Outbox(directory: temporaryOutboxDirectory())
        await #expect(throws: OutboxError.requiresExactlyOnceWrites) {
            try await NeonClient(configuration: configuration, transport: server.transport).enqueue(probeWrite("a"))
        }
        #expect(server.requests == 0)
    }

    @Test func anEnqueuedWriteIsSentAtOnceAndDeliversItsTypedResult() async throws {
        let server = OutboxTestServer()
        let client = try makeOutboxClient(server, directory: temporaryOutboxDirectory())
        let queued = try await client.enqueue(probeWrite("first"))
        let row = try await queued.result()
        #expect(row == .some(ProbeRow(id: "first")))
        #expect(server.applied == ["first"])
        let outbox = try #require(client.configuration.outbox)
        #expect(try await outbox.pendingWrites().isEmpty)
    }

    @Test func writesQueuedOfflineReplayInEnqueueOrderInFewRequests() async throws {
        let server = OutboxTestServer()
        server.alwaysFailing = .offline
        let directory = temporaryOutboxDirectory()
        let client = try makeOutboxClient(server, directory: directory, maxWritesPerRequest: 100)
        let values = (0..<250).map { "w\($0)" }
        for value in values { try await client.enqueue(probeWrite(value)) }
        let outbox = try #require(client.configuration.outbox)
        #expect(try await outbox.pendingWrites().count == 250)
        #expect(server.applied.isEmpty)
        server.alwaysFailing = nil
        let before = server.writeRequests
        try await client.drain()
        #expect(server.applied == values)
        #expect(server.writeRequests - before == 3)
        #expect(try await outbox.pendingWrites().isEmpty)
    }

    @Test func aRejectedWriteIsIsolatedAndTheOthersApplyInOrder() async throws {
        let server = OutboxTestServer()
        server.alwaysFailing = .offline
        let client = try makeOutboxClient(server, directory: temporaryOutboxDirectory())
        let outbox = try #require(client.configuration.outbox)
        let outcomes = outbox.outcomes()
        var rejectedID: UUID?
        for index in 0..<100 {
            let queued = try await client.enqueue(probeWrite("w\(index)", reject: index == 50))
            if index == 50 { rejectedID = queued.id }
        }
        server.alwaysFailing = nil
        try await client.drain()
        #expect(server.applied == (0..<100).filter { $0 != 50 }.map { "w\($0)" })
        var rejections: [WriteRejection] = []
        var appliedCount = 0
        for await outcome in outcomes {
            switch outcome {
            case .applied: appliedCount += 1
            case .rejected(let rejection): rejections.append(rejection)
            default: break
            }
            if appliedCount + rejections.count == 100 { break }
        }
        #expect(rejections.count == 1)
        #expect(rejections.first?.id == rejectedID)
        #expect(rejections.first?.databaseError?.code == "23514")
        #expect(rejections.first?.names == ["InsertProbe"])
        #expect(try await outbox.pendingWrites().isEmpty)
    }

    @Test func aRejectedWriteThrowsItsRejectionToItsWaiter() async throws {
        let server = OutboxTestServer()
        let client = try makeOutboxClient(server, directory: temporaryOutboxDirectory())
        let queued = try await client.enqueue(probeWrite("bad", reject: true))
        do {
            _ = try await queued.result()
            Issue.record("a rejected write returned a result")
        } catch let rejection as WriteRejection {
            #expect(rejection.databaseError?.code == "23514")
            #expect(rejection.databaseError?.constraint == "probe_check")
        }
    }

    @Test func aWriteWhoseAnswerWasLostAfterCommitIsAppliedOnce() async throws {
        let server = OutboxTestServer()
        server.alwaysFailing = .offline
        let client = try makeOutboxClient(server, directory: temporaryOutboxDirectory())
        var queued: [QueuedWrite<ProbeRow?>] = []
        for index in 0..<10 { queued.append(try await client.enqueue(probeWrite("w\(index)"))) }
        // Every attempt of the first request commits and loses its answer.
        server.alwaysFailing = nil
        server.inject(.dropAfterCommit, .dropAfterCommit)
        try await client.drain()
        #expect(server.applied == (0..<10).map { "w\($0)" })
        // Its results are unknown (an earlier attempt committed), the write counts as applied.
        #expect(try await queued[0].result() == nil)
    }

    @Test func aBatchWhosePrefixCommittedBeforeACrashSendsOnlyTheRest() async throws {
        let server = OutboxTestServer()
        let directory = temporaryOutboxDirectory()
        server.alwaysFailing = .offline
        let first = try makeOutboxClient(server, directory: directory)
        for index in 0..<5 { try await first.enqueue(probeWrite("w\(index)")) }
        // The first process sends these five, they commit, the answer is lost and the process dies.
        server.alwaysFailing = nil
        server.inject(.dropAfterCommit, .dropAfterCommit)
        try await first.drain()
        server.alwaysFailing = .offline
        for index in 5..<8 { try await first.enqueue(probeWrite("w\(index)")) }
        // A new process on the same directory sends all eight: five are recognised as applied.
        server.alwaysFailing = nil
        let second = try makeOutboxClient(server, directory: directory)
        try await second.drain()
        #expect(server.applied == (0..<8).map { "w\($0)" })
        #expect(try await second.configuration.outbox?.pendingWrites().isEmpty == true)
    }

    @Test func writesReplayOnlyUnderTheIdentityThatEnqueuedThem() async throws {
        let server = OutboxTestServer()
        let alice = testJWT(sub: "alice")
        let bob = testJWT(sub: "bob")
        let current = Shared(alice)
        server.alwaysFailing = .offline
        let client = try makeOutboxClient(server, directory: temporaryOutboxDirectory(),
                                          authentication: .bearerToken { current.value })
        for index in 0..<3 { try await client.enqueue(probeWrite("alice\(index)")) }
        current.value = bob
        for index in 0..<2 { try await client.enqueue(probeWrite("bob\(index)")) }
        server.alwaysFailing = nil
        try await client.drain()
        #expect(server.appliedWithTokens == [.init(value: "bob0", token: bob), .init(value: "bob1", token: bob)])
        let outbox = try #require(client.configuration.outbox)
        #expect(try await outbox.pendingWrites().map(\.names) == Array(repeating: ["InsertProbe"], count: 3))
        current.value = alice
        try await client.drain()
        #expect(server.appliedWithTokens.suffix(3) == (0..<3).map { .init(value: "alice\($0)", token: alice) })
        #expect(try await outbox.pendingWrites().isEmpty)
    }

    @Test func aSignOutCanDiscardAnIdentitysWrites() async throws {
        let server = OutboxTestServer()
        server.alwaysFailing = .offline
        let alice = testJWT(sub: "alice")
        let client = try makeOutboxClient(server, directory: temporaryOutboxDirectory(), authentication: .bearerToken { alice })
        let queued = try await client.enqueue(probeWrite("a"))
        let outbox = try #require(client.configuration.outbox)
        let discarded = try await outbox.discardPendingWrites(of: CacheIdentity(bearerToken: alice, configuration: client.configuration))
        #expect(discarded.map(\.id) == [queued.id])
        await #expect(throws: WriteDiscarded.self) { _ = try await queued.result() }
        server.alwaysFailing = nil
        try await client.drain()
        #expect(server.applied.isEmpty)
    }

    @Test func aMultiStatementWriteIsOneTransactionWithTypedResults() async throws {
        let server = OutboxTestServer()
        let client = try makeOutboxClient(server, directory: temporaryOutboxDirectory())
        let queued = try await client.enqueue(probeWrite("x"), probeWrite("y"))
        let (x, y) = try #require(try await queued.result())
        #expect(x?.id == "x" && y?.id == "y")
        server.alwaysFailing = .offline
        let failing = try await client.enqueue([probeWrite("p"), probeWrite("q", reject: true)])
        server.alwaysFailing = nil
        try await client.drain()
        await #expect(throws: WriteRejection.self) { _ = try await failing.result() }
        #expect(server.applied == ["x", "y"])
    }

    @Test func transientFailuresAreRetriedUntilTheWriteApplies() async throws {
        let server = OutboxTestServer()
        server.inject(.unavailable, .unavailable, .offline, .unavailable, .offline)
        let client = try makeOutboxClient(server, directory: temporaryOutboxDirectory())
        let queued = try await client.enqueue(probeWrite("eventually"))
        #expect(try await queued.result()??.id == "eventually")
        #expect(server.applied == ["eventually"])
    }

    @Test func twoOutboxesOnOneDirectoryApplyEveryWriteOnce() async throws {
        let server = OutboxTestServer()
        let directory = temporaryOutboxDirectory()
        let app = try makeOutboxClient(server, directory: directory, maxWritesPerRequest: 7)
        let widget = try makeOutboxClient(server, directory: directory, maxWritesPerRequest: 7)
        async let fromApp: Void = {
            for index in 0..<60 { try await app.enqueue(probeWrite("app\(index)")) }
        }()
        async let fromWidget: Void = {
            for index in 0..<60 { try await widget.enqueue(probeWrite("widget\(index)")) }
        }()
        _ = try await (fromApp, fromWidget)
        let done = try await eventually {
            try await app.drain()
            try await widget.drain()
            return try await app.configuration.outbox?.pendingWrites().isEmpty == true
        }
        #expect(done)
        let applied = server.applied
        #expect(applied.count == 120)
        #expect(Set(applied).count == 120)
        #expect(applied.filter { $0.hasPrefix("app") } == (0..<60).map { "app\($0)" })
        #expect(applied.filter { $0.hasPrefix("widget") } == (0..<60).map { "widget\($0)" })
    }

    @Test func theLifecycleHookSeesEachWriteEnqueuedBeforeItIsSettled() async throws {
        let server = OutboxTestServer()
        let client = try makeOutboxClient(server, directory: temporaryOutboxDirectory())
        let outbox = try #require(client.configuration.outbox)
        let events = Shared<[String]>([])
        outbox.addLifecycleHandler { event in
            switch event {
            case .enqueued(let write, _): events.value.append("enqueued \(write.id)")
            case .applied(let write, _): events.value.append("applied \(write.id)")
            case .rejected(let rejection): events.value.append("rejected \(rejection.id)")
            case .discarded(let write): events.value.append("discarded \(write.id)")
            }
        }
        let seen = Shared<[UUID]>([])
        let good = try await client.enqueueWrite([probeWrite("ok").stored], effects: TableEffects(), failure: nil,
                                                 beforeSending: { seen.value.append($0) }) { _ in () }
        _ = try await good.result()
        let bad = try await client.enqueue(probeWrite("no", reject: true))
        _ = try? await bad.result()
        #expect(seen.value == [good.id])
        #expect(events.value == ["enqueued \(good.id)", "applied \(good.id)", "enqueued \(bad.id)", "rejected \(bad.id)"])
    }

    @Test func anAppliedWriteMakesStaleTheCachedReadsOfItsTables() async throws {
        let server = OutboxTestServer()
        let client = try makeOutboxClient(server, directory: temporaryOutboxDirectory(), cache: QueryCache())
        var bindings = Bindings()
        bindings.append("r", as: .text)
        let read: Statement<ProbeRow?> = Statement<Void>.one(
            name: "ReadProbe", sql: "SELECT v AS id FROM probe WHERE v = $1", bindings: bindings, readOnly: true,
            tables: TableEffects(reads: ["public.probe"]), cacheMaxAge: .seconds(600))
        _ = try await client.execute(read)
        let cachedRequests = server.requests
        _ = try await client.execute(read)
        #expect(server.requests == cachedRequests)
        _ = try await client.enqueue(probeWrite("z")).result()
        let afterWrite = server.requests
        _ = try await client.execute(read)
        #expect(server.requests == afterWrite + 1)
    }
}
