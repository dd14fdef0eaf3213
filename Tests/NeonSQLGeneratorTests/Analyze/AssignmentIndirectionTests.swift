import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

/// A value assigned through a `[subscript]` or `.field` after its column takes the element's or
/// the field's type, as PostgreSQL 15's PREPARE reports it, wherever a column is assigned: INSERT's
/// column list, UPDATE SET, ON CONFLICT DO UPDATE SET, MERGE's INSERT and UPDATE (the same shapes
/// against PostgreSQL: Differential/ParameterOrderDifferentialTests.swift).
@Suite("Analyzer: assignment through subscripts and fields")
struct AssignmentIndirectionTests {
    static let schema = """
        CREATE TYPE pair AS (x int, y text);
        CREATE TABLE tagged (id int PRIMARY KEY, tags text[], nums int[], doc jsonb, p pair, ps pair[]);
        """

    /// PostgreSQL 15.18's `parameter_types`, per statement.
    static let cases: [(sql: String, types: String)] = [
        ("INSERT INTO tagged (id, tags[1]) VALUES (1, $1)", "text"),
        ("INSERT INTO tagged (id, tags[$1]) VALUES (1, $2)", "integer,text"),
        ("INSERT INTO tagged (id, nums[1]) SELECT 1, $1", "integer"),
        ("INSERT INTO tagged (id, tags[1]) VALUES (1, 'x'::text)", ""),
        ("INSERT INTO tagged (id, p.x, p.y) VALUES ($1, $2, $3), (2, $4, $5)", "integer,integer,text,integer,text"),
        ("INSERT INTO tagged (id, tags[1]) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET tags[2] = $3, p.x = $4",
         "integer,text,text,integer"),
        ("UPDATE tagged SET p.y = $1, p.x = $2", "text,integer"),
        ("UPDATE tagged SET tags[1:2] = $1", "text[]"),
        ("UPDATE tagged SET ps[1].x = $1", "integer"),
        ("UPDATE tagged SET (tags[1], p.y) = ($1, $2)", "text,text"),
        ("UPDATE tagged SET doc[$1] = $2", "text,jsonb"),
        ("MERGE INTO tagged t USING (SELECT 1 AS k) s ON t.id = s.k WHEN MATCHED THEN UPDATE SET tags[1] = $1, p.y = $2 "
            + "WHEN NOT MATCHED THEN INSERT (id, tags[1], p.x) VALUES (s.k, $3, $4)", "text,text,text,integer"),
    ]

    @Test(arguments: cases.indices)
    func theValueTakesTheElementsOrFieldsType(_ index: Int) {
        let (sql, types) = Self.cases[index]
        let fixture = AnalysisFixture(schema: Self.schema, query: sql + ";\n")
        #expect(fixture.errors == [], "\(sql)")
        #expect(fixture.query?.query.parameters.map(\.type.formatName).joined(separator: ",") == types, "\(sql)")
    }
}
