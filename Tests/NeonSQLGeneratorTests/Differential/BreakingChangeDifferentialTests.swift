import Foundation
import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration
import NeonSQLTestSupport

/// `neon-sql-gen breaking` against PostgreSQL: for each migration of a table of safe and breaking
/// ones, the shipped queries (described from the old schema) are PREPAREd by PostgreSQL on the old
/// schema plus the migration. PostgreSQL's verdict (the SQL fails, or returns other column names
/// or types, a non-optional column's table column now allows NULL, a parameter's type no longer
/// accepts what the app sends, or an enum label the app sends is gone) must name exactly the
/// queries the checker names, and both must match the table's expectation.
@Suite("Differential: breaking changes vs PostgreSQL", .serialized, .offCooperativePool)
struct BreakingChangeDifferentialTests {
    static let schema = """
        CREATE TYPE mood AS ENUM ('calm', 'busy');
        CREATE TABLE users (
            id bigint PRIMARY KEY, name text NOT NULL, handle varchar(20) NOT NULL, score integer NOT NULL,
            bio text, mood mood NOT NULL
        );
        CREATE FUNCTION greet(n text) RETURNS text LANGUAGE sql AS $$ SELECT 'hi ' || n $$;
        CREATE TABLE notes (id bigint PRIMARY KEY, body text, pinned boolean NOT NULL DEFAULT false);
        CREATE FUNCTION pinned_notes() RETURNS SETOF notes LANGUAGE sql AS $$ SELECT * FROM notes WHERE pinned $$;
        """

    /// The shipped queries, and the table each one's columns come from (for PostgreSQL's
    /// nullability: `pg_attribute.attnotnull` of the column of the same name).
    static let queries = """
        -- name: GetUser :one
        SELECT * FROM users WHERE id = $1;

        -- name: Names :many
        SELECT name, greet(name) AS greeting FROM users WHERE mood = 'calm';

        -- name: SetMood :exec
        UPDATE users SET mood = @mood WHERE id = @id;

        -- name: Scores :many
        SELECT id, score FROM users WHERE score > @min;

        -- name: Handles :many
        SELECT handle FROM users WHERE handle LIKE @pattern;

        -- name: PinnedBodies :many
        SELECT id, body FROM pinned_notes();
        """

    /// (migration, the queries it breaks).
    static let migrations: [(name: String, sql: String, breaks: Set<String>)] = [
        ("add a nullable column", "ALTER TABLE users ADD COLUMN nick text;", []),
        ("add a NOT NULL column with a default", "ALTER TABLE users ADD COLUMN level integer NOT NULL DEFAULT 1;", []),
        ("add a table and an index", "CREATE TABLE extra (id integer);\nCREATE INDEX users_name ON users (name);", []),
        ("add an enum label", "ALTER TYPE mood ADD VALUE 'sleepy';", []),
        ("widen a varchar", "ALTER TABLE users ALTER COLUMN handle TYPE varchar(40);", []),
        ("SET NOT NULL", "ALTER TABLE users ALTER COLUMN bio SET NOT NULL;", []),
        ("drop a used column", "ALTER TABLE users DROP COLUMN score;", ["getUser", "scores"]),
        ("rename a used column", "ALTER TABLE users RENAME COLUMN name TO full_name;", ["getUser", "names"]),
        ("rename the table", "ALTER TABLE users RENAME TO people;", ["getUser", "names", "setMood", "scores", "handles"]),
        ("drop the table", "DROP TABLE users;", ["getUser", "names", "setMood", "scores", "handles"]),
        ("change a returned column's type", "ALTER TABLE users ALTER COLUMN score TYPE bigint;", ["getUser", "scores"]),
        ("DROP NOT NULL on a returned column", "ALTER TABLE users ALTER COLUMN name DROP NOT NULL;", ["getUser", "names"]),
        ("rename an enum value a query names", "ALTER TYPE mood RENAME VALUE 'calm' TO 'relaxed';", ["names", "setMood"]),
        ("drop a function a query calls", "DROP FUNCTION greet(text);", ["names"]),
        ("change a parameter's type to one that rejects what the app sends", "ALTER TABLE users ALTER COLUMN handle TYPE integer USING 0;", ["getUser", "handles"]),
        // Realistic ones beyond the list.
        ("set a default", "ALTER TABLE users ALTER COLUMN score SET DEFAULT 0;", []),
        ("add a check constraint", "ALTER TABLE users ADD CONSTRAINT score_positive CHECK (score >= 0);", []),
        ("move a column to a domain over its type", "CREATE DOMAIN short_text AS text CHECK (length(VALUE) < 200);\nALTER TABLE users ALTER COLUMN name TYPE short_text;", []),
        ("rename the enum type", "ALTER TYPE mood RENAME TO feeling;", ["getUser", "setMood"]),
        ("recreate a function with another return type", "DROP FUNCTION greet(text);\nCREATE FUNCTION greet(n text) RETURNS varchar LANGUAGE sql AS $$ SELECT 'hi ' || n $$;", ["names"]),
        ("rename a column only one query returns", "ALTER TABLE users RENAME COLUMN bio TO about;", ["getUser"]),
        ("widen a returned integer column", "ALTER TABLE users ALTER COLUMN id TYPE numeric;", ["getUser", "scores"]),
        // A `RETURNS SETOF notes` function's rows are the table's rows as they are now.
        ("drop a column read through a SETOF function", "ALTER TABLE notes DROP COLUMN body;", ["pinnedBodies"]),
        ("add a column to a SETOF function's table", "ALTER TABLE notes ADD COLUMN color text;", []),
        ("change a type read through a SETOF function", "ALTER TABLE notes ALTER COLUMN body TYPE varchar(200);", ["pinnedBodies"]),
    ]

