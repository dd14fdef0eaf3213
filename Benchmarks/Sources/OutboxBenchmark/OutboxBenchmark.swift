// The outbox, measured against its baselines in one run (BENCHMARKS.md "Outbox"):
//   1. enqueue latency (write + fsync of the record, through the public API) against the physical
//      floor: one `write` + `fsync` of the same number of bytes to a file in the same directory;
//   2. draining 1,000 queued writes through neon-local: requests used and time, against sending
//      the same 1,000 writes one by one (`execute`, each its own request with its idempotency key).
// Not a timed test. Needs the local stack (for 2):
//
//   eval "$(Scripts/local-stack.sh start)"; Scripts/bench-outbox.sh [WRITES]
//
// Arguments: --endpoint URL (neon-local's /sql), --database-url URL, --writes N (default 1000),
// --enqueues N (default 300), --directory PATH (default: the temporary directory).
import BenchmarkSupport
import Foundation
import NeonSQL
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
}

/// Counts requests through the observer.
final class RequestCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func record() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

func insert(_ n: Int, table: String) -> Statement<Void> {
    var bindings = Bindings(capacity: 2)
    bindings.append(n, as: .int4)
    bindings.append("write number \(n)", as: .text)
    return .exec(name: "OutboxBench", sql: "INSERT INTO \(table) (n, label) VALUES ($1, $2)", bindings: bindings, readOnly: false,
                 tables: TableEffects(writes: ["public.\(table)"]))
}

@main
struct OutboxBenchmark {
    static func main() async throws {
        let options = CommandLineOptions()
        let base = URL(fileURLWithPath: options.string("--directory") ?? NSTemporaryDirectory(), isDirectory: true)
        let enqueues = options.int("--enqueues") ?? 300
        let writes = options.int("--writes") ?? 1000
        guard let endpoint = options.url("--endpoint"), let databaseURL = options.string("--database-url") else {
            print("usage: OutboxBenchmark --endpoint URL --database-url URL [--writes N] [--enqueues N] [--directory PATH]")
            exit(2)
        }
        try await enqueueLatency(base: base, count: enqueues, databaseURL: databaseURL)
        try await drainCost(base: base, count: writes, endpoint: endpoint, databaseURL: databaseURL)
    }

