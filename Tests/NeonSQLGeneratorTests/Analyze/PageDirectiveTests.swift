import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

/// `-- @page size N by key`: what it accepts, what it reports (at the directive or the key), and
/// the page SQL it builds.
@Suite("Page directive")
struct PageDirectiveTests {
    static let schema = [SQLSourceInput(path: "s.sql", contents: """
        CREATE TABLE items (id bigint PRIMARY KEY, label text NOT NULL, created_at timestamptz NOT NULL, note text);
        """)]

    static func diagnostics(_ sql: String) -> [String] {
        CodeGenerator.generate(schema: schema, queries: [SQLSourceInput(path: "q.sql", contents: sql)]).diagnostics
    }

    static func paging(_ sql: String) throws -> QueryPaging {
        let model = CodeGenerator.namedModel(schema: schema, queries: [SQLSourceInput(path: "q.sql", contents: sql)])
        return try #require(model.queries.first?.query.paging)
    }

    @Test(arguments: [
        ("-- name: Q :one\n-- @page size 10 by id\nSELECT id FROM items ORDER BY id;", "q.sql:2:1: error: '-- @page' reads a ':many' query page by page"),
        ("-- name: Q :many\n-- @page size 10 by id\nSELECT id FROM items ORDER BY id LIMIT 5;", "q.sql:2:1: error: '-- @page' sets each page's LIMIT"),
        ("-- name: Q :many\n-- @page size 10 by note\nSELECT note FROM items ORDER BY note;", "q.sql:2:21: error: '-- @page ... by note': the column can be NULL"),
        ("-- name: Q :many\n-- @page size 10 by idx\nSELECT id FROM items ORDER BY id;", "q.sql:2:21: error: '-- @page ... by idx': the query has no result column \"idx\""),
        ("-- name: Q :many\n-- @page size 10 by id\nSELECT id FROM items ORDER BY label;", "q.sql:2:1: error: '-- @page ... by id' needs the query to end in 'ORDER BY id'"),
        ("-- name: Q :many\n-- @page size 10 by created_at, id\nSELECT id, created_at FROM items ORDER BY created_at, id DESC;", "q.sql:2:1: error: '-- @page' needs one direction for every key"),
        ("-- name: Q :many\n-- @page size 0 by id\nSELECT id FROM items ORDER BY id;", "q.sql:2:15: error: '-- @page size' is a number of rows from 1 to 100000"),
        ("-- name: Q :many\n-- @page by id\nSELECT id FROM items ORDER BY id;", "q.sql:2:1: error: '-- @page' reads '-- @page size 500 by id'"),
        ("-- name: Q :many\n-- @page size 10 by id\nUPDATE items SET label = 'x' RETURNING id;", "q.sql:2:1: error: '-- @page' pages a SELECT that writes nothing"),
        ("-- name: Q :many\n-- @page size 10 by created_at\nSELECT created_at FROM items ORDER BY created_at;", "q.sql:2:1: warning: '-- @page ... by created_at': cannot tell that the key is unique"),
    ])
    func reports(sql: String, expected: String) {
        let found = Self.diagnostics(sql)
        #expect(found.contains { $0.hasPrefix(expected) }, "\(found)")
    }

    @Test func buildsTheFirstAndTheNextPage() throws {
        let paging = try Self.paging("""
            -- name: Recent :many
            -- @page size 50 by created_at, id
            SELECT id, created_at, label FROM items WHERE label <> @skip ORDER BY created_at DESC, id DESC;
            """)
        #expect(paging.size == 50 && paging.descending && paging.keyColumns == [1, 0])
        #expect(paging.firstPageSQL.hasSuffix(") AS neon_sql_page ORDER BY neon_sql_page.created_at DESC, neon_sql_page.id DESC LIMIT 50"))
        #expect(paging.nextPageSQL.contains(
            "WHERE (neon_sql_page.created_at, neon_sql_page.id) < ($2::timestamp with time zone, $3::bigint) ORDER BY"))
        #expect(!Self.diagnostics("-- name: Recent :many\n-- @page size 50 by created_at, id\nSELECT id, created_at FROM items ORDER BY created_at DESC, id DESC;")
            .contains { $0.contains("error") || $0.contains("warning") })
    }

    @Test func thePageFunctionsGetNamesOfTheirOwn() {
        let result = CodeGenerator.generate(schema: Self.schema, queries: [SQLSourceInput(path: "q.sql", contents: """
            -- name: ListItems :many
            -- @page size 10 by id
            SELECT id FROM items ORDER BY id;

            -- name: ListItemsPages :many
            SELECT id FROM items;
            """)])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let source = result.files.map(\.source).joined()
        #expect(source.contains("public func listItemsPages() -> Swift.AsyncThrowingStream<[ListItemsRow], any Swift.Error>"))
        // A paged query keeps its rows; a plain query of one column returns the column's values.
        #expect(source.contains("public func listItems() async throws -> [ListItemsRow]"))
        #expect(source.contains("public func listItemsPages2() async throws -> [Swift.Int]"))
    }
}
