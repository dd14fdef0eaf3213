import Foundation
import NeonSQL

/// The child process of the outbox's kill-at-random test (Tests/RIZQEndToEndTests/OutboxKillTests):
/// enqueues `OUTBOX_SOAK_COUNT` probe writes into the outbox at `OUTBOX_SOAK_DIRECTORY`,
/// alternating between two signed-in identities (tokens `OUTBOX_SOAK_TOKEN_A`/`_B`); every fifth
/// write is two statements replayed as one transaction. It drains through neon-local's
/// fault-injecting endpoint, asking for an answer lost after commit or a 503 on some requests,
/// and exits 0 once its writes are all settled. The test kills it with SIGKILL at random moments
/// and starts it again: it then carries on from where its progress file says, without enqueuing
/// a write twice.
///
/// Progress: `<directory>/progress-<label>` gets one line per write whose enqueue returned (`n`
/// and the write's id); a write the child was killed while enqueuing is found in the outbox's
/// pending list (by its query name) or in the table, or enqueued again.
@main
struct OutboxSoakChild {
    struct Failure: Error, CustomStringConvertible { let description: String }

    static func main() async {
        do {
            try await run()
        } catch {
            FileHandle.standardError.write(Data("outbox-soak-child: \(error)\n".utf8))
            exit(1)
        }
    }

    static func setting(_ name: String) throws -> String {
        guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else { throw Failure(description: "\(name) is not set") }
        return value
    }

    static func run() async throws {
        let directory = URL(fileURLWithPath: try setting("OUTBOX_SOAK_DIRECTORY"), isDirectory: true)
        guard let endpoint = URL(string: try setting("OUTBOX_SOAK_ENDPOINT")) else { throw Failure(description: "bad endpoint") }
        let connectionString = try setting("OUTBOX_SOAK_DATABASE_URL")
        let tokens = [try setting("OUTBOX_SOAK_TOKEN_A"), try setting("OUTBOX_SOAK_TOKEN_B")]
        let table = try setting("OUTBOX_SOAK_TABLE")
        let label = try setting("OUTBOX_SOAK_LABEL")
        guard let count = Int(try setting("OUTBOX_SOAK_COUNT")) else { throw Failure(description: "bad count") }

        let outbox = Outbox(directory: directory, retryPolicy: OutboxRetryPolicy(baseDelay: .milliseconds(20), maxDelay: .milliseconds(200)))
        let transport = FaultInjectingTransport()
        let clients = try tokens.map { token in
            var configuration = try NeonConfiguration(
                connectionString: connectionString, endpoint: endpoint, authentication: .bearerToken { token },
                requestTimeout: .seconds(10), retryPolicy: RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(10), maxDelay: .milliseconds(50)))
            configuration.exactlyOnceWrites = ExactlyOnceWrites()
            configuration.outbox = outbox
            return NeonClient(configuration: configuration, transport: transport)
        }
        let writeName = "SoakWrite_\(label)"
        let progressURL = directory.appendingPathComponent("progress-\(label)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        if !FileManager.default.fileExists(atPath: progressURL.path) {
            try Data().write(to: progressURL)
        }
        let recorded = try String(contentsOf: progressURL, encoding: .utf8).split(separator: "\n").compactMap { line -> (Int, String)? in
            let parts = line.split(separator: " ")
            guard parts.count == 2, let n = Int(parts[0]) else { return nil }   // a cut last line is not a record
            return (n, String(parts[1]))
        }
        let knownIDs = Set(recorded.map(\.1))
        var next = (recorded.map(\.0).max() ?? -1) + 1
        let progress = try FileHandle(forWritingTo: progressURL)
        progress.seekToEndOfFile()

        func statements(_ n: Int) -> [Statement<Void>] {
            let parts = n % 5 == 4 ? 2 : 1
            return (0..<parts).map { part in
                var bindings = Bindings()
                bindings.append(label, as: .text)
                bindings.append(n, as: .int4)
                bindings.append(part, as: .int4)
                return Statement<Void>.exec(name: writeName, sql: "INSERT INTO \(table) (label, n, part) VALUES ($1, $2, $3)",
                                            bindings: bindings, readOnly: false,
                                            tables: TableEffects(writes: ["public.\(table)"]))
            }
        }

        // The write the last run was killed while enqueuing: queued already if the outbox holds
        // a write of this child it has no record of, or applied already if its row is there.
        if next < count {
            let unknown = try await outbox.pendingWrites().filter { $0.names.first == writeName && !knownIDs.contains($0.id.uuidString) }
            var enqueued = !unknown.isEmpty
            if !enqueued {
                var bindings = Bindings()
                bindings.append(label, as: .text)
                bindings.append(next, as: .int4)
                let probe = Statement<Void>.execRows(name: "SoakProbe", sql: "SELECT 1 FROM \(table) WHERE label = $1 AND n = $2",
                                                     bindings: bindings, readOnly: true)
                // Asked without injected faults: a lost answer would only end this run.
                let direct = NeonClient(configuration: clients[next % 2].configuration, transport: URLSessionTransport.shared)
                enqueued = try await direct.execute(probe) > 0
            }
            if enqueued {
                progress.write(Data("\(next) \(unknown.first?.id.uuidString ?? "applied")\n".utf8))
                next += 1
            }
        }
        while next < count {
            let queued = try await clients[next % 2].enqueue(statements(next))
            progress.write(Data("\(next) \(queued.id.uuidString)\n".utf8))
            next += 1
        }
        // Drain both identities until none of this child's writes is pending (another process
        // sharing the directory may be draining them).
        while try await outbox.pendingWrites().contains(where: { $0.names.first == writeName }) {
            for client in clients { try await client.drain() }
            try await Task.sleep(for: .milliseconds(20))
        }
        print("outbox-soak-child \(label): \(count) writes settled")
    }
}

/// Sends through `URLSessionTransport`, asking neon-local's fault-injecting endpoint to lose the
/// answer after commit (1 request in 4) or to answer 503 without running anything (1 in 10).
final class FaultInjectingTransport: NeonTransport {
    func send(_ request: NeonHTTPRequest) async throws -> NeonHTTPResponse {
        var request = request
        let roll = Int.random(in: 0..<20)
        if roll < 5 {
            request.headers.append(HTTPHeader("X-Neon-Local-Fault", "drop-after-commit"))
        } else if roll < 7 {
            request.headers.append(HTTPHeader("X-Neon-Local-Fault", "status=503"))
        }
        return try await URLSessionTransport.shared.send(request)
    }
}
