// The result cache, measured against the network in one run (BENCHMARKS.md "Result cache"):
//   1. a read answered by the QueryCache against the same read through neon-local (p50 and ratio);
//   2. allocations per cached hit;
//   3. heap retained per 1,000 cached rows (bytes allocated minus freed while filling: bodies and rows);
//   4. one write with 100 live observations: time until every observation has its new value, and
//      requests made, against the write followed by 100 plain re-reads.
// Not a timed test. Needs the local stack:
//
//   eval "$(Scripts/local-stack.sh start)"; Scripts/bench-cache.sh [READS]
//
// Arguments: --endpoint URL (neon-local's /sql), --database-url URL, --reads N (default 500).
// `--declared` alone: what `TableEffects.declared` costs a statement factory (no server needed).
import BenchmarkSupport
import Foundation
import MallocInterposerSwift
import NeonSQL


/// A row of the benchmark table.
struct BenchRow: DecodableRow, Sendable {
    static let columns: [ResultColumn] = [ResultColumn("id", .int4), ResultColumn("n", .int4), ResultColumn("label", .text)]
    let id: Int
    let n: Int
    let label: String
    init(from row: inout RowDecoder) throws {
        id = try row.decode(Int.self)
        n = try row.decode(Int.self)
        label = try row.decode(String.self)
    }
}

enum Bench {
    static let reads = TableEffects(reads: ["public.cache_bench"])
    static let writes = TableEffects(reads: ["public.cache_bench"], writes: ["public.cache_bench"])

    /// `rows` rows starting after `offset` (a different key per offset).
    static func page(_ offset: Int, rows: Int = 20) -> Statement<[BenchRow]> {
        var bindings = Bindings(capacity: 2)
        bindings.append(offset, as: .int4)
        bindings.append(rows, as: .int4)
        return .many(name: "ReadBench", sql: "SELECT id, n, label FROM cache_bench WHERE id > $1 ORDER BY id LIMIT $2",
                     bindings: bindings, readOnly: true, tables: reads, cacheMaxAge: .seconds(600))
    }

    static func bump() -> Statement<Int> {
        .execRows(name: "BumpBench", sql: "UPDATE cache_bench SET n = n + 1 WHERE id = 1", bindings: Bindings(), readOnly: false,
                  tables: writes)
    }

    static let setup: [Statement<Void>] = [
        .exec(name: "Create", sql: "CREATE TABLE IF NOT EXISTS cache_bench (id int PRIMARY KEY, n int NOT NULL, label text NOT NULL)",
              bindings: Bindings(), readOnly: false),
        .exec(name: "Fill", sql: "INSERT INTO cache_bench SELECT g, 0, 'row number ' || g FROM generate_series(1, 20000) g ON CONFLICT DO NOTHING",
              bindings: Bindings(), readOnly: false),
    ]
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
}

/// Counts requests through the observer.
final class RequestCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func record() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

