import Foundation
import RIZQFeatures
import RIZQQueries
import Testing

/// `DailyAdkhar` with the generated client's test value: no server, no SQL strings. Each test
/// overrides the closures it expects; any other query throws `unimplemented: <QueryName>`.
@Suite("Daily Adkhar (test client)")
struct DailyAdkharTests {
    let user = UUID()

    func habit(_ duaId: Int, journey: Int, slot: TimeSlot, xp: Int = 10) -> FetchDuasForJourneysRow {
        FetchDuasForJourneysRow(journeyId: journey, duaId: duaId, timeSlot: slot, sortOrder: duaId, titleEn: "Dua \(duaId)",
                                arabicText: "", transliteration: nil, translationEn: "", source: nil, repetitions: 1,
                                xpValue: xp, rizqBenefit: nil, propheticContext: nil)
    }

    @Test func groupsBySlotAndShowsSharedDuasOnce() async throws {
        var client = QueryClient.testValue
        let rows = [habit(1, journey: 1, slot: .evening), habit(2, journey: 1, slot: .morning), habit(1, journey: 2, slot: .evening)]
        client.fetchDuasForJourneys = { ids in
            #expect(ids == [1, 2])
            return rows
        }
        let slots = try await DailyAdkhar(client: client).slots(journeyIds: [1, 2])
        #expect(slots.map(\.timeSlot) == [.morning, .anytime, .evening])
        #expect(slots.map { $0.habits.map(\.duaId) } == [[2], [], [1]])
    }

    @Test func completingAwardsXPOnlyTheFirstTimeADay() async throws {
        var client = QueryClient.testValue
        client.markDuaCompleted = { _, _, _ in 1 }
        client.addXp = { amount, user in
            UserProfile(userId: user, displayName: nil, streak: 1, totalXp: amount, level: 1, lastActiveDate: nil, isAdmin: false,
                     createdAt: Date(timeIntervalSince1970: 0), updatedAt: Date(timeIntervalSince1970: 0))
        }
        let profile = try await DailyAdkhar(client: client).complete(habit(3, journey: 1, slot: .morning, xp: 25), user: user)
        #expect(profile?.totalXp == 25)
        #expect(profile?.userId == user)

        // Already done today: no XP, and addXp (left unimplemented) is never called.
        var repeated = QueryClient.testValue
        repeated.markDuaCompleted = { _, _, _ in 0 }
        #expect(try await DailyAdkhar(client: repeated).complete(habit(3, journey: 1, slot: .morning), user: user) == nil)
    }

    @Test func aQueryTheTestDidNotExpectFailsClearly() async throws {
        var client = QueryClient.testValue
        client.markDuaCompleted = { _, _, _ in 1 }
        do {
            _ = try await DailyAdkhar(client: client).complete(habit(3, journey: 1, slot: .morning), user: user)
            Issue.record("expected the unimplemented addXp to throw")
        } catch let error as UnimplementedQueryError {
            #expect(error.queryName == "AddXP")
            #expect("\(error)" == "unimplemented: AddXP")
        }
    }
}
