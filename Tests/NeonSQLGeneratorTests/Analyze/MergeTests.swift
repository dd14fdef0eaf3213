import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

/// MERGE in query files (Parse/DMLParser+Merge.swift, Statements/ModificationAnalyzing+Merge.swift): PostgreSQL 15's
/// grammar, parameter types as `PREPARE` reports them on PostgreSQL 15, the scopes of the WHEN
/// clauses, kinds, table effects, and PostgreSQL 17's RETURNING and NOT MATCHED BY SOURCE.
@Suite("Analyzer: MERGE")
struct MergeTests {
    static let schema = """
        CREATE TABLE stock (item_id int PRIMARY KEY, qty int NOT NULL, note text, tags text[]);
        CREATE TABLE items (id int PRIMARY KEY, name text NOT NULL);
        CREATE TABLE moves (item_id int, delta bigint);
        """

    static func fixture(_ query: String, postgresVersion: Int? = nil) -> (model: NamedModel, errors: [String]) {
        let model = SwiftTranslator.name(Pipeline.analyze(schemaFiles: [SourceFile(path: "schema.sql", text: schema)],
                                                     queryFiles: [SourceFile(path: "query.sql", text: query)],
                                                     postgresVersion: postgresVersion))
        return (model, model.diagnostics.filter { $0.severity == .error }.map(\.formatted))
    }

    /// Each query's parameter types, as `pg_prepared_statements.parameter_types` spells them.
    static func parameterTypes(_ query: String) -> [String] {
        let (model, errors) = fixture(query)
        #expect(errors == [])
        return model.queries.map { "{" + $0.query.parameters.map(\.pgType).joined(separator: ",") + "}" }
    }

