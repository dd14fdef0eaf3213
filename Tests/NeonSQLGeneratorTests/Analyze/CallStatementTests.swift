@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration
import Testing

/// `CALL procedure(...)`: arguments typed from the procedure's signature, INOUT/OUT arguments as
/// the row CALL returns, never PREPAREd by `check`.
@Suite struct CallStatementTests {
    static let schema = """
        CREATE TABLE tbl (value integer);
        CREATE PROCEDURE insert_data(a integer, b integer) LANGUAGE sql AS $$ INSERT INTO tbl VALUES (a); INSERT INTO tbl VALUES (b); $$;
        CREATE PROCEDURE insert_data(a text) LANGUAGE sql AS $$ SELECT 1 $$;
        CREATE PROCEDURE count_rows(IN minimum integer, INOUT total bigint, OUT note text)
            LANGUAGE plpgsql AS $$ BEGIN SELECT count(*) INTO total FROM tbl WHERE value >= minimum; note := 'ok'; END $$;
        CREATE FUNCTION twice(x integer) RETURNS integer LANGUAGE sql AS $$ SELECT 2 * x $$;
        """

    @Test func argumentsAreTypedFromTheProcedure() {
        let fixture = AnalysisFixture(schema: Self.schema, query: """
            -- name: Positional :exec
            CALL insert_data($1, $2);
            -- name: Named :exec
            CALL insert_data(b => @second, a => @first);
            -- name: Macros :exec
            CALL insert_data(sqlc.arg('foo'), sqlc.narg('bar'));
            -- name: Literals :exec
            CALL insert_data(1, 2);
            -- name: OtherOverload :exec
            CALL insert_data(@label::text);
            """)
        #expect(fixture.errors == [])
        #expect(fixture.queries.map { $0.parameters.map { "\($0.name) \($0.type.formatName)" } } == [
            ["a integer", "b integer"], ["second integer", "first integer"], ["foo integer", "bar integer"], [], ["label text"],
        ])
        #expect(fixture.queries.map(\.sql) == [
            "CALL insert_data($1, $2)", "CALL insert_data(b => $1, a => $2)", "CALL insert_data($1, $2)", "CALL insert_data(1, 2)",
            "CALL insert_data($1::text)",
        ])
        #expect(fixture.queries.allSatisfy { $0.columns.isEmpty && !$0.query.isReadOnly })
    }

    @Test func outputArgumentsAreTheResultRow() {
        let fixture = AnalysisFixture(schema: Self.schema, query: "-- name: CountRows :one\nCALL count_rows(@minimum, NULL, NULL);")
        #expect(fixture.errors == [])
        #expect(fixture.parameterSignature == ["$1 minimum: Int"])
        #expect(fixture.columnSignature == ["total: Int?", "note: String?"])
        #expect(fixture.columnPGTypes == ["bigint", "text"])
    }

    @Test func unknownProcedureAndFunctionsAreErrors() {
        let fixture = AnalysisFixture(schema: Self.schema, query: """
            -- name: Missing :exec
            CALL nope(1);
            -- name: Function :exec
            CALL twice(1);
            -- name: WrongArguments :exec
            CALL insert_data(1, 2, 3);
            """)
        #expect(fixture.errors == [
            "query.sql:2:6: error: procedure nope does not exist (CALL runs a procedure created by CREATE PROCEDURE)",
            "query.sql:4:6: error: procedure twice does not exist (CALL runs a procedure created by CREATE PROCEDURE)",
            "query.sql:6:6: error: procedure insert_data(integer, integer, integer) does not exist",
        ])
    }

    @Test func checkDoesNotPrepareACall() {
        let analysis = CodeGenerator.analyzeQueries(
            schema: [SQLSourceInput(path: "schema.sql", contents: Self.schema)],
            queries: [SQLSourceInput(path: "query.sql", contents: """
                -- name: Call :exec
                /* c */ call insert_data($1, $2);
                -- name: Truncate :exec
                TRUNCATE tbl;
                -- name: CallMe :one
                SELECT twice(1) AS callme;
                """)])
        #expect(analysis.errors == [])
        #expect(analysis.queries.map(\.isUtilityStatement) == [true, true, false])
    }
}
