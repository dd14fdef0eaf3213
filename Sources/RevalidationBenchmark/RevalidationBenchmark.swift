import Foundation
import NeonSQL
import RIZQFeatures
import RIZQQueries

/// Conditional revalidation against refetching, in one run (BENCHMARKS.md "Revalidation"):
/// RIZQ's home and library screens (``RIZQScreens``, 20 cached queries) through neon-local.
///
/// - Nothing changed: `revalidate(.all)` (1 request) against refetching the 20 queries
///   (20 requests), response bytes and time (median of `--rounds`).
/// - Three results changed behind the cache (a category's, a collection's and a non-featured
///   journey's description, each read by exactly one of the 20 queries): `revalidate(.all)`'s
///   requests and what it refetched. The descriptions are restored afterwards.
///
/// Runs as the connection string's role (password): the per-user queries then read no rows.
/// `Scripts/bench-revalidation.sh` runs it against the local stack.
@main
struct RevalidationBenchmark {
    static func main() async {
        do {
            try await run()
        } catch {
            FileHandle.standardError.write(Data("RevalidationBenchmark: \(error)\n".utf8))
            exit(1)
        }
    }

    /// The statement names and response bytes of the requests a client sent.
    final class Meter: @unchecked Sendable {
        private let lock = NSLock()
        private var events: [NeonRequestEvent] = []
        func record(_ event: NeonRequestEvent) { lock.withLock { events.append(event) } }
        func take() -> (requests: Int, bytes: Int, names: [[String]]) {
            lock.withLock {
                defer { events = [] }
                return (events.count, events.reduce(0) { $0 + $1.responseBytes }, events.map(\.queryNames))
            }
        }
    }

    static func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        guard let url = environment["NEON_DATABASE_URL"], !url.isEmpty else {
            throw BenchmarkError("NEON_DATABASE_URL is not set: eval \"$(Scripts/local-stack.sh start)\" first")
        }
        let endpoint = environment["NEON_LOCAL_ENDPOINT"].flatMap(URL.init(string:))
        let rounds = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 20
        let meter = Meter()
        var configuration = try NeonConfiguration(connectionString: url, endpoint: endpoint)
        configuration.requestObserver = { meter.record($0) }
        let network = NeonClient(configuration: configuration)
        configuration.cache = QueryCache()
        let cached = NeonClient(configuration: configuration)
        let owner = try NeonClient(connectionString: url, endpoint: endpoint)

        try await RIZQScreens.loadAll(cached)
        _ = meter.take()
        var refetchTimes: [Double] = []
        var revalidateTimes: [Double] = []
        var refetch = (requests: 0, bytes: 0, names: [[String]]())
        var nothingChanged = refetch
        let clock = ContinuousClock()
        for _ in 0..<rounds {
            let refetchTime = try await clock.measure {
                for query in RIZQScreens.queries { try await query.load(network) }
            }
            refetch = meter.take()
            let revalidateTime = try await clock.measure { _ = try await cached.revalidate(.all) }
            nothingChanged = meter.take()
            refetchTimes.append(refetchTime.milliseconds)
            revalidateTimes.append(revalidateTime.milliseconds)
        }

        let changes = [
            ("categories", 1), ("collections", 1), ("journeys", 9),
        ]
        for (table, id) in changes { try await exec(owner, "UPDATE \(table) SET description = description || ' (edited)' WHERE id = \(id)") }
        let report = try await cached.revalidate(.all)
        let threeChanged = meter.take()
        for (table, id) in changes {
            try await exec(owner, "UPDATE \(table) SET description = left(description, length(description) - 9) WHERE id = \(id)")
        }
        let restored = try await cached.revalidate(.all)
        _ = meter.take()

        let refetchMedian = median(refetchTimes)
        let revalidateMedian = median(revalidateTimes)
        print("| measure | refetching the 20 queries | revalidate(.all) | ratio |")
        print("| --- | --- | --- | --- |")
        print("| nothing changed: requests | \(refetch.requests) | \(nothingChanged.requests) | |")
        print("| nothing changed: response bytes | \(refetch.bytes) | \(nothingChanged.bytes) | \(percent(nothingChanged.bytes, of: refetch.bytes)) |")
        print(String(format: "| nothing changed: time, median of %d | %.2f ms | %.2f ms | **%.1fx** faster |",
                     rounds, refetchMedian, revalidateMedian, refetchMedian / max(revalidateMedian, 0.001)))
        print("| 3 changed: requests | \(refetch.requests) | \(threeChanged.requests) (\(threeChanged.names.map { $0.joined(separator: ", ") }.joined(separator: "; "))) | |")
        print("| 3 changed: response bytes | \(refetch.bytes) | \(threeChanged.bytes) | \(percent(threeChanged.bytes, of: refetch.bytes)) |")
        print("")
        print("3 changed: refetched \(report.refetched.joined(separator: ", ")); after restoring: refetched \(restored.refetched.joined(separator: ", "))")
    }

    static func exec(_ client: NeonClient, _ sql: String) async throws {
        _ = try await client.execute(Statement<Int>.execRows(name: "Edit", sql: sql, bindings: Bindings(), readOnly: false))
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    static func percent(_ part: Int, of whole: Int) -> String {
        String(format: "%.1f%%", whole == 0 ? 0 : Double(part) * 100 / Double(whole))
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension Duration {
    var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}
