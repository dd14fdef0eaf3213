import Foundation
import RIZQQueries

/// The Daily Adkhar screen's logic: the habits of the journeys a user follows, by time slot, and
/// completing one (XP only the first time a day). It talks to the database only through the
/// generated ``QueryClient``, so tests run it with `QueryClient.testValue` and no server.
public struct DailyAdkhar: Sendable {
    /// One time slot's habits, in the journeys' order, each dua once.
    public struct Slot: Sendable, Hashable {
        public let timeSlot: TimeSlot
        public let habits: [FetchDuasForJourneysRow]
    }

    let client: QueryClient

    /// A feature backed by `client` (`.live(neonClient)` in the app, `.testValue` in tests).
    public init(client: QueryClient) {
        self.client = client
    }

    /// The habits of `journeyIds` in one request, grouped by slot (morning, anytime, evening);
    /// a dua in several journeys appears once, where it first occurs.
    public func slots(journeyIds: [Int]) async throws -> [Slot] {
        let habits = try await client.fetchDuasForJourneys(journeyIds)
        var seen: Set<Int> = []
        let unique = habits.filter { seen.insert($0.duaId).inserted }
        return TimeSlot.allCases.map { slot in Slot(timeSlot: slot, habits: unique.filter { $0.timeSlot == slot }) }
    }

    /// Marks `habit` done for `user` today and awards its XP, once a day: when it was already
    /// done today nothing is awarded and the result is nil.
    public func complete(_ habit: FetchDuasForJourneysRow, user: UUID) async throws -> UserProfile? {
        let recorded = try await client.markDuaCompleted(user, habit.duaId, habit.xpValue)
        guard recorded > 0 else { return nil }
        return try await client.addXp(habit.xpValue, user)
    }
}
