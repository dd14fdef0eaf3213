import Foundation
import NeonSQL
import RIZQQueries
import Testing

/// The generated client's values without a server: previews return empty results until a closure
/// is set, observations in tests and previews yield the query's closure once unless set, and an
/// override replaces only its own query.
@Suite("Generated client values")
struct QueryClientValuesTests {
    @Test func aPreviewReturnsEmptyResultsUntilAClosureIsSet() async throws {
        var client = QueryClient.previewValue
        #expect(try await client.fetchCategories().isEmpty)
        #expect(try await client.fetchMyProfile() == nil)
        #expect(try await client.markMyDuaCompleted(1, 10) == 0)
        client.fetchCategories = { [Category(id: 1, name: "Morning", slug: "morning", description: nil)] }
        #expect(try await client.fetchCategories().map(\.slug) == ["morning"])
        // Other queries keep the preview's answer.
        #expect(try await client.fetchCollections().isEmpty)
    }

    @Test func anObservationInATestYieldsTheQuerysClosureOnce() async throws {
        var client = QueryClient.testValue
        client.fetchCategories = { [Category(id: 2, name: "Evening", slug: "evening", description: nil)] }
        var seen: [[String]] = []
        for try await rows in client.observe.fetchCategories() { seen.append(rows.map(\.slug)) }
        #expect(seen == [["evening"]])
        // An unset query's observation fails as the query does.
        do {
            for try await _ in client.observe.fetchCollections() { Issue.record("no value expected") }
            Issue.record("expected unimplemented")
        } catch let error as UnimplementedQueryError {
            #expect(error.queryName == "FetchCollections")
        }
    }

    @Test func anObservationCanBeSetLikeAQuery() async throws {
        var client = QueryClient.testValue
        client.observe.fetchCategories = {
            QueryObservation {
                AsyncThrowingStream { continuation in
                    continuation.yield([])
                    continuation.yield([Category(id: 3, name: "Night", slug: "night", description: nil)])
                    continuation.finish()
                }
            }
        }
        var counts: [Int] = []
        for try await rows in client.observe.fetchCategories() { counts.append(rows.count) }
        #expect(counts == [0, 1])
    }
}
