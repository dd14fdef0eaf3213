import Foundation
import NeonSQL
import NeonSQLTestSupport
import RIZQQueries
import Testing

/// The standby of the local stack: a streaming hot standby of the primary (`Scripts/standby.sh`)
/// with a neon-local of its own; `Scripts/local-stack.sh` exports `NEON_LOCAL_REPLICA_ENDPOINT`
/// and the standby's admin URL `NEON_SQL_TEST_STANDBY_URL`.
enum ReplicaStack {
    static var endpoint: URL? { LocalStack.environment["NEON_LOCAL_REPLICA_ENDPOINT"].flatMap { $0.isEmpty ? nil : URL(string: $0) } }
    static var standbyURL: String? { LocalStack.environment["NEON_SQL_TEST_STANDBY_URL"].flatMap { $0.isEmpty ? nil : $0 } }

    static var shouldRun: Bool { (endpoint != nil && standbyURL != nil && LocalStack.shouldRun) || LocalStack.isRequired }

    struct Missing: Error, CustomStringConvertible {
        let description = "NEON_LOCAL_REPLICA_ENDPOINT and NEON_SQL_TEST_STANDBY_URL are not set: run Scripts/test.sh, or eval \"$(Scripts/local-stack.sh start)\""
    }

    /// A client of the primary's neon-local with the standby's neon-local as its read replica.
    static func client(policy: ReplicaPolicy = .default, events: RequestEventLog? = nil, timeout: Duration = .seconds(30)) throws -> NeonClient {
        guard let endpoint, let primary = LocalStack.endpoint, let connectionString = LocalStack.connectionString else { throw Missing() }
        var configuration = try NeonConfiguration(
            connectionString: connectionString, endpoint: primary, requestTimeout: timeout,
            retryPolicy: RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(20), maxDelay: .milliseconds(100)))
        try configuration.addReadReplica(connectionString: connectionString, endpoint: endpoint)
        configuration.replicaPolicy = policy
        if let events { configuration.requestObserver = { events.append($0) } }
        return NeonClient(configuration: configuration)
    }

    /// Runs `sql` on the standby as the admin (psql) and returns its output.
    @discardableResult
    static func standby(_ sql: String) async throws -> String {
        guard let standbyURL else { throw Missing() }
        return try await run(["psql", "-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", "-d", standbyURL, "-c", sql])
    }

    /// Runs `Scripts/standby.sh <command>` (start, stop).
    static func standbyScript(_ command: String) async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        try await run([root.appendingPathComponent("Scripts/standby.sh").path, command])
    }

    /// Runs a command off the tasks' cooperative threads (other suites run meanwhile, and a
    /// standby's start takes seconds); its standard output, trimmed.
    @discardableResult
    private static func run(_ arguments: [String]) async throws -> String {
        let result = try await CommandRunner.runOffPool(arguments)
        guard result.succeeded else {
            throw CommandFailed(description: "\(arguments[0]) failed (status \(result.status)): \(result.stderr)")
        }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    struct CommandFailed: Error, CustomStringConvertible {
        let description: String
    }

    /// Holds the standby's replay until `resumeReplay`: from now on it applies no WAL record
    /// (`pause requested` becomes `paused` only when the next record arrives).
    static func pauseReplay() async throws {
        try await standby("SELECT pg_wal_replay_pause()")
        let state = try await standby("SELECT pg_get_wal_replay_pause_state()")
        guard state == "paused" || state == "pause requested" else {
            throw CommandFailed(description: "the standby's replay is \(state) after pg_wal_replay_pause()")
        }
    }

    static func resumeReplay() async throws {
        try await standby("SELECT pg_wal_replay_resume()")
    }
}

struct InRecoveryRow: DecodableRow {
    static let columns = [ResultColumn("in_recovery", .bool)]
    let inRecovery: Bool
    init(from row: inout RowDecoder) throws { inRecovery = try row.decode(Bool.self) }
}

/// Read replicas against a real PostgreSQL hot standby: reads land on the standby, writes on the
/// primary; a read never returns data older than the client's own writes, even while the
/// standby's replay is paused; a stopped standby sends reads to the primary.
@Suite("Read replicas end to end", .serialized, .enabled(if: ReplicaStack.shouldRun))
struct ReplicaEndToEndTests {
    static let whereAmI: Statement<InRecoveryRow?> = .one(
        name: "WhereAmI", sql: "SELECT pg_is_in_recovery() AS in_recovery", bindings: Bindings(), readOnly: true)

