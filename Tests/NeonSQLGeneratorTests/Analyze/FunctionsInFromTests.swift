import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

/// Function calls as FROM items and the fields of composite values; the corpus `realworld_from`
/// checks the same shapes against PostgreSQL.
@Suite("Functions in FROM and composite fields")
struct FunctionsInFromTests {
    static let schema = """
        CREATE TABLE people (id integer PRIMARY KEY, name text NOT NULL, address address_parts);
        CREATE FUNCTION one_out(x integer, OUT doubled integer) LANGUAGE sql AS 'SELECT x * 2';
        CREATE FUNCTION plain(x integer) RETURNS integer LANGUAGE sql AS 'SELECT x';
        CREATE FUNCTION stats(x integer, OUT total bigint, OUT label text) LANGUAGE sql AS 'SELECT x::bigint, ''a''';
        CREATE FUNCTION wrap(items anyarray, OUT first anyelement, OUT items_again anyarray) LANGUAGE sql AS 'SELECT items[1], items';
        """

    static func fixture(_ query: String) -> AnalysisFixture {
        AnalysisFixture(schema: "CREATE TYPE address_parts AS (street text, city text);\n" + schema, query: "-- name: Q :many\n" + query)
    }

    @Test func anAliasRenamesAScalarColumnButNotANamedOutParameter() {
        let query = Self.fixture("SELECT * FROM one_out(1) AS o, plain(2) AS p, generate_series(1, 2) AS g;")
        #expect(query.errors == [])
        #expect(query.columnSignature == ["doubled: Int?", "p: Int?", "g: Int"])
    }

    @Test func outColumnsInFromAndInTheSelectList() {
        let query = Self.fixture("SELECT s.t, (stats(2)).label, (stats(3)).* FROM stats(1) WITH ORDINALITY AS s(t, l, n);")
        #expect(query.errors == [])
        #expect(query.columnSignature == ["t: Int?", "label: String?", "total: Int?", "label2: String?"])
    }

    @Test func polymorphicOutParametersTakeTheCallsTypes() {
        let query = Self.fixture("SELECT w.first, w.items_again, (wrap(ARRAY[now()])).first AS at FROM wrap(ARRAY['a']::text[]) AS w;")
        #expect(query.errors == [])
        #expect(query.columnPGTypes == ["text", "text[]", "timestamp with time zone"])
    }

    @Test func rowExpansionKeepsATablesNullabilityAndMakesFieldsOfValuesNullable() {
        let table = Self.fixture("SELECT (p).*, (p).name AS again FROM people p;")
        #expect(table.errors == [])
        #expect(table.columnSignature == ["id: Int", "name: String", "address: String?", "again: String"])
        let composite = Self.fixture("SELECT (address).* FROM people;")
        #expect(composite.columnSignature == ["street: String?", "city: String?"])
        let outer = Self.fixture("SELECT (q).* FROM people p LEFT JOIN people q ON q.id = p.id + 1;")
        #expect(outer.columnSignature == ["id: Int?", "name: String?", "address: String?"])
        let unknown = Self.fixture("SELECT (ROW(1, 2)).*;")
        #expect(unknown.errors.count == 1)
    }

    @Test func rowsFromPadsTheShorterFunctionWithNulls() {
        let query = Self.fixture("SELECT * FROM ROWS FROM (generate_series(1, 2), generate_series(1, 3)) WITH ORDINALITY AS r(a, b, n);")
        #expect(query.errors == [])
        #expect(query.columnSignature == ["a: Int?", "b: Int?", "n: Int"])
        let single = Self.fixture("SELECT * FROM ROWS FROM (generate_series(1, 2)) AS r;")
        #expect(single.columnSignature == ["r: Int"])
    }

    /// A built-in's OUT columns (pg_proc, `FunctionSignature.outputColumns`) are its call's
    /// columns, polymorphic ones resolved from the call's argument types.
    @Test func builtinOutputColumnsMakeTheCallsShape() {
        var signature = FunctionSignature(name: "expand", arguments: ["anyarray"], result: "record", isStrict: true, returnsSet: true,
                                          isVariadic: false, kind: .function, isOrderedSet: false, defaultCount: 0,
                                          variadicElement: nil, extensionName: nil)
        signature.argumentTypes = [.builtin(.anyarray)]
        signature.resultType = .builtin(.record)
        signature.outputColumns = [FunctionOutputColumn(name: "x", typeName: "anyelement", type: .builtin(.anyelement)),
                                   FunctionOutputColumn(name: "n", typeName: "int4", type: .int4)]
        let analyzer = StatementAnalyzer(catalog: Catalog(), source: SourceFile(path: "q.sql", text: ""))
        let shape = analyzer.builtinCallShape(signature, declared: [.array(.builtin(.uuid))], resultType: .builtin(.record))
        #expect(shape.columns?.map { "\($0.name) \($0.value.type.formatName) \($0.value.nullable)" } == ["x uuid true", "n integer true"])
    }
}
