// What `TableEffects.declared(_:)` costs a statement factory (issue 42 §9), measured in one run
// against the same factory given effects built once: building statements alone, and cached hits
// (statement built + answered by the QueryCache), alternating. Needs no server: the one miss that
// fills the cache is answered by an in-process transport with a fixed 20-row body.
//
//   Scripts/bench-cache.sh --declared      (or CacheBenchmark --declared)
import Foundation
import NeonSQL

enum DeclaredBench {
    static let sql = "SELECT id, n, label FROM cache_bench WHERE id > $1 ORDER BY id LIMIT $2"

    /// As a generated factory builds it: the effects from a literal, on every call.
    static func pageDeclared(_ offset: Int) -> Statement<[BenchRow]> {
        var bindings = Bindings(capacity: 2)
        bindings.append(offset, as: .int4)
        bindings.append(20, as: .int4)
        return .many(name: "ReadBench", sql: sql, bindings: bindings, readOnly: true,
                     tables: .declared(#"{"reads":["public.cache_bench"],"writes":[]}"#), cacheMaxAge: .seconds(600))
    }

    /// The same statement with effects built once (the floor: no lookup at all).
    static func pagePrebuilt(_ offset: Int) -> Statement<[BenchRow]> {
        var bindings = Bindings(capacity: 2)
        bindings.append(offset, as: .int4)
        bindings.append(20, as: .int4)
        return .many(name: "ReadBench", sql: sql, bindings: bindings, readOnly: true,
                     tables: Bench.reads, cacheMaxAge: .seconds(600))
    }
}

/// Answers every request with the same 20-row result (only the miss that fills the cache asks).
struct FixedResultTransport: NeonTransport {
    let body: Data = {
        let fields = ["id", "n"].map { #"{"name":"\#($0)","dataTypeID":23}"# } + [#"{"name":"label","dataTypeID":25}"#]
        let rows = (1...20).map { #"["\#($0)","0","row number \#($0)"]"# }
        return Data(#"{"fields":[\#(fields.joined(separator: ","))],"rows":[\#(rows.joined(separator: ","))],"command":"SELECT","rowCount":20,"rowAsArray":true}"#.utf8)
    }()

    func send(_ request: NeonHTTPRequest) async throws -> NeonHTTPResponse {
        NeonHTTPResponse(status: 200, headers: ["content-type": "application/json"], body: body)
    }
}

/// Prints ns per statement built and the cached-hit p50 both ways, with the ratios.
func measureDeclaredEffects() async throws {
    let clock = ContinuousClock()
    func nanoseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
    }
    // 1. Building statements only: rounds of 100,000 each way, alternating; the median round.
    var sink = 0
    var declaredRounds: [Double] = []
    var prebuiltRounds: [Double] = []
    let perRound = 100_000
    for _ in 0..<15 {
        var start = clock.now
        for index in 0..<perRound { sink &+= DeclaredBench.pageDeclared(index).bindings.count }
        declaredRounds.append(nanoseconds(clock.now - start) / Double(perRound))
        start = clock.now
        for index in 0..<perRound { sink &+= DeclaredBench.pagePrebuilt(index).bindings.count }
        prebuiltRounds.append(nanoseconds(clock.now - start) / Double(perRound))
    }
    let declaredBuild = median(declaredRounds)
    let prebuiltBuild = median(prebuiltRounds)
    print("TableEffects.declared in a statement factory (no server; \(perRound) statements per round, 15 rounds, median)")
    print(String(format: "  build with .declared literal   %7.1f ns per statement", declaredBuild))
    print(String(format: "  build with prebuilt effects    %7.1f ns per statement   (.declared costs %+.1f ns, %.2fx)",
                 prebuiltBuild, declaredBuild - prebuiltBuild, declaredBuild / prebuiltBuild))

    // 2. Cached hits, statement built each time as an app calls a factory, alternating.
    let configuration = try NeonConfiguration(
        connectionString: "postgresql://bench:secret@ep-bench-1.us-east-2.aws.neon.tech/neondb")
    var cached = configuration
    cached.cache = QueryCache(memoryLimit: 64 << 20)
    let client = NeonClient(configuration: cached, transport: FixedResultTransport())
    sink &+= try await client.execute(DeclaredBench.pageDeclared(0)).count
    sink &+= try await client.execute(DeclaredBench.pagePrebuilt(0)).count
    var declaredHits: [Double] = []
    var prebuiltHits: [Double] = []
    for _ in 0..<20_000 {
        var start = clock.now
        sink &+= try await client.execute(DeclaredBench.pageDeclared(0)).count
        declaredHits.append(nanoseconds(clock.now - start) / 1000)
        start = clock.now
        sink &+= try await client.execute(DeclaredBench.pagePrebuilt(0)).count
        prebuiltHits.append(nanoseconds(clock.now - start) / 1000)
    }
    let declaredHit = median(declaredHits)
    let prebuiltHit = median(prebuiltHits)
    print(String(format: "  cached hit, .declared          %7.2f us p50 (20,000 hits each way, alternating)", declaredHit))
    print(String(format: "  cached hit, prebuilt           %7.2f us p50   (ratio %.3f)", prebuiltHit, declaredHit / prebuiltHit))
    if sink == -1 { print("") }
}
