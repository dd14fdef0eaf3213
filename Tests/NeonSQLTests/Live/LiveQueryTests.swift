import Foundation
@testable import NeonSQL
import Observation
import NeonSQLTestSupport
import Testing

/// ``LiveQuery``: an `@Observable` model of one observed query, read the way SwiftUI reads it
/// (`withObservationTracking`), on the fake server of the cache tests.
@MainActor
@Suite("LiveQuery")
struct LiveQueryTests {
    @Test(.deadline(.seconds(600))) func showsTheCachedValueThenTheFreshOneThenAfterAWrite() async throws {
        let server = CacheServer()
        let cache = QueryCache()
        let client = try makeCachingClient(server, cache: cache)
        let read = readStatement("duas")
        _ = try await client.execute(read)                 // cached: id 1

        let live = client.liveQuery(read.cachePolicy(.networkOnly))
        #expect(live.isObserving && live.isLoading && live.value == nil)
        try await waitForChange(of: live) { $0.value == [IDRow(id: 1)] }
        #expect(!live.isFromNetwork && !live.isStale && !live.isLoading)
        try await waitForChange(of: live) { $0.value == [IDRow(id: 2)] }
        #expect(live.isFromNetwork && !live.isStale && live.error == nil)
        #expect(live.pendingWrites.isEmpty, "the outbox's seam: empty until it fills it")

        _ = try await client.execute(writeStatement(["public.duas"]))
        try await waitForChange(of: live) { $0.value == [IDRow(id: 3)] }

        live.stop()
        #expect(!live.isObserving)
        try await eventually { cache.observers.count == 0 }
        _ = try await client.execute(writeStatement(["public.duas"]))
        try await Task.sleep(for: .milliseconds(100))
        #expect(live.value == [IDRow(id: 3)] && server.requests(read.sql) == 3, "stopped: no more requests or values")
    }

    @Test(.deadline(.seconds(600))) func releasingItsOwnerStopsTheObservation() async throws {
        let server = CacheServer()
        let cache = QueryCache()
        let client = try makeCachingClient(server, cache: cache)
        var live: LiveQuery<[IDRow]>? = client.liveQuery(readStatement("duas"))
        if let model = live { try await waitForChange(of: model) { $0.value != nil } }
        #expect(cache.observers.count == 1)
        weak let released = live
        live = nil
        #expect(released == nil, "the observation's task holds no reference to the model")
        try await eventually { cache.observers.count == 0 }
    }

    @Test(.deadline(.seconds(600))) func anErrorEndsItAndStartTriesAgain() async throws {
        let server = CacheServer()
        server.mode = .status(400, databaseErrorBody("42P01"))
        let client = try makeCachingClient(server, cache: QueryCache())
        let live = client.liveQuery(readStatement("duas"))
        try await waitForChange(of: live) { $0.error != nil }
        #expect(!live.isObserving && !live.isLoading && live.value == nil)

        server.mode = .ok
        live.start()
        #expect(live.error == nil && live.isLoading)
        try await waitForChange(of: live) { $0.value != nil }
        #expect(live.isObserving)
    }

    @Test(.deadline(.seconds(600))) func aStaleCachedValueIsShownAsStale() async throws {
        let server = CacheServer()
        let cache = QueryCache()
        let client = try makeCachingClient(server, cache: cache)
        let read = readStatement("duas")
        _ = try await client.execute(read)
        cache.invalidate(tables: ["public.duas"])
        server.mode = .transportFailure(.connectionFailed)

        let live = client.liveQuery(read)
        try await waitForChange(of: live) { $0.value != nil }
        #expect(live.isStale && !live.isFromNetwork)
        #expect(live.error == nil && live.isObserving, "no network after a value: the observation goes on")
    }

    @Test(.deadline(.seconds(600))) func otherExecutorsShowTheirOneResult() async throws {
        struct Fixed: QueryExecutor {
            func execute<Result: Sendable>(_ statement: Statement<Result>) async throws -> Result {
                try statement.decodeResponse(Data(resultBody(fields: [("id", 23)], rows: [["7"]]).utf8))
            }
        }
        let live = Fixed().liveQuery(readStatement("duas"))
        try await waitForChange(of: live) { !$0.isObserving }
        #expect(live.value == [IDRow(id: 7)] && live.isFromNetwork && live.error == nil)
    }

    @Test(.deadline(.seconds(600))) func showsTheOutboxsPendingWritesThatTouchItAndTheirEdits() async throws {
        let server = OutboxTestServer()
        let client = try makeOutboxClient(server, directory: temporaryOutboxDirectory(), cache: QueryCache())
        let live = client.liveQuery(probeCount())
        try await waitForChange(of: live) { $0.value == .some(ProbeRow(id: "0")) }
        #expect(live.pendingWrites.isEmpty)

        server.alwaysFailing = .offline
        let queued = try await client.enqueue(probeWrite("a")) { cache in
            cache.update(probeCount()) { $0 = ProbeRow(id: "0 and a") }
        }
        try await waitForChange(of: live) { $0.pendingWrites.map(\.id) == [queued.id] }
        #expect(live.pendingWrites.first?.names == ["InsertProbe"])
        try await waitForChange(of: live) { $0.value == .some(ProbeRow(id: "0 and a")) }
        #expect(live.hasPendingEdits)
        // A queued write of a table the query does not read is not its pending write.
        var other = Bindings()
        other.append("elsewhere", as: .text)
        try await client.enqueue(Statement<Void>.one(
            name: "InsertElsewhere", sql: "INSERT INTO elsewhere (v) VALUES ($1) RETURNING v AS id", bindings: other,
            readOnly: false, tables: TableEffects(writes: ["public.elsewhere"])) as Statement<ProbeRow?>)
        let outbox = try #require(client.configuration.outbox)
        #expect(try await outbox.pendingWrites().count == 2)
        #expect(live.pendingWrites.map(\.id) == [queued.id])

        server.alwaysFailing = nil
        try await client.drain()
        try await waitForChange(of: live) { $0.pendingWrites.isEmpty }
        try await waitForChange(of: live) { $0.value == .some(ProbeRow(id: "2")) && !$0.hasPendingEdits }
        live.stop()
    }

    // MARK: Support

    /// Waits until `condition` holds for `model`, re-checking whenever a property it read changes
    /// (as SwiftUI re-renders a view).
    private func waitForChange<Model: AnyObject & Observable>(
        of model: Model, until condition: @escaping @MainActor (Model) -> Bool
    ) async throws {
        while true {
            let signal = OneShot()
            var satisfied = false
            withObservationTracking {
                satisfied = condition(model)
            } onChange: {
                signal.fire()
            }
            if satisfied { return }
            await signal.wait()
            try Task.checkCancellation()
        }
    }

    /// Waits (about a minute at most: the full suite can starve a test) until `condition` holds.
    private func eventually(_ condition: () -> Bool) async throws {
        for _ in 0..<1200 {
            if condition() { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("the condition did not hold in time")
    }
}

/// A signal fired once (later fires are ignored) and awaited once.
private final class OneShot: @unchecked Sendable {
    private let lock = NSLock()
    private var fired = false
    private var waiter: CheckedContinuation<Void, Never>?

    func fire() {
        let waiter: CheckedContinuation<Void, Never>? = lock.withLock {
            guard !fired else { return nil }
            fired = true
            defer { self.waiter = nil }
            return self.waiter
        }
        waiter?.resume()
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let resumeNow: Bool = lock.withLock {
                if fired { return true }
                waiter = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }
}
