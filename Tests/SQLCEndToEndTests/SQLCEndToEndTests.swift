import Foundation
import NeonSQL
import NeonSQLTestSupport
import SQLCQueries
import Testing

/// sqlc's annotation language end to end: the plugin generates this target's `Queries` from
/// `queries/*.sql` (every kind, `sqlc.slice`, block annotations), and each test runs them through
/// neon-local against real PostgreSQL, then counts the rows in the database.
@Suite("sqlc kinds end to end", .serialized, .enabled(if: SQLCStack.shouldRun))
struct SQLCEndToEndTests {
    let client: NeonClient
    let queries: Queries
    /// Every request the client sent, as its observer saw it.
    let requests = RequestEventLog()
    /// This test's rows: every row written carries it, every count filters on it.
    let run = UUID().uuidString

    init() async throws {
        client = try SQLCStack.client(observer: requests)
        queries = Queries(client)
        try await SQLCStack.createTables(client)
    }

    private func importAuthors(_ names: [String]) async throws -> [Int] {
        let inserted = try await queries.importAuthors(names.map { ImportAuthorsParams(run: run, name: $0, born: nil) })
        #expect(inserted == names.count)
        return try await queries.authorIdsOfRun(run: run)
    }

    @Test func copyFromInsertsEveryRowInOneStatement() async throws {
        let born = PostgresDate(year: 1961, month: 7, day: 4)
        let rows = (0..<250).map { ImportAuthorsParams(run: run, name: "Author \($0) \"quoted\", {braced}", born: $0 % 2 == 0 ? born : nil) }
        let sentBefore = requests.events.count
        let inserted = try await queries.importAuthors(rows)
        #expect(inserted == 250)
        let sent = requests.events.dropFirst(sentBefore)
        #expect(sent.map(\.kinds) == [[.copyFrom]], "one request, one statement")
        #expect(sent.first?.rows == 250)
        #expect(try await queries.countAuthors(run: run) == 250)
        let ids = try await queries.authorIdsOfRun(run: run)
        let first = try #require(try await queries.authorById(id: ids[0]))
        #expect(first.name == "Author 0 \"quoted\", {braced}")
        #expect(first.born == born)
        #expect(try await queries.authorById(id: ids[1])?.born == nil)
        #expect(try await queries.importAuthors([]) == 0)
    }

    @Test func copyFromChunksUnderTheRequestLimit() async throws {
        let rows = (0..<40).map { ImportAuthorsParams(run: run, name: String(repeating: "n", count: 100) + "\($0)", born: nil) }
        // 40 rows of ~100 bytes cannot fit 1 KiB: several statements, every row inserted.
        let sentBefore = requests.events.count
        let inserted = try await client.copyFrom(rows, maxRequestBytes: 1024) { Statements.importAuthors($0) }
        #expect(inserted == 40)
        let sent = requests.events.dropFirst(sentBefore)
        #expect(sent.count > 1)
        #expect(sent.allSatisfy { $0.requestBytes <= 1024 && $0.kinds == [.copyFrom] })
        #expect(sent.compactMap(\.rows).reduce(0, +) == 40)
        #expect(try await queries.countAuthors(run: run) == 40)
        let names = Set(try await queries.authorsOfRunNotIn(run: run, excluded: []).map(\.name))
        #expect(names == Set(rows.map(\.name)))
    }

