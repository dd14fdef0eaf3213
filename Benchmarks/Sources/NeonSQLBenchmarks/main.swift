// Decodes the same Neon /sql response two ways in one run and prints throughput, allocations and
// the ratio. Not a timed test: run it with `swift run -c release` from Benchmarks/.
import BenchmarkSupport
import Foundation
import MallocInterposerSwift
import NeonSQL

ensureMallocInterposerPreloaded()

MallocInterposerSwift.initialize()

struct Measurement {
    var seconds: Double      // best (minimum) time per decode
    var median: Double
    var mallocs: Int         // per decode
    var bytes: Int           // allocated bytes per decode
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func countAllocations(_ body: () throws -> Int) rethrows -> (mallocs: Int, bytes: Int) {
    MallocInterposerSwift.reset()
    MallocInterposerSwift.hook()
    _ = try body()
    MallocInterposerSwift.unhook()
    let stats = MallocInterposerSwift.getStatistics()
    return (stats.mallocCount, stats.mallocBytesCount)
}

/// Times `a` and `b` alternately (a, b, a, b, ...) so both see the same machine load.
func measurePair(iterations: Int, _ a: () throws -> Int, _ b: () throws -> Int) rethrows -> (Measurement, Measurement) {
    for _ in 0..<max(2, iterations / 10) {
        _ = try a()
        _ = try b()
    }
    let allocationsA = try countAllocations(a)
    let allocationsB = try countAllocations(b)
    let clock = ContinuousClock()
    var timesA: [Double] = []
    var timesB: [Double] = []
    var sink = 0
    for _ in 0..<iterations {
        var start = clock.now
        sink &+= try a()
        timesA.append(seconds(clock.now - start))
        start = clock.now
        sink &+= try b()
        timesB.append(seconds(clock.now - start))
    }
    if sink == -1 { print("") }
    timesA.sort()
    timesB.sort()
    return (
        Measurement(seconds: timesA[0], median: timesA[iterations / 2], mallocs: allocationsA.mallocs, bytes: allocationsA.bytes),
        Measurement(seconds: timesB[0], median: timesB[iterations / 2], mallocs: allocationsB.mallocs, bytes: allocationsB.bytes)
    )
}

func report(_ name: String, _ m: Measurement, bodyBytes: Int, rows: Int) {
    let mbps = Double(bodyBytes) / m.median / 1_000_000
    let rowsPerSecond = Double(rows) / m.median
    print(String(format: "  %-34@ %9.3f ms median (%8.3f best)  %8.1f MB/s  %12.0f rows/s  %9d mallocs (%.2f per row)  %11d bytes allocated",
                 name as NSString, m.median * 1000, m.seconds * 1000, mbps, rowsPerSecond, m.mallocs,
                 Double(m.mallocs) / Double(rows), m.bytes))
}

func run(rows: Int, iterations: Int) throws -> Double {
    let raw = rawArrayBody(rows: rows)
    let object = objectBody(rows: rows)
    let statement = Statements.fetchDuas()
    let decoder = JSONDecoder()

    // Both decoders must agree on the content.
    let ours = try statement.decodeResponse(raw)
    let theirs = try decoder.decode(NeonQueryResponse<DuaDTO>.self, from: object).rows
    guard ours.count == rows, theirs.count == rows,
          zip(ours, theirs).allSatisfy({ $0.id == $1.id && $0.titleEn == $1.titleEn && $0.duasCompleted == $1.duasCompleted
              && $0.transliteration == $1.transliteration && $0.rating == $1.rating && $0.userId.uuidString.lowercased() == $1.userId })
    else {
        print("decoders disagree")
        exit(1)
    }

    print("\(rows) rows x 12 columns (raw array body \(raw.count) bytes, object body \(object.count) bytes), \(iterations) iterations")
    let (baseline, neon) = try measurePair(
        iterations: iterations,
        { try decoder.decode(NeonQueryResponse<DuaDTO>.self, from: object).rows.count },
        { try statement.decodeResponse(raw).count })
    report("baseline JSONDecoder + Codable DTO", baseline, bodyBytes: object.count, rows: rows)
    report("NeonSQL RowDecoder", neon, bodyBytes: raw.count, rows: rows)
    let ratio = baseline.median / neon.median
    print(String(format: "  ratio: NeonSQL is %.1fx faster than the JSONDecoder baseline (median; %.1fx best vs best), %.1fx fewer mallocs",
                 ratio, baseline.seconds / neon.seconds, Double(baseline.mallocs) / Double(max(neon.mallocs, 1))))
    return ratio
}

/// The baseline's decodes, in a function of its own so callgrind counts them apart.
@inline(never)
func baselineDecodes(_ object: Data, times: Int) throws -> Int {
    let decoder = JSONDecoder()
    var total = 0
    for _ in 0..<times { total &+= try decoder.decode(NeonQueryResponse<DuaDTO>.self, from: object).rows.count }
    return total
}

/// NeonSQL's decodes, in a function of its own so callgrind counts them apart.
@inline(never)
func neonSQLDecodes(_ raw: Data, times: Int) throws -> Int {
    let statement = Statements.fetchDuas()
    var total = 0
    for _ in 0..<times { total &+= try statement.decodeResponse(raw).count }
    return total
}

// `--small` runs only the 10-row case (e.g. under `perf record`); `--large` only the 10,000-row case;
// `--copyfrom` only the copyFrom encoding benchmark (CopyFromBenchmark.swift); `--template` only the
// SQLTemplate benchmark (TemplateBenchmark.swift); `--json` only the json parameter encoding (JSONEncodeBenchmark.swift); `--profile` only NeonSQL's 10,000-row decode, 1,000 times
// (`--profile --small`: the 10-row decode a million times)
// (for `perf record`); `--callgrind` (with `--small` for 10 rows) both decoders for callgrind's counts.
let arguments = Set(CommandLine.arguments.dropFirst())
if arguments.contains("--copyfrom") {
    print("NeonSQL copyFrom benchmark (\(ProcessInfo.processInfo.operatingSystemVersionString))")
    let one = try await runCopyFrom(rows: 20_000, maxRequestBytes: CopyFrom.defaultMaxRequestBytes, iterations: 30)
    print("")
    let split = try await runCopyFrom(rows: 20_000, maxRequestBytes: 64 * 1024, iterations: 30)
    print("")
    print(String(format: "summary: copyFrom encoding once vs twice: one request %.2fx, split under 64 KiB %.2fx (>= 1 is not slower)", one, split))
    exit(0)
}
if arguments.contains("--template") {
    print("NeonSQL SQLTemplate benchmark (\(ProcessInfo.processInfo.operatingSystemVersionString))")
    let ratios = try runTemplate(iterations: 40)
    print(String(format: "summary: a templated call costs %.2fx a static one with its variant cached, %.2fx assembling it every call",
                 1 / ratios.cached, 1 / ratios.cold))
    exit(0)
}
if arguments.contains("--json") {
    print("NeonSQL json parameter encoding benchmark (\(ProcessInfo.processInfo.operatingSystemVersionString))")
    let ratios = try runJSONEncode(iterations: 40)
    print(String(format: "summary: one pass vs document then text: small %.2fx, large %.2fx (>= 1 is faster)", ratios.small, ratios.large))
    let parse = try runJSONParse(iterations: 40)
    print(String(format: "summary: json cells through the shared strict parser + conversion cost %.2fx (small), %.2fx (large) the runtime parser", parse.small, parse.large))
    exit(0)
}
if arguments.contains("--profile") {
    // Only NeonSQL's decoding, repeatedly (10,000 rows, or 10 with --small): a clean `perf record` profile.
    let small = arguments.contains("--small")
    let raw = rawArrayBody(rows: small ? 10 : 10_000)
    let statement = Statements.fetchDuas()
    var total = 0
    for _ in 0..<(small ? 1_000_000 : 1000) { total &+= try statement.decodeResponse(raw).count }
    print("decoded \(total) rows")
    exit(0)
}
if arguments.contains("--callgrind") {
    // Both decoders on the same response under `valgrind --tool=callgrind`: instructions per decode
    // are the inclusive counts of `baselineDecodes` and `neonSQLDecodes` (callgrind_annotate
    // --inclusive=yes) divided by the decodes each made; the ratio does not depend on machine load.
    let small = arguments.contains("--small")
    let rows = small ? 10 : 10_000
    let decodes = small ? 2_000 : 3
    let raw = rawArrayBody(rows: rows)
    let object = objectBody(rows: rows)
    // Warm both (lazy initialization, the validated-fields cache) outside the counted functions.
    _ = try JSONDecoder().decode(NeonQueryResponse<DuaDTO>.self, from: object)
    _ = try Statements.fetchDuas().decodeResponse(raw)
    let counted = try baselineDecodes(object, times: decodes) + neonSQLDecodes(raw, times: decodes)
    print("callgrind: \(decodes) decodes of \(rows) rows each way (\(counted) rows)")
    exit(0)
}
let runLarge = !arguments.contains("--small")
let runSmall = !arguments.contains("--large")
/// The machine's load average (Linux), printed so a run's figures can be judged for noise.
func loadAverage() -> String {
    (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)).map { $0.split(separator: " ").prefix(3).joined(separator: " ") } ?? "n/a"
}
print("NeonSQL decoding benchmark (\(ProcessInfo.processInfo.operatingSystemVersionString)), load average \(loadAverage())")
let large = runLarge ? try run(rows: 10_000, iterations: 40) : .nan
if runLarge && runSmall { print("") }
let small = runSmall ? try run(rows: 10, iterations: 20_000) : .nan
print("")
print(String(format: "summary: 10,000 rows %.1fx, 10 rows %.1fx (target >= 8x, goal 10x); load average at the end %@",
             large, small, loadAverage() as NSString))
