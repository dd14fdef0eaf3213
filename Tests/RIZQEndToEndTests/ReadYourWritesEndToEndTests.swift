import Foundation
@testable import NeonSQL
import NeonSQLTestSupport
import RIZQQueries
import Testing

/// Read-your-writes through the cache, end to end (neon-local, JWT mode): a read that starts after
/// a write has finished never gets data from before that write as fresh.
@Suite("Read-your-writes through the cache end to end", .enabled(if: LocalStack.shouldRun))
struct ReadYourWritesEndToEndTests {
    let owner: NeonClient

    init() throws {
        owner = try LocalStack.client()
    }

    @Test(.timeLimit(.minutes(2)))
    func aReadAfterAWriteDoesNotReturnTheRowsOfAnOlderReadStillInFlight() async throws {
        let user = try await Fixtures.newUser(owner, name: "RYW In Flight")
        let transport = AnswerHoldingTransport()
        let log = RequestEventLog()
        let cache = QueryCache(schemaVersion: "e2e")
        let client = try CacheEndToEndTests.client(as: CacheEndToEndTests.Session(user), cache: cache, log: log, transport: transport)
        let xpBefore = try #require(try await Queries(owner).fetchUserProfile(userId: user)).totalXp

        // An older read of the profile: the server answered it, its answer is held on the way back.
        transport.holdNextRead()
        let older = Task { try await client.executeCached(Statements.fetchMyProfile()) }
        while transport.heldAnswers < 1 { try await Task.sleep(for: .milliseconds(5)) }

        // A write of the profile, awaited; then a read of the same query starts.
        #expect(try await Queries(client).addMyXp(amount: 10)?.totalXp == xpBefore + 10)
        let newer = try await client.executeCached(Statements.fetchMyProfile())
        #expect(newer.value?.totalXp == xpBefore + 10, "the read after the write returned the older read's rows")
        #expect(newer.isFromNetwork && !newer.isStale)

        transport.releaseHeld()
        let olderResult = try await older.value
        #expect(olderResult.value?.totalXp == xpBefore)
        #expect(olderResult.isStale, "rows fetched before a finished write came back marked fresh")
        #expect(log.events.filter { $0.queryNames == ["FetchMyProfile"] }.count == 2)

        // The cache keeps the newer result, and serves it fresh without a request.
        log.removeAll()
        let cached = try await client.executeCached(Statements.fetchMyProfile())
        #expect(cached.value?.totalXp == xpBefore + 10 && !cached.isStale && !cached.isFromNetwork)
        #expect(log.events.isEmpty)
    }

    @Test(.timeLimit(.minutes(2)))
    func identicalReadsStartedTogetherShareOneRequest() async throws {
        let user = try await Fixtures.newUser(owner, name: "RYW Shared")
        let transport = AnswerHoldingTransport()
        let log = RequestEventLog()
        let cache = QueryCache(schemaVersion: "e2e")
        let client = try CacheEndToEndTests.client(as: CacheEndToEndTests.Session(user), cache: cache, log: log, transport: transport)
        transport.holdNextRead()
        let first = Task { try await client.executeCached(Statements.fetchMyProfile()) }
        while transport.heldAnswers < 1 { try await Task.sleep(for: .milliseconds(5)) }
        // A write of another table does not concern the profile: the second read joins the first.
        #expect(try await Queries(client).markMyDuaCompleted(duaId: 2, xpEarned: 5) == 1)
        let second = Task { try await client.executeCached(Statements.fetchMyProfile()) }
        while cache.inFlight.waiterCount < 2 { try await Task.sleep(for: .milliseconds(5)) }
        transport.releaseHeld()
        let (a, b) = (try await first.value, try await second.value)
        #expect(a.value?.userId == user && b.value?.userId == user)
        #expect(a.isFromNetwork && b.isFromNetwork && !a.isStale && !b.isStale)
        #expect(log.events.filter { $0.queryNames == ["FetchMyProfile"] }.count == 1)
    }
}

extension ReadYourWritesEndToEndTests {
    /// Sends through URLSession; when armed, holds the answer of the next read-only request (the
    /// server already ran it) until ``releaseHeld()``.
    final class AnswerHoldingTransport: NeonTransport, @unchecked Sendable {
        // @unchecked: the vars are only touched under `lock`.
        private let base = URLSessionTransport()
        private let lock = NSLock()
        private var armed = false
        private var held = 0
        private let release = AsyncStream<Void>.makeStream()

        func holdNextRead() { lock.withLock { armed = true } }

        /// How many answers are (or were) held.
        var heldAnswers: Int { lock.withLock { held } }

        func releaseHeld() { release.continuation.finish() }

        func send(_ request: NeonHTTPRequest) async throws -> NeonHTTPResponse {
            let response = try await base.send(request)
            let hold = lock.withLock {
                guard armed, request.isReadOnly else { return false }
                armed = false
                held += 1
                return true
            }
            if hold { for await _ in release.stream {} }
            return response
        }
    }
}
