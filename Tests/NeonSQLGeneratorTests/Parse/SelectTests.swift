import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

extension TableReference {
    var dump: String {
        func aliasText(_ alias: TableAlias?) -> String {
            guard let alias else { return "" }
            let columns = alias.columns.enumerated().map { index, column in
                column.name + (index < alias.columnTypes.count ? " " + alias.columnTypes[index].name : "")
            }
            return " " + alias.name.name + (columns.isEmpty ? "" : "(" + columns.joined(separator: ",") + ")")
        }
        switch self {
        case .table(let name, let alias): return name.dump + aliasText(alias)
        case .subquery(_, let alias, let lateral, _): return (lateral ? "lateral " : "") + "(subquery)" + aliasText(alias)
        case .function(let call, let alias, let lateral, let ordinality, _):
            return (lateral ? "lateral " : "") + call.dump + (ordinality ? " with ordinality" : "") + aliasText(alias)
        case .join(let join):
            let condition: String
            switch join.condition {
            case .on(let e): condition = " on " + e.dump
            case .using(let names): condition = " using(" + names.map(\.name).joined(separator: ",") + ")"
            case .natural: condition = " natural"
            case .none: condition = ""
            }
            return "[\(join.left.dump) \(join.kind.rawValue) \(join.right.dump)\(condition)]"
        case .parenthesized(let inner, let alias): return "(" + inner.dump + ")" + aliasText(alias)
        case .valueFunction(let value, let alias): return "value " + value.dump + aliasText(alias)
        case .rowsFrom(let functions, let alias, let lateral, let ordinality, _):
            let items = functions.map { $0.call.dump + ($0.columnDefinitions.map { " as" + aliasText($0) } ?? "") }
            return (lateral ? "lateral " : "") + "rows from (" + items.joined(separator: ", ") + ")"
                + (ordinality ? " with ordinality" : "") + aliasText(alias)
        }
    }
}

extension SelectTarget {
    var dump: String {
        switch self {
        case .star: return "*"
        case .qualifiedStar(let name, _): return name.dump + ".*"
        case .embed(let name, _): return "sqlc.embed(\(name.name))"
        case .expression(let e, let alias): return e.dump + (alias.map { " as \($0.quoted ? "\"\($0.name)\"" : $0.name)" } ?? "")
        }
    }
}

func targets(_ select: SelectStatement?) -> [String] { core(select)?.targets.map(\.dump) ?? [] }
func from(_ select: SelectStatement?) -> [String] { core(select)?.from.map(\.dump) ?? [] }

@Suite("Parser: SELECT")
struct SelectTests {
    @Test func targetsAndAliases() {
        let select = parseSelect("SELECT *, t.*, a AS x, b y, c \"Quoted Name\", d AS \"col!\", e AS from, date FROM t")
        #expect(targets(select) == ["*", "t.*", "a as x", "b as y", "c as \"Quoted Name\"", "d as \"col!\"", "e as from", "date"])
        #expect(targets(parseSelect("SELECT FROM t")) == [])
        #expect(targets(parseSelect("SELECT 1")) == ["1"])
    }

