// Round trips, measured: reads, writes and typed batches through `NeonClient` to neon-local behind
// Scripts/latency-proxy.py (a fixed delay each way and a setup cost per new connection), with and
// without exactly-once writes, in one run. Reports connections opened per 100 requests on a warm
// client (from the proxy's count) and p50/p99 latency in round trips. Not a timed test.
//
//   Scripts/bench-latency.sh [DELAY_MS] [REQUESTS]     (starts the proxy; needs the local stack)
//
// Arguments: --endpoint URL (the proxy's /sql), --database-url URL, --stats-file FILE (the proxy's),
// --rtt-ms MS, --requests N.
import BenchmarkSupport
import Foundation
import NeonSQL

struct Options {
    var endpoint: URL
    var databaseURL: String
    var statsFile: String
    var rttMilliseconds: Double
    var requests: Int

    static func parse(_ options: CommandLineOptions) -> Options? {
        guard let endpoint = options.url("--endpoint"), let databaseURL = options.string("--database-url"),
              let statsFile = options.string("--stats-file"), let rtt = options.double("--rtt-ms") else { return nil }
        return Options(endpoint: endpoint, databaseURL: databaseURL, statsFile: statsFile, rttMilliseconds: rtt,
                       requests: options.int("--requests") ?? 100)
    }
}

enum Requests {
    static func read(_ id: Int) -> Statement<CountRow?> {
        var bindings = Bindings(capacity: 1)
        bindings.append(id, as: .int4)
        return .one(name: "ReadCounter", sql: "SELECT n FROM latency_bench WHERE id = $1", bindings: bindings, readOnly: true)
    }

    static func write(_ id: Int) -> Statement<Int> {
        var bindings = Bindings(capacity: 1)
        bindings.append(id, as: .int4)
        return .execRows(name: "BumpCounter", sql: "UPDATE latency_bench SET n = n + 1 WHERE id = $1", bindings: bindings, readOnly: false)
    }

    static let setup: [Statement<Void>] = [
        .exec(name: "Create", sql: "CREATE TABLE IF NOT EXISTS latency_bench (id int PRIMARY KEY, n int NOT NULL)",
              bindings: Bindings(), readOnly: false),
        .exec(name: "Fill", sql: "INSERT INTO latency_bench SELECT g, 0 FROM generate_series(1, 100) g ON CONFLICT DO NOTHING",
              bindings: Bindings(), readOnly: false),
    ]
}

func connectionsSoFar(_ path: String) -> Int {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8),
          let line = text.split(separator: "\n").first(where: { $0.hasPrefix("connections=") }) else { return -1 }
    return Int(line.dropFirst("connections=".count)) ?? -1
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return .nan }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
}

struct Row {
    var kind: String
    var exactlyOnce: Bool
    var connectionsPer100: Double
    var p50: Double
    var p99: Double
}

/// Runs `requests` sequential calls of `work` on a warm client; returns latency and connections.
func measure(_ kind: String, exactlyOnce: Bool, options: Options, _ work: @escaping @Sendable (Int) async throws -> Void) async throws -> Row {
    for index in 0..<5 { try await work(index) }   // warm-up: the client's connections exist
    let before = connectionsSoFar(options.statsFile)
    let clock = ContinuousClock()
    var times: [Double] = []
    for index in 0..<options.requests {
        let start = clock.now
        try await work(index)
        times.append(milliseconds(clock.now - start))
    }
    let opened = connectionsSoFar(options.statsFile) - before
    times.sort()
    return Row(kind: kind, exactlyOnce: exactlyOnce, connectionsPer100: Double(opened) * 100 / Double(options.requests),
               p50: percentile(times, 0.5), p99: percentile(times, 0.99))
}

guard let options = Options.parse(CommandLineOptions()) else {
    FileHandle.standardError.write(Data("usage: LatencyBenchmark --endpoint URL --database-url URL --stats-file FILE --rtt-ms MS [--requests N]\n".utf8))
    exit(2)
}

var rows: [Row] = []
for exactlyOnce in [false, true] {
    var configuration = try NeonConfiguration(connectionString: options.databaseURL, endpoint: options.endpoint,
                                              requestTimeout: .seconds(10))
    if exactlyOnce { configuration.exactlyOnceWrites = ExactlyOnceWrites() }
    // A transport of its own, so the two configurations share no connections.
    let client = NeonClient(configuration: configuration, transport: URLSessionTransport())
    for statement in Requests.setup { try await client.execute(statement) }
    rows.append(try await measure("read", exactlyOnce: exactlyOnce, options: options) { index in
        _ = try await client.execute(Requests.read(index % 100 + 1))
    })
    rows.append(try await measure("write", exactlyOnce: exactlyOnce, options: options) { index in
        _ = try await client.execute(Requests.write(index % 100 + 1))
    })
    rows.append(try await measure("typed batch (read + write)", exactlyOnce: exactlyOnce, options: options) { index in
        _ = try await client.batch(Requests.read(index % 100 + 1), Requests.write(index % 100 + 1))
    })
}

let rtt = options.rttMilliseconds
print("RTT \(rtt) ms (delay \(rtt / 2) ms each way), \(options.requests) sequential requests per row after 5 of warm-up")
print("| request | exactly-once | connections opened per 100 | p50 | p50 in RTTs | p99 | p99 in RTTs |")
print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
for row in rows {
    print(String(format: "| %@ | %@ | %.0f | %.1f ms | %.2f | %.1f ms | %.2f |", row.kind, row.exactlyOnce ? "on" : "off",
                 row.connectionsPer100, row.p50, row.p50 / rtt, row.p99, row.p99 / rtt))
}
if let read = rows.first(where: { $0.kind == "read" && $0.exactlyOnce }),
   let write = rows.first(where: { $0.kind == "write" && $0.exactlyOnce }) {
    print(String(format: "exactly-once on: write p50 / read p50 = %.2f", write.p50 / read.p50))
}
