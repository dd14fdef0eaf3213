import Foundation
@testable import NeonSQL

/// A fake Neon server for the outbox tests: it runs a batch as one transaction over a tiny
/// "database" (the recorded idempotency keys and the applied probe statements), so tests see what
/// was applied, in which order, under which token, and how many requests it took.
///
/// - the key insert of `ExactlyOnceWrites` fails with the key's unique violation when recorded;
/// - `SELECT t.key::text ...` (the outbox's applied-keys probe) answers the recorded keys given;
/// - `SELECT count(*)::text AS id FROM probe` (``probeCount()``) answers how many probe writes
///   were applied;
/// - a statement whose SQL contains `REJECT` fails with a check violation (23514);
/// - any other statement is applied (recorded with its first parameter and the request's token)
///   and answers one row `{id: <its first parameter>}` (`INSERT 0 1`).
final class OutboxTestServer: @unchecked Sendable {
    enum Fault {
        /// The transport fails before the request reaches the server.
        case offline
        /// The server commits, then the answer is lost.
        case dropAfterCommit
        /// 503 before running anything.
        case unavailable
    }

    struct Applied: Hashable {
        let value: String
        let token: String?
    }

    private let lock = NSLock()
    private var keys: Set<String> = []
    private var appliedValues: [Applied] = []
    private var faults: [Fault] = []
    private var persistentFault: Fault?
    private var requestCount = 0
    private var writeRequestCount = 0

    /// Faults for the next requests, one each, in order.
    func inject(_ faults: Fault...) { lock.withLock { self.faults += faults } }
    /// A fault for every request until cleared.
    var alwaysFailing: Fault? {
        get { lock.withLock { persistentFault } }
        set { lock.withLock { persistentFault = newValue } }
    }
    /// The applied statements' first parameters, in commit order.
    var applied: [String] { lock.withLock { appliedValues.map(\.value) } }
    var appliedWithTokens: [Applied] { lock.withLock { appliedValues } }
    var requests: Int { lock.withLock { requestCount } }
    /// Requests that carried writes (not the applied-keys probe).
    var writeRequests: Int { lock.withLock { writeRequestCount } }

    lazy var transport = TransportDouble { [weak self] request, _ in
        guard let self else { throw TransportError(kind: .connectionFailed, message: "the test is over") }
        return try self.answer(request)
    }

