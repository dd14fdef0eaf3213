import Foundation
@testable import NeonSQL
import Testing

/// A read that starts after a write has finished never gets data from before that write as fresh.
@Suite("QueryCache read-your-writes")
struct QueryCacheReadYourWritesTests {
    /// A server holding its `request`-th request until `release` ends, and a client on it.
    static func serverHolding(request: Int) throws
        -> (CacheServer, (stream: AsyncStream<Void>, continuation: AsyncStream<Void>.Continuation), QueryCache, NeonClient) {
        let server = CacheServer()
        let release = AsyncStream<Void>.makeStream()
        server.hold(request: request, until: release.stream)
        let cache = QueryCache()
        return (server, release, cache, try makeCachingClient(server, cache: cache))
    }

    @Test(.timeLimit(.minutes(1)))
    func aReadStartedAfterAWriteDoesNotJoinAReadInFlightSinceBeforeIt() async throws {
        let (server, release, _, client) = try Self.serverHolding(request: 1)
        let read = readStatement("duas").cachePolicy(.networkOnly)

        // A read in flight (the server already read id 1), then a write of what it reads.
        let older = Task { try await client.executeCached(read) }
        while server.requests(read.sql) < 1 { try await Task.sleep(for: .milliseconds(1)) }
        _ = try await client.execute(writeStatement(["public.duas"]))

        let newer = try await client.executeCached(read)
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

    @Test(.timeLimit(.minutes(1)))
    func aWriteOfOtherTablesLeavesIdenticalReadsSharingOneRequest() async throws {
        let (server, release, cache, client) = try Self.serverHolding(request: 1)
        let read = readStatement("duas").cachePolicy(.networkOnly)
        let first = Task { try await client.execute(read) }
        while server.requests(read.sql) < 1 { try await Task.sleep(for: .milliseconds(1)) }
        _ = try await client.execute(writeStatement(["public.journeys"]))
        let second = Task { try await client.execute(read) }
        while cache.inFlight.waiterCount < 2 { try await Task.sleep(for: .milliseconds(1)) }
        release.continuation.finish()
        #expect(try await first.value == [IDRow(id: 1)])
        #expect(try await second.value == [IDRow(id: 1)])
        #expect(server.requests(read.sql) == 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func aResultFetchedAcrossAWriteIsStoredStaleAndNotHandedToObservations() async throws {
        let (server, release, _, client) = try Self.serverHolding(request: 2)
        let read = readStatement("duas").cachePolicy(.networkOnly)
        let received = AsyncStream<Cached<[IDRow]>>.makeStream()
        let consumer = Task {
            for try await value in client.observeCached(read) { received.continuation.yield(value) }
        }
        var values = received.stream.makeAsyncIterator()
        #expect(await values.next()?.value == [IDRow(id: 1)])

        // Another screen's read is held in flight (id 2) while a write finishes.
        let held = Task { try await client.executeCached(read) }
        while server.requests(read.sql) < 2 { try await Task.sleep(for: .milliseconds(1)) }
        _ = try await client.execute(writeStatement(["public.duas"]))
        let refetched = await values.next()
        #expect(refetched?.value == [IDRow(id: 3)] && refetched?.isStale == false)

        release.continuation.finish()
        #expect(try await held.value.isStale)
        // The held result was stored stale, so the next value the observation yields is the
        // refetch after the next write, never id 2.
        _ = try await client.execute(writeStatement(["public.duas"]))
        #expect(await values.next()?.value == [IDRow(id: 4)])
        consumer.cancel()
        _ = await consumer.result
    }
}
