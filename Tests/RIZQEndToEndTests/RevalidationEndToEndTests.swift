import Foundation
import NeonSQL
import NeonSQLTestSupport
import RIZQFeatures
import RIZQQueries
import Testing

/// Conditional revalidation (``NeonClient/revalidate()``) end to end: RIZQ's home and library
/// screens (20 cached queries) through neon-local (JWT mode, row-level security), with changes
/// made behind the cache by another client ("another device"), requests counted with the
/// request observer.
@Suite("Revalidation end to end", .enabled(if: LocalStack.shouldRun))
struct RevalidationEndToEndTests {
    typealias Session = CacheEndToEndTests.Session
    typealias Recorder = CacheEndToEndTests.Recorder
    let owner: NeonClient

    init() throws {
        owner = try LocalStack.client()
    }

    /// A signed-in client with a cache of its own that has read both screens.
    private func screensLoaded(_ name: String) async throws -> (client: NeonClient, log: RequestEventLog, user: UUID, loadBytes: Int) {
        let user = try await Fixtures.newUser(owner, name: name)
        let log = RequestEventLog()
        let client = try CacheEndToEndTests.client(as: Session(user), cache: QueryCache(), log: log)
        try await RIZQScreens.loadAll(client)
        #expect(log.events.count == RIZQScreens.queries.count, "\(log.events.map(\.queryNames))")
        let bytes = log.events.reduce(0) { $0 + $1.responseBytes }
        log.removeAll()
        return (client, log, user, bytes)
    }

    /// Another device of the same user: no cache, so its writes are behind the first one's back.
    private func otherDevice(_ user: UUID) throws -> Queries {
        Queries(try CacheEndToEndTests.client(as: Session(user), cache: nil, log: RequestEventLog()))
    }

    @Test func nothingChangedIsOneSmallRequestAndEveryEntryIsFreshAgain() async throws {
        let (client, log, _, loadBytes) = try await screensLoaded("Revalidate Nothing")
        // Fresh entries, none observed: nothing is due.
        #expect(try await client.revalidate().requests == 0)
        #expect(log.events.isEmpty)
        // As if every max-age had passed: all 20 are checked.
        let report = try await client.revalidate(.all)
        #expect(report.requests == 1)
        #expect(report.checked.count == RIZQScreens.queries.count)
        #expect(report.refetched.isEmpty)
        #expect(log.events.map(\.queryNames) == [[RevalidationRequest.digestName]])
        let digestBytes = try #require(log.events.first).responseBytes
        #expect(digestBytes * 20 <= loadBytes, "digest response \(digestBytes) bytes, refetching all \(loadBytes) bytes")

        // Everything is current: nothing was due again (the max-ages restarted), and reads hit.
        log.removeAll()
        #expect(try await client.revalidate().requests == 0)
        try await RIZQScreens.loadAll(client)
        #expect(log.events.isEmpty, "\(log.events.map(\.queryNames))")
    }

    @Test func changesBehindTheCacheAreRefetchedAloneInOneMoreRequest() async throws {
        let (client, log, user, _) = try await screensLoaded("Revalidate Changes")
        let device = try otherDevice(user)
        #expect(try await device.markMyDuaCompleted(duaId: 2, xpEarned: 10) == 1)
        #expect(try await device.addMyXp(amount: 10) != nil)

        let report = try await client.revalidate(.all)
        #expect(report.requests == 2)
        #expect(Set(report.refetched) == ["FetchMyProfile", "FetchMyWeekActivity"])
        #expect(log.events.map(\.queryNames) == [[RevalidationRequest.digestName], report.refetched])
        #expect(log.events.last?.isBatch == true)
        // The cache now holds what a fresh fetch gives, for every query.
        let fresh = try CacheEndToEndTests.client(as: Session(user), cache: nil, log: RequestEventLog())
        for query in RIZQScreens.queries {
            #expect(try await query.cacheEqualsFresh(client, fresh) == true, "\(query.name)")
        }
    }

    @Test func observersOfAChangedQueryGetTheNewValueAndTheOthersNothing() async throws {
        let (client, log, user, _) = try await screensLoaded("Revalidate Observers")
        let profiles = Recorder<Cached<UserProfile?>>()
        let categories = Recorder<Cached<[RIZQQueries.Category]>>()
        let watchers = [
            Task { for try await value in client.observeCached(Statements.fetchMyProfile()) { profiles.append(value) } },
            Task { for try await value in client.observeCached(Statements.fetchCategories()) { categories.append(value) } },
        ]
        defer { for watcher in watchers { watcher.cancel() } }
        try await Self.waitUntil { profiles.all.count == 1 && categories.all.count == 1 }
        #expect(log.events.isEmpty, "fresh entries: the observations start without a request")

        let xp = try #require(profiles.all.first?.value).totalXp
        #expect(try await otherDevice(user).addMyXp(amount: 7)?.totalXp == xp + 7)
        let report = try await client.revalidate()
        #expect(Set(report.checked) == ["FetchMyProfile", "FetchCategories"], "the observed entries are due, the others fresh")
        #expect(report.refetched == ["FetchMyProfile"])
        try await Self.waitUntil { profiles.all.count == 2 }
        #expect(profiles.all.last?.value?.totalXp == xp + 7)
        #expect(profiles.all.last?.isFromNetwork == true)
        try await Task.sleep(for: .milliseconds(200))
        #expect(categories.all.count == 1, "the categories did not change: their observer gets nothing")
    }

