import Foundation
import NeonSQL
import RIZQQueries
import Testing

/// The request observer against neon-local: it sees each request's query names, attempt,
/// duration, bytes and rows, and never a parameter value or the password.
@Suite("Request observer end to end", .enabled(if: LocalStack.shouldRun))
struct ObserverEndToEndTests {
    final class Events: @unchecked Sendable {
        private let lock = NSLock()
        private var recorded: [NeonRequestEvent] = []
        var all: [NeonRequestEvent] { lock.withLock { recorded } }
        func append(_ event: NeonRequestEvent) { lock.withLock { recorded.append(event) } }
    }

    private func observedClient(_ events: Events) throws -> NeonClient {
        guard let endpoint = LocalStack.endpoint, let connectionString = LocalStack.connectionString else { throw LocalStack.Missing() }
        var configuration = try NeonConfiguration(connectionString: connectionString, endpoint: endpoint)
        configuration.requestObserver = { events.append($0) }
        return NeonClient(configuration: configuration)
    }

    @Test func observerSeesNamesAttemptsDurationBytesAndRows() async throws {
        let events = Events()
        let neon = try observedClient(events)
        let database = QueryClient.live(neon)
        let journeys = try await database.fetchJourneys()
        let slug = try #require(journeys.first?.slug)
        _ = try await database.fetchJourneyBySlug(slug)
        _ = try await neon.batch(Statements.fetchCategories(), Statements.fetchCollections())

        let seen = events.all
        #expect(seen.map(\.queryNames) == [["FetchJourneys"], ["FetchJourneyBySlug"], ["FetchCategories", "FetchCollections"]])
        #expect(seen.map(\.kinds) == [[.many], [.one], [.many, .many]])
        #expect(seen.map(\.isBatch) == [false, false, true])
        #expect(seen.allSatisfy { $0.attempt == 1 && $0.isReadOnly && $0.failure == nil })
        #expect(seen.allSatisfy { $0.duration > .zero && $0.requestBytes > 0 && $0.responseBytes > 0 })
        #expect(seen[0].rows == journeys.count)
        #expect(seen[1].rows == 1)
        let categories = try await database.fetchCategories().count
        let collections = try await database.fetchCollections().count
        #expect(seen[2].rows == categories + collections)
    }

    @Test func observerReportsTheSQLSTATEButNoValueOrSecret() async throws {
        let events = Events()
        let neon = try observedClient(events)
        let database = QueryClient.live(neon)
        let user = try await Fixtures.newUser(neon)
        let marker = "observer-marker-\(UUID().uuidString)"
        _ = try await database.updateDisplayName(marker, user)
        // A foreign key violation: PostgreSQL's message quotes the values, the event must not.
        let stranger = UUID()
        await #expect(throws: NeonError.self) {
            _ = try await database.markDuaCompleted(stranger, 1, 5)
        }
        let seen = events.all
        let failed = try #require(seen.last)
        #expect(failed.queryNames == ["MarkDuaCompleted"])
        #expect(failed.failure?.category == "database")
        #expect(failed.failure?.sqlState == "23503")
        let password = URLComponents(string: LocalStack.connectionString ?? "")?.password ?? "unset"
        let dumped = seen.map { "\($0) \(String(reflecting: $0))" }.joined()
        #expect(!dumped.contains(marker))
        #expect(!dumped.contains(user.uuidString.lowercased()) && !dumped.contains(user.uuidString))
        #expect(!dumped.contains(stranger.uuidString.lowercased()) && !dumped.contains(stranger.uuidString))
        #expect(!dumped.contains(password))
        #expect(!dumped.contains("UPDATE"))
    }
}
