import Foundation
import NeonSQL
import RIZQFeatures
import RIZQQueries

/// Walks the RIZQ app's main flow against Neon (or `neon-local`) through the generated queries:
/// journeys, one journey's duas, the Daily Adkhar screen for two subscribed journeys in one round
/// trip, completing a habit atomically, and the week's activity.
///
/// Configuration (environment):
/// - `NEON_DATABASE_URL` (required): the Neon connection string.
/// - `NEON_LOCAL_ENDPOINT` (optional): the `/sql` endpoint to use instead of the one derived from
///   the connection string (`http://127.0.0.1:4444/sql` for neon-local).
/// - `RIZQ_DEMO_USER_ID` (optional): the user whose habits and activity are shown.
/// - `RIZQ_DEMO_TOKEN_COMMAND` (optional): JWT mode (see ``DemoAuthentication``); `NEON_DATABASE_URL`
///   is then a connection string without password for the JWT role, and the user comes from the token.
@main
struct RIZQDemo {
    static let defaultUserID = "5b7c2a8e-1f43-4d6a-9c1e-2f8a7b3c4d01"

    static func main() async {
        do {
            try await run()
        } catch {
            // NeonError descriptions never contain the connection string's password.
            FileHandle.standardError.write(Data("rizq-demo: \(error)\n".utf8))
            exit(1)
        }
    }

    static func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        guard let connectionString = environment["NEON_DATABASE_URL"], !connectionString.isEmpty else {
            throw DemoError("NEON_DATABASE_URL is not set; run Scripts/demo.sh to start a local stack, or export your Neon connection string")
        }
        let endpoint = try environment["NEON_LOCAL_ENDPOINT"].flatMap { value -> URL? in
            guard !value.isEmpty else { return nil }
            guard let url = URL(string: value) else { throw DemoError("NEON_LOCAL_ENDPOINT is not a URL") }
            return url
        }
        guard let userID = UUID(uuidString: environment["RIZQ_DEMO_USER_ID"] ?? defaultUserID) else {
            throw DemoError("RIZQ_DEMO_USER_ID is not a UUID")
        }
        let signIn = DemoAuthentication.provider(environment: environment, userID: userID)
        let configuration = try NeonConfiguration(connectionString: connectionString, endpoint: endpoint, authentication: signIn ?? .password)
        // `rizq-demo offline-complete`: queue a completion while the database is unreachable, and stop.
        if CommandLine.arguments.dropFirst().first == "offline-complete" {
            try await OfflineCompletion.queueWhileOffline(configuration: configuration, userID: userID, fromToken: signIn != nil)
            return
        }
        let client = NeonClient(configuration: configuration)
        // The generated client: one closure per query (tests use `QueryClient.testValue` instead).
        let queries = QueryClient.live(client)
        print(signIn == nil ? "Signed in with the connection string's password" : "Signed in with a JWT as user \(userID.uuidString.lowercased()) (row-level security applies)")

        // 0. Online again: what an earlier run queued offline is sent first, exactly once.
        try await OfflineCompletion.sendQueued(configuration: configuration, userID: userID, fromToken: signIn != nil)

        // 1. Journeys, featured first.
        let journeys = try await queries.fetchJourneys()
        heading("Journeys (\(journeys.count), featured first)")
        for journey in journeys {
            let star = journey.isFeatured ? "★" : " "
            print("  \(star) \(journey.emoji)  \(journey.name.padded(to: 34)) \(journey.estimatedMinutes) min · \(journey.dailyXp) XP/day")
        }

        // 2. One journey with its duas.
        guard let featured = journeys.first,
              let journey = try await queries.fetchJourneyBySlug(featured.slug) else {
            throw DemoError("the database has no journeys; load the seed data (Scripts/local-stack.sh start)")
        }
        let journeyDuas = try await queries.fetchJourneyDuas(journey.id)
        heading("\(journey.emoji) \(journey.name): \(journeyDuas.count) duas")
        if let description = journey.description { print("  \(description)\n") }
        for dua in journeyDuas {
            print("  [\(dua.timeSlot.rawValue)] \(dua.titleEn)  ×\(dua.repetitions)  +\(dua.xpValue) XP")
            print("      \(rightToLeft(dua.arabicText))")
            if let transliteration = dua.transliteration { print("      \(transliteration)") }
            print("      “\(dua.translationEn)”" + (dua.source.map { "  (\($0))" } ?? ""))
        }

