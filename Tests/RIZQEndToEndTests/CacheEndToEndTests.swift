import Foundation
import NeonSQL
import NeonSQLTestSupport
import RIZQQueries
import Testing

/// The result cache (``QueryCache``) end to end: the generated RIZQ queries over HTTP through
/// neon-local (JWT mode, row-level security) to PostgreSQL. Each test signs in fresh users and
/// uses cache directories of its own (removed at the end), so it runs in parallel with others.
@Suite("Result cache end to end", .enabled(if: LocalStack.shouldRun))
struct CacheEndToEndTests {
    let owner: NeonClient

    init() throws {
        owner = try LocalStack.client()
    }

    // MARK: Home screen: a second load answers from the cache; a write refetches what it changed

    @Test func aSecondHomeScreenLoadSendsNoRequest() async throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let user = try await Fixtures.newUser(owner, name: "Cache Home")
        let log = RequestEventLog()
        let client = try Self.client(as: Session(user), cache: QueryCache(directory: directory.url, schemaVersion: "e2e"), log: log)

        let first = try await HomeScreen.load(Queries(client))
        #expect(first.profile?.userId == user)
        #expect(!first.categories.isEmpty && !first.collections.isEmpty && !first.featuredJourneys.isEmpty)
        #expect(log.requestedQueries == HomeScreen.queryNames)
        #expect(log.events.count == HomeScreen.queryNames.count, "\(log.events.map(\.queryNames))")
        #expect(directory.entryFiles().count == HomeScreen.queryNames.count)

