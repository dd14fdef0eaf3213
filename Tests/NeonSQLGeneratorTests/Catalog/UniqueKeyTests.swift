import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

/// Unique keys as the catalog tracks them (primary keys, UNIQUE constraints, unique indexes), with
/// the names PostgreSQL gives them so later DROP INDEX / DROP CONSTRAINT / RENAME find them. The
/// expected names were read from `pg_index` on PostgreSQL 15 after the same statements.
@Suite("Unique keys and index names")
struct UniqueKeyTests {
    static func catalog(_ schema: String) -> (Catalog, [String]) {
        var diagnostics = DiagnosticCollector()
        let parsed = SQLParser.parse(SourceFile(path: "schema.sql", text: schema), diagnostics: &diagnostics)
        let catalog = CatalogBuilder.build(from: [parsed], analysis: ViewQueryAnalyzer(), diagnostics: &diagnostics)
        return (catalog, diagnostics.diagnostics.map(\.message))
    }

    static func indexNames(_ catalog: Catalog, _ table: String) -> [String] {
        catalog.relation(table, schema: nil)?.indexes.map(\.name) ?? []
    }

    @Test func namesChosenAsPostgreSQLChoosesThem() {
        let long = String(repeating: "t", count: 50)
        let (catalog, errors) = Self.catalog("""
            CREATE TABLE \(long) (\(String(repeating: "c", count: 30)) int UNIQUE, d int PRIMARY KEY, "\(String(repeating: "É", count: 30))" int UNIQUE);
            CREATE UNIQUE INDEX ON \(long) (d);
            CREATE UNIQUE INDEX ON \(long) (d);
            CREATE TABLE p (a int, b int, UNIQUE (a, b));
            CREATE TABLE q (LIKE p INCLUDING INDEXES);
            CREATE INDEX ON p (lower(a::text), (a + b));
            """)
        #expect(errors == [])
        #expect(Self.indexNames(catalog, long) == [
            String(repeating: "t", count: 29) + "_" + String(repeating: "c", count: 29) + "_key",
            long + "_pkey",
            String(repeating: "t", count: 29) + "_" + String(repeating: "É", count: 14) + "_key",
            long + "_d_idx", long + "_d_idx1",
        ])
        #expect(Self.indexNames(catalog, "p") == ["p_a_b_key", "p_lower_expr_idx"])
        #expect(Self.indexNames(catalog, "q") == ["q_a_b_key"])
        #expect(catalog.relation("q", schema: nil)?.uniqueKeys == [["a", "b"]])
    }

    @Test func onlyWholeTableUniqueIndexesOnColumnsAreKeys() {
        let (catalog, errors) = Self.catalog("""
            CREATE TABLE u (id int, email text, handle text, org int);
            CREATE UNIQUE INDEX ON u (email);
            CREATE UNIQUE INDEX ON u (handle) WHERE org IS NOT NULL;
            CREATE UNIQUE INDEX ON u (lower(email));
            CREATE INDEX ON u (org);
            CREATE UNIQUE INDEX ON u (org, id) NULLS NOT DISTINCT;
            """)
        #expect(errors == [])
        #expect(catalog.relation("u", schema: nil)?.uniqueKeys == [["email"], ["org", "id"]])
    }

    @Test func dropsAndRenamesFollowTheNames() {
        let (catalog, errors) = Self.catalog("""
            CREATE TABLE u (id int PRIMARY KEY, email text UNIQUE, handle text, slug text);
            CREATE UNIQUE INDEX ON u (handle);
            CREATE UNIQUE INDEX ux ON u (slug);
            ALTER TABLE u DROP CONSTRAINT u_pkey;
            ALTER INDEX u_handle_idx RENAME TO u_handle_uq;
            DROP INDEX u_handle_uq;
            ALTER TABLE u ADD PRIMARY KEY USING INDEX ux;
            ALTER TABLE u RENAME CONSTRAINT u_email_key TO u_email_unique;
            ALTER TABLE u RENAME COLUMN email TO mail;
            """)
        #expect(errors == [])
        let relation = catalog.relation("u", schema: nil)
        #expect(relation?.indexes.map(\.name) == ["u_email_unique", "ux"])
        #expect(relation?.primaryKey == ["slug"])
        #expect(relation?.column(named: "slug")?.isNotNull == true)
        #expect(relation?.uniqueKeys == [["mail"], ["slug"]])
    }

    @Test func oneWarningFollowsTheKeys() {
        let schema = """
            CREATE TABLE u (id int, email text);
            CREATE UNIQUE INDEX u_email_uq ON u (email);
            """
        let keyed = AnalysisFixture(schema: schema, query: "-- name: ByEmail :one\nSELECT id FROM u WHERE email = $1;")
        #expect(keyed.model.diagnostics.isEmpty)
        let dropped = AnalysisFixture(schema: schema + "\nDROP INDEX u_email_uq;",
                                      query: "-- name: ByEmail :one\nSELECT id FROM u WHERE email = $1;")
        #expect(dropped.model.diagnostics.map(\.message).contains { $0.contains("can return many") })
    }
}
