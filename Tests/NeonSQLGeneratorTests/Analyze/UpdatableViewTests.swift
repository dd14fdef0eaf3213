import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

/// INSERT, UPDATE and DELETE through views (Analyze/UpdatableViews.swift,
/// Statements/ModificationAnalyzing+Views.swift): what PostgreSQL 15 accepts and refuses, with its messages, and
/// the tables such a write changes. Each accepted statement was PREPAREd on PostgreSQL 15.
@Suite("Updatable views")
struct UpdatableViewTests {
    static let schema = """
        CREATE TABLE t (id integer PRIMARY KEY, name text NOT NULL, n integer);
        CREATE TABLE audit (what text);
        CREATE TABLE children (id integer, t_id integer REFERENCES t (id) ON DELETE CASCADE);
        CREATE VIEW v AS SELECT id, name, n + 1 AS n1 FROM t WHERE n > 0;
        CREATE VIEW vv AS SELECT id AS vid, n1, name AS label FROM v;
        CREATE VIEW vcast AS SELECT id::integer AS id, (name)::text AS name, n::bigint AS nb FROM t;
        CREATE VIEW grouped AS SELECT n, count(*) AS c FROM t GROUP BY n;
        CREATE FUNCTION log_it() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            INSERT INTO audit (what) VALUES (TG_OP);
            RETURN NEW;
        END $$;
        CREATE TRIGGER grouped_update INSTEAD OF UPDATE ON grouped FOR EACH ROW EXECUTE FUNCTION log_it();
        """

    static func fixture(_ query: String) -> AnalysisFixture {
        AnalysisFixture(schema: schema, query: "-- name: Q :exec\n" + query)
    }

    /// The error messages of `query`, without their file and position.
    static func messages(_ query: String) -> [String] {
        fixture(query).errors.map { error in error.range(of: "error: ").map { String(error[$0.upperBound...]) } ?? error }
    }

    @Test func updatableViewColumnsTakeTheViewsTypes() {
        let fixture = Self.fixture("UPDATE vv SET label = @label WHERE vid = @vid")
        #expect(fixture.errors == [])
        #expect(fixture.query?.query.tables.writes == ["public.t"])
        #expect(fixture.query?.query.tables.reads == ["public.t"])
    }

    @Test func deleteThroughAViewFollowsTheBaseTablesForeignKeys() {
        let fixture = Self.fixture("DELETE FROM v WHERE id = @id")
        #expect(fixture.errors == [])
        #expect(fixture.query?.query.tables.writes == ["public.children", "public.t"])
    }

    @Test func readOnlyColumnsAreRefusedInPostgreSQLsWords() {
        #expect(Self.messages("INSERT INTO v (id, n1) VALUES (1, 2)")
                == ["cannot insert into column \"n1\" of view \"v\": View columns that are not columns of their base relation are not updatable."])
        // The nested view's column is a plain reference; the inner view's is not.
        #expect(Self.messages("UPDATE vv SET n1 = 2")
                == ["cannot update column \"n1\" of view \"v\": View columns that are not columns of their base relation are not updatable."])
        // Without a column list, the first columns are assigned (DEFAULT counts).
        #expect(Self.fixture("INSERT INTO v VALUES (1, 'a')").errors == [])
        #expect(Self.fixture("INSERT INTO v VALUES (1, 'a', DEFAULT)").errors.count == 1)
    }

    @Test func aCastToTheColumnsOwnTypeKeepsItUpdatable() {
        #expect(Self.messages("UPDATE vcast SET id = @id, name = @name") == [])
        #expect(Self.messages("UPDATE vcast SET nb = 1")
                == ["cannot update column \"nb\" of view \"vcast\": View columns that are not columns of their base relation are not updatable."])
    }

    @Test func aViewThatIsNotUpdatableNeedsAnInsteadOfTrigger() {
        #expect(Self.messages("DELETE FROM grouped")
                == ["cannot delete from view \"grouped\": Views containing GROUP BY are not automatically updatable."])
        let update = Self.fixture("UPDATE grouped SET c = @c WHERE n = @n")
        #expect(update.errors == [])
        #expect(update.query?.query.tables.writes == ["public.audit", "public.grouped"])
    }
}
