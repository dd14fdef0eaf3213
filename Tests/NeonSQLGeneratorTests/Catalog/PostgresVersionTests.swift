import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

/// The built-in data's version field and how `postgresVersion` uses it.
@Suite("PostgreSQL versions of built-in catalog entries")
struct PostgresVersionTests {
    @Test func theVersionFieldIsParsed() {
        #expect(PostgresVersions("") == .all)
        #expect(PostgresVersions("16-") == PostgresVersions(since: 16, until: nil))
        #expect(PostgresVersions("-15") == PostgresVersions(since: nil, until: 15))
        #expect(PostgresVersions("16-16").contains(16) && !PostgresVersions("16-16").contains(17))
        #expect(!PostgresVersions("16-").contains(15) && PostgresVersions("16-").contains(17))
        #expect(PostgresVersions("-15").contains(14) && !PostgresVersions("-15").contains(16))
        #expect(PostgresVersions("17-").requirement == "PostgreSQL 17 or later")
    }

    /// An overload whose result changed between versions is two records, one per side; with no
    /// version set the newest wins, with one set that version's.
    @Test func aRetypedOverloadIsResolvedByVersion() {
        let catalog = BuiltinCatalog(texts: [
            "T\tint4\tinteger\tN\t0\tb\t\t_int4\t\nT\tint8\tbigint\tN\t0\tb\t\t_int8\t\n"
                + "F\tf\tint4\tint4\ts\t0\t\t\t\t-15\nF\tf\tint4\tint8\ts\t0\t\t\t\t16-\nF\tg\tint4\tint4\ts\t0\t\n",
        ])
        let overloads = catalog.functions["f"] ?? []
        #expect(overloads.count == 2)
        #expect(overloads.filter(\.isSuperseded).map(\.result) == ["int4"])
        #expect(catalog.namesWithVersionedOverloads == ["f"])
        #expect(catalog.functions["g"]?.first?.versions == .all)
    }

    @Test func theShippedDataKnowsEveryVersion() {
        let catalog = BuiltinCatalog.shared
        let anyValue = catalog.functions["any_value"]?.first
        #expect(anyValue?.versions == PostgresVersions(since: 16, until: nil))
        #expect(catalog.functions["to_bin"]?.allSatisfy { $0.versions.since == 17 } == true)
        #expect(catalog.functions["random"]?.filter { $0.versions == .all }.map(\.arguments) == [[]])
        // Removed in 16, replaced by a VARIADIC overload: both are kept, neither hides the other.
        let publication = catalog.functions["pg_get_publication_tables"] ?? []
        #expect(publication.count == 2 && !publication.contains(where: \.isSuperseded))
    }

    @Test func callsResolveInTheTargetVersionOnly() {
        let queries = [SQLSourceInput(path: "q.sql", contents: "-- name: R :one\nSELECT random(1, 6) AS die, random() AS r;\n")]
        let unset = CodeGenerator.analyzeQueries(schema: [], queries: queries)
        #expect(unset.errors.isEmpty)
        #expect(unset.queries.first?.columns.map(\.pgType) == ["integer", "double precision"])
        let targeted = CodeGenerator.analyzeQueries(schema: [], queries: queries, postgresVersion: 16)
        #expect(targeted.errors == ["q.sql:2:8: error: random(integer, integer) requires PostgreSQL 17 or later; this project targets 16 (postgresVersion in neon-sql.json)"])
    }
}
