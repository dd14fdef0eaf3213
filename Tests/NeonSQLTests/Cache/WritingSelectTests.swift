import Foundation
@testable import NeonSQL
import Testing

/// A statement is a write when its table effects say it writes or may write, whatever its first
/// keyword: `SELECT record_visit($1)` of a function running an `UPDATE` (RPC style).
@Suite("A SELECT that writes is a write")
struct WritingSelectTests {
    /// `SELECT record_visit($1)`, declared read-only by its factory as a keyword-based generator would.
    static func recordVisit(_ user: Int = 7, tables: TableEffects = TableEffects(reads: ["public.users"], writes: ["public.users"]))
        -> Statement<[IDRow]> {
        var bindings = Bindings(capacity: 1)
        bindings.append(user, as: .int4)
        return .many(name: "RecordVisit", sql: "SELECT record_visit($1) AS id", bindings: bindings, readOnly: true, tables: tables)
    }

    @Test func itIsNotReadOnlyWhenItsEffectsWriteOrMayWrite() {
        #expect(!Self.recordVisit().isReadOnly)
        #expect(!Self.recordVisit(tables: TableEffects(readsUnknown: true, writesUnknown: true)).isReadOnly)
        #expect(Self.recordVisit(tables: TableEffects(reads: ["public.users"])).isReadOnly)
        let plain: Statement<[IDRow]> = .many(name: "Plain", sql: "SELECT 1 AS id", bindings: Bindings(), readOnly: true)
        #expect(plain.isReadOnly)
        // `map` keeps it a write.
        #expect(!Self.recordVisit().map(rowCount: { _ in nil }) { $0.count }.isReadOnly)
    }

    @Test func itIsNeverAnsweredFromTheCacheAndInvalidatesWhatItWrites() async throws {
        let server = CacheServer()
        let cache = QueryCache()
        let client = try makeCachingClient(server, cache: cache, defaultPolicy: .cacheFirst(maxAge: .seconds(600)))
        let profile = readStatement("users")
        #expect(try await client.execute(profile) == [IDRow(id: 1)])
        #expect(try await client.execute(profile) == [IDRow(id: 1)])

        let visit = Self.recordVisit()
        #expect(try await client.execute(visit) == [IDRow(id: 1)])
        #expect(try await client.execute(visit) == [IDRow(id: 2)], "the second visit was answered from the cache")
        #expect(try await client.executeCached(visit).isFromNetwork)
        #expect(server.requests(visit.sql) == 3)
        #expect(try await client.execute(profile) == [IDRow(id: 2)], "the visit did not make what it writes stale")
    }

    @Test func anObservationRunsItOnce() async throws {
        let server = CacheServer()
        let client = try makeCachingClient(server, cache: QueryCache(), defaultPolicy: .cacheFirst(maxAge: .seconds(600)))
        var all: [[IDRow]] = []
        for try await rows in client.observe(Self.recordVisit()) { all.append(rows) }
        #expect(all == [[IDRow(id: 1)]])
    }

    @Test func itIsNotResentAfterA5xxAsAReadIs() async throws {
        let unavailable = (503, #"{"message":"unavailable"}"#)
        let ok = (200, resultBody(fields: [("id", 23)], rows: [["1"]]))
        let readTransport = TransportDouble(responses: [unavailable, ok])
        #expect(try await makeClient(readTransport).execute(readStatement("users")) == [IDRow(id: 1)])
        #expect(readTransport.count == 2, "a read is resent after a 503")

        let transport = TransportDouble(responses: [unavailable, ok])
        await #expect(throws: NeonError.self) { try await makeClient(transport).execute(Self.recordVisit()) }
        #expect(transport.count == 1, "the visit was sent again after a 503")
        let request = try #require(transport.requests.first)
        #expect(!request.isReadOnly && !request.isSafeToResend)

        // In a batch with a read, too.
        let batchTransport = TransportDouble(responses: [unavailable, ok])
        await #expect(throws: NeonError.self) {
            try await makeClient(batchTransport).batch([readStatement("users"), Self.recordVisit()])
        }
        #expect(batchTransport.count == 1)
    }

    @Test func itGoesToThePrimaryNotAReplica() async throws {
        let transport = ReadReplicaRoutingTests.database()
        let client = try ReadReplicaRoutingTests.client(transport)
        _ = try await client.execute(ReadReplicaRoutingTests.read)
        _ = try? await client.execute(Self.recordVisit())  // its answer (another column) need not decode
        #expect(transport.requests.map(\.url) == [ReadReplicaRoutingTests.replicaA, ReadReplicaRoutingTests.primary])
    }
}
