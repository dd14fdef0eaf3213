import Foundation
@testable import NeonSQL
import Testing
import NeonSQLTestSupport

@Suite("QueryCache shared requests and observation")
struct QueryCacheLiveTests {
    @Test func concurrentIdenticalReadsShareOneRequest() async throws {
        let server = CacheServer()
        let release = AsyncStream<Void>.makeStream()
        server.gate = {
            var iterator = release.stream.makeAsyncIterator()
            _ = await iterator.next()
        }
        let cache = QueryCache()
        let client = try makeCachingClient(server, cache: cache)
        let readers = 4
        try await withThrowingTaskGroup(of: [IDRow].self) { group in
            for _ in 0..<readers {
                group.addTask { try await client.execute(readStatement("duas").cachePolicy(.networkOnly)) }
            }
            // Every reader waits on the one request before the server answers it.
            while cache.inFlight.waiterCount < readers { try await Task.sleep(for: .milliseconds(1)) }
            release.continuation.finish()
            for try await rows in group { #expect(rows == [IDRow(id: 1)]) }
        }
        #expect(server.totalRequests == 1)
    }

    @Test(.deadline(.seconds(300))) func observationReceivesWhatOtherReadsOfItsKeyFetchWithoutARequestOfItsOwn() async throws {
        let server = CacheServer()
        let cache = QueryCache()
        let client = try makeCachingClient(server, cache: cache)
        let read = readStatement("duas")
        let received = AsyncStream<Cached<[IDRow]>>.makeStream()
        let consumer = Task {
            for try await value in client.observeCached(read.cachePolicy(.networkOnly)) {
                received.continuation.yield(value)
            }
        }
        var values = received.stream.makeAsyncIterator()
        #expect(await values.next()?.value == [IDRow(id: 1)])

        // Another screen reads the same query from the network: the observation shows its result.
        #expect(try await client.execute(read.cachePolicy(.networkOnly)) == [IDRow(id: 2)])
        let shared = await values.next()
        #expect(shared?.value == [IDRow(id: 2)] && shared?.isFromNetwork == true && shared?.isStale == false)

        // A stale-while-revalidate read answers from the cache and refreshes in the background.
        let answered = try await client.executeCached(read.cachePolicy(.staleWhileRevalidate(maxAge: .zero)))
        #expect(answered.value == [IDRow(id: 2)] && !answered.isFromNetwork)
        #expect(await values.next()?.value == [IDRow(id: 3)])
        #expect(server.requests(read.sql) == 3, "the observation sent only its first request")

        // Another key (other parameters; the fake server counts by SQL, so it answers 4) does not
        // reach it; a write still makes it fetch (5).
        #expect(try await client.execute(readStatement("duas", 2).cachePolicy(.networkOnly)) == [IDRow(id: 4)])
        _ = try await client.execute(writeStatement(["public.duas"]))
        #expect(await values.next()?.value == [IDRow(id: 5)])
        consumer.cancel()
        _ = await consumer.result
    }

    @Test func observationYieldsCachedThenFreshThenAfterAWriteAndStopsWhenCancelled() async throws {
        let server = CacheServer()
        let cache = QueryCache()
        let client = try makeCachingClient(server, cache: cache)
        let read = readStatement("duas")
        _ = try await client.execute(read)                 // cached: id 1

        let received = AsyncStream<Cached<[IDRow]>>.makeStream()
        let consumer = Task {
            for try await value in client.observeCached(read.cachePolicy(.networkOnly)) {
                received.continuation.yield(value)
            }
        }
        var values = received.stream.makeAsyncIterator()
        let cached = await values.next()
        #expect(cached?.value == [IDRow(id: 1)] && cached?.isFromNetwork == false)
        let fresh = await values.next()
        #expect(fresh?.value == [IDRow(id: 2)] && fresh?.isFromNetwork == true)

        _ = try await client.execute(writeStatement(["public.journeys"]))   // not what it reads
        _ = try await client.execute(writeStatement(["public.duas"]))
        let afterWrite = await values.next()
        #expect(afterWrite?.value == [IDRow(id: 3)])
        #expect(server.requests(read.sql) == 3)

        consumer.cancel()
        _ = await consumer.result
        #expect(cache.observers.count == 0)
        _ = try await client.execute(writeStatement(["public.duas"]))
        cache.invalidate(tables: ["public.duas"])
        #expect(server.requests(read.sql) == 3, "no request after the consumer stopped")
    }

    @Test(.deadline(.seconds(300)))
    func cancellingTheOnlyWaiterCancelsTheRequestInFlight() async throws {
        let server = CacheServer()
        let release = AsyncStream<Void>.makeStream()
        server.gate = {
            var iterator = release.stream.makeAsyncIterator()
            _ = await iterator.next()       // only a cancellation of the request ends this wait
        }
        let cache = QueryCache()
        let client = try makeCachingClient(server, cache: cache)
        let consumer = Task {
            for try await _ in client.observe(readStatement("duas")) {}
        }
        while server.requests("SELECT id FROM duas WHERE k = $1") < 1 { try await Task.sleep(for: .milliseconds(1)) }
        consumer.cancel()
        _ = await consumer.result
        #expect(cache.inFlight.waiterCount == 0)
        #expect(cache.observers.count == 0)
        #expect(server.requests("SELECT id FROM duas WHERE k = $1") == 1)
    }

    @Test func invalidatingTablesFromOutsideRefreshesAnObservation() async throws {
        let server = CacheServer()
        let cache = QueryCache()
        let client = try makeCachingClient(server, cache: cache)
        let received = AsyncStream<[IDRow]>.makeStream()
        let consumer = Task {
            for try await rows in client.observe(readStatement("duas")) { received.continuation.yield(rows) }
        }
        var values = received.stream.makeAsyncIterator()
        #expect(await values.next() == [IDRow(id: 1)])
        cache.invalidate(tables: ["public.duas"])
        #expect(await values.next() == [IDRow(id: 2)])
        consumer.cancel()
        _ = await consumer.result
    }

    @Test func aRefetchFailingForLackOfNetworkKeepsTheObservationAlive() async throws {
        let server = CacheServer()
        let cache = QueryCache()
        let client = try makeCachingClient(server, cache: cache)
        let received = AsyncStream<[IDRow]>.makeStream()
        let consumer = Task {
            for try await rows in client.observe(readStatement("duas")) { received.continuation.yield(rows) }
        }
        var values = received.stream.makeAsyncIterator()
        #expect(await values.next() == [IDRow(id: 1)])
        server.mode = .transportFailure(.connectionFailed)
        cache.invalidate(tables: ["public.duas"])             // refetch fails: id 2 is lost
        while server.requests("SELECT id FROM duas WHERE k = $1") < 2 { try await Task.sleep(for: .milliseconds(1)) }
        server.mode = .ok
        cache.invalidate(tables: ["public.duas"])
        #expect(await values.next() == [IDRow(id: 3)])
        consumer.cancel()
        _ = await consumer.result
    }

    @Test func anInitialFailureWithNothingCachedEndsTheObservation() async throws {
        let server = CacheServer()
        server.mode = .transportFailure(.connectionFailed)
        let client = try makeCachingClient(server, cache: QueryCache())
        await #expect(throws: NeonError.self) {
            for try await _ in client.observe(readStatement("duas")) {}
        }
    }

    @Test func otherExecutorsObserveOnce() async throws {
        struct Fixed: QueryExecutor {
            func execute<Result: Sendable>(_ statement: Statement<Result>) async throws -> Result {
                try statement.decodeResponse(Data(resultBody(fields: [("id", 23)], rows: [["5"]]).utf8))
            }
        }
        var all: [[IDRow]] = []
        for try await rows in Fixed().withCachePolicy(.cacheOnly).observe(readStatement("duas")) { all.append(rows) }
        #expect(all == [[IDRow(id: 5)]])
    }
}
