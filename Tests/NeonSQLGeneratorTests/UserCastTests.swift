import Foundation
import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

/// CREATE CAST and DROP CAST in the catalog, and their effect on assignment and on resolving
/// calls (PostgreSQL's verdicts: Differential/UserCastDifferentialTests.swift).
@Suite("User casts")
struct UserCastTests {
    private static let types = """
        CREATE TYPE mood AS ENUM ('happy', 'sad');
        CREATE TYPE color AS ENUM ('red', 'blue');

        """

    private func catalog(_ schema: String) -> Catalog {
        let (model, catalog) = Pipeline.analyzeKeepingCatalog(schemaFiles: [SourceFile(path: "schema.sql", text: Self.types + schema)],
                                                              queryFiles: [])
        #expect(model.diagnostics.filter { $0.severity == .error }.isEmpty, "\(model.diagnostics.map(\.formatted))")
        return catalog
    }

    private func errors(schema: String, query: String) -> [String] {
        let model = Pipeline.analyze(schemaFiles: [SourceFile(path: "schema.sql", text: Self.types + schema)],
                                     queryFiles: [SourceFile(path: "q.sql", text: "-- name: Q :exec\n" + query + ";\n")])
        return model.diagnostics.filter { $0.severity == .error }.map(\.message)
    }

    @Test func recordsContextAndMethod() {
        let catalog = catalog("""
            CREATE CAST (mood AS color) WITH INOUT AS IMPLICIT;
            CREATE CAST (mood AS integer) WITHOUT FUNCTION AS ASSIGNMENT;
            CREATE CAST (color AS mood) WITH FUNCTION public.some_function(color);
            """)
        let mood = SQLType.enumeration("mood")
        let color = SQLType.enumeration("color")
        #expect(catalog.userCast(from: mood, to: color) == UserCast(context: .implicit, method: .ioConversion))
        #expect(catalog.userCast(from: mood, to: .int4) == UserCast(context: .assignment, method: .binary))
        #expect(catalog.userCast(from: color, to: mood) == UserCast(context: .explicit, method: .function))
        #expect(catalog.userCast(from: color, to: .int4) == nil)
    }

    @Test func dropCastRemovesIt() {
        let catalog = catalog("""
            CREATE CAST (mood AS color) WITH INOUT AS IMPLICIT;
            DROP CAST IF EXISTS (mood AS color) CASCADE;
            """)
        #expect(catalog.userCast(from: .enumeration("mood"), to: .enumeration("color")) == nil)
        #expect(!catalog.userTypes.hasUnresolvedCasts)
    }

    @Test func assignmentFollowsTheCastsContext() {
        let table = "CREATE TABLE t (m mood, c color);\n"
        #expect(errors(schema: table, query: "UPDATE t SET c = m") == ["column \"c\" is of type color but expression is of type mood"])
        #expect(errors(schema: table + "CREATE CAST (mood AS color) WITH INOUT AS ASSIGNMENT;", query: "UPDATE t SET c = m").isEmpty)
        #expect(errors(schema: table + "CREATE CAST (mood AS color) WITH INOUT AS IMPLICIT;", query: "UPDATE t SET c = m").isEmpty)
        #expect(errors(schema: table + "CREATE CAST (mood AS color) WITH INOUT;", query: "UPDATE t SET c = m")
                == ["column \"c\" is of type color but expression is of type mood"])
    }

    @Test func aCastOfAnUnknownTypeLeavesAssignmentUnchecked() {
        let schema = "CREATE TABLE t (m mood, c color);\nCREATE CAST (mood AS no_such_type) WITH INOUT;\n"
        #expect(errors(schema: schema, query: "UPDATE t SET c = m").isEmpty)
    }

    @Test func castsFollowARenamedTypeAndGoWithADroppedOne() {
        let renamed = "CREATE TABLE t (m mood, c color);\nCREATE CAST (mood AS color) WITH INOUT AS ASSIGNMENT;\nALTER TYPE mood RENAME TO feeling;\n"
        #expect(errors(schema: renamed, query: "UPDATE t SET c = m").isEmpty)
        let dropped = """
            CREATE CAST (mood AS text) WITH INOUT;
            DROP TYPE mood CASCADE;
            CREATE TYPE mood AS ENUM ('x');
            CREATE TABLE t (m mood, tx text);
            """
        #expect(errors(schema: dropped, query: "UPDATE t SET tx = m").isEmpty)
        #expect(errors(schema: dropped.replacingOccurrences(of: "DROP TYPE mood CASCADE;\nCREATE TYPE mood AS ENUM ('x');\n", with: ""),
                       query: "UPDATE t SET tx = m") == ["column \"tx\" is of type text but expression is of type mood"])
    }

    @Test func implicitCastResolvesAFunctionCall() {
        let schema = """
            CREATE TABLE t (m mood, c color);
            CREATE FUNCTION color_name(color) RETURNS text LANGUAGE sql AS $$ SELECT $1::text $$;

            """
        #expect(errors(schema: schema, query: "SELECT color_name(m) FROM t") == ["function color_name(mood) does not exist"])
        #expect(errors(schema: schema + "CREATE CAST (mood AS color) WITH INOUT AS IMPLICIT;", query: "SELECT color_name(m) FROM t").isEmpty)
        #expect(errors(schema: schema + "CREATE CAST (mood AS color) WITH INOUT AS ASSIGNMENT;", query: "SELECT color_name(m) FROM t")
                == ["function color_name(mood) does not exist"])
    }

    /// Common types (UNION, COALESCE, CASE, ARRAY[], GREATEST, `anycompatible`) follow implicit
    /// user casts as PostgreSQL's select_common_type does: a mood with a color is a color when
    /// the schema casts mood to color implicitly (PostgreSQL 15.18's \gdesc, and
    /// Differential/UserCastDifferentialTests.swift).
    @Test func commonTypesFollowImplicitUserCasts() {
        let schema = Self.types + """
            CREATE TYPE size AS ENUM ('small', 'large');
            CREATE CAST (mood AS color) WITH INOUT AS IMPLICIT;
            CREATE CAST (color AS mood) WITH INOUT;
            CREATE CAST (color AS size) WITH INOUT AS IMPLICIT;
            CREATE TABLE t (m mood, c color, s size, i integer);
            """
        let fixture = AnalysisFixture(schema: schema, query: UserCastDifferentialTests.commonTypeQueries)
        #expect(fixture.errors == [])
        let types = fixture.queries.map { $0.columns.map(\.type.formatName).joined(separator: ",") }
        #expect(types == ["color", "color", "color,color,color,color[],color,color", "color[],color[],color[]", "size,size[]", "size"])
    }
}
