import Foundation
import NeonSQLTestSupport
import NeonSQL
import RIZQQueries
import Testing

/// The RIZQ policies through neon-local in JWT mode: tokens from the local stack's signer
/// (`RIZQ_JWT_SIGNER`, a key pair made when the stack started), role `authenticated`, and the
/// owner's password connection to check what really is in the tables.
@Suite("RIZQ row-level security with JWTs", .enabled(if: LocalStack.shouldRun))
struct RowLevelSecurityTests {
    let owner: NeonClient

    init() throws {
        owner = try LocalStack.client()
    }

    struct MissingJWTStack: Error, CustomStringConvertible {
        let description = "NEON_JWT_DATABASE_URL and RIZQ_JWT_SIGNER are not set: run Scripts/test.sh, or eval \"$(Scripts/local-stack.sh start)\""
    }

    /// A token for `user` from the stack's signer (`ttl` in seconds; negative for an expired one).
    static func token(for user: UUID, ttl: Int = 300) async throws -> String {
        guard let signer = LocalStack.environment["RIZQ_JWT_SIGNER"], !signer.isEmpty else { throw MissingJWTStack() }
        let result = try await CommandRunner.runOffPool(["/bin/sh", "-c", "\(signer) --sub \(user.uuidString.lowercased()) --ttl \(ttl)"])
        guard result.succeeded else { throw MissingJWTStack() }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A client signed in as `user` (a fresh token for each request, as an app's auth SDK gives).
    static func signedIn(as user: UUID, ttl: Int = 300) throws -> NeonClient {
        guard let endpoint = LocalStack.endpoint,
              let url = LocalStack.environment["NEON_JWT_DATABASE_URL"], !url.isEmpty else { throw MissingJWTStack() }
        return NeonClient(configuration: try NeonConfiguration(
            connectionString: url, endpoint: endpoint,
            authentication: .bearerToken { try await token(for: user, ttl: ttl) }, retryPolicy: .none))
    }

    private func activityRows(of user: UUID) async throws -> Int {
        try await Queries(owner).fetchWeekActivity(userId: user).count
    }

    @Test func eachUserReadsAndChangesOnlyTheirOwnRows() async throws {
        let alice = try await Fixtures.newUser(owner, name: "Alice")
        let bob = try await Fixtures.newUser(owner, name: "Bob")
        let asAlice = Queries(try Self.signedIn(as: alice))
        let asBob = Queries(try Self.signedIn(as: bob))

        #expect(try await asAlice.fetchMyProfile()?.userId == alice)
        #expect(try await asBob.fetchMyProfile()?.displayName == "Bob")
        #expect(try await asAlice.markMyDuaCompleted(duaId: 1, xpEarned: 10) == 1)
        #expect(try await asAlice.addMyXp(amount: 10)?.totalXp == 10)
        #expect(try await asAlice.fetchMyWeekActivity().map(\.duasCompleted) == [[1]])
        #expect(try await asBob.fetchMyWeekActivity().isEmpty)
        #expect(try await activityRows(of: alice) == 1)
        #expect(try await Queries(owner).fetchUserProfile(userId: bob)?.totalXp == 0)
    }

    @Test func anotherUsersIdAsAParameterReadsAndWritesNothing() async throws {
        let alice = try await Fixtures.newUser(owner, name: "Alice")
        let mallory = try await Fixtures.newUser(owner, name: "Mallory")
        let asMallory = Queries(try Self.signedIn(as: mallory))

        #expect(try await asMallory.fetchUserProfile(userId: alice) == nil)
        #expect(try await asMallory.fetchWeekActivity(userId: alice).isEmpty)
        #expect(try await asMallory.updateDisplayName(displayName: "pwned", userId: alice) == nil)
        #expect(try await asMallory.addXp(amount: 1000, userId: alice) == nil)
        do {
            _ = try await asMallory.markDuaCompleted(userId: alice, duaId: 1, xpEarned: 500)
            Issue.record("a row for another user was written")
        } catch let error as NeonError {
            #expect(error.sqlState == "42501")
        }
        let profile = try #require(try await Queries(owner).fetchUserProfile(userId: alice))
        #expect(profile.displayName == "Alice")
        #expect(profile.totalXp == 0)
        #expect(try await activityRows(of: alice) == 0)
    }

    @Test func contentIsReadableAndNotWritableWithAToken() async throws {
        let user = try await Fixtures.newUser(owner)
        let signedIn = try Self.signedIn(as: user)
        let journeys = try await Queries(signedIn).fetchJourneys()
        #expect(journeys.count == (try await Queries(owner).fetchJourneys().count))
        #expect(!journeys.isEmpty)
        for sql in ["UPDATE journeys SET name = 'defaced'", "DELETE FROM duas", "UPDATE user_profiles SET is_admin = true"] {
            do {
                _ = try await signedIn.execute(Statement<Int>.execRows(name: "ForbiddenWrite", sql: sql, bindings: Bindings(capacity: 0), readOnly: false))
                Issue.record("\(sql) was allowed")
            } catch let error as NeonError {
                #expect(error.sqlState == "42501", "\(sql): \(error)")
            }
        }
        #expect(try await Queries(owner).fetchJourneys().allSatisfy { $0.name != "defaced" })
    }

    @Test func anExpiredTokenIsRejectedAndWritesNothing() async throws {
        let user = try await Fixtures.newUser(owner)
        let expired = Queries(try Self.signedIn(as: user, ttl: -120))
        do {
            _ = try await expired.markMyDuaCompleted(duaId: 1, xpEarned: 5)
            Issue.record("an expired token was accepted")
        } catch let error as NeonError {
            guard case .tokenRejected(let message) = error else {
                Issue.record("expected tokenRejected, got \(error)")
                return
            }
            #expect(message.hasPrefix("JWT token has expired (exp="))
        }
        #expect(try await activityRows(of: user) == 0)
    }
}
