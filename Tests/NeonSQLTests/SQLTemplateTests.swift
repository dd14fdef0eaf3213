import Foundation
import Testing
@testable import NeonSQL

/// `SQLTemplate`: the SQL of a query with optional filters, assembled per call.
@Suite("SQL templates")
struct SQLTemplateTests {
    typealias Part = SQLTemplate.Part

    /// `SELECT id FROM duas d WHERE d.title ILIKE $1 AND d.category_id = $2 AND d.xp >= $3 ORDER BY d.id`,
    /// the last two conjuncts optional (switches 0 and 1); `$1` is used again in the select list.
    static let search = SQLTemplate([
        .text("SELECT id, "), .parameter(1), .text("::text AS q FROM duas d\nWHERE "),
        .clause(SQLTemplate.Clause(prefix: [], items: [
            SQLTemplate.Item(switches: [], separator: [], body: [.text("d.title ILIKE "), .parameter(1)]),
            SQLTemplate.Item(switches: [0], separator: [.text("\n  AND ")], body: [.text("d.category_id = "), .parameter(2)]),
            SQLTemplate.Item(switches: [1], separator: [.text("\n  AND ")], body: [.text("d.xp >= "), .parameter(3)]),
        ], whenEmpty: [])),
        .text(" ORDER BY d.id"),
    ].map { $0 }, switchCount: 2)

    @Test func everyVariantRenumbersDenselyAndBindsWhatItSends() {
        let all = Self.search.variant([true, true])
        #expect(all.sql == "SELECT id, $1::text AS q FROM duas d\nWHERE d.title ILIKE $1\n  AND d.category_id = $2\n  AND d.xp >= $3 ORDER BY d.id")
        #expect(all.parameters == [1, 2, 3])
        let onlyXP = Self.search.variant([false, true])
        #expect(onlyXP.sql == "SELECT id, $1::text AS q FROM duas d\nWHERE d.title ILIKE $1\n  AND d.xp >= $2 ORDER BY d.id")
        #expect(onlyXP.parameters == [1, 3])
        let none = Self.search.variant([])
        #expect(none.sql == "SELECT id, $1::text AS q FROM duas d\nWHERE d.title ILIKE $1 ORDER BY d.id")
        #expect(none.parameters == [1])
    }

    @Test func aClauseWhoseConjunctsAreAllLeftOutDisappearsOrBecomesItsEmptyForm() {
        let whereClause = SQLTemplate([
            .text("SELECT 1 FROM t "),
            .clause(SQLTemplate.Clause(prefix: [.text("WHERE ")], items: [
                SQLTemplate.Item(switches: [0], separator: [], body: [.text("a = "), .parameter(2)]),
                SQLTemplate.Item(switches: [0, 1], separator: [.text(" AND ")], body: [.text("b = "), .parameter(1)]),
            ], whenEmpty: [])),
        ], switchCount: 2)
        #expect(whereClause.variant([false, true]).sql == "SELECT 1 FROM t ")
        #expect(whereClause.variant([true, false]) == SQLTemplate.Variant(sql: "SELECT 1 FROM t WHERE a = $1", parameters: [2]))
        // A conjunct naming two optional parameters is sent only when both are given.
        #expect(whereClause.variant([true, true]) == SQLTemplate.Variant(sql: "SELECT 1 FROM t WHERE a = $1 AND b = $2", parameters: [2, 1]))
        let join = SQLTemplate([
            .text("SELECT 1 FROM t JOIN u "),
            .clause(SQLTemplate.Clause(prefix: [.text("ON ")], items: [
                SQLTemplate.Item(switches: [0], separator: [], body: [.text("u.id = "), .parameter(1)]),
            ], whenEmpty: [.text("ON TRUE")])),
        ], switchCount: 1)
        #expect(join.variant([false]).sql == "SELECT 1 FROM t JOIN u ON TRUE")
        #expect(join.variant([true]).sql == "SELECT 1 FROM t JOIN u ON u.id = $1")
    }

    @Test func nestedClausesAndRepeatedCallsAgree() {
        let nested = SQLTemplate([
            .text("SELECT 1 FROM t WHERE EXISTS (SELECT 1 FROM u "),
            .clause(SQLTemplate.Clause(prefix: [.text("WHERE ")], items: [
                SQLTemplate.Item(switches: [], separator: [], body: [.text("u.t = t.id")]),
                SQLTemplate.Item(switches: [0], separator: [.text(" AND ")], body: [.text("u.x = "), .parameter(1)]),
            ], whenEmpty: [])),
            .text(")"),
        ], switchCount: 1)
        for _ in 0..<3 {
            #expect(nested.variant([true]).sql == "SELECT 1 FROM t WHERE EXISTS (SELECT 1 FROM u WHERE u.t = t.id AND u.x = $1)")
            #expect(nested.variant([false]).sql == "SELECT 1 FROM t WHERE EXISTS (SELECT 1 FROM u WHERE u.t = t.id)")
        }
    }

    @Test func concurrentCallsSeeTheSameVariants() async {
        let results = await withTaskGroup(of: SQLTemplate.Variant.self) { group in
            for index in 0..<64 { group.addTask { Self.search.variant([index % 2 == 0, index % 3 == 0]) } }
            var collected: [SQLTemplate.Variant] = []
            for await variant in group { collected.append(variant) }
            return collected
        }
        #expect(Set(results.map(\.sql)).count == 4)
        #expect(results.allSatisfy { $0.parameters.first == 1 })
    }

    @Test func patchKeepsOrSetsIncludingNil() throws {
        let cleared: Patch<String?> = .set(nil)
        #expect(cleared.isSet)
        #expect(cleared.value == .some(nil))
        #expect(Patch<String?>.keep.value == nil)
        #expect(!Patch<Int>.keep.isSet)
        let encoded = try JSONEncoder().encode([Patch<Int>.set(3), .keep])
        #expect(try JSONDecoder().decode([Patch<Int>].self, from: encoded) == [.set(3), .keep])
    }

    @Test func aChoiceSendsTheChosenAlternative() {
        let sorted = SQLTemplate([
            .text("SELECT id FROM duas WHERE xp > "), .parameter(1), .text(" ORDER BY "),
            .choice(0, [[.text("title")], [.text("xp DESC, id")]]),
            .text(", id"),
        ], switchCount: 0)
        #expect(sorted.variant([], choices: [1]).sql == "SELECT id FROM duas WHERE xp > $1 ORDER BY xp DESC, id, id")
        #expect(sorted.variant([]).sql == "SELECT id FROM duas WHERE xp > $1 ORDER BY title, id")
        #expect(sorted.variant([], choices: [7]).sql == "SELECT id FROM duas WHERE xp > $1 ORDER BY title, id")
    }
}
