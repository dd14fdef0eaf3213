import Testing
@testable import NeonSQLGenerator

/// Assignment targets keep their `.field`s and subscripts (INSERT column lists, SET, MERGE), and a
/// recursive query keeps its SEARCH and CYCLE columns: both decide types the analyzer reports.
@Suite("Parser: assignment indirection, SEARCH and CYCLE")
struct AssignmentTargetAndRecursionParserTests {
    /// `a.b[1]` as `.field(b), [1]`: the names and subscript bounds, in order.
    private func describe(_ steps: [AssignmentIndirection]) -> String {
        steps.map { step in
            switch step {
            case .field(let name): ".\(name.name)"
            case .index(let item): "[\(item.lower?.dump ?? "")\(item.isSlice ? ":" : "")\(item.upper?.dump ?? "")]"
            }
        }.joined()
    }

    @Test func insertColumnsKeepFieldsAndSubscripts() {
        guard case .insert(let insert)? = parseStatement("INSERT INTO t (a, addr.city, tags[1], prev[2].zip, tags[1:@n]) VALUES (1, 2, 3, 4, 5)") else {
            Issue.record("the statement did not parse"); return
        }
        #expect(insert.columns.map(\.name) == ["a", "addr", "tags", "prev", "tags"])
        #expect(insert.columnIndirections.map(describe) == ["", ".city", "[1]", "[2].zip", "[1:@n]"])
    }

    @Test func setAndMergeTargetsKeepFieldsAndSubscripts() {
        guard case .update(let update)? = parseStatement("UPDATE t SET addr.city = @c, (addr.zip, tags[@i]) = (@z, @tag), n = 1") else {
            Issue.record("the update did not parse"); return
        }
        #expect(update.set.map { $0.indirections.map(describe) } == [[".city"], [".zip", "[@i]"], [""]])
        guard case .merge(let merge)? = parseStatement("""
            MERGE INTO t USING s ON t.id = s.id
            WHEN MATCHED THEN UPDATE SET addr.city = s.city
            WHEN NOT MATCHED THEN INSERT (id, addr.zip) VALUES (s.id, s.zip)
            """), merge.clauses.count == 2 else { Issue.record("the merge did not parse"); return }
        guard case .update(let set) = merge.clauses[0].action, case .insert(_, let indirections, _, _, _) = merge.clauses[1].action else {
            Issue.record("merge actions"); return
        }
        #expect(set.map { $0.indirections.map(describe) } == [[".city"]])
        #expect(indirections.map(describe) == ["", ".zip"])
    }

    @Test func recursiveQueriesKeepSearchAndCycleColumns() {
        guard let query = parseSelect("""
            WITH RECURSIVE t AS (SELECT 1 AS id UNION ALL SELECT id + 1 FROM t)
              SEARCH BREADTH FIRST BY id SET ord
              CYCLE id SET looped TO 'Y' DEFAULT 'N' USING trail,
            u AS (SELECT 1 AS id UNION ALL SELECT id FROM u) SEARCH DEPTH FIRST BY id SET path_order,
            v AS (SELECT 1 AS id UNION ALL SELECT id FROM v) CYCLE id SET seen USING visited
            SELECT * FROM t
            """), let tables = query.with?.tables, tables.count == 3 else { Issue.record("the query did not parse"); return }
        #expect(tables[0].search?.breadthFirst == true)
        #expect(tables[0].search?.sequenceColumn.name == "ord")
        #expect(tables[0].cycle?.markColumn.name == "looped")
        #expect(tables[0].cycle?.markValue?.dump == "'Y'")
        #expect(tables[0].cycle?.markDefault?.dump == "'N'")
        #expect(tables[0].cycle?.pathColumn.name == "trail")
        #expect(tables[1].search?.breadthFirst == false)
        #expect(tables[1].search?.sequenceColumn.name == "path_order")
        #expect(tables[1].cycle == nil)
        #expect(tables[2].search == nil)
        #expect(tables[2].cycle?.markColumn.name == "seen")
        #expect(tables[2].cycle?.markValue == nil)
        #expect(tables[2].cycle?.pathColumn.name == "visited")
    }
}
