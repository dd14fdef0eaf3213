import Foundation
import NeonSQLTestSupport
import Testing

/// The test support that keeps blocking work off the cooperative pool (docs/testing.md).
@Suite("Test support: blocking work stays off the cooperative pool")
struct OffPoolTests {
    @Test func aProcessWaitOnACooperativeThreadIsRefused() async throws {
        #expect(!OffPool.isCurrentThreadOwn)
        #expect(throws: CommandRunner.Failure.self) { try CommandRunner.run(["true"]) }
        let result = try await CommandRunner.runOffPool(["/bin/sh", "-c", "echo off-pool"])
        #expect(result.succeeded && result.stdout == "off-pool\n")
    }

    @Test(.offCooperativePool) func aTestMarkedOffPoolRunsOnItsOwnThreadAndMayWait() throws {
        #expect(OffPool.isCurrentThreadOwn)
        let result = try CommandRunner.run(["/bin/sh", "-c", "echo own thread"])
        #expect(result.succeeded && result.stdout == "own thread\n")
    }

    @Test func blockingWorkRunsWhileTheCallerSuspends() async throws {
        let thread = try await OffPool.run { OffPool.isCurrentThreadOwn }
        #expect(thread)
        await #expect(throws: Thrown.self) { try await OffPool.run { throw Thrown() } }
    }

    struct Thrown: Error {}

    @Test(.deadline(.seconds(120))) func aTestWithinItsDeadlineRunsToItsEnd() async throws {
        try await Task.sleep(for: .milliseconds(50))
        #expect(!Task.isCancelled)
    }
}
