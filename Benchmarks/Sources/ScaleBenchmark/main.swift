// Neon at scale, measured against the local stack (Scripts/bench-scale.sh runs it):
//
// 1. Reads per second through one NeonClient, primary only vs. primary + one read replica (the
//    local stack's streaming hot standby behind its own neon-local), in alternating rounds of the
//    same run; the observer counts where the reads went.
// 2. A 100,000-row query read page by page (`pages(pageSize:)`, keyset predicate, 5,000 rows a
//    page): rows per second and the process's peak resident memory before and after, beside the
//    total size of the responses, and the same rows read in one request for comparison.
//
// Arguments: --endpoint URL --replica-endpoint URL --database-url URL [--seconds S] [--rounds R]
// [--concurrency C]. Not a timed test.
import BenchmarkSupport
import Foundation
import NeonSQL

struct Options {
    var endpoint: URL
    var replicaEndpoint: URL
    var databaseURL: String
    var seconds: Double
    var rounds: Int
    var concurrency: Int

    static func parse(_ options: CommandLineOptions) -> Options? {
        guard let endpoint = options.url("--endpoint"), let replica = options.url("--replica-endpoint"),
              let databaseURL = options.string("--database-url") else { return nil }
        return Options(endpoint: endpoint, replicaEndpoint: replica, databaseURL: databaseURL,
                       seconds: options.double("--seconds") ?? 5, rounds: options.int("--rounds") ?? 3,
                       concurrency: options.int("--concurrency") ?? 16)
    }
}

struct PageRow: DecodableRow {
    static let columns = [ResultColumn("id", .int4), ResultColumn("payload", .text)]
    let id: Int
    let payload: String
    init(from row: inout RowDecoder) throws {
        id = try row.decode(Int.self)
        payload = try row.decode(String.self)
    }
}

/// Counts observer events by route and sums response bytes.
final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var primary = 0
    private var replica = 0
    private var bytes = 0
    func record(_ event: NeonRequestEvent) {
        lock.withLock {
            if event.route == .primary { primary += 1 } else { replica += 1 }
            bytes += event.responseBytes
        }
    }
    func take() -> (primary: Int, replica: Int, bytes: Int) {
        lock.withLock {
            defer { (primary, replica, bytes) = (0, 0, 0) }
            return (primary, replica, bytes)
        }
    }
}

enum Statements {
    static func journey(_ id: Int) -> Statement<CountRow?> {
        var bindings = Bindings(capacity: 1)
        bindings.append(id, as: .int4)
        return .one(name: "Journey", sql: "SELECT id AS n FROM journeys WHERE id = $1", bindings: bindings, readOnly: true)
    }

    static let createPages: Statement<Void> = .exec(
        name: "CreatePages",
        sql: "CREATE TABLE IF NOT EXISTS bench_pages (id int4 PRIMARY KEY, payload text NOT NULL)",
        bindings: Bindings(), readOnly: false)

    static let fillPages: Statement<Int> = .execRows(
        name: "FillPages",
        sql: "INSERT INTO bench_pages SELECT g, md5(g::text) || md5((g * 7)::text) FROM generate_series(1, 100000) g ON CONFLICT DO NOTHING",
        bindings: Bindings(), readOnly: false)

    static let countPages: Statement<CountRow?> = .one(
        name: "CountPages", sql: "SELECT count(*)::int4 AS n FROM bench_pages", bindings: Bindings(), readOnly: true)

    static func page(after: PageRow?, size: Int) -> Statement<[PageRow]> {
        var bindings = Bindings(capacity: 2)
        bindings.append(after?.id ?? 0, as: .int4)
        bindings.append(size, as: .int8)
        return .many(name: "Pages", sql: "SELECT id, payload FROM bench_pages WHERE id > $1 ORDER BY id LIMIT $2",
                     bindings: bindings, readOnly: true)
    }
}

/// The process's peak resident set (VmHWM) in bytes, from /proc.
func peakResidentBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        let kilobytes = line.split(separator: " ").compactMap { Int($0) }.first ?? 0
        return kilobytes * 1024
    }
    return 0
}

func client(_ options: Options, replica: Bool, tally: Tally) throws -> NeonClient {
    var configuration = try NeonConfiguration(connectionString: options.databaseURL, endpoint: options.endpoint,
                                              requestTimeout: .seconds(30))
    if replica { try configuration.addReadReplica(connectionString: options.databaseURL, endpoint: options.replicaEndpoint) }
    configuration.requestObserver = { tally.record($0) }
    return NeonClient(configuration: configuration)
}

