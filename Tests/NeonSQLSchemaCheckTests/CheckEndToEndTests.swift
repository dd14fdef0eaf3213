// `check` against the local stack: neon-local in front of a real PostgreSQL holding the RIZQ
// schema and seed (`eval "$(Scripts/local-stack.sh start)"`, or Scripts/test.sh). Skipped when
// NEON_LOCAL_ENDPOINT/NEON_DATABASE_URL are unset, except under CI=true or
// NEON_SQL_REQUIRE_SERVICES=true, where they fail instead.
import Foundation
import NeonSQL
import NeonSQLGenerator
import NeonSQLSchemaCheck
import Testing
import NeonSQLTestSupport

enum Services {
    static var endpoint: String? { TestServices.neonLocalEndpoint }
    static var databaseURL: String? { TestServices.databaseURL }
    static var isRequired: Bool { TestServices.areRequired }
    static var shouldRun: Bool { TestServices.shouldRunLocalStack }

    typealias Missing = TestServices.LocalStackMissing

    static func stack() throws -> (endpoint: String, databaseURL: String) { try TestServices.localStack() }

    /// The package root (this file is Tests/NeonSQLSchemaCheckTests/CheckEndToEndTests.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `*.sql` files of a directory of the package, by name, with paths relative to the root.
    static func sqlFiles(_ directory: String) throws -> [SQLSourceInput] {
        let url = root.appendingPathComponent(directory)
        return try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".sql") }.sorted().map { name in
            SQLSourceInput(path: directory + "/" + name, contents: try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8))
        }
    }
}

/// The RIZQ schema files with three drifts from the database (which was loaded from the real
/// ones): `duas.repetitions` and `user_profiles.total_xp` say bigint (the database has integer),
/// and `categories` has a column `icon` the database lacks. Plus a query using that column.
enum Drift {
    static func schema() throws -> [SQLSourceInput] {
        try Services.sqlFiles("queries/schema").map { file in
            var text = file.contents
            text = text.replacingOccurrences(of: "repetitions       integer NOT NULL", with: "repetitions       bigint NOT NULL")
            text = text.replacingOccurrences(of: "total_xp         integer NOT NULL", with: "total_xp         bigint NOT NULL")
            text = text.replacingOccurrences(of: "    description text\n);\n\nCREATE TABLE collections",
                                             with: "    description text,\n    icon        text\n);\n\nCREATE TABLE collections")
            return SQLSourceInput(path: file.path, contents: text)
        }
    }

    static let iconQuery = SQLSourceInput(path: "queries/fetch_category_icon.sql", contents: """
        -- name: FetchCategoryIcon :one
        -- The icon of a category: a column the schema files have and the database lacks.
        SELECT id, icon FROM categories WHERE slug = @slug;
        """)

    /// What `check` prints for the drifted schema on PostgreSQL < 16 (the local stack's 15).
    static func expectedLines(version: String) -> [String] {
        [
            "queries/add_my_xp.sql:1:1: error: AddMyXP: parameter $1 is integer in the database but bigint in the schema files",
            "queries/add_xp.sql:1:1: error: AddXP: parameter $1 is integer in the database but bigint in the schema files",
            // `SELECT *` is sent as the schema files' columns: the one the database lacks fails.
            "queries/fetch_categories.sql:1:1: error: FetchCategories: query fails on the database: column categories.icon does not exist",
            "queries/fetch_category_icon.sql:1:1: error: FetchCategoryIcon: query fails on the database: column \"icon\" does not exist",
            "queries/fetch_dua.sql:1:1: error: FetchDua: column \"repetitions\" is integer in the database but bigint in the schema files",
            "queries/fetch_duas.sql:1:1: error: FetchDuas: column \"repetitions\" is integer in the database but bigint in the schema files",
            "queries/fetch_duas_by_category.sql:1:1: error: FetchDuasByCategory: column \"repetitions\" is integer in the database but bigint in the schema files",
            "queries/fetch_duas_for_journeys.sql:1:1: error: FetchDuasForJourneys: column \"repetitions\" is integer in the database but bigint in the schema files",
            "queries/fetch_journey_duas.sql:1:1: error: FetchJourneyDuas: column \"repetitions\" is integer in the database but bigint in the schema files",
            "queries/fetch_my_profile.sql:1:1: error: FetchMyProfile: column \"total_xp\" is integer in the database but bigint in the schema files",
            "queries/fetch_user_profile.sql:1:1: error: FetchUserProfile: column \"total_xp\" is integer in the database but bigint in the schema files",
            // Drift, at the schema line that declares the column.
            "queries/schema/001_content.sql:10:5: warning: column public.categories.icon does not exist in the database",
            "neon-sql-gen check: 30 queries checked against PostgreSQL \(version): 9 with types that disagree with the schema files, 2 failing on the database",
            unchecked,
        ]
    }

