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
    /// Requests never time out while a test holds an answer: a loaded machine may pause a test for
    /// minutes, and a held read that timed out would be answered from the cache instead.
    static let heldTimeout: Duration = .seconds(24 * 3600)

    init() throws {
        owner = try LocalStack.client()
    }

    @Test
    func aReadAfterAWriteDoesNotReturnTheRowsOfAnOlderReadStillInFlight() async throws {
        let user = try await Fixtures.newUser(owner, name: "RYW In Flight")
        let transport = AnswerHoldingTransport()
        let log = RequestEventLog()
        let cache = QueryCache(schemaVersion: "e2e")
        let client = try CacheEndToEndTests.client(as: CacheEndToEndTests.Session(user), cache: cache, log: log, transport: transport,
                                                   requestTimeout: Self.heldTimeout)
        let xpBefore = try #require(try await Queries(owner).fetchUserProfile(userId: user)).totalXp

        // An older read of the profile: the server answered it, its answer is held on the way back.
        transport.holdNextRead()
        let older = Task { try await client.executeCached(Statements.fetchMyProfile()) }
        try #require(await Polling.until { transport.heldAnswers == 1 })

        // A write of the profile, awaited; then a read of the same query starts.
        #expect(try await Queries(client).addMyXp(amount: 10)?.totalXp == xpBefore + 10)
        let newerRead = Task { try await client.executeCached(Statements.fetchMyProfile()) }
        let sentItsOwn = await Polling.until { transport.readsSent == 2 }
        #expect(sentItsOwn, "the read after the write joined the older read")
        if !sentItsOwn { transport.releaseHeld() }
        let newer = try await newerRead.value
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

    @Test
    func identicalReadsStartedTogetherShareOneRequest() async throws {
        let user = try await Fixtures.newUser(owner, name: "RYW Shared")
        let transport = AnswerHoldingTransport()
        let log = RequestEventLog()
        let cache = QueryCache(schemaVersion: "e2e")
        let client = try CacheEndToEndTests.client(as: CacheEndToEndTests.Session(user), cache: cache, log: log, transport: transport,
                                                   requestTimeout: Self.heldTimeout)
        transport.holdNextRead()
        let first = Task { try await client.executeCached(Statements.fetchMyProfile()) }
        try #require(await Polling.until { transport.heldAnswers == 1 })
        // A write of another table does not concern the profile: the second read joins the first.
        #expect(try await Queries(client).markMyDuaCompleted(duaId: 2, xpEarned: 5) == 1)
        let second = Task { try await client.executeCached(Statements.fetchMyProfile()) }
        #expect(await Polling.until { cache.inFlight.waiterCount == 2 || transport.readsSent > 1 })
        transport.releaseHeld()
        let (a, b) = (try await first.value, try await second.value)
        #expect(a.value?.userId == user && b.value?.userId == user)
        #expect(a.isFromNetwork && b.isFromNetwork && !a.isStale && !b.isStale)
        #expect(log.events.filter { $0.queryNames == ["FetchMyProfile"] }.count == 1)
    }
}

/// Optimistic edits (``CacheEdits``) end to end: shown at once, kept until the refetch that
/// includes the applied write, undone alone when their write is rejected.
@Suite("Optimistic cache edits end to end", .enabled(if: LocalStack.shouldRun))
struct CacheEditsEndToEndTests {
    let owner: NeonClient

    init() throws {
        owner = try LocalStack.client()
    }

    @Test
    func anEditIsShownKeptUntilTheRefetchAndUndoneAloneOnRejection() async throws {
        let user = try await Fixtures.newUser(owner, name: "Edits Shown")
        let stranger = try await Fixtures.newUser(owner, name: "Edits Stranger")
        let session = CacheEndToEndTests.Session(user)
        let log = RequestEventLog()
        let cache = QueryCache(schemaVersion: "e2e")
        let client = try CacheEndToEndTests.client(as: session, cache: cache, log: log)
        let xp = try #require(try await Queries(owner).fetchUserProfile(userId: user)).totalXp

        let inbox = CacheEndToEndTests.Inbox<Cached<UserProfile?>>()
        let consumer = Task {
            do {
                for try await value in client.observeCached(Statements.fetchMyProfile()) { inbox.put(value) }
                inbox.finish(nil)
            } catch {
                inbox.finish(error)
            }
        }
        defer { consumer.cancel() }
        let first = try #require(await inbox.next(), "\(String(describing: inbox.failure))")
        #expect(first.value?.totalXp == xp && !first.hasPendingEdits)

        // Two writes enqueued with their edits: shown at once, in order, without a request.
        log.removeAll()
        let identity = try await client.currentCacheIdentity()
        let addXP = UUID(), rename = UUID()
        var xpEdit = CacheEdits()
        xpEdit.update(Statements.fetchMyProfile()) { $0?.totalXp += 10 }
        var nameEdit = CacheEdits()
        nameEdit.update(Statements.fetchMyProfile()) { $0?.displayName = "Pending Name" }
        cache.applyEdits(xpEdit, write: addXP, identity: identity)
        cache.applyEdits(nameEdit, write: rename, identity: identity)
        let edited = try #require(await inbox.next())
        #expect(edited.value?.totalXp == xp + 10 && edited.value?.displayName == "Edits Shown" && edited.hasPendingEdits)
        let both = try #require(await inbox.next())
        #expect(both.value?.totalXp == xp + 10 && both.value?.displayName == "Pending Name")
        #expect(log.events.isEmpty, "an edit sent \(log.events.map(\.queryNames))")

        // The XP write is applied (sent as the outbox sends it, then invalidated with its edits
        // settled): the refetch shows the server's XP, which includes it, once, never the old XP.
        let sender = Queries(try CacheEndToEndTests.client(as: session, cache: nil, log: RequestEventLog()))
        #expect(try await sender.addMyXp(amount: 10)?.totalXp == xp + 10)
        cache.invalidate(effects: Statements.addMyXp(amount: 10).tables, appliedWrites: [addXP])
        let refetched = try #require(await inbox.next())
        #expect(refetched.isFromNetwork)
        #expect(refetched.value?.totalXp == xp + 10, "the applied edit flickered or counted twice")
        #expect(refetched.value?.displayName == "Pending Name" && refetched.hasPendingEdits)

        // The rename is refused by the database (another user's row): exactly its edit is undone.
        do {
            _ = try await sender.markDuaCompleted(userId: stranger, duaId: 1, xpEarned: 5)
            Issue.record("a row for another user was written")
        } catch let error as NeonError {
            #expect(error.sqlState == "42501", "\(error)")
            cache.settleEdits(of: rename, .rejected)
        }
        let undone = try #require(await inbox.next())
        #expect(undone.value?.totalXp == xp + 10 && undone.value?.displayName == "Edits Shown" && !undone.hasPendingEdits)
        #expect(try await Queries(client).fetchMyProfile()?.totalXp == xp + 10)
        consumer.cancel()
        _ = await consumer.result
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
        private var reads = 0
        private let release = AsyncStream<Void>.makeStream()

        func holdNextRead() { lock.withLock { armed = true } }

        /// How many answers are (or were) held.
        var heldAnswers: Int { lock.withLock { held } }

        /// How many read-only requests were sent.
        var readsSent: Int { lock.withLock { reads } }

        func releaseHeld() { release.continuation.finish() }

        func send(_ request: NeonHTTPRequest) async throws -> NeonHTTPResponse {
            if request.isReadOnly { lock.withLock { reads += 1 } }
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