    @Test func parametersAreTypedAsPostgreSQL15PreparesThem() {
        // PREPARE on PostgreSQL 15.18: {integer,integer}, {bigint,text,integer,text,bigint,integer,text},
        // {integer,text,integer}, {}, {integer,integer,text}, {integer}, {integer}.
        let types = Self.parameterTypes("""
            -- name: Upsert :exec
            MERGE INTO stock s USING (SELECT @item_id::int AS item_id, @qty::int AS qty) d ON s.item_id = d.item_id
            WHEN MATCHED AND s.qty + d.qty <= 0 THEN DELETE
            WHEN MATCHED THEN UPDATE SET qty = s.qty + d.qty
            WHEN NOT MATCHED THEN INSERT (item_id, qty) VALUES (d.item_id, d.qty);
            -- name: Ordered :execrows
            MERGE INTO stock s USING moves m ON s.item_id = m.item_id AND m.delta > $1
            WHEN MATCHED AND s.note = $2 THEN UPDATE SET qty = $3, note = $4
            WHEN NOT MATCHED AND m.delta > $5 THEN INSERT VALUES (m.item_id, $6, $7)
            WHEN NOT MATCHED THEN DO NOTHING;
            -- name: JoinSource :exec
            MERGE INTO stock USING items i JOIN moves m ON m.item_id = i.id ON stock.item_id = i.id
            WHEN MATCHED THEN UPDATE SET (qty, note) = ($1, $2)
            WHEN NOT MATCHED THEN INSERT (item_id, qty) OVERRIDING USER VALUE VALUES (i.id, $3);
            -- name: Defaults :exec
            MERGE INTO stock s USING items i ON s.item_id = i.id WHEN NOT MATCHED THEN INSERT DEFAULT VALUES;
            -- name: Subscript :exec
            MERGE INTO stock s USING items i ON s.item_id = $1 WHEN MATCHED THEN UPDATE SET tags[$2] = $3;
            -- name: WithSource :exec
            WITH x AS (SELECT $1::int AS id) MERGE INTO stock s USING x ON s.item_id = x.id WHEN MATCHED THEN DELETE;
            -- name: SelfSource :exec
            MERGE INTO ONLY stock AS s USING stock AS t ON s.item_id = t.item_id WHEN MATCHED THEN UPDATE SET qty = $1 + 1;
            """)
        #expect(types == ["{integer,integer}", "{bigint,text,integer,text,bigint,integer,text}", "{integer,text,integer}", "{}",
                          "{integer,integer,text}", "{integer}", "{integer}"])
    }

    @Test func aMergeWritesAndCountsItsRows() {
        let (model, errors) = Self.fixture("""
            -- name: Count :execrows
            MERGE INTO stock s USING items i ON s.item_id = i.id WHEN MATCHED THEN UPDATE SET note = @note;
            """)
        #expect(errors == [])
        let query = model.queries.first
        #expect(query?.kind == .execrows)
        #expect(query?.isReadOnly == false)
        #expect(query?.parameters.map(\.swiftType) == ["String?"])
        #expect(query?.query.tables.reads == ["public.items", "public.stock"])
        #expect(query?.query.tables.writes == ["public.stock"])
    }

    @Test func returningAndBySourceArePostgreSQL17s() {
        let query = """
            -- name: Synced :many
            MERGE INTO stock s USING items i ON s.item_id = i.id
            WHEN MATCHED THEN UPDATE SET qty = s.qty + 1
            WHEN NOT MATCHED BY SOURCE AND s.qty = 0 THEN DELETE
            WHEN NOT MATCHED BY TARGET THEN INSERT VALUES (i.id, 1)
            RETURNING s.item_id, s.note, i.name;
            """
        for version in [nil, 17] as [Int?] {
            let (model, errors) = Self.fixture(query, postgresVersion: version)
            #expect(errors == [])
            // The source row is NULL for a NOT MATCHED BY SOURCE action.
            #expect(model.queries.first?.columns.map { "\($0.name): \($0.swiftType)" } == ["itemId: Int", "note: String?", "name: String?"])
        }
        #expect(Self.fixture(query, postgresVersion: 16).errors == [
            "query.sql:4:18: error: syntax error at or near \"BY\": WHEN NOT MATCHED BY SOURCE|TARGET requires PostgreSQL 17 or later; "
                + "this project targets 16 (postgresVersion in neon-sql.json)",
            "query.sql:5:18: error: syntax error at or near \"BY\": WHEN NOT MATCHED BY SOURCE|TARGET requires PostgreSQL 17 or later; "
                + "this project targets 16 (postgresVersion in neon-sql.json)",
            "query.sql:6:1: error: syntax error at or near \"RETURNING\": MERGE ... RETURNING requires PostgreSQL 17 or later; "
                + "this project targets 16 (postgresVersion in neon-sql.json)",
        ])
    }

    /// `merge_action()` (PostgreSQL 17's grammar, not a pg_proc function): the action's name as
    /// `text NOT NULL` in a MERGE's RETURNING list and subqueries below it; PostgreSQL's error
    /// anywhere else; unknown to a project that targets an earlier version.
    @Test func mergeActionIsTextInAMergesReturningList() {
        let query = """
            -- name: Upserted :many
            MERGE INTO stock s USING items i ON s.item_id = i.id
            WHEN MATCHED THEN UPDATE SET qty = s.qty + 1
            WHEN NOT MATCHED THEN INSERT VALUES (i.id, 1)
            RETURNING merge_action(), (SELECT merge_action() = 'INSERT') AS inserted, s.item_id;
            """
        for version in [nil, 17] as [Int?] {
            let (model, errors) = Self.fixture(query, postgresVersion: version)
            #expect(errors == [])
            #expect(model.queries.first?.columns.map { "\($0.name): \($0.swiftType)" } == ["mergeAction: String", "inserted: Bool?", "itemId: Int"])
        }
        let elsewhere = """
            -- name: NotInMerge :many
            SELECT merge_action() AS a FROM stock;
            """
        #expect(Self.fixture(elsewhere, postgresVersion: 17).errors == [
            "query.sql:2:8: error: MERGE_ACTION() can only be used in the RETURNING list of a MERGE command",
        ])
        #expect(Self.fixture(query, postgresVersion: 16).errors.contains {
            $0.hasPrefix("query.sql:5:11: error: function merge_action() is not known to the generator")
        })
    }

    @Test func notMatchedBySourceSeesOnlyTheTarget() {
        let (_, errors) = Self.fixture("""
            -- name: Q :exec
            MERGE INTO stock s USING items i ON s.item_id = i.id
            WHEN NOT MATCHED BY SOURCE AND i.name = 'x' THEN UPDATE SET note = i.name;
            """)
        #expect(errors == [
            "query.sql:3:32: error: invalid reference to FROM-clause entry for table \"i\"; there is an entry for table \"i\", "
                + "but it cannot be referenced from this part of the query",
            "query.sql:3:68: error: invalid reference to FROM-clause entry for table \"i\"; there is an entry for table \"i\", "
                + "but it cannot be referenced from this part of the query",
        ])
    }
}
