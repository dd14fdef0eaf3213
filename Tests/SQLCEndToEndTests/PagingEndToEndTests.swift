import Foundation
import NeonSQL
import NeonSQLTestSupport
import SQLCQueries
import Testing

/// `-- @page` end to end, through neon-local with a low response limit (the local stack's
/// fault-injecting instance answers at most 1 MB; no fault is asked for here): 100,000 rows read
/// page by page equal the table, while reading them in one request fails with 507 and an error
/// that names the query and says how to page it.
@Suite("Paging end to end", .serialized, .enabled(if: SQLCStack.shouldRun))
struct PagingEndToEndTests {
    static let rowCount = 100_000

    /// A client of the instance with the 1 MB response limit, and its request log.
    static func limitedClient() throws -> (NeonClient, RequestEventLog) {
        guard let endpoint = ProcessInfo.processInfo.environment["NEON_LOCAL_FAULT_ENDPOINT"].flatMap(URL.init(string:)),
              let connectionString = SQLCStack.connectionString else { throw SQLCStack.Missing() }
        let log = RequestEventLog()
        var configuration = try NeonConfiguration(connectionString: connectionString, endpoint: endpoint)
        configuration.requestObserver = { log.append($0) }
        return (NeonClient(configuration: configuration), log)
    }

    @Test func aHundredThousandRowsReadPageByPageEqualTheTable() async throws {
        let run = UUID().uuidString
        let (client, log) = try Self.limitedClient()
        let queries = Queries(client)
        try await SQLCStack.createTables(client)
        #expect(try await queries.fillPageItems(run: run, count: Self.rowCount) == Self.rowCount)
        defer { Task { _ = try? await queries.deletePageItems(run: run) } }

        // One request: over the limit.
        await #expect {
            _ = try await queries.pageItems(run: run)
        } throws: { error in
            guard case .httpStatus(let status)? = error as? NeonError else { return false }
            return status.status == 507 && status.message.contains("PageItems") && status.message.contains("-- @page")
        }

        // Page by page: every row once, in order, 5,000 per request.
        let before = log.events.count
        var ids: [Int] = []
        var labels: Set<String> = []
        var pages = 0
        for try await page in queries.pageItemsPages(run: run) {
            pages += 1
            #expect(page.count <= 5000)
            ids += page.map(\.id)
            for row in page { labels.insert(row.label) }
        }
        #expect(pages == Self.rowCount / 5000)
        #expect(ids.count == Self.rowCount)
        #expect(ids == ids.sorted() && Set(ids).count == Self.rowCount)
        #expect(labels == Set((1...Self.rowCount).map { "item \($0)" }))
        let requests = log.events.dropFirst(before)
        #expect(requests.count == pages + 1, "one request per page, and one that found the end")
        #expect(requests.allSatisfy { $0.failure == nil && $0.isReadOnly })
    }

    @Test func descendingPagesAndAnEarlyStop() async throws {
        let run = UUID().uuidString
        let (client, log) = try Self.limitedClient()
        let queries = Queries(client)
        try await SQLCStack.createTables(client)
        #expect(try await queries.fillPageItems(run: run, count: 2000) == 2000)
        defer { Task { _ = try? await queries.deletePageItems(run: run) } }
        var ids: [Int] = []
        for try await page in queries.recentPageItemsPages(run: run) { ids += page.map(\.id) }
        #expect(ids.count == 2000 && ids == ids.sorted(by: >))
        // A consumer that stops after two pages stops the requests.
        let before = log.events.count
        var seen = 0
        for try await _ in queries.recentPageItemsPages(run: run) {
            seen += 1
            if seen == 2 { break }
        }
        #expect(log.events.count - before == 2)
    }
}
