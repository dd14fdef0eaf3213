import Foundation
import NeonSQL
import NeonSQLTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The outbox under `kill -9`: a child process (`outbox-soak-child`) enqueues writes of two
/// signed-in identities and drains them through neon-local's fault-injecting endpoint (answers
/// lost after commit, 503s), while the test kills it with SIGKILL at random moments and starts it
/// again. At the end every write is in the table exactly once, in enqueue order per identity, run
/// under its own identity, and the outbox is empty.
///
/// Named `...SoakTests` so that `Scripts/test.sh` runs it in its soak step, not in the library step.
@Suite("Outbox kill-at-random soak", .enabled(if: LocalStack.shouldRun), .serialized)
struct OutboxKillSoakTests {
    struct Setup: Error, CustomStringConvertible { let description: String }

    let owner: NeonClient
    let table = "outbox_soak_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()

    init() throws {
        owner = try LocalStack.client()
    }

    @Test func oneProcessKilledAtRandomAppliesEveryWriteOnceInOrder() async throws {
        let stack = try await prepare()
        let directory = temporaryDirectory()
        let child = try childProcess(stack, directory: directory, label: "solo", count: 1000)
        var generator = SystemRandomNumberGenerator()
        let kills = try await killAtRandom([child], times: 22, using: &generator)
        #expect(kills >= 20)
        try await runToCompletion(child)
        try await verify(labels: ["solo": 1000], stack: stack)
        #expect(try await Outbox(directory: directory).pendingWrites().isEmpty)
    }

    @Test func twoProcessesSharingOneDirectoryApplyEveryWriteOnce() async throws {
        let stack = try await prepare()
        let directory = temporaryDirectory()
        let first = try childProcess(stack, directory: directory, label: "app", count: 500)
        let second = try childProcess(stack, directory: directory, label: "widget", count: 500)
        var generator = SystemRandomNumberGenerator()
        let kills = try await killAtRandom([first, second], times: 11, using: &generator)
        #expect(kills >= 20)
        async let firstDone: Void = runToCompletion(first)
        async let secondDone: Void = runToCompletion(second)
        _ = try await (firstDone, secondDone)
        try await verify(labels: ["app": 500, "widget": 500], stack: stack)
        #expect(try await Outbox(directory: directory).pendingWrites().isEmpty)
    }

    @Test func aRejectedWriteInTheMiddleOfAHundredLeavesTheOthersAppliedInOrder() async throws {
        let stack = try await prepare()
        let directory = temporaryDirectory()
        // Queued while the database is unreachable (a closed port), by a process that then waits.
        var offlineConfiguration = try NeonConfiguration(
            connectionString: stack.jwtURL, endpoint: URL(string: "http://127.0.0.1:9/sql"),
            authentication: .bearerToken { stack.tokens[0] })
        offlineConfiguration.exactlyOnceWrites = ExactlyOnceWrites()
        offlineConfiguration.outbox = Outbox(directory: directory, retryPolicy: OutboxRetryPolicy(baseDelay: .seconds(3600), maxDelay: .seconds(3600)))
        let offline = NeonClient(configuration: offlineConfiguration)
        for n in 0..<100 {
            try await offline.enqueue(insert(label: "hundred", n: n, part: n == 50 ? -1 : 0))
        }
        try await offline.drain()
        // A relaunch online drains them.
        var configuration = offlineConfiguration
        configuration.endpoint = stack.endpoint
        let outbox = Outbox(directory: directory)
        configuration.outbox = outbox
        let outcomes = outbox.outcomes()
        try await NeonClient(configuration: configuration).drain()
        let rows = try await probeRows()
        #expect(rows.map(\.n) == (0..<100).filter { $0 != 50 })
        var rejections: [WriteRejection] = []
        var applied = 0
        for await outcome in outcomes {
            if case .rejected(let rejection) = outcome { rejections.append(rejection) }
            if case .applied = outcome { applied += 1 }
            if applied + rejections.count == 100 { break }
        }
        #expect(rejections.count == 1)
        #expect(rejections.first?.databaseError?.code == "23514")
        #expect(try await outbox.pendingWrites().isEmpty)
    }

    // MARK: The stack

    struct Stack {
        let endpoint: URL
        let faultEndpoint: URL
        let jwtURL: String
        let users: [String]
        let tokens: [String]
    }

