import Foundation
@testable import NeonSQL
import NeonSQLTestSupport
import Testing

/// Optimistic results: typed edits layered over the stored results, shown at once, settled when
/// their write is applied (kept until a refetch includes it) or rejected (undone alone).
@Suite("Optimistic cache edits")
struct CacheEditsTests {
    static func adding(_ amount: Int, to read: Statement<[IDRow]>) -> CacheEdits {
        var edits = CacheEdits()
        edits.update(read) { rows in rows = rows.map { IDRow(id: $0.id + amount) } }
        return edits
    }

    static func multiplying(_ factor: Int, _ read: Statement<[IDRow]>) -> CacheEdits {
        var edits = CacheEdits()
        edits.update(read) { rows in rows = rows.map { IDRow(id: $0.id * factor) } }
        return edits
    }

    @Test
    func editsAreShownAtOnceInOrderMarkedAndNeverStored() async throws {
        let directory = try temporaryCacheDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = CacheServer()
        let cache = QueryCache(directory: directory, schemaVersion: "1")
        let client = try makeCachingClient(server, cache: cache)
        let read = readStatement("duas")
        let observation = RecordedObservation(client, read)
        try await observation.waitFor(1)
        #expect(observation.ids == [1])
        let identity = try await client.currentCacheIdentity()

        let first = UUID(), second = UUID()
        cache.applyEdits(Self.adding(100, to: read), write: first, identity: identity)
        // Yielded before applyEdits returned: no waiting, no request.
        #expect(observation.ids == [1, 101])
        #expect(observation.last?.hasPendingEdits == true)
        cache.applyEdits(Self.multiplying(2, read), write: second, identity: identity)
        #expect(observation.ids == [1, 101, 202], "edits apply in the order they were made")
        #expect(server.requests(read.sql) == 1)

        // Reads through the cache see them, marked.
        let shown = try await client.executeCached(read.cachePolicy(.cacheOnly))
        #expect(shown.value == [IDRow(id: 202)] && shown.hasPendingEdits && !shown.isFromNetwork)
        #expect(try await client.execute(read) == [IDRow(id: 202)])
        // The store holds what the server answered, in memory and on disk.
        let key = CacheKey(read, identity: identity)
        #expect(cache.lookup(key)?.value as? [IDRow] == [IDRow(id: 1)])
        let relaunched = try makeCachingClient(server, cache: QueryCache(directory: directory, schemaVersion: "1"))
        let fromDisk = try await relaunched.executeCached(read.cachePolicy(.cacheOnly))
        #expect(fromDisk.value == [IDRow(id: 1)] && !fromDisk.hasPendingEdits)
        // Another statement (other parameters) is not edited.
        #expect(try await client.execute(readStatement("duas", 2)) == [IDRow(id: 2)])
        await observation.stop()
    }

    @Test
    func aRejectedWriteUndoesExactlyItsEditsAndARefetchIsShownUnderThoseLeft() async throws {
        let server = CacheServer()
        let cache = QueryCache()
        let client = try makeCachingClient(server, cache: cache)
        let read = readStatement("duas")
        let observation = RecordedObservation(client, read)
        try await observation.waitFor(1)
        let identity = try await client.currentCacheIdentity()
        let first = UUID(), second = UUID(), third = UUID()
        cache.applyEdits(Self.adding(100, to: read), write: first, identity: identity)
        cache.applyEdits(Self.multiplying(2, read), write: second, identity: identity)
        cache.applyEdits(Self.adding(1, to: read), write: third, identity: identity)
        #expect(observation.ids == [1, 101, 202, 203])

        cache.settleEdits(of: second, .rejected)
        #expect(observation.ids.last == 102, "only the rejected write's edit is undone, the others stay in order")
        #expect(observation.last?.hasPendingEdits == true)

        // A refetch arriving while edits are pending: shown with them, over the new result.
        cache.invalidate(tables: ["public.duas"])
        try await observation.waitFor(6)
        #expect(observation.ids.last == 103)
        #expect(observation.last?.isFromNetwork == true)

        cache.settleEdits(of: first, .rejected)
        cache.settleEdits(of: third, .rejected)
        #expect(Array(observation.ids.suffix(2)) == [3, 2])
        #expect(observation.last?.hasPendingEdits == false)
        #expect(cache.edits.count == 0)
        await observation.stop()
    }

