import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NeonSQL
import RIZQQueries
import Testing

/// A bounded soak: many concurrent generated queries through one `NeonClient` against neon-local on
/// loopback. Bounded in count (`NEON_SQL_SOAK_QUERIES`, default 800) and time
/// (`NEON_SQL_SOAK_SECONDS`, default 60; it stops by itself), `NEON_SQL_SOAK_CONCURRENCY` tasks
/// (default 32). No errors; no leaked tasks, connections, file descriptors or threads; memory flat.
/// `Scripts/soak.sh` runs it longer and compares with wrk on the same request (BENCHMARKS.md).
@Suite("Soak", .serialized, .enabled(if: LocalStack.shouldRun))
struct SoakTests {
    static func setting(_ name: String, _ fallback: Int) -> Int {
        LocalStack.environment[name].flatMap(Int.init) ?? fallback
    }

    @Test func boundedSoakThroughOneClient() async throws {
        let total = Self.setting("NEON_SQL_SOAK_QUERIES", 800)
        let concurrency = Self.setting("NEON_SQL_SOAK_CONCURRENCY", 32)
        let seconds = Self.setting("NEON_SQL_SOAK_SECONDS", 60)
        guard let endpoint = LocalStack.endpoint, let connectionString = LocalStack.connectionString else { throw LocalStack.Missing() }
        let neonLocalPID = try #require(LocalStack.environment["NEON_LOCAL_PID"].flatMap(Int32.init), "NEON_LOCAL_PID is not set (Scripts/local-stack.sh exports it)")

        // One client, with its own URLSession so its tasks can be counted at the end.
        let session = URLSession(configuration: {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.httpMaximumConnectionsPerHost = 8
            configuration.urlCache = nil
            return configuration
        }())
        defer { session.finishTasksAndInvalidate() }
        let client = NeonClient(
            configuration: try NeonConfiguration(connectionString: connectionString, endpoint: endpoint, requestTimeout: .seconds(30)),
            transport: URLSessionTransport(session: session))
        let queries = Queries(client)
        let expected = try await queries.fetchJourneyDuas(journeyId: 1)
        #expect(!expected.isEmpty)
        if let path = LocalStack.environment["NEON_SQL_SOAK_REQUEST_BODY"] {
            // The exact request, for wrk's baseline on the same endpoint (Scripts/soak.sh).
            let statement = Statements.fetchJourneyDuas(journeyId: 1)
            let body = try JSONSerialization.data(withJSONObject: ["query": statement.sql, "params": statement.bindings.values.map { $0 ?? "" }])
            try body.write(to: URL(fileURLWithPath: path))
        }

        // Warm up at full concurrency so keep-alive and pooled connections exist before measuring.
        _ = try await Self.run(queries, count: concurrency * 8, concurrency: concurrency, deadline: .now + .seconds(seconds), expected: expected)
        let before = try await Snapshot.take(neonLocal: neonLocalPID, client: client)
        let firstHalf = try await Self.run(queries, count: total / 2, concurrency: concurrency, deadline: .now + .seconds(seconds / 2), expected: expected)
        let middle = try await Snapshot.take(neonLocal: neonLocalPID, client: client)
        let secondHalf = try await Self.run(queries, count: total - total / 2, concurrency: concurrency, deadline: .now + .seconds(seconds / 2), expected: expected)
        let after = try await Snapshot.take(neonLocal: neonLocalPID, client: client)
        let tasksLeft = await withCheckedContinuation { continuation in session.getAllTasks { continuation.resume(returning: $0.count) } }

        let latencies = (firstHalf.latencies + secondHalf.latencies).sorted()
        let elapsed = firstHalf.elapsed + secondHalf.elapsed
        let perSecond = Double(latencies.count) / max(elapsed, 0.001)
        let report = SoakReport(
            queries: latencies.count, concurrency: concurrency, seconds: elapsed, queriesPerSecond: perSecond,
            p50Milliseconds: Self.percentile(latencies, 0.50), p99Milliseconds: Self.percentile(latencies, 0.99),
            errors: firstHalf.errors + secondHalf.errors, before: before, middle: middle, after: after, urlSessionTasksLeft: tasksLeft)
        print("soak: \(report.summary)")
        if let path = LocalStack.environment["NEON_SQL_SOAK_REPORT"] {
            try JSONEncoder().encode(report).write(to: URL(fileURLWithPath: path))
        }

        #expect(report.errors == 0, "\(firstHalf.firstError ?? secondHalf.firstError ?? "")")
        #expect(latencies.count == total, "stopped at the time bound after \(latencies.count) of \(total) queries")
        #expect(tasksLeft == 0, "URLSession tasks left running")
        // Descriptors and connections: a leak grows with the number of queries; allow only the
        // keep-alive connections a concurrent client may open or close.
        #expect(after.neonLocalDescriptors <= before.neonLocalDescriptors + 8, "neon-local descriptors \(before.neonLocalDescriptors) -> \(after.neonLocalDescriptors)")
        #expect(after.clientDescriptors <= before.clientDescriptors + 8, "test process descriptors \(before.clientDescriptors) -> \(after.clientDescriptors)")
        // The stack's two neon-local instances (plain and fault-injecting, which suites running
        // alongside this one use) log in as the same role; each pools at most 20 connections.
        #expect(after.postgresConnections <= 40, "the stack's neon-local instances hold \(after.postgresConnections) PostgreSQL connections (2 pools of at most 20)")
        #expect(after.postgresConnections <= before.postgresConnections + 8)
        #expect(after.clientThreads <= before.clientThreads + 8, "threads \(before.clientThreads) -> \(after.clientThreads)")
        // Memory flat: the second half adds no more than a small constant (allocator noise).
        let megabyte = 1 << 20
        #expect(after.neonLocalRSS - middle.neonLocalRSS <= 32 * megabyte, "neon-local RSS grew \((after.neonLocalRSS - middle.neonLocalRSS) / megabyte) MB in the second half")
        #expect(after.clientRSS - middle.clientRSS <= 32 * megabyte, "test process RSS grew \((after.clientRSS - middle.clientRSS) / megabyte) MB in the second half")
    }