    static func shipped() throws -> DescribeDocument {
        let described = CodeGenerator.describe(schema: [SQLSourceInput(path: "schema/001_init.sql", contents: schema)],
                                               queries: [SQLSourceInput(path: "queries/users.sql", contents: queries)])
        #expect(!described.hasErrors, "\(described.diagnostics)")
        return try JSONDecoder().decode(DescribeDocument.self, from: Data(described.json.utf8))
    }

    @Test func theCheckerNamesTheExpectedQueriesAtTheMigrationStatement() throws {
        let shipped = try Self.shipped()
        for migration in Self.migrations {
            let report = CodeGenerator.breakingChanges(shipped: shipped, schema: [
                SQLSourceInput(path: "schema/001_init.sql", contents: Self.schema),
                SQLSourceInput(path: "schema/002_change.sql", contents: migration.sql),
            ])
            #expect(report.schemaErrors.isEmpty, "\(migration.name): \(report.schemaErrors)")
            let named = Set(report.changes.filter { $0.severity == "error" }.map(\.queryName))
            #expect(named == migration.breaks, "\(migration.name): \(report.changes.map(\.formatted))")
            #expect(report.breaks == !migration.breaks.isEmpty, "\(migration.name)")
            for change in report.changes where change.severity == "error" {
                #expect(change.file == "schema/002_change.sql", "\(migration.name): \(change.formatted)")
            }
        }
    }