    /// Creates this run's table (writable by the JWT role, recording who wrote each row) and
    /// signs two users in.
    private func prepare() async throws -> Stack {
        let environment = LocalStack.environment
        guard let endpoint = LocalStack.endpoint,
              let fault = environment["NEON_LOCAL_FAULT_ENDPOINT"].flatMap(URL.init(string:)),
              let jwtURL = environment["NEON_JWT_DATABASE_URL"], !jwtURL.isEmpty,
              let signer = environment["RIZQ_JWT_SIGNER"], !signer.isEmpty else {
            throw Setup(description: "NEON_LOCAL_FAULT_ENDPOINT, NEON_JWT_DATABASE_URL and RIZQ_JWT_SIGNER are needed: run Scripts/test.sh")
        }
        for sql in [
            "CREATE TABLE \(table) (seq bigserial PRIMARY KEY, label text NOT NULL, n int NOT NULL, part int NOT NULL CHECK (part >= 0), "
                + "sub text NOT NULL DEFAULT auth.user_id()::text)",
            "GRANT SELECT, INSERT ON \(table) TO authenticated",
            "GRANT USAGE ON SEQUENCE \(table)_seq_seq TO authenticated",
        ] {
            try await owner.execute(Statement<Void>.exec(name: "SoakSetup", sql: sql, bindings: Bindings(), readOnly: false))
        }
        let users = [UUID().uuidString.lowercased(), UUID().uuidString.lowercased()]
        var tokens: [String] = []
        for user in users {
            let signed = try await CommandRunner.runOffPool(["/bin/sh", "-c", "\(signer) --sub \(user) --ttl 3600"])
            guard signed.succeeded else { throw Setup(description: "the JWT signer failed: \(signed.stderr)") }
            tokens.append(signed.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return Stack(endpoint: endpoint, faultEndpoint: fault, jwtURL: jwtURL, users: users, tokens: tokens)
    }

    private func insert(label: String, n: Int, part: Int) -> Statement<Void> {
        var bindings = Bindings()
        bindings.append(label, as: .text)
        bindings.append(n, as: .int4)
        bindings.append(part, as: .int4)
        return .exec(name: "SoakInsert", sql: "INSERT INTO \(table) (label, n, part) VALUES ($1, $2, $3)", bindings: bindings,
                     readOnly: false, tables: TableEffects(writes: ["public.\(table)"]))
    }

    struct ProbeRow: DecodableRow, Sendable {
        static let columns = [ResultColumn("label", .text), ResultColumn("n", .int4), ResultColumn("part", .int4), ResultColumn("sub", .text)]
        let label: String
        let n: Int
        let part: Int
        let sub: String
        init(from row: inout RowDecoder) throws {
            label = try row.decode(String.self)
            n = try row.decode(Int.self)
            part = try row.decode(Int.self)
            sub = try row.decode(String.self)
        }
    }

    private func probeRows() async throws -> [ProbeRow] {
        try await owner.execute(Statement<Void>.many(
            name: "SoakRows", sql: "SELECT label, n, part, sub FROM \(table) ORDER BY seq", bindings: Bindings(), readOnly: true))
    }

    /// Every write of each label once, in enqueue order per identity, under its identity: write
    /// `n` is user `n % 2`'s, and every fifth write has two rows (parts 0 and 1).
    private func verify(labels: [String: Int], stack: Stack) async throws {
        let rows = try await probeRows()
        for (label, count) in labels {
            for identity in 0..<2 {
                let expected = (0..<count).filter { $0 % 2 == identity }.flatMap { n in (0..<(n % 5 == 4 ? 2 : 1)).map { (n, $0) } }
                let got = rows.filter { $0.label == label && $0.n % 2 == identity }
                let gotPairs = got.map { "\($0.n).\($0.part)" }
                let expectedPairs = expected.map { "\($0.0).\($0.1)" }
                let difference = Array(zip(gotPairs, expectedPairs)).firstIndex { $0 != $1 } ?? (gotPairs.count == expectedPairs.count ? nil : min(gotPairs.count, expectedPairs.count))
                #expect(difference == nil, """
                    label \(label), identity \(identity): \(gotPairs.count) rows for \(expectedPairs.count) expected; first difference at \
                    \(difference ?? -1): \(gotPairs.dropFirst(difference ?? 0).prefix(5)) for \(expectedPairs.dropFirst(difference ?? 0).prefix(5))
                    """)
                #expect(got.allSatisfy { $0.sub == stack.users[identity] }, "a write ran under another identity")
            }
        }
        #expect(rows.count == labels.values.reduce(0) { $0 + $1 + $1 / 5 })
    }

    // MARK: Child processes

    final class Child: @unchecked Sendable {
        let arguments: [String]
        let environment: [String: String]
        let output: URL
        var pid: pid_t = 0
        init(arguments: [String], environment: [String: String], output: URL) {
            self.arguments = arguments
            self.environment = environment
            self.output = output
        }
    }

    private func childProcess(_ stack: Stack, directory: URL, label: String, count: Int) throws -> Child {
        let binary = try Self.childBinary()
        var environment = ProcessInfo.processInfo.environment
        environment["OUTBOX_SOAK_DIRECTORY"] = directory.path
        environment["OUTBOX_SOAK_ENDPOINT"] = stack.faultEndpoint.absoluteString
        environment["OUTBOX_SOAK_DATABASE_URL"] = stack.jwtURL
        environment["OUTBOX_SOAK_TOKEN_A"] = stack.tokens[0]
        environment["OUTBOX_SOAK_TOKEN_B"] = stack.tokens[1]
        environment["OUTBOX_SOAK_TABLE"] = String(table)
        environment["OUTBOX_SOAK_LABEL"] = label
        environment["OUTBOX_SOAK_COUNT"] = String(count)
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("outbox-soak-\(label)-\(UUID().uuidString).log")
        return Child(arguments: [binary.path], environment: environment, output: output)
    }

    static func childBinary() throws -> URL {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent().appendingPathComponent("outbox-soak-child"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("outbox-soak-child"),
            Bundle.main.bundleURL.appendingPathComponent("outbox-soak-child"),
        ]
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw Setup(description: "the outbox-soak-child binary was not found next to the test bundle (swift build first)")
        }
        return found
    }

    /// Starts `child` (its output appended to its log file); never waits.
    private func start(_ child: Child) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, child.output.path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, child.output.path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        var argv: [UnsafeMutablePointer<CChar>?] = child.arguments.map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = child.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, child.arguments[0], &actions, nil, &argv, &envp)
        guard spawned == 0 else { throw Setup(description: "outbox-soak-child could not start: error \(spawned)") }
        child.pid = pid
    }

    /// Waits for `child` to end, on a thread of its own (never a cooperative one, nor Dispatch's,
    /// which on Linux are the pool's); returns its exit status, or 128 + the signal that ended it.
    private func waitForExit(_ child: Child) async throws -> Int32 {
        let pid = child.pid
        return try await OffPool.run("outbox-soak-wait") {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
            return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        }
    }

    /// Starts each child and kills it with SIGKILL after a random 50-700 ms, `times` times each;
    /// returns how many kills landed on a running child.
    private func killAtRandom(_ children: [Child], times: Int, using generator: inout SystemRandomNumberGenerator) async throws -> Int {
        var kills = 0
        for _ in 0..<times {
            for child in children { try start(child) }
            try await Task.sleep(for: .milliseconds(Int.random(in: 50...700, using: &generator)))
            for child in children {
                kill(child.pid, SIGKILL)
                let status = try await waitForExit(child)
                if status == 128 + SIGKILL { kills += 1 }
                // A child that finished before its kill has settled its writes: fine, but it must not fail.
                #expect(status == 128 + SIGKILL || status == 0, "outbox-soak-child failed: \(log(of: child))")
            }
        }
        return kills
    }

    /// Starts `child` once more and waits (up to 150 s) for it to settle its writes and exit 0.
    private func runToCompletion(_ child: Child) async throws {
        try start(child)
        let watchdog = Task {
            try await Task.sleep(for: .seconds(150))
            kill(child.pid, SIGKILL)
        }
        let status = try await waitForExit(child)
        watchdog.cancel()
        #expect(status == 0, "outbox-soak-child did not finish: \(log(of: child))")
    }

    private func log(of child: Child) -> String {
        String((try? String(contentsOf: child.output, encoding: .utf8))?.suffix(2000) ?? "")
    }

    private func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("outbox-soak-\(UUID().uuidString)", isDirectory: true)
    }
}