    // Beside other suites the observations' first fetch can take longer than the 200 ms interval:
    // the first periodic revalidation then runs before any entry exists (it must not forget the
    // watched query, or every later one finds nothing due).
    @Test func anObservationRevalidatingPeriodicallySeesAnotherDevicesChange() async throws {
        let user = try await Fixtures.newUser(owner, name: "Revalidate Periodically")
        let log = RequestEventLog()
        let client = try CacheEndToEndTests.client(as: Session(user), cache: QueryCache(), log: log)
        let profiles = Recorder<Cached<UserProfile?>>()
        let watchers = (0..<3).map { _ in
            Task {
                for try await value in client.observeCached(Statements.fetchMyProfile(), revalidatingEvery: .milliseconds(200)) {
                    profiles.append(value)
                }
            }
        }
        defer { for watcher in watchers { watcher.cancel() } }
        try await Self.waitUntil { profiles.all.count >= 3 }
        let xp = try #require(profiles.all.first?.value).totalXp
        #expect(try await otherDevice(user).addMyXp(amount: 5)?.totalXp == xp + 5)
        // No revalidate() call here: the observations' own revalidation finds the change.
        try await Self.waitUntil { profiles.all.filter { $0.value?.totalXp == xp + 5 }.count == 3 }
        #expect(profiles.all.filter { $0.value?.totalXp == xp + 5 }.count == 3,
                "\(profiles.all.map { $0.value?.totalXp ?? -1 }), requests: \(log.events.map { ($0.queryNames, $0.failure.map { "\($0)" } ?? "ok") })")
        let refetches = log.events.filter { $0.queryNames == ["FetchMyProfile"] && $0.isBatch }
        #expect(refetches.count == 1, "three observations, one shared revalidation refetched it: \(log.events.map(\.queryNames))")
    }

    @Test func oneUsersRevalidationNeverTouchesAnotherUsersEntries() async throws {
        let first = try await Fixtures.newUser(owner, name: "Revalidate First")
        let second = try await Fixtures.newUser(owner, name: "Revalidate Second")
        let session = Session(first)
        let log = RequestEventLog()
        let client = try CacheEndToEndTests.client(as: session, cache: QueryCache(), log: log)
        let queries = Queries(client)
        #expect(try await queries.fetchMyProfile()?.userId == first)
        session.signIn(second)
        #expect(try await queries.fetchMyProfile()?.userId == second)
        _ = try await otherDevice(first).addMyXp(amount: 3)
        log.removeAll()

        // Signed in as the second user: only the second user's entry is due and checked.
        let asSecond = try await client.revalidate(.all)
        #expect(asSecond.checked == ["FetchMyProfile"])
        #expect(asSecond.refetched.isEmpty, "the first user's change is not the second's")
        session.signIn(first)
        let asFirst = try await client.revalidate(.all)
        #expect(asFirst.refetched == ["FetchMyProfile"])
        #expect(try await client.executeCached(Statements.fetchMyProfile().cachePolicy(.cacheOnly)).value?.userId == first)
    }

    @Test func offlineTheEntriesStayMarkedStaleWithoutAnError() async throws {
        let user = try await Fixtures.newUser(owner, name: "Revalidate Offline")
        let network = SwitchableTransport()
        let log = RequestEventLog()
        let client = try CacheEndToEndTests.client(as: Session(user), cache: QueryCache(), log: log, transport: network)
        try await RIZQScreens.loadAll(client)
        network.isOffline = true
        log.removeAll()

        let report = try await client.revalidate(.all)
        #expect(report.isOffline)
        #expect(report.requests == 1, "one failed request, no storm: \(log.events.map(\.queryNames))")
        let cached = try await client.executeCached(Statements.fetchCategories().cachePolicy(.cacheOnly))
        #expect(cached.isStale && !cached.value.isEmpty)

        network.isOffline = false
        let online = try await client.revalidate()
        #expect(!online.isOffline && online.checked.count == RIZQScreens.queries.count)
        #expect(try await client.executeCached(Statements.fetchCategories().cachePolicy(.cacheOnly)).isStale == false)
    }
}

extension RevalidationEndToEndTests {
    /// Waits (about a minute at most: the full suite can starve a test for long) until
    /// `condition` holds.
    static func waitUntil(_ condition: () async throws -> Bool) async throws {
        for _ in 0..<1200 {
            if try await condition() { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("the condition did not hold in time")
    }
}

/// A transport that fails every request as a refused connection while `isOffline`.
final class SwitchableTransport: NeonTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var offline = false
    var isOffline: Bool {
        get { lock.withLock { offline } }
        set { lock.withLock { offline = newValue } }
    }

    func send(_ request: NeonHTTPRequest) async throws -> NeonHTTPResponse {
        if isOffline { throw TransportError(kind: .connectionFailed, message: "offline") }
        return try await URLSessionTransport.shared.send(request)
    }
}