        // 2b. A search screen: optional filters are left out of the SQL when not given.
        let everything = try await queries.searchDuas("", nil, nil, .id)
        if let category = everything.compactMap(\.categorySlug).first {
            let inCategory = try await queries.searchDuas("", category, nil, .xpValueDesc)
            let threshold = inCategory.map(\.xpValue).max() ?? 0
            let rewarding = try await queries.searchDuas("", category, threshold, .id)
            heading("Searching duas (optional filters)")
            print("  all: \(everything.count) · category \(category): \(inCategory.count) · and worth \(threshold)+ XP: \(rewarding.count)")
            if let top = inCategory.first { print("  most rewarding in \(category): \(top.titleEn) (+\(top.xpValue) XP)") }
        }

        // 3. Daily Adkhar for two subscribed journeys: one round trip instead of one per journey.
        let subscribed = Array(journeys.prefix(2))
        let slots = try await DailyAdkhar(client: queries).slots(journeyIds: subscribed.map(\.id))
        heading("Daily Adkhar for \(subscribed.map(\.name).joined(separator: " + ")) (1 request)")
        let unique = slots.flatMap(\.habits)
        for slot in slots {
            print("  \(slot.timeSlot.rawValue.capitalized) (\(slot.habits.count))")
            for habit in slot.habits {
                print("    • \(habit.titleEn.padded(to: 40)) ×\(habit.repetitions)  +\(habit.xpValue) XP   \(rightToLeft(habit.arabicText.prefixWords(4)))")
            }
        }

        // 4. Complete a habit: record it and add its XP in one atomic batch.
        heading("Completing a habit")
        let user = DemoUser(client: client, userID: userID, fromToken: signIn != nil)
        guard let profile = try await user.profile() else {
            throw DemoError("no user \(userID); set RIZQ_DEMO_USER_ID to a seeded user")
        }
        let activity = try await user.week()
        let today = PostgresDate(Date())
        let doneToday = Set(activity.first { $0.date == today }?.duasCompleted ?? [])
        if let habit = unique.first(where: { !doneToday.contains($0.duaId) }) {
            let (recorded, updated) = try await user.complete(duaId: habit.duaId, xp: habit.xpValue)
            print("  \(profile.displayName ?? "User") completed “\(habit.titleEn)” (\(recorded) activity row written)")
            if let updated {
                print("  XP \(profile.totalXp) → \(updated.totalXp) · level \(profile.level) → \(updated.level) · streak \(profile.streak) → \(updated.streak)")
            }
        } else {
            print("  Every habit of today is already completed. Come back tomorrow!")
        }

        // 4b. A PATCH (-- @patch): clear the display name, then set it back; the other fields are
        // kept. Only with the connection string's password: signed-in users cannot update profiles.
        if signIn == nil, let name = profile.displayName {
            let cleared = try await queries.patchProfile(userID, .set(nil), .keep)
            let restored = try await queries.patchProfile(userID, .set(name), .keep)
            print("  PATCH display name: cleared -> \(cleared.map { $0.displayName ?? "NULL" } ?? "no row"), "
                  + "set back -> \(restored?.displayName ?? "NULL"); level \(restored?.level ?? 0) kept")
        }

        // 5. The week's activity.
        let week = try await user.week()
        heading("Last 7 days")
        for day in week {
            let bar = String(repeating: "▇", count: max(1, day.xpEarned / 10))
            print("  \(day.date)  \(bar) \(day.xpEarned) XP · \(day.duasCompleted.count) duas")
        }

        // 6. The home screen through a result cache: a second open makes no request; a write makes
        // stale exactly the queries that read the tables it changes.
        let doneNow = Set(week.first { $0.date == today }?.duasCompleted ?? [])
        let next = unique.first { !doneNow.contains($0.duaId) }
        try await CachedHomeScreen(configuration: configuration, userID: userID, fromToken: signIn != nil)
            .run(completing: next?.duaId, xp: next?.xpValue ?? 0)

        // 7. Both screens kept fresh by conditional revalidation: one small request when nothing
        // changed, one more bringing only what changed.
        try await RevalidatedScreens(configuration: configuration, userID: userID, fromToken: signIn != nil).run()
        print("")
    }

    static func heading(_ title: String) {
        print("\n\(title)\n" + String(repeating: "─", count: min(72, max(8, title.count))))
    }

    /// Wraps Arabic in a right-to-left isolate so bidi-aware terminals lay it out correctly.
    static func rightToLeft(_ text: String) -> String { "\u{2067}\(text)\u{2069}" }
}

struct DemoError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension String {
    func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    func prefixWords(_ count: Int) -> String {
        let words = split(separator: " ")
        return words.count <= count ? self : words.prefix(count).joined(separator: " ") + " …"
    }
}
