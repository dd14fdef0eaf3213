import Foundation
import NeonSQL
import NeonSQLTestSupport
import Testing

@Suite("QueryCache policies and invalidation")
struct QueryCachePolicyTests {
    @Test func tableEffectsDecideWhatAWriteInvalidates() {
        let readsDuas = TableEffects(reads: ["public.duas", "public.categories", "public.duas"])
        #expect(readsDuas.reads == ["public.categories", "public.duas"])
        #expect(TableEffects(writes: ["public.duas"]).invalidates(readsDuas))
        #expect(!TableEffects(writes: ["public.journeys"]).invalidates(readsDuas))
        #expect(!TableEffects(reads: ["public.duas"]).invalidates(readsDuas), "a read changes nothing")
        #expect(!TableEffects().invalidates(TableEffects.unknown(readOnly: true)), "no writes: nothing, even unknown reads")
        #expect(TableEffects(writes: ["public.x"]).invalidates(.unknown(readOnly: true)), "unknown reads: any write")
        #expect(TableEffects.unknown(readOnly: false).invalidates(readsDuas), "unknown writes: everything")
        #expect(!TableEffects.unknown(readOnly: true).invalidates(readsDuas), "a read-only unknown writes nothing")
        let batch = TableEffects(writes: ["public.a"]).union(TableEffects(reads: ["public.b"], writes: ["public.c"]))
        #expect(batch.writes == ["public.a", "public.c"] && batch.reads == ["public.b"] && !batch.writesUnknown)
        #expect(TableEffects(writes: ["public.a"]).union(.unknown(readOnly: false)).writesUnknown)
    }

    @Test func aStatementWithoutEffectsGetsUnknownOnesAndKeepsItsPolicy() {
        let read: Statement<[IDRow]> = .many(name: "R", sql: "SELECT 1", bindings: Bindings(), readOnly: true)
        #expect(read.tables == .unknown(readOnly: true) && read.cacheMaxAge == nil && read.cachePolicy == nil)
        let write: Statement<Void> = .exec(name: "W", sql: "DELETE FROM t", bindings: Bindings(), readOnly: false)
        #expect(write.tables.writesUnknown)
        #expect(read.cachePolicy(.cacheOnly).cachePolicy == .cacheOnly)
    }

    @Test func aFreshCacheFirstEntryMakesNoRequestAndNoRequestEvent() async throws {
        let server = CacheServer()
        let log = RequestEventLog()
        var configuration = try makeCachingClient(server, cache: QueryCache()).configuration
        configuration.requestObserver = { log.append($0) }
        let client = NeonClient(configuration: configuration, transport: server.transport)
        let first = try await client.execute(readStatement("duas"))
        let second = try await client.executeCached(readStatement("duas"))
        #expect(first == [IDRow(id: 1)] && second.value == [IDRow(id: 1)])
        #expect(!second.isFromNetwork && !second.isStale)
        #expect(server.totalRequests == 1)
        #expect(log.events.count == 1)
        // Another parameter is another entry.
        _ = try await client.execute(readStatement("duas", 2))
        #expect(server.totalRequests == 2)
    }

    @Test func withoutAMaxAgeTheDefaultPolicyIsNetworkOnly() async throws {
        let server = CacheServer()
        let client = try makeCachingClient(server, cache: QueryCache())
        _ = try await client.execute(readStatement("duas", maxAge: nil))
        let again = try await client.execute(readStatement("duas", maxAge: nil))
        #expect(again == [IDRow(id: 2)] && server.totalRequests == 2)
        let cachingByDefault = try makeCachingClient(server, cache: QueryCache(), defaultPolicy: .cacheFirst(maxAge: .seconds(3600)))
        _ = try await cachingByDefault.execute(readStatement("other", maxAge: nil))
        _ = try await cachingByDefault.execute(readStatement("other", maxAge: nil))
        #expect(server.requests("SELECT id FROM other WHERE k = $1") == 1)
        // The call-site override wins over the max-age.
        _ = try await cachingByDefault.execute(readStatement("other", maxAge: .seconds(600)).cachePolicy(.networkOnly))
        #expect(server.requests("SELECT id FROM other WHERE k = $1") == 2)
        // So does a policy executor.
        _ = try await cachingByDefault.withCachePolicy(.networkOnly).execute(readStatement("other"))
        #expect(server.requests("SELECT id FROM other WHERE k = $1") == 3)
    }

