import Foundation
import NeonSQL
import Testing

@Suite("QueryCache identities and offline answers")
struct QueryCacheIdentityAndOfflineTests {
    @Test func twoUsersNeverSeeEachOthersEntryEvenWhenTheTokenSwitchesOnOneClient() async throws {
        let server = CacheServer()
        let cache = QueryCache()
        let token = Shared(unsignedJWT(sub: "alice-sub"))
        let client = try makeCachingClient(server, cache: cache, authentication: .bearerToken { token.value })
        #expect(try await client.execute(readStatement("duas")) == [IDRow(id: 1)])
        token.value = unsignedJWT(sub: "bob-sub")
        #expect(try await client.execute(readStatement("duas")) == [IDRow(id: 2)], "bob does not get alice's entry")
        token.value = unsignedJWT(sub: "alice-sub", extra: #","iat":1700000000"#)
        #expect(try await client.execute(readStatement("duas")) == [IDRow(id: 1)], "a refreshed token of alice: her entry")
        #expect(server.totalRequests == 2)

        // A second client with its own user, sharing the cache, does not see it either.
        let carol = try makeCachingClient(server, cache: cache, authentication: .bearerToken { unsignedJWT(sub: "carol-sub") })
        #expect(try await carol.execute(readStatement("duas")) == [IDRow(id: 3)])
        // Another role of the same subject is another identity.
        let admin = try makeCachingClient(server, cache: cache, authentication: .bearerToken { unsignedJWT(sub: "alice-sub", role: "admin") })
        #expect(try await admin.execute(readStatement("duas")) == [IDRow(id: 4)])
    }

    @Test func identitiesHashTheirClaimsAndFallBackToTheWholeToken() throws {
        let configuration = try NeonConfiguration(connectionString: testConnectionString)
        let alice = CacheIdentity(bearerToken: unsignedJWT(sub: "alice-sub"), configuration: configuration)
        #expect(alice == CacheIdentity(bearerToken: unsignedJWT(sub: "alice-sub", extra: #","exp":1"#), configuration: configuration))
        #expect(alice != CacheIdentity(bearerToken: unsignedJWT(sub: "bob-sub"), configuration: configuration))
        #expect(!alice.digest.contains("alice") && alice.digest.count == 64)
        let opaque = CacheIdentity(bearerToken: "not-a-jwt", configuration: configuration)
        #expect(opaque != CacheIdentity(bearerToken: "not-a-jwt-either", configuration: configuration))
        #expect(!"\(opaque)".contains("not-a-jwt"))
        #expect(CacheIdentity(configuration: configuration) != alice)
    }

    @Test func clearingAnIdentityRemovesOnlyItsEntries() async throws {
        let server = CacheServer()
        let cache = QueryCache()
        let token = Shared(unsignedJWT(sub: "alice-sub"))
        let client = try makeCachingClient(server, cache: cache, authentication: .bearerToken { token.value })
        _ = try await client.execute(readStatement("duas"))
        let alice = try await client.currentCacheIdentity()
        token.value = unsignedJWT(sub: "bob-sub")
        _ = try await client.execute(readStatement("duas"))
        cache.clear(identity: alice)
        #expect(try await client.execute(readStatement("duas")) == [IDRow(id: 2)], "bob's entry stays")
        token.value = unsignedJWT(sub: "alice-sub")
        #expect(try await client.execute(readStatement("duas")) == [IDRow(id: 3)], "alice's is gone")
    }

    @Test func aTransportFailureIsAnsweredFromTheCacheMarkedStale() async throws {
        let server = CacheServer()
        let client = try makeCachingClient(server, cache: QueryCache())
        let read = readStatement("duas").cachePolicy(.networkOnly)   // stored (it has a max-age), never served fresh
        _ = try await client.execute(read)
        for failure in [CacheServer.Mode.transportFailure(.connectionFailed), .transportFailure(.connectionLost), .status(503, "{}")] {
            server.mode = failure
            let answer = try await client.executeCached(read)
            #expect(answer.value == [IDRow(id: 1)] && answer.isStale && !answer.isFromNetwork)
        }
    }

    @Test func aDatabaseErrorOr401IsNotAnsweredFromTheCache() async throws {
        let server = CacheServer()
        let client = try makeCachingClient(server, cache: QueryCache())
        let read = readStatement("duas").cachePolicy(.networkOnly)
        _ = try await client.execute(read)
        server.mode = .status(400, databaseErrorBody("42P01"))
        await #expect(throws: NeonError.self) { try await client.execute(read) }
        server.mode = .status(401, #"{"message":"unauthorized"}"#)
        await #expect(throws: NeonError.self) { try await client.execute(read) }
        server.mode = .status(403, #"{"message":"forbidden"}"#)
        await #expect(throws: NeonError.self) { try await client.execute(read) }
    }

    @Test func anEntryOlderThanMaxStaleDoesNotAnswerOffline() async throws {
        let server = CacheServer()
        let client = try makeCachingClient(server, cache: QueryCache(), maxStale: .zero)
        let read = readStatement("duas").cachePolicy(.networkOnly)
        _ = try await client.execute(read)
        server.mode = .transportFailure(.connectionFailed)
        await #expect(throws: NeonError.self) { try await client.execute(read) }
    }
}
