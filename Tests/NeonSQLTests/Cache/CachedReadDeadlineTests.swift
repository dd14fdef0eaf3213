import Foundation
@testable import NeonSQL
import NeonSQLTestSupport
import Testing

/// A cached read on a network that hangs (not one that fails fast) answers from the cache after
/// ``NeonConfiguration/cachedReadDeadline``, marked stale, while its request goes on; the fresh
/// result reaches observers when it lands. A stale-while-revalidate observation of a fresh entry
/// starts without a request.
@Suite("Cached reads on a hanging network")
struct CachedReadDeadlineTests {
    @Test(.deadline(.seconds(600))) func aHangingReadAnswersStaleAndTheFreshValueReachesObserversLater() async throws {
        let server = CacheServer()
        let cache = QueryCache()
        var configuration = try makeCachingClient(server, cache: cache).configuration
        configuration.cachedReadDeadline = .milliseconds(100)
        configuration.requestTimeout = .seconds(300)   // a starved full-suite run must not time the held request out
        let client = NeonClient(configuration: configuration, transport: server.transport)
        let read = readStatement("duas")
        _ = try await client.execute(read)                 // cached: id 1, fresh for 10 minutes

        // A stale-while-revalidate observer of the fresh entry: the cached value, no request.
        let received = AsyncStream<Cached<[IDRow]>>.makeStream()
        let observer = Task {
            for try await value in client.observeCached(read.cachePolicy(.staleWhileRevalidate(maxAge: .seconds(600)))) {
                received.continuation.yield(value)
            }
        }
        defer { observer.cancel() }
        var values = received.stream.makeAsyncIterator()
        let first = await values.next()
        #expect(first?.value == [IDRow(id: 1)] && first?.isFromNetwork == false)
        #expect(server.requests(read.sql) == 1, "a fresh entry: the observation fetched nothing")

        // The network hangs: the read answers from the cache, stale, with its request held.
        let release = AsyncStream<Void>.makeStream()
        let held = Shared(0)
        server.gate = {
            held.value += 1
            for await _ in release.stream { break }
        }
        let answer = try await client.executeCached(read.cachePolicy(.cacheFirst(maxAge: .zero)))
        #expect(answer.value == [IDRow(id: 1)] && answer.isStale && !answer.isFromNetwork)
        #expect(held.value == 1, "the request is still in flight")

        // When it lands, the observer gets the fresh value, and the cache holds it.
        release.continuation.yield()
        let fresh = await values.next()
        #expect(fresh?.value == [IDRow(id: 2)] && fresh?.isFromNetwork == true)
        server.gate = nil
        let cached = try await client.executeCached(read.cachePolicy(.cacheOnly))
        #expect(cached.value == [IDRow(id: 2)] && !cached.isStale)
        #expect(server.requests(read.sql) == 2)
    }

    @Test(.deadline(.seconds(600))) func withoutACachedResultTheReadWaitsForTheNetwork() async throws {
        let server = CacheServer()
        var configuration = try makeCachingClient(server, cache: QueryCache()).configuration
        configuration.cachedReadDeadline = .milliseconds(50)
        let client = NeonClient(configuration: configuration, transport: server.transport)
        server.gate = { try? await Task.sleep(for: .milliseconds(300)) }
        let answer = try await client.executeCached(readStatement("duas"))
        #expect(answer.isFromNetwork && answer.value == [IDRow(id: 1)])
    }
}

extension CachedReadDeadlineTests {
    @Test(.deadline(.seconds(600))) func afterAWriteTheReadWaitsForTheNetworkPastTheDeadline() async throws {
        let server = CacheServer()
        var configuration = try makeCachingClient(server, cache: QueryCache()).configuration
        configuration.cachedReadDeadline = .milliseconds(50)
        let client = NeonClient(configuration: configuration, transport: server.transport)
        let read = readStatement("duas")
        _ = try await client.execute(read)
        _ = try await client.execute(writeStatement(["public.duas"]))
        server.gate = { try? await Task.sleep(for: .milliseconds(300)) }
        let answer = try await client.executeCached(read)
        #expect(answer.isFromNetwork && answer.value == [IDRow(id: 2)], "read-your-writes: not the entry the write made stale")
    }
}