    @Test
    func anAppliedWritesEditStaysUntilARefetchStartedAfterItIsStored() async throws {
        let (server, release, cache, client) = try QueryCacheReadYourWritesTests.serverHolding(request: 2)
        let read = readStatement("duas")
        let observation = RecordedObservation(client, read)
        try await observation.waitFor(1)
        let identity = try await client.currentCacheIdentity()
        let write = UUID(), other = UUID()
        cache.applyEdits(Self.adding(100, to: read), write: write, identity: identity)
        cache.applyEdits(Self.adding(1000, to: read), write: other, identity: identity)
        #expect(observation.ids == [1, 101, 1101])

        // A read that started before the write was applied, held in flight (id 2).
        let older = Task { try await client.executeCached(read.cachePolicy(.networkOnly)) }
        try #require(await Polling.until { server.requests(read.sql) == 2 })
        // The outbox applies the write: it invalidates its tables and settles its edits at once.
        cache.invalidate(effects: TableEffects(writes: ["public.duas"]), appliedWrites: [write])
        // The observation's refetch (started after: id 3) drops the applied edit; the other stays.
        try await observation.waitFor(4)
        #expect(observation.ids.last == 1003)
        release.continuation.finish()
        let olderResult = try await older.value
        #expect(olderResult.value == [IDRow(id: 1002)] && olderResult.hasPendingEdits)
        #expect(observation.ids.allSatisfy { $0 != 1102 && $0 != 2 }, "\(observation.ids)")

        // Rejecting the other write leaves the server's result.
        cache.settleEdits(of: other, .rejected)
        #expect(observation.ids.last == 3 && observation.last?.hasPendingEdits == false)
        #expect(cache.edits.count == 0)
        await observation.stop()
    }

    @Test
    func anAppliedEditIsNotDroppedByAResultRequestedBeforeTheWrite() async throws {
        let (server, release, cache, client) = try QueryCacheReadYourWritesTests.serverHolding(request: 2)
        let read = readStatement("duas").cachePolicy(.networkOnly)
        _ = try await client.execute(read)                                           // id 1 stored
        let identity = try await client.currentCacheIdentity()
        let write = UUID()
        cache.applyEdits(Self.adding(100, to: read), write: write, identity: identity)
        let older = Task { try await client.executeCached(read) }                    // id 2, held
        try #require(await Polling.until { server.requests(read.sql) == 2 })
        // A write through the client, then the edits settled as applied (the standalone call).
        _ = try await client.execute(writeStatement(["public.duas"]))
        cache.settleEdits(of: write, .applied)
        release.continuation.finish()
        #expect(try await older.value.value == [IDRow(id: 102)], "an older result dropped the applied edit")
        #expect(cache.edits.count == 1)
        // A read that starts now includes the write: the edit goes.
        let fresh = try await client.executeCached(read)
        #expect(fresh.value == [IDRow(id: 3)] && !fresh.hasPendingEdits)
        #expect(cache.edits.count == 0)
    }

    @Test func editsOfAStatementWithNothingCachedWaitForAResult() async throws {
        let server = CacheServer()
        let cache = QueryCache()
        let client = try makeCachingClient(server, cache: cache)
        let read = readStatement("duas")
        try await client.applyEdits(Self.adding(100, to: read), write: UUID())
        let first = try await client.executeCached(read)
        #expect(first.value == [IDRow(id: 101)] && first.isFromNetwork && first.hasPendingEdits)
        // A `:one` result is `Row?`: an edit through the optional.
        var edits = CacheEdits()
        let one: Statement<IDRow?> = .one(name: "One", sql: "SELECT id FROM one", bindings: Bindings(), readOnly: true,
                                          tables: TableEffects(reads: ["public.one"]), cacheMaxAge: .seconds(60))
        edits.update(one) { $0?.id += 10 }
        #expect(edits.statementNames == ["One"])
        try await client.applyEdits(edits, write: UUID())
        #expect(try await client.execute(one)?.id == 11)
    }
}