    static let unchecked = "neon-sql-gen check: result types of 7 data-modifying queries (AddMyXP, AddXP, PatchProfile, "
        + "PatchProfile (without displayName, lastActiveDate), PatchProfile (without lastActiveDate), PatchProfile (without displayName), "
        + "UpdateDisplayName) not checked: "
        + "that needs PostgreSQL 16+ (pg_prepared_statements.result_types), and the check never runs a statement that writes"
}

@Suite("neon-sql-gen check against neon-local", .enabled(if: Services.shouldRun))
struct CheckEndToEndTests {
    private func serverVersion(_ stack: (endpoint: String, databaseURL: String)) async throws -> (number: Int, text: String) {
        let client = try NeonClient(connectionString: stack.databaseURL, endpoint: URL(string: stack.endpoint))
        struct Row: DecodableRow {
            static let columns = [ResultColumn("n", .int4), ResultColumn("v", .text)]
            let number: Int, text: String
            init(from row: inout RowDecoder) throws { number = try row.decode(Int.self); text = try row.decode(String.self) }
        }
        let rows: [Row] = try await client.execute(.many(name: "ServerVersion",
            sql: "SELECT current_setting('server_version_num')::int4 AS n, current_setting('server_version') AS v",
            bindings: Bindings(), readOnly: true))
        guard let row = rows.first else { throw Services.Missing() }
        return (row.number, row.text.split(separator: " ").first.map(String.init) ?? row.text)
    }

