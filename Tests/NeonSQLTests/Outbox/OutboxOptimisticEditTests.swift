import Foundation
@testable import NeonSQL
import NeonSQLTestSupport
import Testing

/// `enqueue(_:optimistic:)`: the edits are shown before `enqueue` returns, kept after the write is
/// applied until the refetch that includes it, and undone alone when the write is rejected.
@Suite struct OutboxOptimisticEditTests {
    static func appending(_ suffix: String) -> @Sendable (inout CacheEdits) -> Void {
        { cache in cache.update(probeCount()) { row in row = ProbeRow(id: (row?.id ?? "") + suffix) } }
    }

    @Test func editsShowAtOnceStayUntilTheRefetchAndARejectionUndoesOnlyItsOwn() async throws {
        let server = OutboxTestServer()
        let cache = QueryCache()
        let client = try makeOutboxClient(server, directory: temporaryOutboxDirectory(), cache: cache)
        let observation = RecordedObservation(client, probeCount())
        #expect(await eventually { observation.shown == ["0"] })

        server.alwaysFailing = .offline
        try await client.enqueue(probeWrite("a"), optimistic: Self.appending("+a"))
        // Shown before enqueue returned: no waiting, no request.
        #expect(observation.shown.last == "0+a")
        #expect(observation.last?.hasPendingEdits == true)
        let rejected = try await client.enqueue(probeWrite("b", reject: true), optimistic: Self.appending("+b"))
        #expect(observation.shown.last == "0+a+b", "edits apply in enqueue order")
        // A read through the cache sees the edits; the store holds the server's answer.
        let read = try await client.executeCached(probeCount().cachePolicy(.cacheOnly))
        #expect(read.value?.id == "0+a+b" && read.hasPendingEdits)

        server.alwaysFailing = nil
        try await client.drain()
        #expect(server.applied == ["a"])
        await #expect(throws: WriteRejection.self) { _ = try await rejected.result() }
        // The applied write's refetch (one probe write committed) replaces its edit; the
        // rejected write's edit is gone.
        #expect(await eventually { observation.last?.value?.id == "1" && observation.last?.hasPendingEdits == false },
                "shown: \(observation.shown)")
        let afterFirstEdit = observation.shown.drop { $0 != "0+a" }
        #expect(!afterFirstEdit.contains("0"), "no flicker back to the value without the applied write: \(observation.shown)")
        #expect(!afterFirstEdit.contains { $0.hasSuffix("+b") && !$0.hasPrefix("0+a") },
                "the rejected edit is never shown over the refetch: \(observation.shown)")
        #expect(cache.edits.count == 0)
        await observation.stop()
    }

    @Test func aDiscardedWriteUndoesItsEdits() async throws {
        let server = OutboxTestServer()
        let cache = QueryCache()
        let client = try makeOutboxClient(server, directory: temporaryOutboxDirectory(), cache: cache)
        let observation = RecordedObservation(client, probeCount())
        #expect(await eventually { observation.shown == ["0"] })
        server.alwaysFailing = .offline
        try await client.enqueue(probeWrite("a"), optimistic: Self.appending("+a"))
        #expect(observation.shown.last == "0+a")
        let outbox = try #require(client.configuration.outbox)
        let discarded = try await outbox.discardPendingWrites(of: client.currentCacheIdentity())
        #expect(discarded.count == 1)
        #expect(observation.shown.last == "0", "shown: \(observation.shown)")
        #expect(observation.last?.hasPendingEdits == false)
        #expect(cache.edits.count == 0)
        #expect(server.applied.isEmpty)
        await observation.stop()
    }
}

extension RecordedObservation where Result == ProbeRow? {
    /// The id of each value shown ("nil" for no row).
    var shown: [String] { values.value.map { $0.value?.id ?? "nil" } }
}
