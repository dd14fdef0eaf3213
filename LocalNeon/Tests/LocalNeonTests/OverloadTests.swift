import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import LocalNeonServer

/// More concurrent requests than neon-local runs at once: the excess waits in a bounded queue for a
/// bounded time, and beyond either bound is answered at once with Neon's HTTP 500; nothing hangs.
@Suite("Overload", .serialized, .enabled(if: TestPostgres.shouldRun, "set LOCALNEON_TEST_POSTGRES_URL (Scripts/test-localneon.sh does)"))
struct OverloadTests {
    static let tooMany = "Too many connections to this endpoint. Please try again later."
    static let noPermit = "Failed to acquire permit to connect to the database. Too many database connection attempts are currently ongoing."

    /// Sends `count` requests at once on a session allowing that many connections; returns the
    /// status and message (or the transport error text) of each.
    static func burst(_ neon: LocalNeonHarness, count: Int, sql: String) async throws -> [(status: Int, message: String)] {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = count
        configuration.timeoutIntervalForRequest = 60
        let session = URLSession(configuration: configuration)
        defer { session.invalidateAndCancel() }
        let wide = LocalNeonHarness(port: neon.port, session: session)
        return try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for _ in 0..<count {
                group.addTask {
                    let answer = try await wide.query(sql)
                    let message = answer.status == 200 ? "" : (try? answer.object["message"] as? String) ?? answer.text
                    return (answer.status, message)
                }
            }
            var results: [(status: Int, message: String)] = []
            for try await result in group { results.append(result) }
            return results
        }
    }

    @Test("Beyond the running and queued bounds requests get HTTP 500 at once; queued ones time out with Neon's text")
    func excessIsRejected() async throws {
        try await LocalNeonHarness.with(configure: {
            $0.maximumConcurrentRequests = 2
            $0.maximumQueuedRequests = 2
            $0.maximumQueueWait = .seconds(1)
        }) { neon in
            // Every statement outlasts the queue wait, so nothing queued ever gets a turn.
            let results = try await Self.burst(neon, count: 12, sql: "select pg_sleep(3)")
            let succeeded = results.filter { $0.status == 200 }.count
            let rejected = results.filter { $0.status == 500 && $0.message == Self.tooMany }.count
            let timedOut = results.filter { $0.status == 500 && $0.message == Self.noPermit }.count
            #expect(results.count == 12)
            #expect(succeeded == 2, "\(results)")
            #expect(timedOut == 2, "\(results)")
            #expect(rejected == 8, "\(results)")
            // The gate is empty again and the server answers.
            let next = try await neon.query("select 1 as one")
            #expect(next.status == 200, "\(next.text)")
        }
    }

    @Test("Queued requests run when a slot frees up")
    func queuedRequestsRun() async throws {
        try await LocalNeonHarness.with(configure: {
            $0.maximumConcurrentRequests = 2
            $0.maximumQueuedRequests = 10
            $0.maximumQueueWait = .seconds(30)
        }) { neon in
            let results = try await Self.burst(neon, count: 10, sql: "select pg_sleep(0.2)")
            #expect(results.allSatisfy { $0.status == 200 }, "\(results)")
        }
    }

    @Test("The gate admits, queues, times out and rejects by its bounds and leaves nothing behind")
    func gateBounds() async throws {
        let gate = AdmissionGate(maximumRunning: 1, maximumWaiting: 1, maximumWait: .seconds(30))
        let (release, releaseContinuation) = AsyncStream.makeStream(of: Void.self)
        let holder = Task {
            try await gate.withPermit { for await _ in release {} }
        }
        while gate.load.running < 1 { try await Task.sleep(for: .milliseconds(5)) }
        let waiter = Task { try await gate.withPermit { 42 } }
        while gate.load.waiting < 1 { try await Task.sleep(for: .milliseconds(5)) }
        await #expect(throws: AdmissionGate.Rejection.queueFull) { try await gate.withPermit { 0 } }
        releaseContinuation.finish()
        try await holder.value
        #expect(try await waiter.value == 42)
        #expect(gate.load.running == 0 && gate.load.waiting == 0)

        let short = AdmissionGate(maximumRunning: 1, maximumWaiting: 4, maximumWait: .milliseconds(50))
        let (hold, holdContinuation) = AsyncStream.makeStream(of: Void.self)
        let busy = Task { try await short.withPermit { for await _ in hold {} } }
        while short.load.running < 1 { try await Task.sleep(for: .milliseconds(5)) }
        await #expect(throws: AdmissionGate.Rejection.waitedTooLong) { try await short.withPermit { 0 } }
        #expect(short.load.running == 1 && short.load.waiting == 0)
        holdContinuation.finish()
        try await busy.value
        #expect(short.load.running == 0 && short.load.waiting == 0)

        let patient = AdmissionGate(maximumRunning: 1, maximumWaiting: 4, maximumWait: .seconds(30))
        let (stay, stayContinuation) = AsyncStream.makeStream(of: Void.self)
        let occupant = Task { try await patient.withPermit { for await _ in stay {} } }
        while patient.load.running < 1 { try await Task.sleep(for: .milliseconds(5)) }
        let cancelled = Task { try await patient.withPermit { 0 } }
        while patient.load.waiting < 1 { try await Task.sleep(for: .milliseconds(1)) }
        cancelled.cancel()
        await #expect(throws: AdmissionGate.Rejection.cancelled) { try await cancelled.value }
        #expect(patient.load.running == 1 && patient.load.waiting == 0)
        stayContinuation.finish()
        try await occupant.value
        #expect(patient.load.running == 0 && patient.load.waiting == 0)
    }
}