        log.removeAll()
        let second = try await HomeScreen.load(Queries(client))
        #expect(log.events.isEmpty, "the second load sent \(log.events.map(\.queryNames))")
        #expect(second == first)
    }

    @Test func aWriteRefetchesExactlyTheQueriesReadingItsTables() async throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let user = try await Fixtures.newUser(owner, name: "Cache Write")
        let log = RequestEventLog()
        let client = try Self.client(as: Session(user), cache: QueryCache(directory: directory.url, schemaVersion: "e2e"), log: log)
        let queries = Queries(client)

        let before = try await HomeScreen.load(queries)
        let xpBefore = try #require(before.profile).totalXp
        #expect(before.weekActivity.isEmpty)

        log.removeAll()
        #expect(try await queries.markMyDuaCompleted(duaId: 1, xpEarned: 10) == 1)
        #expect(try await queries.addMyXp(amount: 10)?.totalXp == xpBefore + 10)
        #expect(log.events.map(\.queryNames) == [["MarkMyDuaCompleted"], ["AddMyXP"]])

        log.removeAll()
        let after = try await HomeScreen.load(queries)
        #expect(log.requestedQueries == ["FetchMyProfile", "FetchMyWeekActivity"])
        #expect(log.events.count == 2, "\(log.events.map(\.queryNames))")
        #expect(after.profile?.totalXp == xpBefore + 10)
        #expect(after.weekActivity.map(\.duasCompleted) == [[1]])
        #expect(after.categories == before.categories)
        #expect(after.collections == before.collections)
        #expect(after.featuredJourneys == before.featuredJourneys)

        // And now they are cached again.
        log.removeAll()
        #expect(try await HomeScreen.load(queries) == after)
        #expect(log.events.isEmpty, "\(log.events.map(\.queryNames))")
    }

    // MARK: Offline and a new process

    @Test func offlineTheHomeScreenLoadsFromTheDirectory() async throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let user = try await Fixtures.newUser(owner, name: "Cache Offline")
        let session = Session(user)
        let online = try Self.client(as: session, cache: QueryCache(directory: directory.url, schemaVersion: "e2e"), log: RequestEventLog())
        let home = try await HomeScreen.load(Queries(online))
        // The write makes the week activity stale (a marker file in the directory), nothing else.
        #expect(try await Queries(online).markMyDuaCompleted(duaId: 3, xpEarned: 5) == 1)

        // Another cache on the same directory, and an endpoint where nothing listens.
        let log = RequestEventLog()
        let port = try ClosedPort.number()
        let closed = try #require(URL(string: "http://127.0.0.1:\(port)/sql"))
        let offline = try Self.client(as: session, cache: QueryCache(directory: directory.url, schemaVersion: "e2e"), log: log,
                                      endpoint: closed)

        let cached = try await HomeScreen.loadCached(offline)
        #expect(cached.screen == home)
        #expect(cached.origins.values.allSatisfy { !$0.isFromNetwork }, "\(cached.origins)")
        // Fresh entries answer without a request; the stale one tried the network and fell back.
        #expect(cached.origins["FetchMyWeekActivity"]?.isStale == true)
        for name in HomeScreen.queryNames.subtracting(["FetchMyWeekActivity"]) {
            #expect(cached.origins[name]?.isStale == false, "\(name)")
        }
        #expect(log.requestedQueries == ["FetchMyWeekActivity"])
        #expect(log.events.allSatisfy { $0.failure?.category == "transport" }, "\(log.events.map(\.failure))")

        // Asking the network for everything: every query falls back, stale.
        log.removeAll()
        let forced = try await HomeScreen.loadCached(offline, policy: .networkOnly)
        #expect(forced.screen == home)
        #expect(forced.origins.count == HomeScreen.queryNames.count)
        #expect(forced.origins.values.allSatisfy { $0.isStale && !$0.isFromNetwork }, "\(forced.origins)")
        #expect(log.requestedQueries == HomeScreen.queryNames)
        #expect(log.events.allSatisfy { $0.failure?.category == "transport" }, "\(log.events.map(\.failure))")

        // The generated API (plain values) loads the screen too.
        #expect(try await HomeScreen.load(Queries(offline)) == home)
    }

    @Test func aNewProcessAnswersFromDiskBeforeAnyRequest() async throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let user = try await Fixtures.newUser(owner, name: "Cache Process")
        let session = Session(user)
        let first = try Self.client(as: session, cache: QueryCache(directory: directory.url, schemaVersion: "e2e"), log: RequestEventLog())
        let home = try await HomeScreen.load(Queries(first))

        // What a relaunched app does: a new cache on the same directory, a new client.
        let events = Recorder<QueryCache.Event>()
        let log = RequestEventLog()
        let relaunched = try Self.client(
            as: session, cache: QueryCache(directory: directory.url, schemaVersion: "e2e", observer: { events.append($0) }), log: log)
        let cached = try await HomeScreen.loadCached(relaunched)
        #expect(log.events.isEmpty, "\(log.events.map(\.queryNames))")
        #expect(cached.screen == home)
        #expect(cached.origins.values.allSatisfy { !$0.isFromNetwork && !$0.isStale }, "\(cached.origins)")
        let hits = events.all.filter { if case .hit(_, false) = $0 { return true } else { return false } }
        #expect(hits.count == HomeScreen.queryNames.count, "\(events.all)")
        #expect(!events.all.contains { if case .miss = $0 { return true } else { return false } }, "\(events.all)")
    }

    @Test func aWriteByAnotherProcessSharingTheDirectoryMakesThisOneRefetch() async throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let user = try await Fixtures.newUser(owner, name: "Cache Widget")
        let session = Session(user)
        // An app and its widget: two caches (two processes) on one directory, the same user.
        let appLog = RequestEventLog()
        let app = Queries(try Self.client(as: session, cache: QueryCache(directory: directory.url, schemaVersion: "e2e"), log: appLog))
        let widget = Queries(try Self.client(as: session, cache: QueryCache(directory: directory.url, schemaVersion: "e2e"), log: RequestEventLog()))
        #expect(try await app.fetchMyWeekActivity().isEmpty)

        // The widget's write leaves its invalidation marker in the shared directory.
        #expect(try await widget.markMyDuaCompleted(duaId: 7, xpEarned: 5) == 1)

        appLog.removeAll()
        let activity = try await app.fetchMyWeekActivity()
        #expect(appLog.requestedQueries == ["FetchMyWeekActivity"], "the app served its in-memory entry the widget's write made stale")
        #expect(activity.map(\.duasCompleted) == [[7]])
    }

    // MARK: Identities

    @Test func usersNeverSeeEachOthersCachedProfile() async throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let tag = UUID().uuidString.prefix(8)
        let alice = try await Fixtures.newUser(owner, name: "Alice \(tag)")
        let bob = try await Fixtures.newUser(owner, name: "Bob \(tag)")
        let cache = QueryCache(directory: directory.url, schemaVersion: "e2e")

        // One app: signed in as Alice, then signed out and in as Bob (same client, same cache).
        let session = Session(alice)
        let log = RequestEventLog()
        let app = Queries(try Self.client(as: session, cache: cache, log: log))
        #expect(try await app.fetchMyProfile()?.displayName == "Alice \(tag)")
        #expect(log.requestedQueries == ["FetchMyProfile"])
        log.removeAll()
        #expect(try await app.fetchMyProfile()?.userId == alice)
        #expect(log.events.isEmpty, "Alice's second read was not cached")

        session.signIn(bob)
        let asBob = try await app.fetchMyProfile()
        #expect(asBob?.userId == bob, "after switching users the client served \(String(describing: asBob?.displayName))")
        #expect(asBob?.displayName == "Bob \(tag)")
        #expect(log.events.map(\.queryNames) == [["FetchMyProfile"]], "Bob's read must go to the server")
        log.removeAll()
        #expect(try await app.fetchMyProfile()?.userId == bob)
        session.signIn(alice)
        #expect(try await app.fetchMyProfile()?.userId == alice)
        #expect(log.events.isEmpty, "each user's entry stays cached: \(log.events.map(\.queryNames))")

        // Two clients (app and widget) sharing the cache: each reads its own user's entry.
        let aliceLog = RequestEventLog()
        let bobLog = RequestEventLog()
        let aliceClient = try Self.client(as: Session(alice), cache: cache, log: aliceLog)
        let bobClient = try Self.client(as: Session(bob), cache: cache, log: bobLog)
        for _ in 0..<2 {
            #expect(try await Queries(aliceClient).fetchMyProfile()?.displayName == "Alice \(tag)")
            #expect(try await Queries(bobClient).fetchMyProfile()?.displayName == "Bob \(tag)")
        }
        #expect(aliceLog.events.isEmpty && bobLog.events.isEmpty)

        // Another process on the same directory: the same partitions, from disk.
        let reloaded = QueryCache(directory: directory.url, schemaVersion: "e2e")
        let diskLog = RequestEventLog()
        #expect(try await Queries(try Self.client(as: Session(bob), cache: reloaded, log: diskLog)).fetchMyProfile()?.userId == bob)
        #expect(try await Queries(try Self.client(as: Session(alice), cache: reloaded, log: diskLog)).fetchMyProfile()?.userId == alice)
        #expect(diskLog.events.isEmpty, "\(diskLog.events.map(\.queryNames))")

        // Sign-out that clears Alice's entries: her next read goes to the server, Bob's does not.
        let identity = try await aliceClient.currentCacheIdentity()
        let bobIdentity = try await bobClient.currentCacheIdentity()
        #expect(identity != bobIdentity)
        #expect(!String(describing: identity).contains(alice.uuidString.lowercased()))
        cache.clear(identity: identity)
        #expect(try await Queries(aliceClient).fetchMyProfile()?.userId == alice)
        #expect(try await Queries(bobClient).fetchMyProfile()?.userId == bob)
        #expect(aliceLog.requestedQueries == ["FetchMyProfile"])
        #expect(bobLog.events.isEmpty)
    }

    // MARK: Faults

    @Test func aWriteWhoseAnswerIsLostStillInvalidates() async throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let user = try await Fixtures.newUser(owner, name: "Cache Lost Answer")
        let stranger = try await Fixtures.newUser(owner, name: "Cache Stranger")
        let log = RequestEventLog()
        let transport = AnswerLosingTransport()
        let client = try Self.client(as: Session(user), cache: QueryCache(directory: directory.url, schemaVersion: "e2e"), log: log,
                                     transport: transport)
        let queries = Queries(client)
        #expect(try await queries.fetchMyWeekActivity().isEmpty)

        // A write the database refused changes nothing, and invalidates nothing.
        do {
            _ = try await queries.markDuaCompleted(userId: stranger, duaId: 1, xpEarned: 5)
            Issue.record("a row for another user was written")
        } catch let error as NeonError {
            #expect(error.sqlState == "42501", "\(error)")
        }
        log.removeAll()
        #expect(try await queries.fetchMyWeekActivity().isEmpty)
        #expect(log.events.isEmpty, "a refused write invalidated: \(log.events.map(\.queryNames))")

        // The server runs the write; its answer never arrives.
        transport.loseNextWriteAnswer()
        do {
            _ = try await queries.markMyDuaCompleted(duaId: 2, xpEarned: 5)
            Issue.record("expected the lost answer to fail the write")
        } catch let error as NeonError {
            #expect(error.isOutcomeUnknown, "\(error)")
        }
        #expect(transport.lostAnswers == 1)
        log.removeAll()
        let activity = try await queries.fetchMyWeekActivity()
        #expect(log.requestedQueries == ["FetchMyWeekActivity"], "the write with a lost answer did not invalidate")
        #expect(activity.map(\.duasCompleted) == [[2]])
    }

    @Test(.enabled(if: FaultStack.shouldRun))
    func aWriteDroppedAfterCommitByNeonLocalStillInvalidates() async throws {
        guard let faultEndpoint = FaultStack.endpoint, let ownerURL = LocalStack.connectionString else { throw FaultStack.Missing() }
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let user = try await Fixtures.newUser(owner, name: "Cache Dropped")
        let cache = QueryCache(directory: directory.url, schemaVersion: "e2e")
        let log = RequestEventLog()
        let queries = Queries(try Self.client(as: Session(user), cache: cache, log: log))
        #expect(try await queries.fetchMyWeekActivity().isEmpty)

        // A back-office client on the fault-injecting neon-local (password authentication: it has
        // no JWT settings), sharing the cache: neon-local commits, then drops the connection.
        var configuration = try NeonConfiguration(connectionString: ownerURL, endpoint: faultEndpoint, requestTimeout: .seconds(10),
                                                  retryPolicy: .none)
        configuration.cache = cache
        let transport = FaultInjectingTransport(fault: "drop-after-commit", faultyAttempts: nil, refuseFirstAttempt: false)
        let backOffice = Queries(NeonClient(configuration: configuration, transport: transport))
        do {
            _ = try await backOffice.markDuaCompleted(userId: user, duaId: 4, xpEarned: 5)
            Issue.record("expected the dropped connection to fail the write")
        } catch let error as NeonError {
            #expect(error.isOutcomeUnknown, "\(error)")
        }
        #expect(transport.count == 1)
        // The commit is visible before the read (it happened before the drop; wait for it, bounded).
        try await Self.waitUntil { try await Queries(owner).fetchWeekActivity(userId: user).count == 1 }

        log.removeAll()
        let activity = try await queries.fetchMyWeekActivity()
        #expect(log.requestedQueries == ["FetchMyWeekActivity"], "the dropped write did not invalidate")
        #expect(activity.map(\.duasCompleted) == [[4]])
    }

    // MARK: A damaged directory

    @Test func aDamagedDirectoryIsRefetchedWithoutError() async throws {
        let source = try ScratchDirectory()
        defer { source.remove() }
        let damaged = try ScratchDirectory()
        defer { damaged.remove() }
        let user = try await Fixtures.newUser(owner, name: "Cache Damaged")
        let session = Session(user)

        // Real entry files, one query at a time, to know which file is whose.
        let sourceClient = try Self.client(as: session, cache: QueryCache(directory: source.url, schemaVersion: "v1"), log: RequestEventLog())
        var files: [String: URL] = [:]
        for name in HomeScreen.queryNames.sorted() {
            let known = Set(files.values.map(\.lastPathComponent))
            try await HomeScreen.run(name, on: Queries(sourceClient))
            let new = source.entryFiles().filter { !known.contains($0.lastPathComponent) }
            try #require(new.count == 1, "\(name) wrote \(new.count) files")
            files[name] = new.first
        }
        // What the server says, without any cache.
        let expected = try await HomeScreen.load(Queries(try Self.client(as: session, cache: nil, log: RequestEventLog())))
        func file(_ name: String) throws -> URL { try #require(files[name]) }
        func target(_ name: String) throws -> URL { damaged.url.appendingPathComponent(try file(name).lastPathComponent) }

        // The same entries written by an older app version (another schema version).
        let older = try Self.client(as: session, cache: QueryCache(directory: damaged.url, schemaVersion: "v0"), log: RequestEventLog())
        _ = try await HomeScreen.load(Queries(older))
        #expect(damaged.entryFiles().count == HomeScreen.queryNames.count)
        // FetchCategories keeps the v0 file. The others are damaged in different ways.
        let categories = try Data(contentsOf: try file("FetchCategories"))
        try categories.write(to: try target("FetchCollections"))  // another key's entry
        let journeys = try Data(contentsOf: try file("FetchFeaturedJourneys"))
        try journeys.prefix(journeys.count / 2).write(to: try target("FetchFeaturedJourneys"))  // truncated
        var profile = try Data(contentsOf: try file("FetchMyProfile"))
        profile[profile.count / 2] ^= 0x5a  // one byte changed
        try profile.write(to: try target("FetchMyProfile"))
        try Data("NSQ".utf8).write(to: try target("FetchMyWeekActivity"))  // truncated before its header
        var random = SeededRandom(seed: 7)
        let garbage = Data((0..<4096).map { _ in UInt8.random(in: .min ... .max, using: &random) })
        try garbage.write(to: damaged.url.appendingPathComponent("0123456789abcdef-0123456789abcdef0123456789abcdef.nsqc"))
        try garbage.write(to: damaged.url.appendingPathComponent("invalidated-0123456789abcdef0123456789abcdef"))
        try garbage.prefix(100).write(to: damaged.url.appendingPathComponent(".tmp-\(UUID().uuidString)"))
        try Data().write(to: damaged.url.appendingPathComponent("empty.nsqc"))

        let events = Recorder<QueryCache.Event>()
        let log = RequestEventLog()
        let client = try Self.client(
            as: session, cache: QueryCache(directory: damaged.url, schemaVersion: "v1", observer: { events.append($0) }), log: log)
        let loaded = try await HomeScreen.load(Queries(client))
        #expect(loaded == expected)
        #expect(log.requestedQueries == HomeScreen.queryNames)
        #expect(log.events.allSatisfy { $0.failure == nil })
        let dropped = Set(events.all.compactMap { event -> QueryCache.DropReason? in
            if case .dropped(let reason) = event { return reason } else { return nil }
        })
        #expect(dropped == [.otherSchemaVersion, .keyMismatch, .truncated, .corrupt], "\(events.all)")

        // The damaged files were replaced by good ones: a relaunch answers from disk.
        let relaunchLog = RequestEventLog()
        let relaunched = try Self.client(as: session, cache: QueryCache(directory: damaged.url, schemaVersion: "v1"), log: relaunchLog)
        #expect(try await HomeScreen.load(Queries(relaunched)) == expected)
        #expect(relaunchLog.events.isEmpty, "\(relaunchLog.events.map(\.queryNames))")
    }

    // MARK: Live observation

    @Test func anObservationYieldsTheCachedValueThenChangesAndStopsWhenCancelled() async throws {
        let user = try await Fixtures.newUser(owner, name: "Cache Observer")
        let log = RequestEventLog()
        let client = try Self.client(as: Session(user), cache: QueryCache(schemaVersion: "e2e"), log: log)
        let queries = Queries(client)
        let cachedRows = try await queries.fetchMyWeekActivity()
        #expect(cachedRows.isEmpty)

        log.removeAll()
        let inbox = Inbox<[UserActivity]>()
        let consumer = Task {
            do {
                for try await rows in queries.observe.fetchMyWeekActivity() { inbox.put(rows) }
                inbox.finish(nil)
            } catch {
                inbox.finish(error)
            }
        }
        defer { consumer.cancel() }

        let first = try #require(await inbox.next(), "no first value: \(String(describing: inbox.failure))")
        #expect(first == cachedRows)
        #expect(log.events.isEmpty, "the cached value was fetched again: \(log.events.map(\.queryNames))")

        #expect(try await queries.markMyDuaCompleted(duaId: 5, xpEarned: 5) == 1)
        let second = try #require(await inbox.next(), "no value after the write: \(String(describing: inbox.failure))")
        #expect(second.map(\.duasCompleted) == [[5]])
        #expect(log.requestedQueries == ["MarkMyDuaCompleted", "FetchMyWeekActivity"])
        #expect(log.events.filter { $0.queryNames == ["FetchMyWeekActivity"] }.count == 1)

        consumer.cancel()
        _ = await consumer.result
        #expect(await inbox.next() == nil, "the cancelled observation yielded again")

        // A sentinel observation of the same table: once it has seen the next write, the cancelled
        // one would have been signalled by it too.
        let sentinel = Inbox<[UserActivity]>()
        let watcher = Task {
            do {
                for try await rows in queries.observe.fetchWeekActivity(userId: user) { sentinel.put(rows) }
                sentinel.finish(nil)
            } catch {
                sentinel.finish(error)
            }
        }
        defer { watcher.cancel() }
        let seen = try #require(await sentinel.next(), "\(String(describing: sentinel.failure))")
        #expect(seen.map(\.duasCompleted) == [[5]])

        log.removeAll()
        #expect(try await queries.markMyDuaCompleted(duaId: 6, xpEarned: 5) == 1)
        let changed = try #require(await sentinel.next(), "\(String(describing: sentinel.failure))")
        #expect(changed.map(\.duasCompleted) == [[5, 6]])
        #expect(!log.requestedQueries.contains("FetchMyWeekActivity"), "\(log.events.map(\.queryNames))")
        #expect(log.requestedQueries == ["MarkMyDuaCompleted", "FetchWeekActivity"])
        watcher.cancel()
        _ = await watcher.result
    }

    // MARK: Support

    /// A client signed in as `session`'s current user through neon-local's JWT mode.
    static func client(
        as session: Session, cache: QueryCache?, log: RequestEventLog, endpoint: URL? = nil, transport: (any NeonTransport)? = nil,
        requestTimeout: Duration = .seconds(10)
    ) throws -> NeonClient {
        guard let neonLocal = LocalStack.endpoint,
              let url = LocalStack.environment["NEON_JWT_DATABASE_URL"], !url.isEmpty else { throw RowLevelSecurityTests.MissingJWTStack() }
        var configuration = try NeonConfiguration(
            connectionString: url, endpoint: endpoint ?? neonLocal,
            authentication: .bearerToken { try await session.token() }, requestTimeout: requestTimeout, retryPolicy: .none)
        configuration.cache = cache
        configuration.requestObserver = { log.append($0) }
        if let transport { return NeonClient(configuration: configuration, transport: transport) }
        return NeonClient(configuration: configuration)
    }

    /// Waits (at most about five seconds) until `condition` holds.
    static func waitUntil(_ condition: () async throws -> Bool) async throws {
        for _ in 0..<100 {
            if try await condition() { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("the condition did not hold in time")
    }
}

extension CacheEndToEndTests {
    /// The signed-in user of an app: a token provider reading it (lock-protected, so sign-in can
    /// switch users under a live client). Tokens are minted once per user.
    final class Session: @unchecked Sendable {
        // @unchecked: `user` and `tokens` are only touched under `lock`.
        private let lock = NSLock()
        private var user: UUID
        private var tokens: [UUID: String] = [:]

        init(_ user: UUID) { self.user = user }

        func signIn(_ user: UUID) { lock.withLock { self.user = user } }

        func token() async throws -> String {
            let user = lock.withLock { self.user }
            if let token = lock.withLock({ tokens[user] }) { return token }
            let token = try await RowLevelSecurityTests.token(for: user)
            lock.withLock { tokens[user] = token }
            return token
        }
    }

    /// The RIZQ home screen: content, the user's profile and week.
    struct HomeScreen: Equatable {
        static let queryNames: Set<String> = ["FetchCategories", "FetchCollections", "FetchFeaturedJourneys", "FetchMyProfile", "FetchMyWeekActivity"]

        var categories: [Category]
        var collections: [CollectionModel]
        var featuredJourneys: [Journey]
        var profile: UserProfile?
        var weekActivity: [UserActivity]

        static func load(_ queries: Queries) async throws -> HomeScreen {
            HomeScreen(
                categories: try await queries.fetchCategories(),
                collections: try await queries.fetchCollections(),
                featuredJourneys: try await queries.fetchFeaturedJourneys(),
                profile: try await queries.fetchMyProfile(),
                weekActivity: try await queries.fetchMyWeekActivity())
        }

        /// Runs the query named `name` (one of ``queryNames``).
        static func run(_ name: String, on queries: Queries) async throws {
            switch name {
            case "FetchCategories": _ = try await queries.fetchCategories()
            case "FetchCollections": _ = try await queries.fetchCollections()
            case "FetchFeaturedJourneys": _ = try await queries.fetchFeaturedJourneys()
            case "FetchMyProfile": _ = try await queries.fetchMyProfile()
            case "FetchMyWeekActivity": _ = try await queries.fetchMyWeekActivity()
            default: Issue.record("unknown query \(name)")
            }
        }

        struct Origin: Equatable, CustomStringConvertible {
            var isStale: Bool
            var isFromNetwork: Bool
            var description: String { "stale: \(isStale), network: \(isFromNetwork)" }
        }

        /// The screen through ``NeonClient/executeCached(_:)``, with where each query's result came from.
        static func loadCached(_ client: NeonClient, policy: CachePolicy? = nil) async throws -> (screen: HomeScreen, origins: [String: Origin]) {
            var origins: [String: Origin] = [:]
            func run<R: Sendable>(_ statement: Statement<R>) async throws -> R {
                let cached = try await client.executeCached(policy.map { statement.cachePolicy($0) } ?? statement)
                origins[statement.name] = Origin(isStale: cached.isStale, isFromNetwork: cached.isFromNetwork)
                return cached.value
            }
            let screen = HomeScreen(
                categories: try await run(Statements.fetchCategories()),
                collections: try await run(Statements.fetchCollections()),
                featuredJourneys: try await run(Statements.fetchFeaturedJourneys()),
                profile: try await run(Statements.fetchMyProfile()),
                weekActivity: try await run(Statements.fetchMyWeekActivity()))
            return (screen, origins)
        }
    }

    /// A temporary cache directory (`defer { directory.remove() }`).
    struct ScratchDirectory: Sendable {
        let url: URL

        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("neon-sql-cache-e2e-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }

        func remove() { try? FileManager.default.removeItem(at: url) }

        /// The cache entry files in it.
        func entryFiles() -> [URL] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            return names.filter { $0.hasSuffix(".nsqc") }.sorted().map { url.appendingPathComponent($0) }
        }
    }

    /// Collects values reported from any thread.
    final class Recorder<Value: Sendable>: @unchecked Sendable {
        // @unchecked: `values` is only touched under `lock`.
        private let lock = NSLock()
        private var values: [Value] = []
        var all: [Value] { lock.withLock { values } }
        func append(_ value: Value) { lock.withLock { values.append(value) } }
    }

    /// The values an observation yielded, handed to the test one by one; `next()` waits for the next
    /// one (at most `timeout`, so a broken observation fails the test instead of hanging it) and
    /// gives nil when the observation ended (or the wait timed out).
    final class Inbox<Value: Sendable>: @unchecked Sendable {
        // @unchecked: every var is only touched under `lock`.
        private let lock = NSLock()
        private var buffer: [Value] = []
        private var ended = false
        private var waiter: (id: UUID, continuation: CheckedContinuation<Value?, Never>)?
        private var storedFailure: (any Error)?
        /// The error the observation ended with, if any.
        var failure: (any Error)? { lock.withLock { storedFailure } }

        func put(_ value: Value) {
            lock.lock()
            if let waiter {
                self.waiter = nil
                lock.unlock()
                waiter.continuation.resume(returning: value)
            } else {
                buffer.append(value)
                lock.unlock()
            }
        }

        func finish(_ error: (any Error)?) {
            lock.lock()
            ended = true
            storedFailure = error
            let waiter = self.waiter
            self.waiter = nil
            lock.unlock()
            waiter?.continuation.resume(returning: nil)
        }

        func next(timeout: Duration = .seconds(30)) async -> Value? {
            let id = UUID()
            return await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
                lock.lock()
                if !buffer.isEmpty {
                    let value = buffer.removeFirst()
                    lock.unlock()
                    continuation.resume(returning: value)
                    return
                }
                if ended {
                    lock.unlock()
                    continuation.resume(returning: nil)
                    return
                }
                waiter = (id, continuation)
                lock.unlock()
                Task {
                    try? await Task.sleep(for: timeout)
                    self.expire(id)
                }
            }
        }

        private func expire(_ id: UUID) {
            lock.lock()
            guard let waiter, waiter.id == id else {
                lock.unlock()
                return
            }
            self.waiter = nil
            lock.unlock()
            waiter.continuation.resume(returning: nil)
        }
    }

    /// Sends through URLSession; when armed, lets the server run the next write and then loses its
    /// answer (a connection cut after the request was sent: the client cannot know whether it ran).
    final class AnswerLosingTransport: NeonTransport, @unchecked Sendable {
        // @unchecked: `armed` and `lost` are only touched under `lock`.
        private let base = URLSessionTransport()
        private let lock = NSLock()
        private var armed = false
        private var lost = 0

        func loseNextWriteAnswer() { lock.withLock { armed = true } }

        var lostAnswers: Int { lock.withLock { lost } }

        func send(_ request: NeonHTTPRequest) async throws -> NeonHTTPResponse {
            let response = try await base.send(request)
            let lose = lock.withLock {
                guard armed, !request.isReadOnly else { return false }
                armed = false
                lost += 1
                return true
            }
            if lose { throw TransportError(kind: .connectionLost, message: "the connection closed before the answer (test)") }
            return response
        }
    }
}

extension RequestEventLog {
    /// The names of the statements requested (every attempt).
    fileprivate var requestedQueries: Set<String> { Set(events.flatMap(\.queryNames)) }
}
