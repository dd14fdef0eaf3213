// `copyFrom`: each part's request body encoded once (measured, then sent) against the earlier
// path that encoded it to measure and again to send. Both run in the same process, alternately,
// through a `NeonClient` whose transport answers in memory, so the difference is client-side work.
import Foundation
@_spi(Benchmarks) import NeonSQL

/// Answers every request with one `INSERT` result, without a network.
struct InMemoryInsertTransport: NeonTransport {
    static let body = Data(#"{"fields":[],"rows":[],"command":"INSERT","rowCount":1,"rowAsArray":true}"#.utf8)
    func send(_ request: NeonHTTPRequest) async throws -> NeonHTTPResponse {
        NeonHTTPResponse(status: 200, body: Self.body)
    }
}

/// One `:copyfrom` row: an id, a title with characters JSON must escape, an optional note.
struct CopyRow {
    var id: Int
    var title: String
    var note: String?
}

func copyStatement(_ rows: ArraySlice<CopyRow>) -> Statement<Int> {
    var bindings = Bindings(capacity: 3)
    bindings.append(rows.map(\.id), as: .array(.int8))
    bindings.append(rows.map(\.title), as: .array(.text))
    bindings.append(rows.map(\.note), as: .array(.text))
    return .copyFrom(name: "ImportRows", sql: "INSERT INTO t (id, title, note) SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[])",
                     bindings: bindings)
}

/// The earlier `copyFrom`, reproduced: encode each candidate part to measure it, then `execute`
/// (which encodes it again to send it).
func copyFromEncodingTwice(_ client: NeonClient, _ rows: [CopyRow], maxRequestBytes: Int) async throws -> Int {
    var inserted = 0
    var pending: [ArraySlice<CopyRow>] = rows.isEmpty ? [] : [rows[...]]
    while let part = pending.popLast() {
        let built = copyStatement(part)
        if part.count > 1, RequestBodyEncoder.single(sql: built.sql, parameters: built.bindings.values).count > maxRequestBytes {
            let middle = part.startIndex + part.count / 2
            pending.append(part[middle...])
            pending.append(part[..<middle])
            continue
        }
        inserted += try await client.execute(built)
    }
    return inserted
}

/// Times `a` and `b` alternately; the best and median of each.
func measureAsyncPair(iterations: Int, _ a: () async throws -> Int, _ b: () async throws -> Int) async rethrows -> (Measurement, Measurement) {
    for _ in 0..<max(2, iterations / 10) {
        _ = try await a()
        _ = try await b()
    }
    let clock = ContinuousClock()
    var timesA: [Double] = []
    var timesB: [Double] = []
    var sink = 0
    for _ in 0..<iterations {
        var start = clock.now
        sink &+= try await a()
        timesA.append(seconds(clock.now - start))
        start = clock.now
        sink &+= try await b()
        timesB.append(seconds(clock.now - start))
    }
    if sink == -1 { print("") }
    timesA.sort()
    timesB.sort()
    // Allocations are not counted here (the interposer's hook is not task-safe across suspension points).
    return (Measurement(seconds: timesA[0], median: timesA[iterations / 2], mallocs: 0, bytes: 0),
            Measurement(seconds: timesB[0], median: timesB[iterations / 2], mallocs: 0, bytes: 0))
}

/// Runs both paths on `rows` rows under `maxRequestBytes`; returns twice / once (median).
func runCopyFrom(rows count: Int, maxRequestBytes: Int, iterations: Int) async throws -> Double {
    let configuration = try NeonConfiguration(connectionString: "postgresql://bench:bench@ep-bench.us-east-2.aws.neon.tech/neondb")
    let client = NeonClient(configuration: configuration, transport: InMemoryInsertTransport())
    let rows = (0..<count).map {
        CopyRow(id: $0, title: "Title #\($0) \"quoted\", {braced}, back\\slash", note: $0 % 3 == 0 ? nil : "note \($0)")
    }
    let parts = try await client.copyFrom(rows, maxRequestBytes: maxRequestBytes) { copyStatement($0) }
    let partsTwice = try await copyFromEncodingTwice(client, rows, maxRequestBytes: maxRequestBytes)
    guard parts == partsTwice else {
        print("copyFrom paths disagree: \(parts) vs \(partsTwice) requests")
        exit(1)
    }
    let body = RequestBodyEncoder.single(sql: copyStatement(rows[...]).sql, parameters: copyStatement(rows[...]).bindings.values)
    print("copyFrom: \(count) rows (one body \(body.count) bytes), limit \(maxRequestBytes) bytes: \(parts) request(s), \(iterations) iterations")
    let (twice, once) = try await measureAsyncPair(
        iterations: iterations,
        { try await copyFromEncodingTwice(client, rows, maxRequestBytes: maxRequestBytes) },
        { try await client.copyFrom(rows, maxRequestBytes: maxRequestBytes) { copyStatement($0) } })
    for (name, measurement) in [("baseline: encode to measure + send", twice), ("copyFrom: encode once", once)] {
        print(String(format: "  %-36@ %9.3f ms median (%8.3f best)  %12.0f rows/s",
                     name as NSString, measurement.median * 1000, measurement.seconds * 1000, Double(count) / measurement.median))
    }
    let ratio = twice.median / once.median
    print(String(format: "  ratio: encoding once is %.2fx the speed of encoding twice (median; %.2fx best vs best)",
                 ratio, twice.seconds / once.seconds))
    return ratio
}