@main
struct CacheBenchmark {
    static func main() async throws {
        ensureMallocInterposerPreloaded()
        MallocInterposerSwift.initialize()
        let options = CommandLineOptions()
        if CommandLine.arguments.contains("--declared") {
            // No server needed (DeclaredEffectsBenchmark.swift).
            try await measureDeclaredEffects()
            return
        }
        guard let endpoint = options.url("--endpoint"), let databaseURL = options.string("--database-url") else {
            FileHandle.standardError.write(Data("usage: CacheBenchmark --endpoint URL --database-url URL [--reads N]\n".utf8))
            exit(2)
        }
        let reads = options.int("--reads") ?? 500
        let counter = RequestCounter()
        func configuration(cache: QueryCache?) throws -> NeonConfiguration {
            var configuration = try NeonConfiguration(connectionString: databaseURL, endpoint: endpoint)
            configuration.cache = cache
            configuration.requestObserver = { _ in counter.record() }
            return configuration
        }
        let network = NeonClient(configuration: try configuration(cache: nil))
        for statement in Bench.setup { try await network.execute(statement) }

        // 1. Cached read against a neon-local read, alternating so both see the same load.
        let cache = QueryCache(memoryLimit: 512 << 20)
        let cached = NeonClient(configuration: try configuration(cache: cache))
        _ = try await cached.execute(Bench.page(0))
        for _ in 0..<20 { _ = try await network.execute(Bench.page(0)) }
        let clock = ContinuousClock()
        var networkTimes: [Double] = []
        var cacheTimes: [Double] = []
        var sink = 0
        for _ in 0..<reads {
            var start = clock.now
            sink &+= try await network.execute(Bench.page(0)).count
            networkTimes.append(milliseconds(clock.now - start))
            start = clock.now
            sink &+= try await cached.execute(Bench.page(0)).count
            cacheTimes.append(milliseconds(clock.now - start))
        }
        let networkP50 = median(networkTimes)
        let cacheP50 = median(cacheTimes)
        print("Result cache (\(reads) reads of 20 rows each way, alternating)")
        print(String(format: "  neon-local read      p50 %8.3f ms", networkP50))
        print(String(format: "  cached read          p50 %8.3f ms   (%.0fx faster)", cacheP50, networkP50 / cacheP50))

        // 2. Allocations per cached hit.
        let hits = 1_000
        MallocInterposerSwift.reset()
        MallocInterposerSwift.hook()
        for _ in 0..<hits { sink &+= try await cached.execute(Bench.page(0)).count }
        MallocInterposerSwift.unhook()
        let stats = MallocInterposerSwift.getStatistics()
        print(String(format: "  allocations per cached hit: %.1f mallocs, %.0f bytes", Double(stats.mallocCount) / Double(hits),
                     Double(stats.mallocBytesCount) / Double(hits)))

        // 3. Heap retained per 1,000 cached rows: 50 entries of 1,000 rows.
        let memoryCache = QueryCache(memoryLimit: 1 << 30)
        let filling = NeonClient(configuration: try configuration(cache: memoryCache))
        _ = try await filling.execute(Bench.page(0, rows: 1_000))  // warm the client's own caches first
        memoryCache.clear()
        var bodyBytes = 0
        MallocInterposerSwift.reset()
        MallocInterposerSwift.hook()
        for entry in 0..<50 {
            let rows = try await filling.execute(Bench.page(entry * 1_000, rows: 1_000))
            bodyBytes += rows.reduce(0) { $0 + $1.label.utf8.count + 16 }
        }
        MallocInterposerSwift.unhook()
        let filled = MallocInterposerSwift.getStatistics()
        // Allocated minus freed while filling: what the 50 entries keep (bodies and decoded rows).
        let retained = filled.mallocBytesCount - filled.freeBytesCount
        print(String(format: "  heap retained per 1,000 cached rows: %.0f KiB (rows of 3 columns; %.0f KiB of values)",
                     Double(retained) / 50 / 1024, Double(bodyBytes) / 50 / 1024))

        // 4. One write, 100 observations (10 keys x 10 observers) against the write + 100 re-reads.
        let live = NeonClient(configuration: try configuration(cache: QueryCache()))
        let observers = 100
        let firstValues = AsyncStream<Void>.makeStream()
        let refreshed = AsyncStream<Void>.makeStream()
        var tasks: [Task<Void, Never>] = []
        for index in 0..<observers {
            let observation = live.observe(Bench.page(index % 10))
            tasks.append(Task {
                var seen = 0
                do {
                    for try await _ in observation {
                        seen += 1
                        if seen == 1 { firstValues.continuation.yield() } else { refreshed.continuation.yield(); break }
                    }
                } catch {}
            })
        }
        var ready = 0
        for await _ in firstValues.stream { ready += 1; if ready == observers { break } }
        let requestsBefore = counter.value
        let writeStart = clock.now
        _ = try await live.execute(Bench.bump())
        var done = 0
        for await _ in refreshed.stream { done += 1; if done == observers { break } }
        let observed = milliseconds(clock.now - writeStart)
        let observedRequests = counter.value - requestsBefore - 1
        tasks.forEach { $0.cancel() }

        let plainStart = clock.now
        _ = try await network.execute(Bench.bump())
        for index in 0..<observers { sink &+= try await network.execute(Bench.page(index % 10)).count }
        let plain = milliseconds(clock.now - plainStart)
        print(String(format: "  1 write, %d observers refreshed: %8.2f ms, %d requests (identical reads shared)", observers, observed, observedRequests))
        print(String(format: "  1 write, %d plain re-reads:      %8.2f ms, %d requests   (observers %.1fx faster)", observers, plain, observers,
                     plain / observed))
        if sink == -1 { print("") }
    }
}
