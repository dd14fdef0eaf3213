import Foundation
import Synchronization

/// Measures how long work waits for a cooperative thread during a test run. Swift Testing runs
/// every test (synchronous ones too) on Swift's cooperative pool, one thread per core; a test that
/// blocks a thread (a process wait, a semaphore, a long synchronous loop) delays every other test's
/// resumptions. The probe is a task that sleeps 100 ms at a time and records how late it wakes:
/// the lateness is the time a ready task waited for a thread.
///
/// It starts on first use (``TestServices`` and the test traits touch it, so it runs from the
/// planning of the first suite) and prints one line when the process exits:
/// `cooperative pool lag: worst 0.012 s at 35.1 s; 0 stalls over 1 s; 0.4 s late in all over 210 s`.
/// `Scripts/test.sh` fails the run when the worst lag passes its bound.
public final class PoolLagProbe: Sendable {
    /// The probe of this process, started when first used.
    public static let shared: PoolLagProbe = {
        let probe = PoolLagProbe()
        probe.start()
        atexit { PoolLagProbe.shared.printSummary() }
        return probe
    }()

    /// Starts the probe if it is not running yet.
    public static func start() { _ = shared }

    struct State {
        var worst: Duration = .zero
        var worstAt: Duration = .zero
        var total: Duration = .zero
        var stalls = 0
    }

    private let state = Mutex(State())
    private let began = ContinuousClock.now
    static let tick = Duration.milliseconds(100)
    static let stall = Duration.seconds(1)

    private init() {}

    private func start() {
        Task.detached { [self] in
            while true {
                let planned = ContinuousClock.now + Self.tick
                try? await Task.sleep(until: planned, clock: .continuous)
                record(lateness: ContinuousClock.now - planned)
            }
        }
    }

    private func record(lateness: Duration) {
        let at = ContinuousClock.now - began
        state.withLock { state in
            state.total += lateness
            if lateness > Self.stall { state.stalls += 1 }
            if lateness > state.worst {
                state.worst = lateness
                state.worstAt = at
            }
        }
    }

    /// The sum of every lateness seen so far: how long, in all, ready work waited for a thread.
    /// The difference of two readings is the stall time between them.
    public var totalLateness: Duration { state.withLock { $0.total } }

    /// The worst lateness seen so far.
    public var worstLateness: Duration { state.withLock { $0.worst } }

    /// The summary line printed at exit.
    public var summary: String {
        let state = state.withLock { $0 }
        let running = ContinuousClock.now - began
        return String(
            format: "cooperative pool lag: worst %.3f s at %.1f s; %d stalls over %.0f s; %.1f s late in all over %.0f s",
            state.worst.seconds, state.worstAt.seconds, state.stalls, Self.stall.seconds, state.total.seconds, running.seconds)
    }

    func printSummary() {
        FileHandle.standardError.write(Data((summary + "\n").utf8))
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