    private func answer(_ request: NeonHTTPRequest) throws -> NeonHTTPResponse {
        let token = request.headers.first { $0.name == "Authorization" }.map { String($0.value.dropFirst("Bearer ".count)) }
        let object = try JSONSerialization.jsonObject(with: request.body) as? [String: Any] ?? [:]
        let isBatch = object["queries"] != nil
        let queries = (object["queries"] as? [[String: Any]]) ?? [object]
        let fault: Fault? = lock.withLock {
            requestCount += 1
            if !faults.isEmpty { return faults.removeFirst() }
            return persistentFault
        }
        if case .offline = fault { throw TransportError(kind: .connectionFailed, message: "offline") }
        if case .unavailable = fault { return Self.response(503, #"{"message":"unavailable"}"#) }
        return try lock.withLock {
            var newKeys: [String] = []
            var newValues: [Applied] = []
            var results: [String] = []
            var wrote = false
            for query in queries {
                let sql = query["query"] as? String ?? ""
                let parameters = (query["params"] as? [Any]) ?? []
                let first = parameters.first as? String ?? ""
                if sql.hasPrefix("INSERT INTO \"neon_sql\".\"applied_requests\"") {
                    wrote = true
                    if keys.contains(first) || newKeys.contains(first) {
                        return Self.response(400, #"{"message":"duplicate key value violates unique constraint","code":"23505","schema":"neon_sql","table":"applied_requests"}"#)
                    }
                    newKeys.append(first)
                    results.append(Self.command("INSERT"))
                } else if sql.hasPrefix("SELECT t.key::text") {
                    let asked = first.trimmingCharacters(in: CharacterSet(charactersIn: "{}")).split(separator: ",").map(String.init)
                    results.append(resultBody(fields: [("key", 25)], rows: asked.filter { keys.contains($0) }.map { [$0] }))
                } else if sql.hasPrefix("SELECT count(*)::text AS id FROM probe") {
                    // The probe read: how many probe writes were committed before this request.
                    results.append(resultBody(fields: [("id", 25)], rows: [[String(appliedValues.count)]]))
                } else if sql.contains("REJECT") {
                    return Self.response(400, #"{"message":"new row violates check constraint","code":"23514","constraint":"probe_check"}"#)
                } else {
                    newValues.append(Applied(value: first, token: token))
                    results.append(resultBody(fields: [("id", 25)], rows: [[first]], command: "INSERT"))
                }
            }
            if wrote { writeRequestCount += 1 }
            keys.formUnion(newKeys)
            appliedValues += newValues
            if case .dropAfterCommit = fault {
                throw TransportError(kind: .connectionLost, message: "the answer was lost")
            }
            let body = isBatch ? "{\"results\":[" + results.joined(separator: ",") + "]}" : results.first ?? ""
            return Self.response(200, body)
        }
    }

    private static func command(_ tag: String) -> String {
        "{\"fields\":[],\"rows\":[],\"command\":\"\(tag)\",\"rowCount\":1,\"rowAsArray\":true}"
    }

    private static func response(_ status: Int, _ body: String) -> NeonHTTPResponse {
        NeonHTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
    }
}

/// One probe row: its `id` column.
struct ProbeRow: DecodableRow, Equatable {
    static let columns = [ResultColumn("id", .text)]
    let id: String
    init(id: String) { self.id = id }
    init(from row: inout RowDecoder) throws { id = try row.decode(String?.self) ?? "" }
}

/// A probe write recording `value` (a statement the fake server applies).
func probeWrite(_ value: String, reject: Bool = false) -> Statement<ProbeRow?> {
    var bindings = Bindings()
    bindings.append(value, as: .text)
    return Statement<Void>.one(name: "InsertProbe", sql: reject ? "INSERT INTO probe REJECT" : "INSERT INTO probe (v) VALUES ($1) RETURNING v AS id",
                               bindings: bindings, readOnly: false, tables: TableEffects(writes: ["public.probe"]))
}

/// The probe read: one row whose `id` is the number of probe writes applied (a read of
/// `public.probe`, so probe writes make it stale).
func probeCount() -> Statement<ProbeRow?> {
    Statement<Void>.one(name: "CountProbes", sql: "SELECT count(*)::text AS id FROM probe", bindings: Bindings(),
                        readOnly: true, tables: TableEffects(reads: ["public.probe"]))
}

/// A fresh directory under the temporary directory.
func temporaryOutboxDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("outbox-tests-\(UUID().uuidString)", isDirectory: true)
}

/// A client with an outbox in `directory` whose drains back off for 1-2 ms.
func makeOutboxClient(
    _ server: OutboxTestServer, directory: URL, limit: OutboxLimit = .default, maxWritesPerRequest: Int = 100,
    authentication: NeonAuthentication = .password, cache: QueryCache? = nil,
    drainRetry: OutboxRetryPolicy = OutboxRetryPolicy(baseDelay: .milliseconds(1), maxDelay: .milliseconds(5))
) throws -> NeonClient {
    var configuration = try NeonConfiguration(
        connectionString: testConnectionString, authentication: authentication, requestTimeout: .seconds(5),
        retryPolicy: RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(1), maxDelay: .milliseconds(2)))
    configuration.exactlyOnceWrites = ExactlyOnceWrites()
    configuration.cache = cache
    configuration.outbox = Outbox(directory: directory, limit: limit,
                                  retryPolicy: drainRetry,
                                  maxWritesPerRequest: maxWritesPerRequest)
    return NeonClient(configuration: configuration, transport: server.transport)
}

/// An unsigned JWT for subject `sub` (the outbox keys identities by the token's claims).
func testJWT(sub: String) -> String {
    func part(_ json: String) -> String {
        Data(json.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
    }
    return part(#"{"alg":"none"}"#) + "." + part("{\"sub\":\"\(sub)\",\"role\":\"authenticated\"}") + ".sig"
}

/// Waits (polling with `Task.sleep`, never blocking a thread) until `condition` holds or ~20 s pass.
func eventually(_ condition: () async throws -> Bool) async rethrows -> Bool {
    for _ in 0..<2000 {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return try await condition()
}
