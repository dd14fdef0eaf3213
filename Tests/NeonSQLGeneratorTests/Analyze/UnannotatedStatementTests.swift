@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration
import Testing

/// Statements without `-- name:` in a file of several: skipped with a warning, as sqlc skips them.
@Suite struct UnannotatedStatementTests {
    static let schema = "CREATE TABLE users (id bigint PRIMARY KEY, name text NOT NULL, tags text[]);"

    func warnings(_ fixture: AnalysisFixture) -> [String] {
        fixture.model.diagnostics.filter { $0.severity == .warning }.map(\.formatted)
    }

    @Test func schemaStatementsNextToQueriesAreSkipped() {
        let fixture = AnalysisFixture(schema: Self.schema, query: """
            CREATE TABLE IF NOT EXISTS users (id bigint PRIMARY KEY);
            CREATE UNIQUE INDEX users_name ON users (name);

            -- name: GetUser :one
            SELECT id, name FROM users WHERE id = @id;
            """)
        #expect(fixture.errors == [])
        #expect(fixture.queries.map(\.annotationName) == ["GetUser"])
        #expect(warnings(fixture) == [
            "query.sql:1:1: warning: CREATE TABLE statement has no '-- name:' annotation and is not generated (sqlc skips it too); schema statements change the catalog only from the schema files",
            "query.sql:2:1: warning: CREATE INDEX statement has no '-- name:' annotation and is not generated (sqlc skips it too); schema statements change the catalog only from the schema files",
        ])
    }

    @Test func statementLeftAfterAQueryIsSkipped() {
        let fixture = AnalysisFixture(schema: Self.schema, query: """
            -- name: Rename :exec
            UPDATE users SET name = @name WHERE id = @id; SELECT 1;
            -- name: Count :one
            SELECT count(*) FROM users;
            """)
        #expect(fixture.errors == [])
        #expect(fixture.queries.map(\.annotationName) == ["Rename", "Count"])
        #expect(warnings(fixture) == [
            "query.sql:2:47: warning: statement after query 'Rename' (line 1) has no '-- name:' annotation of its own and is not generated (sqlc skips it too); a query is one statement: give this one its own annotation, or combine them with a CTE",
        ])
    }

    @Test func misspeltAnnotationIsNamed() {
        let fixture = AnalysisFixture(schema: Self.schema, query: """
            -- name: First :one
            SELECT id FROM users LIMIT 1;
            -- nmae: Second :many
            SELECT name FROM users;
            -- Name: Third :many
            SELECT tags FROM users;
            """)
        #expect(fixture.errors == [])
        #expect(fixture.queries.map(\.annotationName) == ["First"])
        #expect(warnings(fixture) == [
            "query.sql:4:1: warning: statement has no '-- name:' annotation and is not generated (sqlc skips it too); the comment 'nmae: Second :many' looks like a misspelt one: write '-- name: <Name> :<kind>'",
            "query.sql:6:1: warning: statement has no '-- name:' annotation and is not generated (sqlc skips it too); the comment 'Name: Third :many' looks like a misspelt one: write '-- name: <Name> :<kind>'",
        ])
    }

    @Test func singleSchemaStatementFileIsSkippedNotNamedAfterTheFile() {
        let fixture = AnalysisFixture(schema: Self.schema, query: "CREATE INDEX users_tags ON users USING gin (tags);", file: "index.sql")
        #expect(fixture.errors == [])
        #expect(fixture.queries.isEmpty)
        #expect(warnings(fixture).count == 1)
    }

    /// Annotated, a schema statement is a query the application runs (UtilityStatementTests):
    /// generated, with a warning; unannotated, it is skipped (above).
    @Test func annotatedSchemaStatementIsGeneratedWithAWarning() {
        let fixture = AnalysisFixture(schema: Self.schema, query: "-- name: Make :exec\nCREATE TABLE other (id int);")
        #expect(fixture.errors == [])
        #expect(fixture.queries.map(\.query.sql) == ["CREATE TABLE other (id int)"])
        #expect(warnings(fixture).count == 1)
    }

    @Test func copyFromIntoArrayColumnsBindsEachRowsArrayAsText() {
        let fixture = AnalysisFixture(schema: Self.schema, query: """
            -- name: ImportUsers :copyfrom
            INSERT INTO users (id, name, tags) VALUES (@id, @name, @tags);
            """)
        #expect(fixture.errors == [])
        #expect(fixture.query?.sql == "INSERT INTO users (id, name, tags) SELECT c1, c2, c3::text[] "
                + "FROM unnest($1::bigint[], $2::text[], $3::text[]) AS u(c1, c2, c3)")
        #expect(fixture.parameterSignature == ["$1 id: Int", "$2 name: String", "$3 tags: [String]?"])
    }
}
