import Foundation
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration
import Testing

/// The one front end (Analyze/QueryFileStatements.swift): the analyzer and the lock file take
/// statements, annotations and names from it, and write `$n` with the one rewriter, so what
/// `prepare` describes is what the generator sends.
@Suite("Query file front end")
struct QueryFileFrontEndTests {
    static func parse(_ path: String, _ text: String) -> ParsedFile {
        var diagnostics = DiagnosticCollector()
        return SQLParser.parse(SourceFile(path: path, text: text), diagnostics: &diagnostics)
    }

    @Test func statementsComeInSourceOrderParsedOrNot() {
        let file = Self.parse("q.sql", """
            -- name: A :one
            SELECT 1;
            -- name: B :many
            SELECT FROM WHERE;
            -- name: C :exec
            DELETE FROM t;
            SELECT 2;
            """)
        var diagnostics = DiagnosticCollector()
        let statements = QueryFileStatements.statements(of: file, diagnostics: &diagnostics)
        #expect(statements.map { $0.annotation?.name } == ["A", "B", "C", nil])
        #expect(statements.map { $0.parsed != nil } == [true, false, true, true])
        #expect(LockableStatement.statements(in: file).map(\.annotation.name) == ["A", "B", "C"])
    }

    @Test func theOnlyStatementIsNamedAfterItsFileWhetherOrNotItParses() {
        for text in ["SELECT 1 AS one", "SELECT FROM WHERE"] {
            let file = Self.parse("queries/fetch_journey_duas.sql", text)
            var diagnostics = DiagnosticCollector()
            let statements = QueryFileStatements.statements(of: file, diagnostics: &diagnostics)
            #expect(statements.map { $0.annotation?.name } == ["FetchJourneyDuas"])
            #expect(statements.map(\.infersKind) == [true])
            #expect(LockableStatement.statements(in: file).map(\.annotation.name) == ["FetchJourneyDuas"])
        }
        // A schema statement alone is no query, for the lock file as for the analyzer.
        let schema = Self.parse("q.sql", "CREATE TABLE t (id int)")
        #expect(LockableStatement.statements(in: schema).isEmpty)
    }

    @Test func theLockFileSendsTheSQLTheAnalyzerSends() throws {
        let schema = SQLSourceInput(path: "schema.sql", contents: "CREATE TABLE duas (id int PRIMARY KEY, title text NOT NULL, tags text[]);")
        let queries = SQLSourceInput(path: "q.sql", contents: """
            -- name: ByIDs :many
            SELECT id, title AS "title?" FROM duas WHERE id NOT IN (sqlc.slice(ids)) AND title = sqlc.narg('title') AND id > $1 AND id < @max;

            -- name: Rename :exec
            UPDATE duas SET title = sqlc.arg(title) WHERE id = @id AND @id > 0;
            """)
        let analysis = CodeGenerator.analyzeQueries(schema: [schema], queries: [queries])
        #expect(analysis.errors == [])
        let lockable = LockableStatement.statements(in: Self.parse(queries.path, queries.contents))
        #expect(lockable.map(\.sentSQL) == analysis.queries.map(\.sql))
        #expect(lockable[0].preparedSQL.contains(#"AS "title?" FROM"#))
        #expect(lockable[0].sentSQL.contains("id <> ALL($2)"))
    }

    /// `neon-sql-gen statements` gives the differentials the SQL sqlc sends, from the tokens alone:
    /// parameters as the analyzer numbers them, `sqlc.embed(t)` as `t.*`, also for a statement the
    /// analyzer rejects; what `prepare` sends is unchanged.
    @Test func theSQLSqlcSendsComesFromTheTokens() {
        let queries = SQLSourceInput(path: "q.sql", contents: """
            -- name: WithAuthor :many
            SELECT sqlc.embed(users), sqlc.embed("Posts") FROM users JOIN "Posts" ON "Posts".author = users.id WHERE users.id = @id;

            -- name: Unreadable :one
            SELECT FROM WHERE sqlc.arg(x) AND @y AND $1;
            """)
        let lockable = CodeGenerator.lockableQueries(queries: [queries])
        #expect(lockable.map(\.sqlcSQL) == [
            #"SELECT users.*, "Posts".* FROM users JOIN "Posts" ON "Posts".author = users.id WHERE users.id = $1"#,
            "SELECT FROM WHERE $2 AND $3 AND $1",
        ])
        #expect(lockable[0].sql.hasPrefix("SELECT sqlc.embed(users), sqlc.embed(\"Posts\") FROM"))
        #expect(lockable[1].sql == lockable[1].sqlcSQL)
    }

    /// For a statement the parser cannot read, the lock file finds its parameters in its tokens;
    /// over every query file of the tests, the tokens give the occurrences the parser gives.
    @Test func theTokensGiveTheParsersParameterOccurrences() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let enumerator = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
        var compared = 0
        for case let url as URL in enumerator where url.pathExtension == "sql" && url.path.contains("quer") {
            let file = Self.parse(url.path, try String(contentsOf: url, encoding: .utf8))
            for statement in file.statements {
                if case .ignored = statement.statement { continue }
                let tokens = file.tokens.filter {
                    $0.start >= statement.range.start.offset && $0.end <= statement.range.endOffset && $0.kind != .eof
                }
                let read = StatementTokens(tokens[...], file.source)
                #expect(read.parameters == statement.parameters, "\(url.lastPathComponent):\(statement.range.start.line)")
                compared += 1
            }
        }
        #expect(compared > 500)
    }
}