    @Test func nullabilityAndEnumDriftAgainstTheLiveDatabase() async throws {
        let stack = try Services.stack()
        // The schema files say display_name is NOT NULL (the database allows NULL) and time_slot
        // has a label the database lacks.
        let schema = try Services.sqlFiles("queries/schema").map { file in
            SQLSourceInput(path: file.path, contents: file.contents
                .replacingOccurrences(of: "    display_name     text,", with: "    display_name     text NOT NULL,")
                .replacingOccurrences(of: "('morning', 'anytime', 'evening')", with: "('morning', 'anytime', 'evening', 'night')"))
        }
        let lines = Lines()
        let status = await SchemaCheckCommand.run(
            databaseURL: stack.databaseURL, endpoint: stack.endpoint, schema: schema,
            queries: try Services.sqlFiles("queries"), writeError: lines.append)
        #expect(status == .disagreed)
        #expect(lines.all.filter { $0.hasPrefix("queries/schema/") } == [
            "queries/schema/001_content.sql:3:13: warning: enum time_slot has the labels [\"morning\", \"anytime\", \"evening\"] in the "
                + "database but [\"morning\", \"anytime\", \"evening\", \"night\"] in the schema files",
            "queries/schema/002_users.sql:5:5: error: column public.user_profiles.display_name is NOT NULL in the schema files but "
                + "nullable in the database: generated code treats it as non-optional and fails on a NULL; add NOT NULL there (or drop it here)",
        ])
        #expect(!lines.text.contains(CheckEndToEndTests.password(of: stack.databaseURL)))
    }

    @Test func rizqQueriesCheckClean() async throws {
        let stack = try Services.stack()
        let version = try await serverVersion(stack)
        let queries = try Services.sqlFiles("queries")
        #expect(queries.count == 21)
        for source in [ResultTypeSource.automatic, .zeroRowRun] {
            let lines = Lines()
            let status = await SchemaCheckCommand.run(
                databaseURL: stack.databaseURL, endpoint: stack.endpoint, schema: try Services.sqlFiles("queries/schema"),
                queries: queries, resultTypeSource: source, writeError: lines.append)
            print(lines.text)
            #expect(status == .agreed)
            // 21 queries, and 8 more shapes of SearchDuas (@optional, @sort) and PatchProfile (@patch).
            let summary = "neon-sql-gen check: 29 queries checked against PostgreSQL \(version.text): no disagreements"
            if version.number < 160000 || source == .zeroRowRun {
                #expect(lines.all == [summary, Drift.unchecked])
            } else {
                #expect(lines.all == [summary])
            }
        }
    }

    @Test func driftedSchemaIsReportedAtTheQueries() async throws {
        let stack = try Services.stack()
        let version = try await serverVersion(stack)
        let lines = Lines()
        let status = await SchemaCheckCommand.run(
            databaseURL: stack.databaseURL, endpoint: stack.endpoint, schema: try Drift.schema(),
            queries: try Services.sqlFiles("queries") + [Drift.iconQuery], resultTypeSource: .zeroRowRun, writeError: lines.append)
        print(lines.text)
        #expect(status == .disagreed)
        let expected = Drift.expectedLines(version: version.text).sorted()
        #expect(lines.all.sorted() == expected)
        #expect(!lines.text.contains(Self.password(of: stack.databaseURL)))
    }

    @Test func driftedSchemaOnPostgres16ChecksDMLResults() async throws {
        let stack = try Services.stack()
        let version = try await serverVersion(stack)
        guard version.number >= 160000 else { return } // the local stack runs 15: covered by the transport double
        let lines = Lines()
        let status = await SchemaCheckCommand.run(
            databaseURL: stack.databaseURL, endpoint: stack.endpoint, schema: try Drift.schema(),
            queries: try Services.sqlFiles("queries") + [Drift.iconQuery], writeError: lines.append)
        #expect(status == .disagreed)
        #expect(lines.all.contains(
            "queries/add_xp.sql:1:1: error: AddXP: column \"total_xp\" is integer in the database but bigint in the schema files"))
    }

    @Test func checkNeverRunsAStatementThatWrites() async throws {
        // A probe that would insert a recognizable row if it were ever executed, even with every
        // parameter NULL. Concurrent tests do not touch categories, so the count is stable.
        let stack = try Services.stack()
        let client = try NeonClient(connectionString: stack.databaseURL, endpoint: URL(string: stack.endpoint))
        let marker = "check-probe-\(UUID().uuidString.lowercased())"
        let probe = SQLSourceInput(path: "queries/probe.sql", contents: """
            -- name: Probe :one
            INSERT INTO categories (name, slug) VALUES (coalesce(@name, 'probe'), coalesce(@slug, '\(marker)'))
            RETURNING id, slug;
            """)
        struct Count: DecodableRow {
            static let columns = [ResultColumn("n", .int8)]
            let n: Int
            init(from row: inout RowDecoder) throws { n = try row.decode(Int.self) }
        }
        var bindings = Bindings()
        bindings.append(marker, as: .text)
        let probeRows: Statement<Count?> = .one(name: "Test", sql: "SELECT count(*) AS n FROM categories WHERE slug = $1", bindings: bindings, readOnly: true)
        let status = await SchemaCheckCommand.run(
            databaseURL: stack.databaseURL, endpoint: stack.endpoint, schema: try Services.sqlFiles("queries/schema"),
            queries: try Services.sqlFiles("queries") + [probe], writeError: { _ in })
        #expect(status == .agreed)
        #expect(try await client.execute(probeRows)?.n == 0)
    }

    static func password(of url: String) -> String {
        guard let components = URLComponents(string: url), let password = components.password else { return "\u{0}" }
        return password
    }
}
