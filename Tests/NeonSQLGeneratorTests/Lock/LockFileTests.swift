@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration
import NeonSQLShared
import Testing

/// The lock file's logic without a database: fingerprints, which queries an entry applies to,
/// staleness, disagreement with the analyzer, and the nullability of a locked query's columns.
@Suite("Lock file")
struct LockFileTests {
    static let schema = SQLSourceInput(path: "schema.sql", contents: """
        CREATE TABLE duas (id int PRIMARY KEY, title text NOT NULL, category_id int);
        CREATE TABLE categories (id int PRIMARY KEY, name text NOT NULL);
        """)

    static let queries = SQLSourceInput(path: "q.sql", contents: """
        -- name: Xml :many
        SELECT d.id, xmlelement(name dua, d.title) AS x, d.title AS "title?" FROM duas d WHERE d.id > @min_id;

        -- name: Count :one
        SELECT count(*) AS n FROM duas WHERE category_id = @category_id;

        """)

    static func entry(_ query: LockableQuery, parameters: [String], columns: [LockedColumn]) -> LockedQuery {
        LockedQuery(queryHash: query.queryHash, sql: query.sql,
                    parameters: parameters.enumerated().map { LockedParameter(index: $0.offset + 1, type: $0.element) }, columns: columns)
    }

    static func lock(countType: String = "bigint", schema: SQLSourceInput = schema) -> QueryLockInput {
        let lockable = CodeGenerator.lockableQueries(queries: [queries])
        let xml = lockable[0], count = lockable[1]
        let source = LockedColumnSource(table: "public.duas", column: "id", notNull: true)
        return QueryLockInput(path: "neon-sql.lock.json", lock: QueryLockFile(
            command: "neon-sql-gen prepare q.sql", postgresVersion: "15.8", schemaHash: QueryFingerprint.schemaHash(of: [schema]),
            queries: [
                "Xml": entry(xml, parameters: ["integer"], columns: [
                    LockedColumn(name: "id", type: "integer", source: source), LockedColumn(name: "x", type: "xml", source: nil),
                    LockedColumn(name: "title?", type: "text", source: LockedColumnSource(table: "public.duas", column: "title", notNull: true)),
                ]),
                "Count": entry(count, parameters: ["integer"], columns: [LockedColumn(name: "n", type: countType, source: nil)]),
            ]))
    }

    @Test func sha256MatchesTheStandardVectors() {
        #expect(SHA256.hex(of: Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(of: [UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        let long = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(SHA256.hex(of: long) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func lockableQueriesNumberParametersAsTheGeneratorDoes() {
        let lockable = CodeGenerator.lockableQueries(queries: [Self.queries])
        #expect(lockable.map(\.name) == ["Xml", "Count"])
        #expect(lockable[0].sql.hasSuffix("WHERE d.id > $1"))
        #expect(lockable.map(\.isReadOnlyQuery) == [true, true])
    }

    @Test func aQueryTheAnalyzerCannotReadIsBuiltFromItsEntry() throws {
        let without = CodeGenerator.analyzeQueries(schema: [Self.schema], queries: [Self.queries])
        #expect(without.hasErrors)
        let with = CodeGenerator.analyzeQueries(schema: [Self.schema], queries: [Self.queries], lock: Self.lock())
        #expect(with.errors == [])
        #expect(with.diagnostics.contains { $0.contains("warning: query 'Xml' is described by neon-sql.lock.json (PostgreSQL 15.8), not by the analyzer") })
        let xml = try #require(with.queries.first { $0.annotationName == "Xml" })
        #expect(xml.parameters.map(\.pgType) == ["integer"])
        #expect(xml.columns.map(\.sqlName) == ["id", "x", "title"])
        // id: a NOT NULL table column nothing NULL-extends; x: an expression; title: forced optional by "title?".
        #expect(xml.columns.map(\.nullable) == [false, true, true])
        #expect(xml.sql.contains(#"AS "title" FROM"#))
    }

    @Test func disagreementAndStalenessAreErrorsThatSayWhatToRun() {
        let disagreeing = CodeGenerator.analyzeQueries(schema: [Self.schema], queries: [Self.queries], lock: Self.lock(countType: "integer"))
        #expect(disagreeing.errors.contains { $0.contains("the analyzer and neon-sql.lock.json (PostgreSQL 15.8) disagree about 'Count': result column 1 (n) is bigint for the analyzer, integer for PostgreSQL") })
        let otherSchema = SQLSourceInput(path: "schema.sql", contents: Self.schema.contents + "\nCREATE TABLE extra (id int);\n")
        let stale = CodeGenerator.analyzeQueries(schema: [otherSchema], queries: [Self.queries], lock: Self.lock())
        #expect(stale.errors.contains { $0.contains("neon-sql.lock.json is stale: the schema files changed since PostgreSQL described the queries; run `neon-sql-gen prepare q.sql`") })
    }
}