    @Test func aNewEnumLabelIsAWarningAtItsStatement() throws {
        let report = CodeGenerator.breakingChanges(shipped: try Self.shipped(), schema: [
            SQLSourceInput(path: "schema/001_init.sql", contents: Self.schema),
            SQLSourceInput(path: "schema/002_change.sql", contents: "ALTER TABLE users ADD COLUMN nick text;\nALTER TYPE mood ADD VALUE 'sleepy';"),
        ])
        #expect(report.changes.map(\.formatted) == [
            "schema/002_change.sql:2:1: warning: getUser (queries/users.sql:1) enum mood has new label 'sleepy' that column \"mood\" can return; this version decodes them as .undocumented",
        ])
        #expect(!report.breaks)
    }

    /// A long migration history (more statements than the checker's catalog checkpoints hold
    /// apart, over several files): each break is placed at the very statement that made it, and
    /// a change undone by a later statement is no break at all.
    @Test func findingsInALongHistoryArePlacedAtTheirStatement() throws {
        var first = ""
        for index in 0..<40 { first += "CREATE TABLE filler_\(index) (id int);\n" }
        first += "DROP FUNCTION greet(text);\n"                             // line 41: breaks names
        for index in 40..<75 { first += "CREATE TABLE filler_\(index) (id int);\n" }
        var second = "ALTER TABLE users ALTER COLUMN score TYPE bigint;\nALTER TABLE users ALTER COLUMN score TYPE integer;\n"
        for index in 75..<110 { second += "CREATE INDEX filler_\(index)_id ON filler_\(index % 75) (id);\n" }
        second += "ALTER TYPE mood ADD VALUE 'sleepy';\n"                    // line 38: a new label
        let report = CodeGenerator.breakingChanges(shipped: try Self.shipped(), schema: [
            SQLSourceInput(path: "schema/001_init.sql", contents: Self.schema),
            SQLSourceInput(path: "schema/002_many.sql", contents: first),
            SQLSourceInput(path: "schema/003_more.sql", contents: second),
        ])
        #expect(report.schemaErrors.isEmpty, "\(report.schemaErrors)")
        let errors = report.changes.filter { $0.severity == "error" }
        #expect(!errors.isEmpty)
        for change in errors {
            #expect(change.queryName == "names" && change.file == "schema/002_many.sql" && change.line == 41, "\(change.formatted)")
        }
        let warnings = report.changes.filter { $0.severity == "warning" }
        #expect(warnings.contains { $0.file == "schema/003_more.sql" && $0.line == 38 && $0.message.contains("sleepy") },
                "\(report.changes.map(\.formatted))")
        #expect(!report.changes.contains { $0.message.contains("score") }, "\(report.changes.map(\.formatted))")
    }

    /// PostgreSQL's verdict for each shipped query on the old schema plus `migration`.
    static func postgresBreaks(_ migration: String, shipped: DescribeDocument, psql: PSQL) throws -> Set<String> {
        let database = "neon_sql_breaking_\(UInt32.random(in: 0...UInt32.max))"
        _ = try psql.run("CREATE DATABASE \(database);")
        defer { _ = try? psql.run("DROP DATABASE IF EXISTS \(database) WITH (FORCE);") }
        _ = try psql.run(schema + "\n" + migration, database: database)
        let notNull = try psql.run("""
            SELECT a.attname || '=' || a.attnotnull FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
            WHERE c.relname IN ('users', 'people') AND a.attnum > 0 AND NOT a.attisdropped;
            """, database: database)
        var columnNotNull: [String: Bool] = [:]
        for line in notNull.split(separator: "\n") {
            let parts = line.split(separator: "=")
            if parts.count == 2 { columnNotNull[String(parts[0])] = parts[1] == "true" || parts[1] == "t" }
        }
        let labels = Set(try psql.run("SELECT enumlabel FROM pg_enum;", database: database).split(separator: "\n").map(String.init))
        var broken: Set<String> = []
        for query in shipped.queries {
            let output: String
            do {
                output = try psql.run("""
                    PREPARE q AS \(query.sql);
                    SELECT coalesce(array_to_string(parameter_types::text[], '|'), '') FROM pg_prepared_statements WHERE name = 'q';
                    \\echo ---columns---
                    \(query.sql)
                    \\gdesc
                    """, database: database)
            } catch {
                broken.insert(query.name)
                continue
            }
            let parts = output.components(separatedBy: "---columns---\n")
            let parameterLine = parts.first?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            let parameterTypes = parameterLine.isEmpty ? [] : parameterLine.components(separatedBy: "|").map(DifferentialChecker.withoutTypmod)
            // `\gdesc` of a statement without a result prints a sentence, not `name|type` lines.
            let columns = (parts.count > 1 ? parts[1] : "").split(separator: "\n").filter { $0.contains("|") }.map { line -> (String, String) in
                let fields = line.split(separator: "|", maxSplits: 1).map(String.init)
                return (fields.first ?? "", DifferentialChecker.withoutTypmod(fields.count > 1 ? fields[1] : ""))
            }
            var isBroken = columns.count != query.columns.count
            for (shippedColumn, (name, type)) in zip(query.columns, columns) {
                if name != shippedColumn.sqlName || type != shippedColumn.pgType { isBroken = true }
                if !shippedColumn.nullable, columnNotNull[name] == false { isBroken = true }
            }
            for parameter in query.params where parameter.index <= parameterTypes.count {
                let now = parameterTypes[parameter.index - 1]
                if !ShippedQueryComparison.accepts(now, valuesOf: parameter.pgType) { isBroken = true }
                if let shippedEnum = shipped.enums?.first(where: { $0.name == parameter.pgType }),
                   !shippedEnum.labels.allSatisfy(labels.contains) { isBroken = true }
            }
            if isBroken { broken.insert(query.name) }
        }
        return broken
    }

    @Test(.enabled(if: PostgresTestEnvironment.shouldRun))
    func postgresAgreesOnEveryMigration() throws {
        let url = try #require(PostgresTestEnvironment.url, "NEON_SQL_TEST_POSTGRES_URL is not set; run Scripts/test.sh")
        let shipped = try Self.shipped()
        let psql = PSQL(url: url)
        var agreed = 0
        for migration in Self.migrations {
            let report = CodeGenerator.breakingChanges(shipped: shipped, schema: [
                SQLSourceInput(path: "schema/001_init.sql", contents: Self.schema),
                SQLSourceInput(path: "schema/002_change.sql", contents: migration.sql),
            ])
            let ours = Set(report.changes.filter { $0.severity == "error" }.map(\.queryName))
            let theirs = try Self.postgresBreaks(migration.sql, shipped: shipped, psql: psql)
            #expect(ours == theirs, "\(migration.name): checker \(ours.sorted()), PostgreSQL \(theirs.sorted())")
            #expect(theirs == migration.breaks, "\(migration.name): PostgreSQL \(theirs.sorted())")
            if ours == theirs { agreed += 1 }
        }
        print("breaking changes: the checker and PostgreSQL agree on \(agreed)/\(Self.migrations.count) migrations")
    }
}
