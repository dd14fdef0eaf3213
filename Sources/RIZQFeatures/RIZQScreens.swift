import Foundation
import NeonSQL
import RIZQQueries

/// The cached queries of RIZQ's home and library screens for the signed-in user (a JWT's `sub`):
/// 20 in all. The home screen: categories, collections, featured journeys, the profile and the
/// week's activity; the library: every journey, every dua, the duas of each of the six
/// categories and of the first seven journeys. The revalidation tests, benchmark and demo
/// load and compare these.
public enum RIZQScreens {
    /// One cached query, type-erased: how to read it through a client, and whether a client's
    /// cached result equals a fresh fetch from another.
    public struct Query: Sendable {
        /// The generated query's name (`FetchCategories`).
        public let name: String
        /// Reads it through `client` (through its cache, when it has one).
        public let load: @Sendable (NeonClient) async throws -> Void
        /// Whether `cached`'s cache holds what `fresh` fetches now (nil: `cached` has no entry).
        public let cacheEqualsFresh: @Sendable (_ cached: NeonClient, _ fresh: NeonClient) async throws -> Bool?
        /// The statement's read tables.
        public let reads: [String]
    }

    /// How long the library's queries (which have no `-- @cache max-age`) are cached.
    public static let libraryMaxAge: Duration = .seconds(600)

    /// The 20 queries.
    public static let queries: [Query] = {
        var queries = [
            query(Statements.fetchCategories()),
            query(Statements.fetchCollections()),
            query(Statements.fetchFeaturedJourneys()),
            query(Statements.fetchMyProfile()),
            query(Statements.fetchMyWeekActivity()),
            query(Statements.fetchJourneys()),
            query(Statements.fetchDuas().cachePolicy(.cacheFirst(maxAge: libraryMaxAge))),
        ]
        for slug in ["morning-evening", "rizq", "forgiveness", "protection", "praise", "quranic"] {
            queries.append(query(Statements.fetchDuasByCategory(slug: slug).cachePolicy(.cacheFirst(maxAge: libraryMaxAge))))
        }
        for journey in 1...7 {
            queries.append(query(Statements.fetchJourneyDuas(journeyId: journey).cachePolicy(.cacheFirst(maxAge: libraryMaxAge))))
        }
        return queries
    }()

    /// Reads every query through `client`, one after the other.
    public static func loadAll(_ client: NeonClient) async throws {
        for query in queries { try await query.load(client) }
    }

    private static func query<R: Sendable & Equatable>(_ statement: Statement<R>) -> Query {
        Query(
            name: statement.name,
            load: { client in _ = try await client.execute(statement) },
            cacheEqualsFresh: { cached, fresh in
                guard let stored = try? await cached.executeCached(statement.cachePolicy(.cacheOnly)) else { return nil }
                return try await fresh.execute(statement.cachePolicy(.networkOnly)) == stored.value
            },
            reads: statement.tables.reads)
    }
}
