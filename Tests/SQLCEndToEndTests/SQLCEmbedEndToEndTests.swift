import Foundation
import NeonSQL
import NeonSQLTestSupport
import SQLCQueries
import Testing

/// `sqlc.embed(t)` end to end: the generated SQL lists each embedded table's columns, neon-local
/// runs it on PostgreSQL, and each row decodes into nested values, the LEFT JOINed one nil where
/// the author has no book.
@Suite("sqlc.embed end to end", .serialized, .enabled(if: SQLCStack.shouldRun))
struct SQLCEmbedEndToEndTests {
    let client: NeonClient
    let queries: Queries
    /// This test's rows: every row written carries it, every query filters on it.
    let run = UUID().uuidString

    init() async throws {
        client = try SQLCStack.client(observer: RequestEventLog())
        queries = Queries(client)
        try await SQLCStack.createTables(client)
    }

    @Test func innerAndLeftJoinEmbedsDecodeIntoNestedValues() async throws {
        let born = PostgresDate(year: 1952, month: 3, day: 11)
        _ = try await queries.importAuthors([
            ImportAuthorsParams(run: run, name: "Adams", born: born),
            ImportAuthorsParams(run: run, name: "Zola", born: nil),
        ])
        let ids = try await queries.authorIdsOfRun(run: run)
        try #require(ids.count == 2)
        try await queries.addBooks([
            AddBooksParams(run: run, authorId: ids[0], title: "Hitchhiker", pages: 180),
            AddBooksParams(run: run, authorId: ids[0], title: "Dirk Gently", pages: nil),
        ])

        // Inner join: both embeds are always there; the plain column follows them.
        let books = try await queries.booksWithAuthors(run: run)
        #expect(books.map(\.b.title) == ["Dirk Gently", "Hitchhiker"])
        #expect(books.map(\.b.pages) == [nil, 180])
        #expect(books.map(\.pageCount) == [nil, 180])
        #expect(books.allSatisfy { $0.a.id == ids[0] && $0.a.name == "Adams" && $0.a.born == born && $0.a.run == run })
        #expect(books.allSatisfy { $0.b.authorId == ids[0] && $0.b.run == run })

        // LEFT JOIN: Zola has no book, so the embedded book is nil (not a book of NULLs).
        let rows = try await queries.authorsWithBooks(run: run)
        #expect(rows.map(\.bookshopAuthors.name) == ["Adams", "Adams", "Zola"])
        #expect(rows.map { $0.bookshopBooks?.title } == ["Dirk Gently", "Hitchhiker", nil])
        let zola = try #require(rows.last)
        #expect(zola.bookshopBooks == nil)
        #expect(zola.bookshopAuthors.id == ids[1])
        #expect(zola.bookshopAuthors.born == nil)
        // A present book whose nullable column is NULL is still a book.
        let dirk = try #require(rows.first?.bookshopBooks)
        #expect(dirk.pages == nil)
        #expect(dirk.authorId == ids[0])
    }
}
