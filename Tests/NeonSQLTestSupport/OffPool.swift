import Foundation
import Synchronization
import Testing

/// Runs blocking work (waiting for a process, long CPU-bound loops) on threads of its own, so that
/// the cooperative pool stays free for the tests awaiting meanwhile.
///
/// Swift Testing runs every test, synchronous ones too, on Swift's cooperative pool: one thread
/// per core, two on a two-core machine. A test that holds one of them (waiting for `swiftc` or
/// `psql`, or generating code for minutes) delays every other test's resumptions, and their time
/// limits run out while they wait in the queue. `DispatchQueue.global()` is no way out on Linux:
/// its threads are counted with the pool's, so work blocking there starves tasks the same way
/// (measured: docs/testing.md). The work gets threads of its own instead:
/// - ``run(_:_:)`` runs one blocking call on a new thread (``CommandRunner/runOffPool(_:input:directory:environment:)``);
/// - ``executor`` runs whole tests (the `.offCooperativePool` trait) on a few threads of its own.
///
/// Blocking calls of test support (``CommandRunner/run(_:input:directory:environment:)``) check
/// ``isCurrentThreadOwn`` and refuse to block a cooperative thread.
public enum OffPool {
    /// Runs `work` on a new thread and returns what it returned (or throws what it threw).
    public static func run<Result: Sendable>(
        _ name: String = "neon-sql-test-off-pool", _ work: @escaping @Sendable () throws -> Result
    ) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                markCurrentThreadOwn()
                continuation.resume(with: Swift.Result { try work() })
            }
            thread.name = name
            thread.start()
        }
    }

    /// The executor of tests marked `.offCooperativePool`: as many threads as cores, beside the
    /// pool, at a lower priority (nice 10, inherited by the processes they start): their tests
    /// compute or compile for minutes, and the cores go first to the tests that wait on a
    /// deadline or a request timeout, and to neon-local and PostgreSQL that answer them.
    public static let executor = OffPoolExecutor(
        threadCount: max(2, ProcessInfo.processInfo.activeProcessorCount), niceness: 10)

    private static let ownThreadKey = "NeonSQLTestSupport.OffPool.ownThread"

    /// Whether this thread is one of ``OffPool``'s, where blocking stalls no other test.
    public static var isCurrentThreadOwn: Bool { Thread.current.threadDictionary[ownThreadKey] != nil }

    static func markCurrentThreadOwn() { Thread.current.threadDictionary[ownThreadKey] = true }
}

/// A task executor on threads of its own: jobs run in the order they came, one per thread at a time.
public final class OffPoolExecutor: TaskExecutor, Sendable {
    private let jobs = Mutex<[UnownedJob]>([])
    private let ready: NSCondition

    init(threadCount: Int, niceness: Int32) {
        let ready = NSCondition()
        self.ready = ready
        for index in 0..<threadCount {
            let thread = Thread { [self] in
                OffPool.markCurrentThreadOwn()
                #if os(Linux)
                // Linux keeps a nice value per thread (0: this thread).
                _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
                #endif
                while true { next().runSynchronously(on: asUnownedTaskExecutor()) }
            }
            thread.name = "neon-sql-test-executor-\(index)"
            thread.start()
        }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        ready.lock()
        jobs.withLock { $0.append(job) }
        ready.signal()
        ready.unlock()
    }

    private func next() -> UnownedJob {
        ready.lock()
        defer { ready.unlock() }
        while true {
            if let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { return job }
            ready.wait()
        }
    }
}

/// Runs a test (each test of a suite) on ``OffPool/executor`` instead of the cooperative pool:
/// for suites whose tests block (a synchronous process wait) or compute for long, so that they
/// cannot hold the pool's threads while other tests wait for one.
public struct OffCooperativePool: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func prepare(for test: Test) async throws {
        PoolLagProbe.start()
    }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withTaskExecutorPreference(OffPool.executor) { try await function() }
    }
}

extension Trait where Self == OffCooperativePool {
    /// Runs the test, or each test of the suite, on threads beside the cooperative pool (see ``OffPool``).
    public static var offCooperativePool: Self { Self() }
}
