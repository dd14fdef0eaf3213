import Dispatch
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Runs independent per-file work of the pipeline (parsing and analyzing a query file, rendering
/// its Swift) on the machine's cores. The generator is on the critical path of the user's build:
/// nothing of the target compiles before it ends.
///
/// Results come back in input order and every worker's state is its own, so the output does
/// not depend on scheduling: the pipeline stays deterministic (its diagnostics are sorted by
/// position, and a file's diagnostics all come from one worker, in the order a single thread
/// would produce them).
package enum ParallelWork {
    /// How many threads per-file work uses: the online processors, at most 8 (beyond that the
    /// files are too few to share out well), at least 1. `NEON_SQL_GEN_THREADS` overrides it
    /// (1: everything on the calling thread, as before the pipeline was parallel).
    package static let workerCount: Int = {
        if let text = getenv("NEON_SQL_GEN_THREADS"), let value = Int(String(cString: text)), value > 0 {
            return min(value, 64)
        }
        return max(1, min(8, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))))
    }()

    /// A worker count for the current task instead of ``workerCount`` (tests compare the output
    /// of one thread with that of several).
    @TaskLocal package static var workerCountOverride: Int?

    /// `items.map(transform)`, computed on up to ``workerCount`` threads. Each worker takes the
    /// next item no worker has taken yet, so one that drew small files takes more of them.
    package static func map<Item: Sendable, Result: Sendable>(
        _ items: [Item], _ transform: @Sendable (Item) -> Result
    ) -> [Result] {
        let results = run(items, makeWorkerState: { () }) { _, item in transform(item) }
        return results.results
    }

    /// Like ``map(_:_:)``, with one mutable `State` per worker (a memo, a diagnostics collector),
    /// made by `makeWorkerState` and returned beside the results, in worker order.
    package static func run<Item: Sendable, State, Result: Sendable>(
        _ items: [Item], makeWorkerState: @Sendable () -> State,
        _ transform: @Sendable (inout State, Item) -> Result
    ) -> (results: [Result], states: [State]) {
        let workers = min(workerCountOverride ?? workerCount, items.count)
        guard workers > 1 else {
            var state = makeWorkerState()
            let results = items.map { transform(&state, $0) }
            return (results, [state])
        }
        let slots = ResultSlots<Result>(count: items.count)
        let states = ResultSlots<StateBox<State>>(count: workers)
        let next = NextItem(count: items.count)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var state = makeWorkerState()
            while let index = next.take() {
                slots.set(index, transform(&state, items[index]))
            }
            states.set(worker, StateBox(state))
        }
        return (slots.collect(), states.collect().map(\.value))
    }
}

/// The index of the next item no worker has taken, handed out under a lock (an item is a whole
/// file's work: a few hundred hand-outs per run).
private final class NextItem: @unchecked Sendable {
    private let count: Int
    private var next = 0
    private let lock = DispatchSemaphore(value: 1)

    init(count: Int) {
        self.count = count
    }

    /// The next index, or nil once every item is taken.
    func take() -> Int? {
        lock.wait()
        defer { lock.signal() }
        guard next < count else { return nil }
        next += 1
        return next - 1
    }
}

/// A worker's state handed from its thread back to the caller once the worker has finished.
private struct StateBox<State>: @unchecked Sendable {
    let value: State
    init(_ value: State) { self.value = value }
}

/// Fixed slots each written once, by one worker, before ``collect()`` reads them all: the
/// writes of `DispatchQueue.concurrentPerform` happen before it returns.
private final class ResultSlots<Value: Sendable>: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<Value?>

    init(count: Int) {
        storage = .allocate(capacity: count)
        storage.initialize(repeating: nil)
    }

    deinit {
        storage.deinitialize()
        storage.deallocate()
    }

    func set(_ index: Int, _ value: Value) { storage[index] = value }

    /// Every slot's value, in order (each was set: a worker covers all its indices).
    func collect() -> [Value] { storage.compactMap { $0 } }
}