/// Reads for `seconds` with `concurrency` tasks; returns reads per second.
func readRate(_ client: NeonClient, seconds: Double, concurrency: Int) async throws -> Double {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    let start = ContinuousClock.now
    let total = try await withThrowingTaskGroup(of: Int.self) { group in
        for task in 0..<concurrency {
            group.addTask {
                var count = 0
                var id = 1 + task % 3
                while ContinuousClock.now < deadline {
                    guard try await client.execute(Statements.journey(id)) != nil else { throw BenchmarkError("journey \(id) missing") }
                    count += 1
                    id = id % 3 + 1
                }
                return count
            }
        }
        return try await group.reduce(0, +)
    }
    let elapsed = ContinuousClock.now - start
    return Double(total) / (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

func format(_ value: Double) -> String { String(format: "%.0f", value) }

guard let options = Options.parse(CommandLineOptions()) else {
    print("usage: ScaleBenchmark --endpoint URL --replica-endpoint URL --database-url URL [--seconds S] [--rounds R] [--concurrency C]")
    exit(2)
}

let tally = Tally()
let primaryOnly = try client(options, replica: false, tally: tally)
let withReplica = try client(options, replica: true, tally: tally)

// 2 first, so the peak resident set is not the read loop's.
_ = try await primaryOnly.execute(Statements.createPages)
_ = try await primaryOnly.execute(Statements.fillPages)
guard try await primaryOnly.execute(Statements.countPages)?.n == 100_000 else { throw BenchmarkError("bench_pages does not hold 100,000 rows") }
// Warm up (connections), and let the standby replay the table.
for _ in 0..<50 {
    if (try? await withReplica.routing(.replicaAllowingStaleReads).execute(Statements.countPages)?.n) == 100_000 { break }
    try await Task.sleep(for: .milliseconds(100))
}
_ = tally.take()
let peakBefore = peakResidentBytes()
let pageStart = ContinuousClock.now
var rows = 0
var lastID = 0
var pageCount = 0
for try await page in withReplica.pages(pageSize: 5000, { after in Statements.page(after: after, size: 5000) }) {
    guard page.first.map({ $0.id > lastID }) ?? true else { throw BenchmarkError("pages out of order") }
    rows += page.count
    lastID = page.last?.id ?? lastID
    pageCount += 1
}
let pageElapsed = ContinuousClock.now - pageStart
let pageSeconds = Double(pageElapsed.components.seconds) + Double(pageElapsed.components.attoseconds) / 1e18
let pageTally = tally.take()
let peakAfter = peakResidentBytes()
guard rows == 100_000 else { throw BenchmarkError("read \(rows) rows, expected 100,000") }
print("paged read: \(rows) rows in \(pageCount) pages of <= 5,000 in \(String(format: "%.2f", pageSeconds)) s: "
      + "\(format(Double(rows) / pageSeconds)) rows/s; requests to the replica \(pageTally.replica), to the primary \(pageTally.primary)")
print("paged read: response bytes in all \(pageTally.bytes / 1024) KiB; peak resident set \(peakBefore / 1024) KiB before, "
      + "\(peakAfter / 1024) KiB after (+\((peakAfter - peakBefore) / 1024) KiB)")
// For comparison, the same rows in one request (they fit neon-local's default 10 MB limit),
// held until measured: the peak grows by the whole result at once.
let allAtOnce: Statement<[PageRow]> = .many(name: "AllPages", sql: "SELECT id, payload FROM bench_pages ORDER BY id",
                                            bindings: Bindings(), readOnly: true)
let oneRequestStart = ContinuousClock.now
let everyRow = try await withReplica.execute(allAtOnce)
let oneRequestElapsed = ContinuousClock.now - oneRequestStart
let peakOneRequest = peakResidentBytes()
guard everyRow.count == 100_000 else { throw BenchmarkError("one request read \(everyRow.count) rows") }
print("one request (comparison): 100000 rows in \(oneRequestElapsed); peak resident set \(peakOneRequest / 1024) KiB "
      + "(+\((peakOneRequest - peakAfter) / 1024) KiB over the paged read's peak)")
_ = tally.take()

// 1. Alternating rounds.
_ = try await readRate(primaryOnly, seconds: 1, concurrency: options.concurrency)
_ = try await readRate(withReplica, seconds: 1, concurrency: options.concurrency)
_ = tally.take()
var primaryRates: [Double] = []
var replicaRates: [Double] = []
for round in 1...options.rounds {
    let primaryRate = try await readRate(primaryOnly, seconds: options.seconds, concurrency: options.concurrency)
    let primaryTally = tally.take()
    let replicaRate = try await readRate(withReplica, seconds: options.seconds, concurrency: options.concurrency)
    let replicaTally = tally.take()
    primaryRates.append(primaryRate)
    replicaRates.append(replicaRate)
    print("round \(round): primary only \(format(primaryRate)) reads/s (primary \(primaryTally.primary)); "
          + "primary + replica \(format(replicaRate)) reads/s (replica \(replicaTally.replica), primary \(replicaTally.primary))")
}
let ratio = median(replicaRates) / max(median(primaryRates), 1)
print("reads/s (median of \(options.rounds) x \(options.seconds) s, \(options.concurrency) concurrent): primary only "
      + "\(format(median(primaryRates))), primary + replica \(format(median(replicaRates))), ratio \(String(format: "%.2f", ratio))")
