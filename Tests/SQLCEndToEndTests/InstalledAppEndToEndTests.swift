import Foundation
import NeonSQL
import NeonSQLTestSupport
import SQLCQueries
import Testing

/// An app version already installed keeps working after the migrations a team ships later: its
/// generated code (this target's, from `schema/002_installed_app.sql`) runs through neon-local
/// after `ALTER TYPE ... ADD VALUE` and `ALTER TABLE ... ADD COLUMN` on its table. The new label
/// decodes as `.undocumented(label)`, `SELECT *` still returns exactly the row type's columns (it
/// was sent as a column list), and the table and enum are put back as the schema declares them.
@Suite("Installed app survives schema changes", .serialized, .enabled(if: SQLCStack.shouldRun))
struct InstalledAppEndToEndTests {
    let client: NeonClient
    let queries: Queries
    let run = UUID().uuidString

    init() async throws {
        client = try SQLCStack.client(observer: RequestEventLog())
        queries = Queries(client)
        try await SQLCStack.createTables(client)
    }

    private func exec(_ sql: String) -> Statement<Void> {
        Statement<Void>.exec(name: "Migration", sql: sql, bindings: Bindings(), readOnly: false)
    }

    /// Drops `app_moods` and `app_mood` and creates them as the schema file declares, in one
    /// transaction under the lock `createTables` takes.
    private func recreateAsDeclared() async throws {
        _ = try await client.batch([
            exec("SELECT pg_advisory_xact_lock(hashtext('swift-neon-sql SQLCStack.createTables'))"),
            exec("DROP TABLE IF EXISTS app_moods"),
            exec("DROP TYPE IF EXISTS app_mood"),
            exec("CREATE TYPE app_mood AS ENUM ('calm', 'busy')"),
            exec("CREATE TABLE app_moods (id serial PRIMARY KEY, run text NOT NULL, mood app_mood NOT NULL, history app_mood[] NOT NULL DEFAULT '{}')"),
        ])
    }

    @Test func anAddedEnumLabelAndColumnReachTheInstalledApp() async throws {
        try await recreateAsDeclared()
        do {
            try await queries.addAppMood(run: run, mood: .calm, history: [.calm, .busy])
            // The migrations of a later release; ADD VALUE commits before the label is used.
            _ = try await client.execute(exec("ALTER TYPE app_mood ADD VALUE 'sleepy'"))
            _ = try await client.execute(exec("ALTER TABLE app_moods ADD COLUMN extra_x integer NOT NULL DEFAULT 7"))
            // A newer app version writes the new label (the run is a UUID: a safe literal).
            _ = try await client.execute(exec("INSERT INTO app_moods (run, mood, history) VALUES ('\(run)', 'sleepy', '{sleepy,calm}')"))

            let rows = try await queries.appMoodsOfRun(run: run)
            #expect(rows.map(\.mood) == [.calm, .undocumented("sleepy")])
            #expect(rows.map(\.history) == [[.calm, .busy], [.undocumented("sleepy"), .calm]])
            #expect(AppMood.allCases == [.calm, .busy])

            // The fallback writes its text back.
            try await queries.addAppMood(run: run, mood: .undocumented("sleepy"), history: [.undocumented("sleepy")])
            let last = try #require(try await queries.appMoodsOfRun(run: run).last)
            #expect(last.mood == .undocumented("sleepy"))
            #expect(last.history == [.undocumented("sleepy")])
        } catch {
            try await recreateAsDeclared()
            throw error
        }
        try await recreateAsDeclared()
    }
}
