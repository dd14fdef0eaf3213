import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

/// The schema as the IR hands it to the translate stage (Sources/NeonSQLQueryDescription/SchemaRelations.swift): built from the
/// catalog once, with what table models and override validation read, and the catalog's rule for
/// finding a relation by name.
@Suite("Schema relations: the IR's view of the schema")
struct SchemaRelationsTests {
    static let schema = """
        CREATE SCHEMA shop;
        CREATE TABLE users (id bigint PRIMARY KEY, email text NOT NULL UNIQUE, tags text[], team int, org int,
                            UNIQUE (team, org));
        CREATE TABLE shop.orders (id uuid PRIMARY KEY, note text);
        CREATE VIEW user_emails AS SELECT id, email FROM users;
        CREATE MATERIALIZED VIEW order_notes AS SELECT note FROM shop.orders;
        CREATE TEMPORARY TABLE scratch (only_here int);

        """

    @Test func relationsCarryColumnsKeysAndTheirSQLName() throws {
        let relations = SchemaRelations(catalog: Catalog.built(fromSchema: Self.schema))
        let users = try #require(relations.relations["public.users"])
        #expect(users.name == "users" && users.sqlName == "users" && users.isTable)
        #expect(users.columns.map(\.name) == ["id", "email", "tags", "team", "org"])
        #expect(users.columns.map(\.isNotNull) == [true, true, false, false, false])
        // Alone a key: the primary key and a one-column UNIQUE; not a column of a wider key.
        #expect(users.columns.map(\.isUnique) == [true, true, false, false, false])
        #expect(users.columns[2].type == .array(.builtin(.text)))
        #expect(relations.relations["shop.orders"]?.sqlName == "shop.orders")
        #expect(relations.relations["public.user_emails"]?.isTable == false)
        #expect(relations.relations["public.order_notes"]?.isTable == false)
        // Only the schema files' relations: the system ones stay in the built-in data.
        #expect(relations.relations.keys.allSatisfy { !$0.hasPrefix("pg_catalog.") && !$0.hasPrefix("information_schema.") })
    }

    @Test func overrideNamesResolveAsTheCatalogResolvesThem() {
        let catalog = Catalog.built(fromSchema: Self.schema + "ALTER ROLE app SET search_path = public, shop;\n")
        let keys = ["users.email", "orders.note", "shop.orders.note", "scratch.only_here", "pg_class.relname",
                    "pg_catalog.pg_class.relname", "information_schema.columns.table_name", "nope.email", "users.nope",
                    "public.orders.note", "columns.table_name", "email", "a.b.c.d"]
        let relations = SchemaRelations(catalog: catalog, columnOverrides: keys)
        for key in keys {
            let parts = key.split(separator: ".").map(String.init)
            let expected = (parts.count == 2 || parts.count == 3)
                && catalog.relation(parts[parts.count - 2], schema: parts.count == 3 ? parts[0] : nil)?.column(named: parts[parts.count - 1]) != nil
            #expect(relations.existingOverrideColumns.contains(key) == expected, "\(key)")
        }
        #expect(relations.existingOverrideColumns.contains("orders.note"))
        #expect(relations.existingOverrideColumns.contains("pg_class.relname"))
        #expect(!relations.existingOverrideColumns.contains("columns.table_name"))
        #expect(SchemaRelations(catalog: catalog).existingOverrideColumns.isEmpty)
    }
}