    @Test func onlyAnIntersectingWriteMakesAnEntryStale() async throws {
        let server = CacheServer()
        let client = try makeCachingClient(server, cache: QueryCache())
        _ = try await client.execute(readStatement("duas"))
        _ = try await client.execute(writeStatement(["public.categories"]))
        #expect(try await client.execute(readStatement("duas")) == [IDRow(id: 1)], "another table: still cached")
        _ = try await client.execute(writeStatement(["public.duas"]))
        let stale = try await client.executeCached(readStatement("duas").cachePolicy(.cacheOnly))
        #expect(stale.isStale && stale.value == [IDRow(id: 1)])
        #expect(try await client.execute(readStatement("duas")) == [IDRow(id: 2)], "stale: fetched again")
        #expect(server.requests("SELECT id FROM duas WHERE k = $1") == 2)
    }

    @Test func unknownEffectsInvalidateEverything() async throws {
        let server = CacheServer()
        let client = try makeCachingClient(server, cache: QueryCache())
        let unknownReads = readStatement("anything", tables: .unknown(readOnly: true))
        _ = try await client.execute(readStatement("duas"))
        _ = try await client.execute(unknownReads)
        _ = try await client.execute(writeStatement(["public.journeys"]))
        #expect(try await client.execute(readStatement("duas")) == [IDRow(id: 1)])
        #expect(try await client.execute(unknownReads) == [IDRow(id: 2)], "unknown reads: any write")
        _ = try await client.execute(writeStatement(nil))
        #expect(try await client.execute(readStatement("duas")) == [IDRow(id: 2)], "unknown writes: everything")
    }

    @Test func aBatchInvalidatesTheUnionOfItsStatements() async throws {
        let server = CacheServer()
        let client = try makeCachingClient(server, cache: QueryCache())
        _ = try await client.execute(readStatement("duas"))
        _ = try await client.batch([writeStatement(["public.a"]), writeStatement(["public.duas"])])
        #expect(try await client.execute(readStatement("duas")) == [IDRow(id: 2)])
    }

    @Test func aWriteOfUnknownOutcomeInvalidatesAndADefiniteErrorDoesNot() async throws {
        let server = CacheServer()
        let client = try makeCachingClient(server, cache: QueryCache())
        _ = try await client.execute(readStatement("duas"))
        server.mode = .status(400, databaseErrorBody("23505"))
        await #expect(throws: NeonError.self) { try await client.execute(writeStatement(["public.duas"])) }
        server.mode = .ok
        #expect(try await client.execute(readStatement("duas")) == [IDRow(id: 1)], "the write did not run")

        server.mode = .transportFailure(.connectionLost)
        do {
            _ = try await client.execute(writeStatement(["public.duas"]))
            Issue.record("expected an error")
        } catch let error as NeonError {
            #expect(error.isOutcomeUnknown)
        }
        server.mode = .ok
        #expect(try await client.execute(readStatement("duas")) == [IDRow(id: 2)], "it may have run")
    }

    @Test func cacheOnlyWithoutAnEntryThrowsAndSendsNothing() async throws {
        let server = CacheServer()
        let client = try makeCachingClient(server, cache: QueryCache())
        await #expect(throws: CacheMissError(queryName: "Read_duas")) {
            try await client.execute(readStatement("duas").cachePolicy(.cacheOnly))
        }
        #expect(server.totalRequests == 0)
    }

    @Test func staleWhileRevalidateAnswersTheStaleEntryAtOnce() async throws {
        let server = CacheServer()
        let client = try makeCachingClient(server, cache: QueryCache())
        _ = try await client.execute(readStatement("duas"))
        _ = try await client.execute(writeStatement(["public.duas"]))
        let answer = try await client.executeCached(readStatement("duas").cachePolicy(.staleWhileRevalidate(maxAge: .seconds(600))))
        #expect(answer.value == [IDRow(id: 1)] && answer.isStale && !answer.isFromNetwork)
    }

    @Test func writesWithoutACacheStillRunAndReadsAreNotCached() async throws {
        let server = CacheServer()
        let configuration = try NeonConfiguration(connectionString: testConnectionString, retryPolicy: .none)
        let client = NeonClient(configuration: configuration, transport: server.transport)
        _ = try await client.execute(readStatement("duas"))
        #expect(try await client.execute(readStatement("duas")) == [IDRow(id: 2)])
        #expect(try await client.execute(writeStatement(["public.duas"])) == 1)
    }
}
