import Foundation
@testable import NeonSQLTestSupport
import Synchronization
import Testing

/// `.deadline`'s race between a test's body and its deadline (docs/testing.md).
@Suite("Test support: deadlines")
struct TestDeadlineTests {
    final class Calls: Sendable {
        let expired = Mutex(0)
        let ignoredCancellation = Mutex(0)
        let bodyCancelled = Mutex(false)
    }

    struct Thrown: Error {}

    @Test func aBodyEndingInTimeDecidesTheOutcome() async throws {
        let calls = Calls()
        await #expect(throws: Thrown.self) {
            try await TestDeadline.run({ throw Thrown() }, limit: .seconds(600), grace: .seconds(600),
                                       expired: { _, _ in calls.expired.withLock { $0 += 1 } },
                                       ignoredCancellation: { calls.ignoredCancellation.withLock { $0 += 1 } })
        }
        #expect(calls.expired.withLock { $0 } == 0)
    }

    @Test func aBodyPastItsDeadlineIsReportedAndCancelled() async throws {
        let calls = Calls()
        try await TestDeadline.run({
            do { try await Task.sleep(for: .seconds(3600)) } catch { calls.bodyCancelled.withLock { $0 = true } }
        }, limit: .milliseconds(200), grace: .seconds(3600),
           expired: { _, elapsed in calls.expired.withLock { $0 += 1 }; #expect(elapsed >= .milliseconds(200)) },
           ignoredCancellation: { calls.ignoredCancellation.withLock { $0 += 1 } })
        #expect(calls.expired.withLock { $0 } == 1)
        #expect(calls.bodyCancelled.withLock { $0 })
    }

    /// A body that ignores cancellation: the watcher calls `ignoredCancellation` (which, in a
    /// test run, ends the process); here it releases the body instead.
    @Test func aBodyIgnoringCancellationIsReportedAfterTheGrace() async throws {
        let calls = Calls()
        // The body parks until released; released before it parks, it does not park.
        let parking = Mutex<(released: Bool, parked: CheckedContinuation<Void, Never>?)>((false, nil))
        try await TestDeadline.run({
            await withCheckedContinuation { continuation in
                let released = parking.withLock { state in
                    if !state.released { state.parked = continuation }
                    return state.released
                }
                if released { continuation.resume() }
            }
        }, limit: .milliseconds(200), grace: .milliseconds(200),
           expired: { _, _ in calls.expired.withLock { $0 += 1 } },
           ignoredCancellation: {
               calls.ignoredCancellation.withLock { $0 += 1 }
               parking.withLock { state in
                   state.released = true
                   return state.parked.take()
               }?.resume()
           })
        #expect(calls.expired.withLock { $0 } == 1)
        #expect(calls.ignoredCancellation.withLock { $0 } == 1)
    }
}
