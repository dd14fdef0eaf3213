import Foundation
import Synchronization
import Testing

/// A time limit that measures the test, not the queue it waits in: use `.deadline(.seconds(300))`
/// instead of Swift Testing's `.timeLimit`.
///
/// Swift Testing's `.timeLimit` starts a clock when the test case starts and sleeps on the same
/// cooperative pool as the tests. When other work holds the pool's threads (two on a two-core
/// machine), the test's resumptions wait in the queue while the clock runs, and every waiting test
/// fails together once the pool frees. This deadline instead
/// - starts when the test's body starts (its suite's `init` included),
/// - does not count the time the cooperative pool was stalled meanwhile (``PoolLagProbe``), up to
///   three times the limit in all, so a test stuck behind others fails too,
/// - records an issue naming both figures when it expires, and cancels the body,
/// - and, when the body ignores cancellation for another minute, stops the test process with an
///   error naming the test: a hung test fails the run instead of hanging CI.
public struct TestDeadline: TestTrait, SuiteTrait, TestScoping {
    /// The running time allowed, not counting pool stalls.
    public var limit: Duration

    /// How long a body may ignore cancellation after its deadline before the run is stopped.
    static let grace = Duration.seconds(60)

    /// Each test of a suite (and each case of a parameterized test) gets the whole limit.
    public var isRecursive: Bool { true }

    public func prepare(for test: Test) async throws {
        PoolLagProbe.start()
    }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let name = "\(test.displayName ?? test.name) (\(test.sourceLocation.fileID):\(test.sourceLocation.line))"
        try await Self.run(function, limit: limit, grace: Self.grace) { stalled, elapsed in
            Issue.record(Comment(rawValue: String(
                format: "exceeded its deadline of %.0f s of running time (counted from when its body started, "
                    + "less %.1f s the cooperative pool was stalled; %.1f s on the clock)",
                limit.seconds, stalled.seconds, elapsed.seconds)))
        } ignoredCancellation: {
            FileHandle.standardError.write(Data((
                "error: \(name) passed its deadline and ignored cancellation for \(Int(Self.grace.seconds)) s; "
                    + "stopping the test run so that it fails instead of hanging\n").utf8))
            exit(EXIT_FAILURE)
        }
    }

    /// Runs `body` until it ends or `limit` of its running time (less pool stalls, at most three
    /// times `limit` on the clock) has passed. Then calls `expired` with the stall and the time on
    /// the clock, cancels the body and waits for it; when the body is still running `grace`
    /// later, calls `ignoredCancellation` on a thread of its own (a blocked pool cannot delay it).
    static func run(
        _ body: @Sendable () async throws -> Void, limit: Duration, grace: Duration,
        expired: @escaping @Sendable (_ stalled: Duration, _ elapsed: Duration) -> Void,
        ignoredCancellation: @escaping @Sendable () -> Void
    ) async throws {
        let probe = PoolLagProbe.shared
        let start = ContinuousClock.now
        let stalledBefore = probe.totalLateness
        let finished = Flag()
        try await withoutActuallyEscaping(body) { body in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    defer { finished.raise() }
                    try await body()
                }
                group.addTask {
                    while true {
                        let stalled = probe.totalLateness - stalledBefore
                        let allowed = min(limit + stalled, limit * 3)
                        let elapsed = ContinuousClock.now - start
                        if elapsed >= allowed {
                            expired(stalled, elapsed)
                            watch(finished, grace: grace, ignoredCancellation)
                            return  // the body is cancelled below
                        }
                        try await Task.sleep(for: min(allowed - elapsed, .seconds(1)))
                    }
                }
                // The first to end decides: the body (its error, if any), or the deadline.
                defer { group.cancelAll() }
                _ = try await group.next()
            }
        }
    }

    /// Calls `ignoredCancellation` when `finished` is still down `grace` from now.
    private static func watch(_ finished: Flag, grace: Duration, _ ignoredCancellation: @escaping @Sendable () -> Void) {
        let thread = Thread {
            Thread.sleep(forTimeInterval: grace.seconds)
            if !finished.isRaised { ignoredCancellation() }
        }
        thread.name = "neon-sql-test-deadline"
        thread.start()
    }

    /// A flag one thread raises and another reads.
    final class Flag: Sendable {
        private let raised = Atomic<Bool>(false)
        func raise() { raised.store(true, ordering: .sequentiallyConsistent) }
        var isRaised: Bool { raised.load(ordering: .sequentiallyConsistent) }
    }
}

extension Trait where Self == TestDeadline {
    /// Fails the test when it runs longer than `limit`, counted from when its body starts and not
    /// counting time the cooperative pool was stalled meanwhile (see ``TestDeadline``).
    public static func deadline(_ limit: Duration) -> Self { TestDeadline(limit: limit) }
}
