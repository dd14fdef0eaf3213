import Foundation
@testable import NeonSQL
import NeonSQLTestSupport
import Testing

/// Which cached queries ``NeonClient/revalidate()`` keeps checking, against a fake server that
/// answers reads with one `id` row and the digest statement with "nothing changed".
@Suite("Revalidation targets")
struct RevalidationTargetTests {
    /// A revalidation that runs while an observation's first fetch is still in flight (a slow
    /// network, a busy server, a periodic revalidation whose interval is shorter than that fetch)
    /// finds no entry for it yet; once the result lands, the observation's entry is checked by
    /// every later revalidation. (It was forgotten: every later `revalidate(.due)` found nothing
    /// due, and the observation never saw another device's change.)
    @Test(.deadline(.seconds(300))) func anObservationWhoseFirstFetchIsSlowIsStillRevalidatedOnceItLands() async throws {
        let read = readStatement("profiles")
        let readArrived = Shared(false)
        let release = AsyncStream<Void>.makeStream()
        let digestRequests = Shared(0)
        let transport = TransportDouble { request, _ in
            let object = try JSONSerialization.jsonObject(with: request.body) as? [String: Any] ?? [:]
            let sql = object["query"] as? String ?? ""
            if sql == read.sql {
                readArrived.value = true
                for await _ in release.stream {}
                return NeonHTTPResponse(status: 200, body: Data(resultBody(fields: [("id", 23)], rows: [["1"]]).utf8))
            }
            digestRequests.update { $0 += 1 }
            return NeonHTTPResponse(status: 200, body: Data(resultBody(fields: [("changed", 25)], rows: [[""]]).utf8))
        }
        var configuration = try NeonConfiguration(connectionString: testConnectionString, retryPolicy: .none)
        let cache = QueryCache()
        configuration.cache = cache
        let client = NeonClient(configuration: configuration, transport: transport)

        let received = AsyncStream<Cached<[IDRow]>>.makeStream()
        let observer = Task {
            for try await value in client.observeCached(read) { received.continuation.yield(value) }
        }
        defer { observer.cancel() }
        #expect(await Polling.until { readArrived.value }, "the observation's first fetch reached the server")

        let early = try await client.revalidate()
        #expect(early.checked.isEmpty && early.requests == 0, "no entry yet: nothing to check")

        release.continuation.finish()
        var values = received.stream.makeAsyncIterator()
        #expect(await values.next()?.value == [IDRow(id: 1)])

        let later = try await client.revalidate()
        #expect(later.checked == [read.name], "the observed entry is due at every revalidation")
        #expect(later.refetched.isEmpty && later.requests == 1)
        #expect(digestRequests.value == 1)
    }
}