    struct Phase {
        var latencies: [Double] = []
        var errors = 0
        var firstError: String?
        var elapsed: Double = 0
    }

    /// Runs `count` queries on `concurrency` tasks, stopping early at `deadline`.
    static func run(
        _ queries: Queries, count: Int, concurrency: Int, deadline: ContinuousClock.Instant, expected: [FetchJourneyDuasRow]
    ) async throws -> Phase {
        let next = TicketCounter(limit: count)
        let clock = ContinuousClock()
        let start = clock.now
        var phase = try await withThrowingTaskGroup(of: Phase.self) { group in
            for _ in 0..<concurrency {
                group.addTask {
                    var local = Phase()
                    while next.take(), clock.now < deadline {
                        let began = clock.now
                        do {
                            let rows = try await queries.fetchJourneyDuas(journeyId: 1)
                            if rows != expected {
                                local.errors += 1
                                local.firstError = local.firstError ?? "different rows"
                            }
                        } catch {
                            local.errors += 1
                            local.firstError = local.firstError ?? "\(error)"
                        }
                        let duration = clock.now - began
                        local.latencies.append(Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15)
                    }
                    return local
                }
            }
            var merged = Phase()
            for try await part in group {
                merged.latencies += part.latencies
                merged.errors += part.errors
                merged.firstError = merged.firstError ?? part.firstError
            }
            return merged
        }
        let elapsed = clock.now - start
        phase.elapsed = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return phase
    }

    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
    }
}

/// Hands out at most `limit` tickets across tasks.
final class TicketCounter: @unchecked Sendable {
    // @unchecked: `taken` is guarded by `lock`.
    private let lock = NSLock()
    private var taken = 0
    private let limit: Int
    init(limit: Int) { self.limit = limit }
    func take() -> Bool {
        lock.withLock {
            guard taken < limit else { return false }
            taken += 1
            return true
        }
    }
}

/// Resources of neon-local and of this process at one moment (Linux /proc).
struct Snapshot: Codable {
    var neonLocalDescriptors: Int
    var neonLocalRSS: Int
    var clientDescriptors: Int
    var clientRSS: Int
    var clientThreads: Int
    var postgresConnections: Int

    struct CountRow: DecodableRow, Sendable {
        static let columns = [ResultColumn("n", .int4)]
        var n: Int
        init(from row: inout RowDecoder) throws { n = try row.decode(Int.self) }
    }

    static func take(neonLocal pid: Int32, client: NeonClient) async throws -> Snapshot {
        // Let closed connections finish closing before counting.
        try await Task.sleep(for: .milliseconds(300))
        let connections: Statement<CountRow?> = .one(
            name: "CountConnections", sql: "SELECT count(*)::int4 AS n FROM pg_stat_activity WHERE usename = current_user AND pid <> pg_backend_pid()",
            bindings: Bindings(), readOnly: true)
        let postgres = try await client.execute(connections)?.n ?? -1
        return Snapshot(
            neonLocalDescriptors: try descriptors(of: "\(pid)"), neonLocalRSS: try status(of: "\(pid)", "VmRSS") * 1024,
            clientDescriptors: try descriptors(of: "self"), clientRSS: try status(of: "self", "VmRSS") * 1024,
            clientThreads: try status(of: "self", "Threads"), postgresConnections: postgres)
    }

    static func descriptors(of process: String) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/\(process)/fd").count
    }

    /// A number from /proc/<process>/status (kB for memory fields).
    static func status(of process: String, _ field: String) throws -> Int {
        let text = try String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8)
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            if let value = line.dropFirst(field.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap({ Int($0) }) {
                return value
            }
        }
        throw ProcStatusFieldMissing(field: field, process: process)
    }
}

struct ProcStatusFieldMissing: Error {
    var field: String
    var process: String
}

struct SoakReport: Codable {
    var queries: Int
    var concurrency: Int
    var seconds: Double
    var queriesPerSecond: Double
    var p50Milliseconds: Double
    var p99Milliseconds: Double
    var errors: Int
    var before: Snapshot
    var middle: Snapshot
    var after: Snapshot
    var urlSessionTasksLeft: Int

    var summary: String {
        let mb = Double(1 << 20)
        return String(
            format: "%d queries, %d concurrent, %.1f s, %.0f queries/s, p50 %.2f ms, p99 %.2f ms, %d errors; "
                + "neon-local fds %d -> %d, RSS %.1f -> %.1f -> %.1f MB; test fds %d -> %d, RSS %.1f -> %.1f -> %.1f MB, threads %d -> %d; "
                + "PostgreSQL connections %d -> %d; URLSession tasks left %d",
            queries, concurrency, seconds, queriesPerSecond, p50Milliseconds, p99Milliseconds, errors,
            before.neonLocalDescriptors, after.neonLocalDescriptors,
            Double(before.neonLocalRSS) / mb, Double(middle.neonLocalRSS) / mb, Double(after.neonLocalRSS) / mb,
            before.clientDescriptors, after.clientDescriptors,
            Double(before.clientRSS) / mb, Double(middle.clientRSS) / mb, Double(after.clientRSS) / mb,
            before.clientThreads, after.clientThreads, before.postgresConnections, after.postgresConnections, urlSessionTasksLeft)
    }
}
