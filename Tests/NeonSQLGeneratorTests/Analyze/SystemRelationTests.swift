import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

/// pg_catalog's and information_schema's relations, system columns and built-ins in named
/// notation, as PostgreSQL 15 resolves them (each expectation checked with psql).
@Suite("System relations, system columns and named arguments of built-ins")
struct SystemRelationTests {
    static func catalog(_ schema: String) -> Catalog { Catalog.built(fromSchema: schema) }

    /// The first query's columns as `name type` (`?` when nullable), its parameters' types, and the error messages.
    static func describe(_ schema: String, _ query: String) -> (columns: [String], parameters: [String], errors: [String]) {
        let model = Pipeline.analyze(schemaFiles: [SourceFile(path: "schema.sql", text: schema)],
                                     queryFiles: [SourceFile(path: "q.sql", text: "-- name: Q :many\n" + query)], postgresVersion: nil)
        let query = model.files.flatMap(\.queries).first
        return (query?.columns.map { "\($0.sqlName) \($0.type.formatName)" + ($0.nullable ? "?" : "") } ?? [],
                query?.parameters.map(\.type.formatName) ?? [],
                model.diagnostics.filter { $0.severity == .error }.map(\.message))
    }

    @Test func pgCatalogIsSearchedFirstUnlessThePathNamesItLater() {
        let schema = "CREATE TABLE public.pg_settings (mine int);\n"
        #expect(Self.catalog(schema).relation("pg_settings", schema: nil)?.schema == "pg_catalog")
        #expect(Self.catalog(schema + "ALTER ROLE app SET search_path = public, pg_catalog;\n").relation("pg_settings", schema: nil)?.schema == "public")
        #expect(Self.catalog(schema).relation("pg_settings", schema: "public")?.columns.map(\.name) == ["mine"])
        #expect(Self.catalog("").relation("columns", schema: nil) == nil)
        #expect(Self.catalog("").relation("columns", schema: "information_schema")?.kind == .view)
    }

    @Test func catalogTablesAreNotNullAndViewsNullable() {
        let classes = Self.describe("", "SELECT relname, relkind, relacl, oid FROM pg_catalog.pg_class;")
        #expect(classes.columns == ["relname name", "relkind \"char\"", "relacl aclitem[]?", "oid oid"])
        let columns = Self.describe("", "SELECT table_name, ordinal_position FROM information_schema.columns WHERE table_schema = $1;")
        #expect(columns.columns == ["table_name information_schema.sql_identifier?", "ordinal_position information_schema.cardinal_number?"])
        #expect(columns.parameters == ["name"])
        #expect(columns.errors.isEmpty)
    }

    @Test func informationSchemaDomainsAndSystemRowsResolve() {
        let cast = Self.describe("", "SELECT 'x'::information_schema.sql_identifier AS ident, 1::information_schema.cardinal_number AS n;")
        #expect(cast.columns == ["ident information_schema.sql_identifier", "n information_schema.cardinal_number"])
        #expect(cast.errors.isEmpty)
        #expect(Self.describe("", "SELECT row_to_json(c) AS j FROM pg_class c;").errors.isEmpty)
    }

    @Test func systemColumnsAreSelectableByNameOnly() {
        let schema = "CREATE TABLE a (id int); CREATE TABLE b (id int); CREATE VIEW v AS SELECT id FROM a;"
        #expect(Self.describe(schema, "SELECT xmin, a.ctid, tableoid, cmin, cmax, xmax FROM a;").columns
            == ["xmin xid", "ctid tid", "tableoid oid", "cmin cid", "cmax cid", "xmax xid"])
        #expect(Self.describe(schema, "SELECT * FROM a;").columns == ["id integer?"])
        #expect(Self.describe(schema, "SELECT b.xmin FROM a LEFT JOIN b ON b.id = a.id;").columns == ["xmin xid?"])
        #expect(Self.describe(schema, "SELECT xmin FROM a, b;").errors == ["column reference \"xmin\" is ambiguous"])
        #expect(Self.describe(schema, "SELECT xmin FROM v;").errors.first?.hasPrefix("column \"xmin\" does not exist") == true)
        #expect(Self.describe(schema, "SELECT id FROM a WHERE xmin = $1;").parameters == ["xid"])
    }

    @Test func builtinsTakeNamedAndMixedNotation() {
        #expect(Self.describe("", "SELECT make_interval(secs => $1);").parameters == ["double precision"])
        #expect(Self.describe("", "SELECT make_interval(1, days => $1);").parameters == ["integer"])
        let unknown = Self.describe("", "SELECT make_interval(seconds => $1);")
        #expect(unknown.errors == ["function make_interval(seconds => unknown) does not exist"])
    }

    @Test func fieldsOfRecordReturningBuiltinsTakeTheirOutputColumnTypes() {
        let fields = Self.describe("", "SELECT (jsonb_each($1::jsonb)).key, (pg_stat_get_activity(NULL)).pid;")
        #expect(fields.columns == ["key text?", "pid integer?"])
        #expect(fields.errors.isEmpty)
        #expect(Self.describe("", "SELECT (jsonb_each($1::jsonb)).nope;").errors.count == 1)
    }

    @Test func builtinsCarryArgumentNamesAndOutputColumns() {
        let eachOverloads = BuiltinCatalog.shared.functions["jsonb_each"] ?? []
        #expect(eachOverloads.first?.outputColumns.map { "\($0.name) \($0.type.formatName)" } == ["key text", "value jsonb"])
        let makeInterval = BuiltinCatalog.shared.functions["make_interval"]?.first
        #expect(makeInterval?.argumentNames == ["years", "months", "weeks", "days", "hours", "mins", "secs"])
        #expect(BuiltinCatalog.shared.functions["lower"]?.allSatisfy(\.outputColumns.isEmpty) == true)
    }
}