    @Test func joinsOfEveryKind() {
        let select = parseSelect("""
            SELECT 1 FROM a
            JOIN b ON b.id = a.b_id
            INNER JOIN c USING (id)
            LEFT JOIN d ON true
            LEFT OUTER JOIN e ON true
            RIGHT JOIN f ON true
            FULL OUTER JOIN g ON true
            CROSS JOIN h
            NATURAL JOIN i
            """)
        #expect(from(select) == ["[[[[[[[[a inner b on (= b.id a.b_id)] inner c using(id)] left d on true] left e on true] right f on true] full g on true] cross h] inner i natural]"])
        #expect(from(parseSelect("SELECT 1 FROM a x, public.b AS y, ONLY c, (a JOIN b ON true) AS j")) == [
            "a x", "public.b y", "c", "([a inner b on true]) j",
        ])
    }

    @Test func subqueriesFunctionsAndLateral() {
        let select = parseSelect("""
            SELECT * FROM (SELECT 1) AS s(x), LATERAL (SELECT 2) l, unnest(@ids) AS u(id),
              generate_series(1, 3) WITH ORDINALITY g(v, n), LATERAL jsonb_to_recordset(j) AS r(a int, b text)
            """)
        #expect(from(select) == [
            "(subquery) s(x)", "lateral (subquery) l", "unnest(@ids) u(id)",
            "generate_series(1, 3) with ordinality g(v,n)", "lateral jsonb_to_recordset(j) r(a int,b text)",
        ])
        #expect(from(parseSelect("SELECT * FROM ((SELECT 1)) x")) == ["(subquery) x"])
        #expect(from(parseSelect("SELECT * FROM ((SELECT 1) x JOIN y ON true)")) == ["([(subquery) x inner y on true])"])
    }

    @Test func valueFunctionsAsFromItems() {
        #expect(from(parseSelect("SELECT * FROM CURRENT_DATE, current_timestamp(2) AS t(at), user u, current_schema")) == [
            "value current_date", "value current_timestamp t(at)", "value user u", "value current_schema",
        ])
        // current_schema() is the same function; a qualified name is a table.
        #expect(from(parseSelect("SELECT * FROM current_schema() s, app.user")) == ["value current_schema s", "app.user"])
    }

    @Test func clauses() {
        let select = parseSelect("""
            SELECT DISTINCT ON (a) a, count(*) FROM t
            WHERE a > 1 GROUP BY a, ROLLUP(b), GROUPING SETS ((c), ()) HAVING count(*) > 1
            WINDOW w AS (PARTITION BY a)
            ORDER BY a DESC NULLS FIRST, 2 LIMIT @limit OFFSET 10 FOR UPDATE SKIP LOCKED
            """)
        guard let select, let c = core(select), case .distinctOn(let on) = c.distinct else {
            Issue.record("not parsed")
            return
        }
        #expect(on.map(\.dump) == ["a"])
        #expect(c.whereClause?.dump == "(> a 1)")
        #expect(c.groupBy.map(\.dump) == ["a", "b", "{c}"])
        #expect(c.having?.dump == "(> count(*) 1)")
        #expect(c.windows.map(\.name.name) == ["w"])
        #expect(select.orderBy.map(\.dump) == ["a desc nulls first", "2"])
        #expect(select.limit?.dump == "@limit")
        #expect(select.offset?.dump == "10")
        let fetch = parseSelect("SELECT 1 FROM t OFFSET 5 ROWS FETCH FIRST 3 ROWS ONLY")
        #expect(fetch?.limit?.dump == "3")
        #expect(parseSelect("SELECT 1 FROM t LIMIT ALL")?.limit == nil)
        #expect(core(parseSelect("SELECT DISTINCT a FROM t"))?.distinct == .distinct)
    }

    @Test func setOperations() throws {
        let select = try #require(parseSelect("SELECT 1 UNION ALL SELECT 2 INTERSECT SELECT 3 EXCEPT SELECT 4 ORDER BY 1"))
        guard case .setOperation(.except, let all, let left, _, _) = select.body, !all,
              case .setOperation(.union, true, _, let right, _) = left,
              case .setOperation(.intersect, false, _, _, _) = right else {
            Issue.record("wrong shape: \(select.body)")
            return
        }
        #expect(select.orderBy.count == 1)
        guard let nested = parseSelect("(SELECT 1 LIMIT 1) UNION (SELECT 2)"),
              case .setOperation(.union, false, .nested(let inner), .select, _) = nested.body else {
            Issue.record("nested shape")
            return
        }
        #expect(inner.limit?.dump == "1")
        guard let values = parseSelect("VALUES (1, 'a'), (2, DEFAULT)"), case .values(let rows, _) = values.body else {
            Issue.record("values")
            return
        }
        #expect(rows.map { $0.map(\.dump) } == [["1", "'a'"], ["2", "default"]])
        #expect(from(parseSelect("TABLE users")) == ["users"])
    }

    @Test func commonTableExpressions() throws {
        let select = try #require(parseSelect("""
            WITH RECURSIVE tree(id, parent) AS (
                SELECT id, parent_id FROM nodes WHERE parent_id IS NULL
                UNION ALL
                SELECT n.id, n.parent_id FROM nodes n JOIN tree t ON n.parent_id = t.id
            ) SEARCH DEPTH FIRST BY id SET ordercol,
            moved AS MATERIALIZED (DELETE FROM old_rows WHERE done RETURNING *),
            added AS NOT MATERIALIZED (INSERT INTO log (msg) VALUES ('x') RETURNING id),
            changed AS (UPDATE t SET x = 1 RETURNING x)
            SELECT * FROM tree
            """))
        let with = try #require(select.with)
        #expect(with.recursive)
        #expect(with.tables.map(\.name.name) == ["tree", "moved", "added", "changed"])
        #expect(with.tables[0].columns.map(\.name) == ["id", "parent"])
        guard case .delete = with.tables[1].statement, case .insert = with.tables[2].statement,
              case .update = with.tables[3].statement else {
            Issue.record("data-modifying CTEs")
            return
        }
    }

    @Test func rangesAndLocations() throws {
        let text = "-- name: X :one\nSELECT a\nFROM t  ;"
        let (file, _) = parseFile(text)
        let statement = try #require(file.statements.first)
        #expect(file.source.text(from: statement.range.start.offset, to: statement.range.endOffset) == "SELECT a\nFROM t")
        #expect(statement.range.start.line == 2 && statement.range.start.column == 1)
        guard case .select(let select) = statement.statement else { Issue.record("the statement did not parse as expected"); return }
        #expect(select.location.line == 2)
    }
}