    /// 1. Enqueue against write + fsync of the same bytes, alternating, `count` times each.
    static func enqueueLatency(base: URL, count: Int, databaseURL: String) async throws {
        let directory = base.appendingPathComponent("outbox-bench-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // Offline (a closed port) and backing off for an hour: the drainer does not touch the log.
        var configuration = try NeonConfiguration(connectionString: databaseURL, endpoint: URL(string: "http://127.0.0.1:9/sql"))
        configuration.exactlyOnceWrites = ExactlyOnceWrites()
        let outbox = Outbox(directory: directory, limit: OutboxLimit(maxWrites: 1_000_000, maxBytes: 1 << 30),
                            retryPolicy: OutboxRetryPolicy(baseDelay: .seconds(3600), maxDelay: .seconds(3600)))
        configuration.outbox = outbox
        let client = NeonClient(configuration: configuration)
        try await client.enqueue(insert(-1, table: "outbox_bench"))
        try await client.drain()   // the first attempt fails at once; then it waits an hour
        let log = directory.appendingPathComponent("writes.log")
        let floorFile = directory.appendingPathComponent("floor.bin")
        let descriptor = open(floorFile.path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(descriptor) }
        var enqueueTimes: [Double] = []
        var floorTimes: [Double] = []
        let clock = ContinuousClock()
        for n in 0..<count {
            let before = (try? FileManager.default.attributesOfItem(atPath: log.path)[.size] as? Int) ?? 0
            let start = clock.now
            try await client.enqueue(insert(n, table: "outbox_bench"))
            enqueueTimes.append(milliseconds(clock.now - start))
            let after = (try? FileManager.default.attributesOfItem(atPath: log.path)[.size] as? Int) ?? 0
            let bytes = [UInt8](repeating: 0x5A, count: max(1, after - before))
            let floorStart = clock.now
            _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            fsync(descriptor)
            floorTimes.append(milliseconds(clock.now - floorStart))
        }
        let recordBytes = ((try? FileManager.default.attributesOfItem(atPath: log.path)[.size] as? Int) ?? 0) / (count + 1)
        let enqueueP50 = percentile(enqueueTimes, 0.5)
        let floorP50 = percentile(floorTimes, 0.5)
        print("enqueue (\(count) writes, ~\(recordBytes) bytes each): p50 \(String(format: "%.3f", enqueueP50)) ms, "
              + "p90 \(String(format: "%.3f", percentile(enqueueTimes, 0.9))) ms")
        print("write + fsync of the same bytes: p50 \(String(format: "%.3f", floorP50)) ms, "
              + "p90 \(String(format: "%.3f", percentile(floorTimes, 0.9))) ms")
        print("ratio (p50): \(String(format: "%.2f", enqueueP50 / floorP50))x")
    }

    /// 2. 1,000 queued writes drained, against the same writes sent one by one.
    static func drainCost(base: URL, count: Int, endpoint: URL, databaseURL: String) async throws {
        let table = "outbox_bench_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(8).lowercased()
        let owner = NeonClient(configuration: try NeonConfiguration(connectionString: databaseURL, endpoint: endpoint))
        try await owner.execute(Statement<Void>.exec(name: "Create", sql: "CREATE TABLE \(table) (n int NOT NULL, label text NOT NULL)",
                                                     bindings: Bindings(), readOnly: false))
        defer {
            Task { try? await owner.execute(Statement<Void>.exec(name: "Drop", sql: "DROP TABLE \(table)", bindings: Bindings(), readOnly: false)) }
        }
        let directory = base.appendingPathComponent("outbox-bench-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let counter = RequestCounter()
        var offline = try NeonConfiguration(connectionString: databaseURL, endpoint: URL(string: "http://127.0.0.1:9/sql"))
        offline.exactlyOnceWrites = ExactlyOnceWrites()
        offline.outbox = Outbox(directory: directory, retryPolicy: OutboxRetryPolicy(baseDelay: .seconds(3600), maxDelay: .seconds(3600)))
        let queuing = NeonClient(configuration: offline)
        for n in 0..<count { try await queuing.enqueue(insert(n, table: table)) }
        try await queuing.drain()

        var online = try NeonConfiguration(connectionString: databaseURL, endpoint: endpoint)
        online.exactlyOnceWrites = ExactlyOnceWrites()
        online.outbox = Outbox(directory: directory)
        online.requestObserver = { _ in counter.record() }
        let clock = ContinuousClock()
        let start = clock.now
        try await NeonClient(configuration: online).drain()
        let drainTime = clock.now - start
        let drainRequests = counter.value
        let pending = try await online.outbox?.pendingWrites().count ?? -1

        var direct = try NeonConfiguration(connectionString: databaseURL, endpoint: endpoint)
        direct.exactlyOnceWrites = ExactlyOnceWrites()
        let directCounter = RequestCounter()
        direct.requestObserver = { _ in directCounter.record() }
        let directClient = NeonClient(configuration: direct)
        let directStart = clock.now
        for n in 0..<count { try await directClient.execute(insert(n, table: table)) }
        let directTime = clock.now - directStart

        print("drain \(count) queued writes: \(drainRequests) requests, \(String(format: "%.1f", milliseconds(drainTime))) ms (\(pending) left pending)")
        print("the same writes one by one: \(directCounter.value) requests, \(String(format: "%.1f", milliseconds(directTime))) ms")
        print("drain is \(String(format: "%.1f", milliseconds(directTime) / milliseconds(drainTime)))x faster")
    }
}
