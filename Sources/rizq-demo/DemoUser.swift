import Foundation
import NeonSQL
import RIZQQueries

/// The demo's per-user calls: with a JWT the user comes from the token (the `My` queries, which
/// use `auth.user_id()`); with a password, from `RIZQ_DEMO_USER_ID` as a parameter.
struct DemoUser {
    let client: NeonClient
    let userID: UUID
    let fromToken: Bool

    struct Profile {
        var displayName: String?
        var totalXp: Int
        var level: Int
        var streak: Int
    }

    struct Day {
        var date: PostgresDate
        var xpEarned: Int
        var duasCompleted: [Int?]
    }

    private var queries: Queries { Queries(client) }

    func profile() async throws -> Profile? {
        if fromToken {
            return try await queries.fetchMyProfile().map { Profile(displayName: $0.displayName, totalXp: $0.totalXp, level: $0.level, streak: $0.streak) }
        }
        return try await queries.fetchUserProfile(userId: userID).map { Profile(displayName: $0.displayName, totalXp: $0.totalXp, level: $0.level, streak: $0.streak) }
    }

    func week() async throws -> [Day] {
        if fromToken {
            return try await queries.fetchMyWeekActivity().map { Day(date: $0.date, xpEarned: $0.xpEarned, duasCompleted: $0.duasCompleted.map { $0 as Int? }) }
        }
        return try await queries.fetchWeekActivity(userId: userID).map { Day(date: $0.date, xpEarned: $0.xpEarned, duasCompleted: $0.duasCompleted.map { $0 as Int? }) }
    }

    /// Adds `xp` to the user's total.
    func addXP(_ xp: Int) async throws -> Profile? {
        let updated = fromToken ? try await queries.addMyXp(amount: xp) : try await queries.addXp(amount: xp, userId: userID)
        return updated.map { Profile(displayName: $0.displayName, totalXp: $0.totalXp, level: $0.level, streak: $0.streak) }
    }

    /// Records a completed dua and adds its XP in one atomic batch.
    func complete(duaId: Int, xp: Int) async throws -> (recorded: Int, updated: Profile?) {
        if fromToken {
            let (recorded, updated) = try await client.batch(
                Statements.markMyDuaCompleted(duaId: duaId, xpEarned: xp), Statements.addMyXp(amount: xp))
            return (recorded, updated.map { Profile(displayName: $0.displayName, totalXp: $0.totalXp, level: $0.level, streak: $0.streak) })
        }
        let (recorded, updated) = try await client.batch(
            Statements.markDuaCompleted(userId: userID, duaId: duaId, xpEarned: xp), Statements.addXp(amount: xp, userId: userID))
        return (recorded, updated.map { Profile(displayName: $0.displayName, totalXp: $0.totalXp, level: $0.level, streak: $0.streak) })
    }
}