    @Test func copyFromFailingInALaterPartSaysWhichRowsAreInTheDatabase() async throws {
        // 40 rows of ~100 bytes in parts under 1 KiB; the last row breaks `CHECK (name <> '')`,
        // so its part (not the first) is rolled back and the parts after it are never sent.
        var rows = (0..<40).map { ImportAuthorsParams(run: run, name: String(repeating: "n", count: 100) + "\($0)", born: nil) }
        rows[39].name = ""
        let sentBefore = requests.events.count
        let error = await #expect(throws: NeonError.self) {
            try await client.copyFrom(rows, maxRequestBytes: 1024) { Statements.importAuthors($0) }
        }
        guard case .copyIncomplete(let incomplete) = error else {
            Issue.record("expected copyIncomplete, got \(String(describing: error))")
            return
        }
        #expect(incomplete.cause.sqlState == "23514", "\(incomplete.cause)")
        #expect(incomplete.failedRows.contains(39))
        #expect(!incomplete.isFailedPartOutcomeUnknown)
        let sent = requests.events.dropFirst(sentBefore)
        #expect(sent.count == incomplete.partsCommitted + 1, "parts up to the failing one, none after")
        #expect(incomplete.partsCommitted > 0)
        // Exactly the committed rows are in the database.
        let stored = try await queries.authorsOfRunNotIn(run: run, excluded: []).map(\.name)
        #expect(stored.count == incomplete.rowsInserted)
        #expect(stored == rows[incomplete.committedRows].map(\.name))
    }

    @Test func copyFromWithoutSplittingIsAllOrNothing() async throws {
        var rows = (0..<40).map { ImportAuthorsParams(run: run, name: String(repeating: "n", count: 100) + "\($0)", born: nil) }
        let tooLarge = await #expect(throws: NeonError.self) {
            try await client.copyFrom(rows, maxRequestBytes: 1024, splitting: .never) { Statements.importAuthors($0) }
        }
        guard case .copyTooLarge(let refusal) = tooLarge else {
            Issue.record("expected copyTooLarge, got \(String(describing: tooLarge))")
            return
        }
        #expect(refusal.rows == 40 && refusal.requestBytes > 1024)
        #expect(try await queries.countAuthors(run: run) == 0, "nothing sent")
        rows[39].name = ""
        let violation = await #expect(throws: NeonError.self) {
            try await client.copyFrom(rows, splitting: .never) { Statements.importAuthors($0) }
        }
        #expect(violation?.sqlState == "23514")
        #expect(try await queries.countAuthors(run: run) == 0, "one transaction: the valid rows are rolled back too")
    }

    @Test func sliceIsAnArrayParameter() async throws {
        let ids = try await importAuthors(["a", "b", "c", "d"])
        #expect(try await queries.authorsByIds(ids: [ids[1], ids[3]]).map(\.name) == ["b", "d"])
        #expect(try await queries.authorsByIds(ids: []).isEmpty)
        #expect(try await queries.authorsOfRunNotIn(run: run, excluded: [ids[0]]).map(\.name) == ["b", "c", "d"])
    }

    @Test func execResultReportsCountAndCommandTag() async throws {
        _ = try await importAuthors(["a", "b", "c"])
        let renamed = try await queries.renameAuthors(suffix: "!", run: run)
        #expect(renamed == ExecResult(rowsAffected: 3, command: "UPDATE"))
        let none = try await queries.renameAuthors(suffix: "!", run: UUID().uuidString)
        #expect(none == ExecResult(rowsAffected: 0, command: "UPDATE"))
    }

    @Test func mergeInsertsUpdatesAndDeletesCountingTheRows() async throws {
        let born = PostgresDate(year: 1899, month: 8, day: 24)
        #expect(try await queries.mergeAuthor(run: run, name: "Borges", born: nil) == 1, "not matched: inserted")
        let id = try #require(try await queries.authorIdsOfRun(run: run).first)
        #expect(try await queries.authorById(id: id)?.born == nil)
        #expect(try await queries.mergeAuthor(run: run, name: "Borges", born: born) == 1, "matched: updated")
        #expect(try await queries.authorById(id: id)?.born == born)
        #expect(try await queries.countAuthors(run: run) == 1)
        #expect(try await queries.mergeAuthor(run: run, name: "Borges", born: nil) == 1, "matched with NULL: deleted")
        #expect(try await queries.countAuthors(run: run) == 0)
    }

    @Test func batchKindsRunEverySetInOneBatch() async throws {
        let ids = try await importAuthors(["writer", "poet"])
        let sentBefore = requests.events.count
        try await queries.addBooks([
            AddBooksParams(run: run, authorId: ids[0], title: "B", pages: 120),
            AddBooksParams(run: run, authorId: ids[0], title: "A", pages: nil),
            AddBooksParams(run: run, authorId: ids[1], title: "C", pages: 300),
        ])
        let batch = requests.events.dropFirst(sentBefore)
        #expect(batch.map(\.isBatch) == [true], "three sets, one request")
        #expect(batch.first?.queryNames == ["AddBooks", "AddBooks", "AddBooks"])
        #expect(try await queries.countBooks(run: run) == 3)

        let found = try await queries.bookByTitle([BookByTitleParams(run: run, title: "C"), BookByTitleParams(run: run, title: "missing")])
        #expect(found.count == 2)
        #expect(found[0]?.pages == 300)
        #expect(found[1] == nil)

        let books = try await queries.booksOfAuthors([BooksOfAuthorsParams(authorId: ids[0]), BooksOfAuthorsParams(authorId: ids[1])])
        #expect(books.map { $0.map(\.title) } == [["A", "B"], ["C"]])

        let long = try await queries.longBooks(run: run, pages: 200)
        #expect(long == ExecResult(rowsAffected: 1, command: "SELECT"))
        #expect(try await queries.deleteBooks(run: run) == 3)
        #expect(try await queries.countBooks(run: run) == 0)
    }

    @Test func aFailingSetRollsTheWholeBatchBack() async throws {
        let ids = try await importAuthors(["writer"])
        do {
            try await queries.addBooks([
                AddBooksParams(run: run, authorId: ids[0], title: "fine", pages: 10),
                AddBooksParams(run: run, authorId: ids[0], title: "also fine", pages: 20),
                AddBooksParams(run: run, authorId: ids[0], title: "no pages", pages: -1),   // CHECK (pages > 0)
            ])
            Issue.record("the batch with a failing set succeeded")
        } catch let error as NeonError {
            #expect(error.databaseError?.code == "23514", "\(error)")
        }
        #expect(try await queries.countBooks(run: run) == 0)
    }

    @Test func aFailingRowRollsTheWholeCopyBack() async throws {
        do {
            try await queries.importAuthors([
                ImportAuthorsParams(run: run, name: "fine", born: nil),
                ImportAuthorsParams(run: run, name: "", born: nil),   // CHECK (name <> '')
            ])
            Issue.record("the copy with a failing row succeeded")
        } catch let error as NeonError {
            #expect(error.databaseError?.code == "23514", "\(error)")
        }
        #expect(try await queries.countAuthors(run: run) == 0)
    }

    @Test func emptyBatchesSendNothing() async throws {
        try await queries.addBooks([])
        #expect(try await queries.bookByTitle([]).isEmpty)
        #expect(try await queries.booksOfAuthors([]).isEmpty)
    }
}
