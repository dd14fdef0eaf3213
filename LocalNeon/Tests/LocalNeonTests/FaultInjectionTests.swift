import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import LocalNeonServer

/// The test-only fault mode (`--enable-fault-injection`, header `X-Neon-Local-Fault`): each fault
/// does what it says, seen from an HTTP client and in PostgreSQL, and nothing happens without the flag.
@Suite("Fault injection", .serialized, .enabled(if: TestPostgres.shouldRun, "set LOCALNEON_TEST_POSTGRES_URL (Scripts/test-localneon.sh does)"))
struct FaultInjectionTests {
    static let header = "X-Neon-Local-Fault"

    /// Inserts `tag` into a fresh table under `fault`; returns the answer (or the client's error) and
    /// whether the row is in PostgreSQL afterwards.
    static func insert(_ neon: LocalNeonHarness, fault: String) async throws -> (answer: Result<HTTPAnswer, any Error>, applied: Bool) {
        let tag = "fault-\(UUID().uuidString)"
        let answer: Result<HTTPAnswer, any Error>
        // A connection of its own: on a reused keep-alive connection that dies before any answer,
        // URLSession (libcurl) silently resends the request.
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let fresh = LocalNeonHarness(port: neon.port, session: session)
        do {
            answer = .success(try await fresh.query("insert into fault_t (tag) values ($1)", params: [tag], headers: [header: fault]))
        } catch {
            answer = .failure(error)
        }
        // Dropped connections may leave the statement running a moment longer: wait for it to settle.
        try await Task.sleep(for: .milliseconds(100))
        let count = try await neon.query("select count(*)::int as n from fault_t where tag = $1", params: [tag])
        #expect(count.status == 200, "\(count.text)")
        let applied = count.text.contains(#""rows":[{"n":1}]"#)
        #expect(applied || count.text.contains(#""rows":[{"n":0}]"#), "\(count.text)")
        return (answer, applied)
    }

    static func prepare(_ neon: LocalNeonHarness) async throws {
        let created = try await neon.query("create table if not exists fault_t (tag text primary key)")
        #expect(created.status == 200, "\(created.text)")
    }

    @Test("Without --enable-fault-injection the header is ignored")
    func headerIgnoredByDefault() async throws {
        try await LocalNeonHarness.with { neon in
            try await Self.prepare(neon)
            for fault in ["status=503", "drop-after-commit", "close-before-read", "truncate-body", "not-a-fault"] {
                let (answer, applied) = try await Self.insert(neon, fault: fault)
                let response = try answer.get()
                #expect(response.status == 200, "\(fault): \(response.text)")
                #expect(applied, "\(fault)")
            }
        }
    }

    @Test("Each fault: what the client sees and whether the statement ran")
    func faultsDoWhatTheySay() async throws {
        try await LocalNeonHarness.with(configure: { $0.faultInjectionEnabled = true }) { neon in
            try await Self.prepare(neon)
            // fault -> (HTTP status the client gets, or nil for a broken connection; statement applied?)
            let expectations: [(fault: String, status: Int?, applied: Bool)] = [
                ("delay=200", 200, true),
                ("close-before-read", nil, false),
                ("drop-before-statement", nil, false),
                ("drop-after-commit", nil, true),
                ("delay=100,drop-after-commit", nil, true),
                ("truncate-body", nil, true),
                ("status=500", 500, false),
                ("status=502", 502, false),
                ("status=503", 503, false),
                ("status=504", 504, false),
                ("status-after-commit=502", 502, true),
                ("status-after-commit=504", 504, true),
            ]
            for expectation in expectations {
                let (answer, applied) = try await Self.insert(neon, fault: expectation.fault)
                #expect(applied == expectation.applied, "\(expectation.fault): applied \(applied)")
                switch (answer, expectation.status) {
                case (.success(let response), let status?):
                    #expect(response.status == status, "\(expectation.fault): \(response.status) \(response.text)")
                    if status != 200 {
                        #expect(try response.object["message"] as? String == "neon-local fault injection: HTTP \(status) "
                            + (expectation.applied ? "after running the request" : "instead of running the request"))
                    }
                case (.failure, nil):
                    break  // the connection broke, as planned
                case (.success(let response), nil):
                    Issue.record("\(expectation.fault): expected a broken connection, got \(response.status) \(response.text)")
                case (.failure(let error), let status?):
                    Issue.record("\(expectation.fault): expected HTTP \(status), got \(error)")
                }
            }
            // The server is fine afterwards.
            let next = try await neon.query("select 1 as one")
            #expect(next.status == 200)
        }
    }

    @Test("A truncated body carries the full Content-Length and half the bytes")
    func truncatedBodyOnTheWire() async throws {
        try await LocalNeonHarness.with(configure: { $0.faultInjectionEnabled = true }) { neon in
            let raw = try await RawHTTP.exchange(
                port: neon.port,
                body: #"{"query":"select repeat('x', 1000) as x"}"#,
                headers: ["Neon-Connection-String": TestPostgres.connectionString, Self.header: "truncate-body"])
            guard let headerEnd = raw.range(of: Data("\r\n\r\n".utf8)) else {
                Issue.record("no HTTP head in \(String(decoding: raw, as: UTF8.self))")
                return
            }
            let head = String(decoding: raw[..<headerEnd.lowerBound], as: UTF8.self)
            let body = raw[headerEnd.upperBound...]
            #expect(head.hasPrefix("HTTP/1.1 200"), "\(head)")
            let lengthLine = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
            let declared = lengthLine.flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }
            #expect(declared != nil, "\(head)")
            if let declared {
                #expect(body.count == declared / 2, "declared \(declared), got \(body.count)")
            }
        }
    }

    @Test("Malformed fault headers are a 400 naming the header", arguments: [
        "explode", "status=418", "delay=-1", "delay=99999999", "drop-after-commit,truncate-body", "delay=1,delay=2", "",
    ])
    func malformedHeader(value: String) async throws {
        try await LocalNeonHarness.with(configure: { $0.faultInjectionEnabled = true }) { neon in
            let answer = try await neon.query("select 1", headers: [Self.header: value])
            #expect(answer.status == 400, "\(answer.text)")
            #expect(try (answer.object["message"] as? String)?.hasPrefix("invalid X-Neon-Local-Fault") == true, "\(answer.text)")
        }
    }

    @Test("Fault plans parse", arguments: [
        ("delay=250", FaultPlan(delayMilliseconds: 250, action: nil)),
        ("drop-after-commit", FaultPlan(delayMilliseconds: nil, action: .dropAfterCommit)),
        ("delay=10, status-after-commit=504", FaultPlan(delayMilliseconds: 10, action: .statusAfterCommit(504))),
        ("status=503", FaultPlan(delayMilliseconds: nil, action: .status(503))),
        ("close-before-read", FaultPlan(delayMilliseconds: nil, action: .closeBeforeRead)),
    ])
    func parse(value: String, expected: FaultPlan) throws {
        #expect(try FaultPlan.parse(value) == expected)
    }
}
