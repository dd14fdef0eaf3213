import Foundation
@testable import NeonSQL
import NeonSQLTestSupport
import Testing

/// A fake Neon server for the cache tests: every read answers one row whose `id` is how many
/// times that SQL was asked so far (1, 2, ...), so a test sees whether a result is cached or
/// fetched again; writes answer `UPDATE 1`. `mode` makes the next requests fail.
final class CacheServer: @unchecked Sendable {
    enum Mode {
        case ok
        /// The transport throws (no answer).
        case transportFailure(TransportError.Kind)
        /// The server answers this status and body.
        case status(Int, String)
    }

    private let lock = NSLock()
    private var counts: [String: Int] = [:]
    private var modeValue: Mode = .ok
    /// Called before answering a request (a test can hold a request in flight).
    var gate: (@Sendable () async -> Void)?

    var mode: Mode {
        get { lock.withLock { modeValue } }
        set { lock.withLock { modeValue = newValue } }
    }

    /// Requests received with `sql` (batches count each of their statements).
    func requests(_ sql: String) -> Int { lock.withLock { counts[sql] ?? 0 } }
    var totalRequests: Int { lock.withLock { counts.values.reduce(0, +) } }

    /// The transport; a request after the server is gone (a background refresh outliving its
    /// test) fails as a lost connection.
    lazy var transport = TransportDouble { [weak self] request, _ in
        guard let self else { throw TransportError(kind: .connectionLost, message: "the test is over") }
        return try await self.answer(request)
    }

    private func answer(_ request: NeonHTTPRequest) async throws -> NeonHTTPResponse {
        let object = try JSONSerialization.jsonObject(with: request.body) as? [String: Any] ?? [:]
        let queries: [String]
        if let batch = object["queries"] as? [[String: Any]] {
            queries = batch.compactMap { $0["query"] as? String }
        } else {
            queries = [object["query"] as? String ?? ""]
        }
        let answers: [String] = lock.withLock {
            queries.map { sql in
                counts[sql, default: 0] += 1
                return sql.hasPrefix("SELECT")
                    ? resultBody(fields: [("id", 23)], rows: [[String(counts[sql] ?? 0)]])
                    : #"{"fields":[],"rows":[],"command":"UPDATE","rowCount":1,"rowAsArray":true}"#
            }
        }
        if let gate { await gate() }
        switch mode {
        case .ok: break
        case .transportFailure(let kind): throw TransportError(kind: kind, message: "connection reset")
        case .status(let status, let body): return NeonHTTPResponse(status: status, body: Data(body.utf8))
        }
        let body = object["queries"] == nil ? answers[0] : #"{"results":["# + answers.joined(separator: ",") + "]}"
        return NeonHTTPResponse(status: 200, body: Data(body.utf8))
    }
}

/// A Neon database error body (SQLSTATE `code`).
func databaseErrorBody(_ code: String) -> String {
    #"{"message":"failed","code":""# + code + #"","severity":"ERROR"}"#
}

/// Collects a cache's events.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [QueryCache.Event] = []
    func record(_ event: QueryCache.Event) { lock.withLock { recorded.append(event) } }
    var events: [QueryCache.Event] { lock.withLock { recorded } }
}

/// A client on `server` with `cache`, no retries (a failure is seen at once).
func makeCachingClient(
    _ server: CacheServer, cache: QueryCache, defaultPolicy: CachePolicy = .networkOnly,
    authentication: NeonAuthentication = .password, maxStale: Duration = .seconds(3600), requestTimeout: Duration = .seconds(30)
) throws -> NeonClient {
    var configuration = try NeonConfiguration(
        connectionString: testConnectionString, authentication: authentication, requestTimeout: requestTimeout, retryPolicy: .none)
    configuration.cache = cache
    configuration.defaultCachePolicy = defaultPolicy
    configuration.maxStale = maxStale
    return NeonClient(configuration: configuration, transport: server.transport)
}

/// A read of one `id` from `table`, cached for 10 minutes unless `maxAge` says otherwise.
func readStatement(
    _ table: String, _ parameter: Int = 1, maxAge: Duration? = .seconds(600), tables: TableEffects? = nil
) -> Statement<[IDRow]> {
    var bindings = Bindings(capacity: 1)
    bindings.append(parameter, as: .int4)
    return .many(name: "Read_\(table)", sql: "SELECT id FROM \(table) WHERE k = $1", bindings: bindings, readOnly: true,
                 tables: tables ?? TableEffects(reads: ["public.\(table)"]), cacheMaxAge: maxAge)
}

/// A write changing `tables` (nil: unknown effects).
func writeStatement(_ tables: [String]?) -> Statement<Int> {
    .execRows(name: "Write", sql: "UPDATE x SET y = 1", bindings: Bindings(), readOnly: false,
              tables: tables.map { TableEffects(writes: $0) })
}

/// An unsigned JWT (header.payload.signature, base64url) with these claims.
func unsignedJWT(sub: String, role: String = "authenticated", extra: String = "") -> String {
    func base64url(_ text: String) -> String {
        Data(text.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
    return base64url(#"{"alg":"none","typ":"JWT"}"#) + "." + base64url(#"{"sub":""# + sub + #"","role":""# + role + #"""# + extra + "}")
        + ".c2lnbmF0dXJl"
}

/// A new empty directory under the temporary directory.
func temporaryCacheDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("neonsql-cache-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A mutable value shared with `@Sendable` closures.
final class Shared<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
    /// Changes the value under the lock and returns what `body` returns.
    func update<T>(_ body: (inout Value) -> T) -> T { lock.withLock { body(&stored) } }
}

extension CacheServer {
    /// Holds the `number`-th request (1-based, counting every request) until `release` ends.
    func hold(request number: Int, until release: AsyncStream<Void>) {
        let seen = Shared(0)
        gate = {
            guard seen.update({ $0 += 1; return $0 }) == number else { return }
            for await _ in release {}
        }
    }
}

extension IDRow {
    /// A row with `id`.
    init(id: Int) { self.id = id }
}

/// An observation whose values are recorded as its stream yields them (on the yielding thread, so
/// a test sees what was yielded before a call returned).
final class RecordedObservation<Result: Sendable>: Sendable {
    let values = Shared<[Cached<Result>]>([])
    private let consumer: Task<Void, any Error>

    init(_ client: NeonClient, _ statement: Statement<Result>) {
        let values = self.values
        let stream = client.observations.stream(statement) { cached in
            values.update { $0.append(cached) }
            return cached
        }
        consumer = Task { for try await _ in stream {} }
    }

    var last: Cached<Result>? { values.value.last }

    /// Waits until `count` values were yielded (bounded: ``Polling``).
    func waitFor(_ count: Int) async throws {
        try #require(await Polling.until { values.value.count >= count }, "\(count) values; got \(values.value.map { "\($0.value)" })")
    }

    func stop() async {
        consumer.cancel()
        _ = await consumer.result
    }
}

extension RecordedObservation where Result == [IDRow] {
    /// The first row's id of each value (-1 for none).
    var ids: [Int] { values.value.map { $0.value.first?.id ?? -1 } }
}
