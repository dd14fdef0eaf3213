import Foundation
import NeonSQL
import RIZQQueries

/// The home screen through a `QueryCache`: opened twice (the second open makes no request), then
/// a habit completed, then opened again (only the queries that read what the write changed go
/// to the network; the content stays cached). Requests are counted with the request observer.
struct CachedHomeScreen {
    let configuration: NeonConfiguration
    let userID: UUID
    let fromToken: Bool

    /// The statement names of the requests the client sent, in order.
    final class RequestLog: @unchecked Sendable {
        private let lock = NSLock()
        private var events: [NeonRequestEvent] = []
        func record(_ event: NeonRequestEvent) { lock.withLock { events.append(event) } }
        func take() -> [String] { takeEvents().flatMap(\.queryNames) }
        func takeEvents() -> [NeonRequestEvent] { lock.withLock { defer { events = [] }; return events } }
    }

    func run(completing duaId: Int?, xp: Int) async throws {
        let log = RequestLog()
        var configuration = configuration
        configuration.cache = QueryCache()
        configuration.requestObserver = { log.record($0) }
        let client = NeonClient(configuration: configuration)
        let user = DemoUser(client: client, userID: userID, fromToken: fromToken)
        let queries = Queries(client)

        func open() async throws -> String {
            _ = try await queries.fetchCategories()
            _ = try await queries.fetchCollections()
            _ = try await queries.fetchFeaturedJourneys()
            _ = try await user.profile()
            _ = try await user.week()
            let names = log.take()
            return names.isEmpty ? "0 requests (every query answered from the cache)" : "\(names.count) requests (\(names.joined(separator: ", ")))"
        }

        RIZQDemo.heading("Home screen through a QueryCache (-- @cache max-age in the .sql files)")
        print("  first open:  \(try await open())")
        print("  second open: \(try await open())")
        guard let duaId else {
            print("  (every habit of today is completed: no write to show)")
            return
        }
        let tables: TableEffects = fromToken
            ? Statements.markMyDuaCompleted(duaId: duaId, xpEarned: xp).tables.union(Statements.addMyXp(amount: xp).tables)
            : Statements.markDuaCompleted(userId: userID, duaId: duaId, xpEarned: xp).tables.union(Statements.addXp(amount: xp, userId: userID).tables)
        _ = try await user.complete(duaId: duaId, xp: xp)
        _ = log.take()
        let written = tables.writes
        print("  completed a habit: the batch writes \(written.joined(separator: ", "))")
        print("  third open:  \(try await open())")
    }
}