    @Test func readsLandOnTheStandbyAndWritesOnThePrimary() async throws {
        let events = RequestEventLog()
        let client = try ReplicaStack.client(events: events)
        #expect(try await client.execute(Self.whereAmI)?.inRecovery == true)
        #expect(try await client.routing(.primary).execute(Self.whereAmI)?.inRecovery == false)
        let user = try await Fixtures.newUser(client)
        let profile = try await Queries(client).addXp(amount: 3, userId: user)
        #expect(profile?.totalXp == 3)
        #expect(events.events.map(\.route) == [.replica(0), .primary, .primary, .primary])
        #expect(events.events.allSatisfy { $0.failure == nil })
    }

    @Test func aWriteIsReadBackWhileTheStandbysReplayIsPaused() async throws {
        let events = RequestEventLog()
        let client = try ReplicaStack.client(events: events)
        let user = try await Fixtures.newUser(client)
        // The standby has the new user's row before replay stops.
        for _ in 0..<200 {
            if try await Queries(client.routing(.replicaAllowingStaleReads)).fetchUserProfile(userId: user) != nil { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        try await ReplicaStack.pauseReplay()
        do {
            _ = try await Queries(client).addXp(amount: 5, userId: user)
            events.removeAll()
            // The client's read sees its write: the standby is behind, so the primary answers.
            #expect(try await Queries(client).fetchUserProfile(userId: user)?.totalXp == 5)
            #expect(events.events.map(\.route) == [.replica(0), .primary])
            #expect(events.events.first?.failure?.category == "replicaBehind")
            // The standby really is behind: a read allowing stale data gets the old row from it.
            #expect(try await Queries(client.routing(.replicaAllowingStaleReads)).fetchUserProfile(userId: user)?.totalXp == 0)
            // Another scope saw no write: it reads from the standby.
            events.removeAll()
            _ = try await Queries(client.session()).fetchUserProfile(userId: user)
            #expect(events.events.map(\.route) == [.replica(0)])
        } catch {
            try? await ReplicaStack.resumeReplay()
            throw error
        }
        try await ReplicaStack.resumeReplay()
        // Once replayed, the same read stays on the standby.
        var served: NeonRequestRoute? = nil
        for _ in 0..<100 {
            events.removeAll()
            #expect(try await Queries(client).fetchUserProfile(userId: user)?.totalXp == 5)
            served = events.events.last?.route
            if served == .replica(0) { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(served == .replica(0))
    }

    /// Writes and reads interleaved at random with pauses and resumes of replay: every read
    /// returns exactly the total of the client's own writes so far.
    @Test func randomlyInterleavedWritesReadsAndReplayPausesNeverReadOldData() async throws {
        let seed: UInt64 = 20_261_127
        var random = SeededRandom(seed: seed)
        let events = RequestEventLog()
        let client = try ReplicaStack.client(events: events)
        let user = try await Fixtures.newUser(client)
        var expected = 0
        var paused = false
        do {
            for step in 0..<120 {
                switch random.int(0...9) {
                case 0...2:
                    let amount = random.int(1...9)
                    expected += amount
                    _ = try await Queries(client).addXp(amount: amount, userId: user)
                case 3:
                    if paused { try await ReplicaStack.resumeReplay() } else { try await ReplicaStack.pauseReplay() }
                    paused.toggle()
                default:
                    let total = try await Queries(client).fetchUserProfile(userId: user)?.totalXp
                    #expect(total == expected, "seed \(seed), step \(step): read \(total.map(String.init) ?? "nil"), wrote \(expected)")
                }
            }
        } catch {
            // Never leave the standby paused for the tests that follow.
            if paused { try? await ReplicaStack.resumeReplay() }
            throw error
        }
        if paused { try await ReplicaStack.resumeReplay() }
        let reads = events.events.filter { $0.queryNames == ["FetchUserProfile"] }
        let fromStandby = reads.filter { $0.route == .replica(0) && $0.failure == nil }.count
        let behind = reads.filter { $0.failure?.category == "replicaBehind" }.count
        print("read replicas: \(reads.count) read attempts, \(fromStandby) answered by the standby, \(behind) found it behind")
        #expect(fromStandby > 0 && behind > 0, "both paths exercised (seed \(seed))")
    }

    /// An app signed in with a token provider (no database password): its reads go to the
    /// standby under row-level security, and it reads its own writes while replay is paused.
    @Test func aSignedInUserReadsTheirOwnWritesUnderRowLevelSecurity() async throws {
        guard let endpoint = ReplicaStack.endpoint, let primary = LocalStack.endpoint,
              let url = LocalStack.environment["NEON_JWT_DATABASE_URL"], !url.isEmpty else { throw ReplicaStack.Missing() }
        let owner = try LocalStack.client()
        let user = try await Fixtures.newUser(owner)
        let events = RequestEventLog()
        var configuration = try NeonConfiguration(
            connectionString: url, endpoint: primary, authentication: .bearerToken { try await RowLevelSecurityTests.token(for: user) },
            retryPolicy: .none)
        try configuration.addReadReplica(connectionString: url, endpoint: endpoint)
        configuration.requestObserver = { events.append($0) }
        let client = NeonClient(configuration: configuration)
        // The standby has the new user's row (the owner's write, not this client's: wait for it).
        for _ in 0..<200 {
            if try await Queries(client).fetchMyProfile() != nil { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        // The token's reads went to the standby, and it answered under the user's policies.
        #expect(events.events.last?.route == .replica(0) && events.events.last?.failure == nil)
        events.removeAll()
        #expect(try await Queries(client).addMyXp(amount: 4)?.totalXp == 4)
        #expect(try await Queries(client).fetchMyProfile()?.totalXp == 4)
        #expect(events.events.first?.route == .primary)
        try await ReplicaStack.pauseReplay()
        do {
            #expect(try await Queries(client).addMyXp(amount: 3)?.totalXp == 7)
            events.removeAll()
            #expect(try await Queries(client).fetchMyProfile()?.totalXp == 7)
            #expect(events.events.map(\.route) == [.replica(0), .primary])
            #expect(events.events.first?.failure?.category == "replicaBehind")
        } catch {
            try? await ReplicaStack.resumeReplay()
            throw error
        }
        try await ReplicaStack.resumeReplay()
        // Another user's token reads nothing of this user's, on the standby as on the primary.
        let stranger = try await Fixtures.newUser(owner)
        var strangerConfiguration = try NeonConfiguration(
            connectionString: url, endpoint: primary, authentication: .bearerToken { try await RowLevelSecurityTests.token(for: stranger) })
        try strangerConfiguration.addReadReplica(connectionString: url, endpoint: endpoint)
        let strangerProfile = try await Queries(NeonClient(configuration: strangerConfiguration)).fetchMyProfile()
        #expect(strangerProfile == nil || strangerProfile?.userId == stranger)
    }

    @Test func aStoppedStandbySendsReadsToThePrimary() async throws {
        let events = RequestEventLog()
        // neon-local keeps trying to connect to a stopped server for a while: a short timeout
        // makes the replica's attempt fail sooner (a timeout is a reason to fall back too).
        let client = try ReplicaStack.client(policy: ReplicaPolicy(retryAfter: .seconds(60)), events: events, timeout: .seconds(3))
        try await ReplicaStack.standbyScript("stop")
        do {
            #expect(try await client.execute(Self.whereAmI)?.inRecovery == false)
            #expect(try await client.execute(Self.whereAmI)?.inRecovery == false)
            // One failed attempt on the standby, then the primary; it is out of rotation after that.
            #expect(events.events.map(\.route) == [.replica(0), .primary, .primary])
            #expect(events.events.first?.failure != nil)
        } catch {
            try? await ReplicaStack.standbyScript("start")
            throw error
        }
        try await ReplicaStack.standbyScript("start")
        // Back: a new client (a fresh rotation) reads from it again.
        var inRecovery: Bool? = nil
        for _ in 0..<100 {
            inRecovery = try? await ReplicaStack.client().execute(Self.whereAmI)?.inRecovery
            if inRecovery == true { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(inRecovery == true)
    }
}
