import Foundation
@testable import NeonSQL
import NeonSQLTestSupport
import Testing

/// A read that starts after a write has finished never gets data from before that write as fresh.
@Suite("QueryCache read-your-writes")
struct QueryCacheReadYourWritesTests {
    /// A server holding its `request`-th request until `release` ends, and a client on it whose
    /// requests never time out while held (a loaded machine may pause a test for minutes; a held
    /// read that timed out would be answered from the cache instead).
    static func serverHolding(request: Int) throws
        -> (CacheServer, (stream: AsyncStream<Void>, continuation: AsyncStream<Void>.Continuation), QueryCache, NeonClient) {
        let server = CacheServer()
        let release = AsyncStream<Void>.makeStream()
        server.hold(request: request, until: release.stream)
        let cache = QueryCache()
        return (server, release, cache, try makeCachingClient(server, cache: cache, requestTimeout: .seconds(24 * 3600)))
    }

    @Test
    func aReadStartedAfterAWriteDoesNotJoinAReadInFlightSinceBeforeIt() async throws {
        let (server, release, _, client) = try Self.serverHolding(request: 1)
        let read = readStatement("duas").cachePolicy(.networkOnly)

        // A read in flight (the server already read id 1), then a write of what it reads.
        let older = Task { try await client.executeCached(read) }
        try #require(await Polling.until { server.requests(read.sql) == 1 })
        _ = try await client.execute(writeStatement(["public.duas"]))

        let newerRead = Task { try await client.executeCached(read) }
        let sentItsOwn = await Polling.until { server.requests(read.sql) == 2 }
        #expect(sentItsOwn, "the read after the write joined the older read")
        if !sentItsOwn { release.continuation.finish() }
        let newer = try await newerRead.value
        #expect(newer.value == [IDRow(id: 2)], "the read after the write returned the older read's rows")
        #expect(newer.isFromNetwork && !newer.isStale)
        #expect(server.requests(read.sql) == 2)

        release.continuation.finish()
        let olderResult = try await older.value
        #expect(olderResult.value == [IDRow(id: 1)])
        #expect(olderResult.isStale, "a result whose request started before a finished write is stale")
        // The older result, arriving last, did not replace the newer one.
        let cached = try await client.executeCached(read.cachePolicy(.cacheOnly))
        #expect(cached.value == [IDRow(id: 2)] && !cached.isStale)
    }

    @Test
    func aWriteOfOtherTablesLeavesIdenticalReadsSharingOneRequest() async throws {
        let (server, release, cache, client) = try Self.serverHolding(request: 1)
        let read = readStatement("duas").cachePolicy(.networkOnly)
        let first = Task { try await client.execute(read) }
        try #require(await Polling.until { server.requests(read.sql) == 1 })
        _ = try await client.execute(writeStatement(["public.journeys"]))
        let second = Task { try await client.execute(read) }
        #expect(await Polling.until { cache.inFlight.waiterCount == 2 || server.requests(read.sql) > 1 })
        release.continuation.finish()
        #expect(try await first.value == [IDRow(id: 1)])
        #expect(try await second.value == [IDRow(id: 1)])
        #expect(server.requests(read.sql) == 1)
    }

    @Test
    func aResultFetchedAcrossAWriteIsStoredStaleAndNotHandedToObservations() async throws {
        let (server, release, _, client) = try Self.serverHolding(request: 2)
        let read = readStatement("duas").cachePolicy(.networkOnly)
        let observation = RecordedObservation(client, read)
        try await observation.waitFor(1)
        #expect(observation.ids == [1])

        // Another screen's read is held in flight (id 2) while a write finishes.
        let held = Task { try await client.executeCached(read) }
        try #require(await Polling.until { server.requests(read.sql) == 2 })
        _ = try await client.execute(writeStatement(["public.duas"]))
        try await observation.waitFor(2)
        #expect(observation.ids == [1, 3] && observation.last?.isStale == false)

        release.continuation.finish()
        #expect(try await held.value.isStale)
        // The held result was stored stale, so the next value the observation yields is the
        // refetch after the next write, never id 2.
        _ = try await client.execute(writeStatement(["public.duas"]))
        try await observation.waitFor(3)
        #expect(observation.ids == [1, 3, 4])
        await observation.stop()
    }
}
