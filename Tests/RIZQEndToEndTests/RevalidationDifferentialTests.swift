import Foundation
import NeonSQL
import NeonSQLTestSupport
import Testing

/// Conditional revalidation against PostgreSQL itself: 200 random change sets are applied behind
/// the cache's back (SQL through another client, without the cache), each followed by
/// ``NeonClient/revalidate()``; after every one, each cached query's result must equal a fresh
/// fetch. The tables (made for the run) hold text that PostgreSQL's record output quotes (quotes,
/// backslashes, commas, parentheses, white space, empty strings, NULLs, non-ASCII), numerics,
/// booleans, arrays, JSON and timestamps, so the digest the cache computes from its stored rows
/// must match the one PostgreSQL computes, byte for byte, or a change goes unseen.
@Suite("Revalidation differential", .enabled(if: LocalStack.shouldRun))
struct RevalidationDifferentialTests {
    /// Every query's row: five cells as text (their types are not checked).
    struct Cells: DecodableRow, Equatable {
        static let columns = (1...5).map { ResultColumn("c\($0)", PostgresType(oid: 0, name: "any")) }
        let cells: [String?]
        init(from row: inout RowDecoder) throws {
            var cells: [String?] = []
            for _ in 0..<5 { cells.append(try row.decode(String?.self)) }
            self.cells = cells
        }
    }

    @Test(.deadline(.seconds(600))) func twoHundredRandomChangeSetsLeaveTheCacheEqualToAFreshFetch() async throws {
        let owner = try LocalStack.client()
        let tables = Tables(suffix: String(UUID().uuidString.prefix(8)).lowercased())
        try await tables.create(owner)
        do {
            try await changeAndRevalidate(tables, owner: owner)
        } catch {
            try? await tables.drop(owner)
            throw error
        }
        try await tables.drop(owner)
    }

    private func changeAndRevalidate(_ tables: Tables, owner: NeonClient) async throws {
        let log = RequestEventLog()
        var configuration = owner.configuration
        configuration.cache = QueryCache()
        configuration.requestObserver = { log.append($0) }
        let cached = NeonClient(configuration: configuration)
        let statements = tables.queries()
        for statement in statements { let _: [Cells] = try await cached.execute(statement) }

        var random = SeededRandom(seed: 40)
        var changedRounds = 0
        var refetched = 0
        for round in 1...200 {
            let changes = tables.randomChanges(&random)
            for change in changes { _ = try await owner.execute(Statement<Int>.execRows(name: "Change", sql: change, bindings: Bindings(), readOnly: false)) }
            log.removeAll()
            let report = try await cached.revalidate()
            // Every query is due (max-age zero) and checked by digest; only changed ones move.
            #expect(report.checked.count == statements.count, "round \(round)")
            #expect(report.requests == (report.refetched.isEmpty ? 1 : 2), "round \(round): \(log.events.map(\.queryNames))")
            if changes.isEmpty { #expect(report.refetched.isEmpty, "round \(round): nothing changed, yet \(report.refetched)") }
            if !report.refetched.isEmpty { changedRounds += 1 }
            refetched += report.refetched.count
            for statement in statements {
                let stored: Cached<[Cells]> = try await cached.executeCached(statement.cachePolicy(.cacheOnly))
                let fresh: [Cells] = try await owner.execute(statement.cachePolicy(.networkOnly))
                #expect(stored.value == fresh, "round \(round), \(statement.name) after \(changes)")
                if stored.value != fresh { return }
            }
        }
        // The change sets must exercise both outcomes.
        #expect(changedRounds > 20 && changedRounds < 200, "\(changedRounds) of 200 rounds changed something")
        // And revalidation is selective: far fewer refetches than refetching every query every round.
        #expect(refetched < 200 * statements.count / 2, "\(refetched) results refetched in 200 rounds")
    }

    /// The run's tables and the statements over them.
    struct Tables: Sendable {
        let suffix: String
        var items: String { "revalidation_items_\(suffix)" }
        var groups: String { "revalidation_groups_\(suffix)" }

        func create(_ owner: NeonClient) async throws {
            for sql in [
                "CREATE TABLE \(groups) (id int PRIMARY KEY, name text NOT NULL)",
                """
                CREATE TABLE \(items) (id int PRIMARY KEY, group_id int REFERENCES \(groups), label text NOT NULL,
                    note text, score numeric(10,2), flag boolean, tags text[], data jsonb, at timestamptz, position int NOT NULL)
                """,
                "INSERT INTO \(groups) SELECT g, 'group ' || g FROM generate_series(1, 4) g",
                """
                INSERT INTO \(items) SELECT i, 1 + i % 4, 'item ' || i, CASE WHEN i % 3 = 0 THEN NULL ELSE 'note, (' || i || ')' END,
                    i * 1.5, i % 2 = 0, ARRAY['a', 'b c', NULL], jsonb_build_object('n', i, 's', 'x "y"'),
                    timestamptz '2026-01-01 00:00:00+00' + i * interval '1 hour', i * 10
                FROM generate_series(1, 30) i
                """,
            ] {
                _ = try await owner.execute(Statement<Int>.execRows(name: "Setup", sql: sql, bindings: Bindings(), readOnly: false))
            }
        }

        func drop(_ owner: NeonClient) async throws {
            _ = try await owner.execute(Statement<Int>.execRows(name: "Teardown", sql: "DROP TABLE IF EXISTS \(items), \(groups)",
                                                                bindings: Bindings(), readOnly: false))
        }

        /// Queries of several shapes (every ORDER BY total, so two fetches agree on the order);
        /// max-age zero: every one is due at every revalidation.
        func queries() -> [Statement<[Cells]>] {
            func query(_ name: String, _ sql: String, _ parameters: [(String, PostgresType)] = []) -> Statement<[Cells]> {
                var bindings = Bindings(capacity: parameters.count)
                for (value, type) in parameters { bindings.append(value, as: type) }
                let statement: Statement<[Cells]> = Statement<[Cells]>.many(
                    name: name, sql: sql, bindings: bindings, readOnly: true,
                    tables: TableEffects(reads: ["public.\(items)", "public.\(groups)"]), cacheMaxAge: .zero)
                return statement
            }
            return [
                query("All", "SELECT id, label, note, score, flag FROM \(items) ORDER BY id"),
                query("Rich", "SELECT id, tags, data, at, label || ' ' || coalesce(note, '') FROM \(items) ORDER BY position, id"),
                query("Scored", "SELECT id, score, flag, note, position FROM \(items) WHERE score > $1 ORDER BY score DESC, id LIMIT $2",
                      [("20", .numeric), ("8", .int4)]),
                query("Search", "SELECT id, label, note, $2::text, group_id FROM \(items) WHERE label ILIKE '%' || $1 || '%' ORDER BY id",
                      [("1", .text), ("p\"a,r(a)m\\", .text)]),
                query("Groups", """
                    SELECT g.id, g.name, count(i.id), sum(i.score), string_agg(i.label, ', ' ORDER BY i.id)
                    FROM \(groups) g LEFT JOIN \(items) i ON i.group_id = g.id GROUP BY g.id, g.name ORDER BY g.id
                    """),
                query("One", "SELECT id, label, note, tags, data FROM \(items) WHERE id = $1 -- a trailing comment; with $9\n;",
                      [("7", .int4)]),
                query("Empty", "SELECT id, label, note, flag, at FROM \(items) WHERE label = '' AND flag ORDER BY id"),
                query("Dollar", "SELECT id, $$ $1 ' \" $$, $q$x$q$, label, position FROM \(items) WHERE id <= $1 ORDER BY id",
                      [("3", .int4)]),
            ]
        }

        /// One to three statements changing the tables, or none (an unchanged round).
        func randomChanges(_ random: inout SeededRandom) -> [String] {
            guard random.chance(0.8) else { return [] }
            let texts = ["", " ", "a b", "q\"uote", "back\\slash", "com,ma", "(paren)", "new\nline", "tab\t", "ü ß 漢字 🕌", "NULL", "x"]
            func literal(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }
            var changes: [String] = []
            for _ in 0..<random.int(1...3) {
                let id = random.int(1...35)
                switch random.int(0...7) {
                case 0: changes.append("UPDATE \(items) SET label = \(literal(random.pick(texts))) WHERE id = \(id)")
                case 1: changes.append("UPDATE \(items) SET note = \(random.chance(0.3) ? "NULL" : literal(random.pick(texts))) WHERE id = \(id)")
                case 2: changes.append("UPDATE \(items) SET score = \(random.int(0...9999)) / 100.0, flag = \(random.chance(0.5)) WHERE id = \(id)")
                case 3: changes.append("UPDATE \(items) SET tags = ARRAY[\(literal(random.pick(texts))), NULL], data = jsonb_build_object('k', \(literal(random.pick(texts)))) WHERE id = \(id)")
                case 4: changes.append("UPDATE \(items) SET position = \(random.int(0...400)), at = now() WHERE id = \(id)")
                case 5: changes.append("DELETE FROM \(items) WHERE id = \(id)")
                case 6: changes.append("""
                    INSERT INTO \(items) VALUES (\(id), \(random.int(1...4)), \(literal(random.pick(texts))), NULL, 1.25, NULL, NULL, NULL, NULL, \(random.int(0...400)))
                    ON CONFLICT (id) DO NOTHING
                    """)
                default: changes.append("UPDATE \(groups) SET name = \(literal(random.pick(texts))) WHERE id = \(random.int(1...4))")
                }
            }
            return changes
        }
    }
}
