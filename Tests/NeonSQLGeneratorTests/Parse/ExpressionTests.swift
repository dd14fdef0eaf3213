import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

@Suite("Parser: expressions")
struct ExpressionTests {
    @Test func precedenceOfBooleanOperators() {
        #expect(expr("a = 1 OR b = 2 AND c = 3") == "(or (= a 1) (and (= b 2) (= c 3)))")
        #expect(expr("NOT a = b") == "(not (= a b))")
        #expect(expr("NOT a AND b") == "(and (not a) b)")
        #expect(expr("NOT NOT a") == "(not (not a))")
        #expect(expr("a OR b OR c") == "(or (or a b) c)")
        #expect(expr("x BETWEEN 1 AND 2 AND y") == "(and (between x 1 2) y)")
        #expect(expr("x NOT BETWEEN SYMMETRIC 1 + 1 AND 2 * 3") == "(notbetween x (+ 1 1) (* 2 3))")
        #expect(expr("a IS NULL OR b IS NOT NULL") == "(or (isnull a) (isnotnull b))")
        #expect(expr("a = b IS TRUE") == "(is true (= a b))")
        #expect(expr("NOT a IS NULL") == "(not (isnull a))")
        #expect(expr("a ISNULL AND b NOTNULL") == "(and (isnull a) (isnotnull b))")
        #expect(expr("a IS NOT DISTINCT FROM b + 1") == "(isnotdistinct a (+ b 1))")
        #expect(expr("a IS UNKNOWN") == "(is unknown a)")
    }

    /// gram.y reduces a postfix form before it reads on: a `::` after one casts the whole of it
    /// (checked against PostgreSQL 15: `NOT 1 IS NULL::int` fails with "argument of NOT must be
    /// type boolean, not type integer").
    @Test func castAfterPostfixForms() {
        #expect(expr("a NOTNULL::int") == "(cast (isnotnull a) int)")
        #expect(expr("(a NOTNULL)::bool") == "(cast {(isnotnull a)} bool)")
        #expect(expr("a ISNULL::int = 1") == "(= (cast (isnull a) int) 1)")
        #expect(expr("NOT a IS NULL::int") == "(not (cast (isnull a) int))")
        #expect(expr("a = b IS NOT NULL::text") == "(cast (isnotnull (= a b)) text)")
        #expect(expr("a IS TRUE::int") == "(cast (is true a) int)")
        #expect(expr("a IN (1, 2)::int") == "(cast (in a [1, 2]) int)")
        #expect(expr("a = ANY(b)::int") == "(cast (= a any(b)) int)")
        #expect(expr("a COLLATE \"C\"::text") == "(cast (collate a \"C\") text)")
        #expect(expr("a IS NULL IS NULL") == "(isnull (isnull a))")
        #expect(expr("x IS DOCUMENT::int") == "(cast (isdocument x) int)")
        #expect(expr("x IS NOT DOCUMENT") == "(isnotdocument x)")
        #expect(expr("s IS NORMALIZED") == "is_normalized(s)")
        #expect(expr("s IS NOT NFKC NORMALIZED") == "(not is_normalized(s, 'NFKC'))")
    }

    @Test func precedenceOfOperators() {
        #expect(expr("-x::int") == "(- (cast x int))")
        #expect(expr("a || b = c") == "(= (|| a b) c)")
        #expect(expr("a->>'k' = 'v'") == "(= (->> a 'k') 'v')")
        #expect(expr("t.x::text || 'y'") == "(|| (cast t.x text) 'y')")
        #expect(expr("1 + 2 * 3 - 4") == "(- (+ 1 (* 2 3)) 4)")
        #expect(expr("2 ^ 3 ^ 2") == "(^ (^ 2 3) 2)")
        #expect(expr("-2 ^ 2") == "(^ (- 2) 2)")
        #expect(expr("a + b || c") == "(|| (+ a b) c)")
        #expect(expr("a || b + c") == "(|| a (+ b c))")
        #expect(expr("a LIKE b || '%'") == "(like a (|| b '%'))")
        #expect(expr("a < b LIKE c") == "(< a (like b c))")
        #expect(expr("x IN (1, 2) = true") == "(= (in x [1, 2]) true)")
        #expect(expr("data #>> '{a,b}' <> ''") == "(<> (#>> data '{a,b}') '')")
        #expect(expr("tags @> ARRAY['x'] AND ids && @ids") == "(and (@> tags ['x']) (&& ids @ids))")
        #expect(expr("a != b") == "(<> a b)")
        #expect(expr("j ? 'k' OR j ?| ARRAY['a'] OR j ?& ARRAY['b']") == "(or (or (? j 'k') (?| j ['a'])) (?& j ['b']))")
        #expect(expr("a <@ b") == "(<@ a b)")
        #expect(expr("@ -5") == "(@ (- 5))")
        #expect(expr("~ a & b") == "(& (~ a) b)") // prefix Op binds like Op: left associative
        #expect(expr("a[1]::text") == "(cast (subscript a 1) text)")
        #expect(expr("-a[1]") == "(- (subscript a 1))")
        #expect(expr("ts AT TIME ZONE 'UTC' + interval '1 hour'") == "(+ (attimezone ts 'UTC') interval'1 hour')")
        #expect(expr("name COLLATE \"C\" || x") == "(|| (collate name \"C\") x)")
        #expect(expr("a OPERATOR(pg_catalog.+) b * c") == "(pg_catalog.+ a (* b c))")
        #expect(expr("(a + b) * c") == "(* {(+ a b)} c)")
        #expect(expr("a[1:2]") == "(subscript a 1:2)")
        #expect(expr("a[:2]") == "(subscript a _:2)")
        #expect(expr("(row_data).field") == "(field {row_data} field)")
    }

    @Test func quantifiedAndSetPredicates() {
        #expect(expr("$2::integer = ANY(COALESCE(x, ARRAY[]::integer[]))") == "(= (cast $2 integer) any(coalesce(x, (cast [] integer[]))))")
        #expect(expr("id = ANY(@journey_ids)") == "(= id any(@journey_ids))")
        #expect(expr("x <> ALL (SELECT y FROM t)") == "(<> x all(subquery))")
        #expect(expr("x = SOME(arr)") == "(= x any(arr))")
        #expect(expr("x NOT IN (SELECT 1)") == "(notin x subquery)")
        #expect(expr("x IN ((SELECT 1), 2)") == "(in x [(subquery), 2])")
        #expect(expr("name ILIKE ANY(ARRAY['a%'])") == "(~~* name any(['a%']))")
        #expect(expr("name NOT LIKE 'a!%' ESCAPE '!'") == "(not like name 'a!%' escape '!')")
        #expect(expr("name SIMILAR TO '%(b|d)%'") == "(similar name '%(b|d)%')")
        #expect(expr("EXISTS (SELECT 1 FROM t)") == "(exists subquery)")
        #expect(expr("NOT EXISTS (SELECT 1)") == "(not (exists subquery))")
        #expect(expr("(SELECT max(x) FROM t) + 1") == "(+ (subquery) 1)")
        #expect(expr("((SELECT 1) UNION (SELECT 2))") == "(subquery)")
        #expect(expr("((SELECT 1) + 1)") == "{(+ (subquery) 1)}")
        #expect(expr("ARRAY(SELECT id FROM t)") == "array(subquery)")
    }

    @Test func literalsAndConstants() {
        #expect(expr("42") == "42")
        #expect(expr("1.5e3") == "1.5e3")
        #expect(expr("'x'") == "'x'")
        #expect(expr("E'a\\tb'") == "'a\tb'")
        #expect(expr("$$body$$") == "'body'")
        #expect(expr("B'01'") == "bits'b01'")
        #expect(expr("true") == "true")
        #expect(expr("NULL") == "null")
        #expect(expr("DATE '2024-01-01'") == "date'2024-01-01'")
        #expect(expr("INTERVAL '1' DAY") == "interval'1'")
        #expect(expr("interval '1 day' * 3") == "(* interval'1 day' 3)")
        #expect(expr("TIMESTAMP WITH TIME ZONE '2024-01-01 00:00+00'") == "timestamp with time zone'2024-01-01 00:00+00'")
        #expect(expr("timestamptz '2024-01-01'") == "timestamptz'2024-01-01'")
        #expect(expr("double precision '1.5'") == "double precision'1.5'")
        #expect(expr("varchar(3) 'abc'") == "varchar(3)'abc'")
        #expect(expr("CURRENT_DATE - 6") == "(- current_date 6)")
        #expect(expr("CURRENT_TIMESTAMP(3)") == "current_timestamp")
        #expect(expr("LOCALTIME") == "localtime")
        #expect(expr("current_user") == "current_user")
        #expect(expr("current_schema") == "current_schema")
        #expect(expr("current_schema()") == "current_schema()")
        #expect(expr("ARRAY[[1, 2], [3, 4]]") == "[[1, 2], [3, 4]]")
        #expect(expr("ROW(1, 'a')") == "(row 1 'a')")
        #expect(expr("(1, 'a')") == "(row 1 'a')")
    }

    @Test func castsAndTypes() {
        #expect(expr("CAST(x AS numeric(10, 2))") == "(cast x numeric(10,2))")
        #expect(expr("x::double precision") == "(cast x double precision)")
        #expect(expr("x::character varying(20)") == "(cast x character varying(20))")
        #expect(expr("x::timestamp(3) without time zone") == "(cast x timestamp without time zone(3))")
        #expect(expr("x::timestamptz") == "(cast x timestamptz)")
        #expect(expr("x::time with time zone") == "(cast x time with time zone)")
        #expect(expr("x::int[]") == "(cast x int[])")
        #expect(expr("x::int[3][]") == "(cast x int[][])")
        #expect(expr("x::integer ARRAY") == "(cast x integer[])")
        #expect(expr("x::public.mood") == "(cast x public.mood)")
        #expect(expr("x::\"Mood\"") == "(cast x Mood)")
        #expect(expr("x::interval day to second") == "(cast x interval)")
        #expect(expr("x::float(24)") == "(cast x float(24))")
        #expect(expr("x::bit varying(8)") == "(cast x bit varying(8))")
        #expect(expr("x::text::int") == "(cast (cast x text) int)")
    }

    @Test func functionCalls() {
        #expect(expr("count(*)") == "count(*)")
        #expect(expr("count(DISTINCT x)") == "count(distinct x)")
        #expect(expr("pg_catalog.now()") == "pg_catalog.now()")
        #expect(expr("COALESCE(a, b, 0)") == "coalesce(a, b, 0)")
        #expect(expr("NULLIF(a, '')") == "nullif(a, '')")
        #expect(expr("GREATEST(a, b) + LEAST(c, d)") == "(+ greatest(a, b) least(c, d))")
        #expect(expr("array_agg(x ORDER BY y DESC NULLS LAST)") == "array_agg(x order by y desc nulls last)")
        #expect(expr("string_agg(name, ', ' ORDER BY name)") == "string_agg(name, ', ' order by name)")
        #expect(expr("count(*) FILTER (WHERE done)") == "count(*) filter(done)")
        #expect(expr("sum(x) FILTER (WHERE x > 0) OVER (PARTITION BY g ORDER BY d ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)")
            == "sum(x) filter((> x 0)) over(partition g; order d)")
        #expect(expr("row_number() OVER (ORDER BY score DESC)") == "row_number() over(order score desc)")
        #expect(expr("lag(x, 1) OVER w") == "lag(x, 1) over(w)")
        #expect(expr("avg(x) OVER (w RANGE BETWEEN INTERVAL '1 day' PRECEDING AND CURRENT ROW EXCLUDE TIES)") == "avg(x) over(w)")
        #expect(expr("percentile_cont(0.5) WITHIN GROUP (ORDER BY x)") == "percentile_cont(0.5) within group(x)")
        #expect(expr("make_interval(days => 3)") == "make_interval(3)")
        #expect(expr("left(name, 2) || right(name, 1)") == "(|| left(name, 2) right(name, 1))")
        #expect(expr("EXTRACT(EPOCH FROM ts)") == "extract('epoch', ts)")
        #expect(expr("extract(year from d)::int") == "(cast extract('year', d) int)")
        #expect(expr("date_trunc('week', created_at)") == "date_trunc('week', created_at)")
        #expect(expr("SUBSTRING(s FROM 2 FOR 3)") == "substring(s, 2, 3)")
        #expect(expr("substring(s for 3)") == "substring(s, 1, 3)")
        #expect(expr("substring(s, 2)") == "substring(s, 2)")
        #expect(expr("substring(s similar 'a%' escape '#')") == "substring(s, 'a%', '#')")
        #expect(expr("POSITION('b' IN s)") == "position(s, 'b')")
        #expect(expr("TRIM(BOTH 'x' FROM s)") == "btrim(s, 'x')")
        #expect(expr("trim(leading from s)") == "ltrim(s)")
        #expect(expr("trim(trailing ' ' from s)") == "rtrim(s, ' ')")
        #expect(expr("trim(s)") == "btrim(s)")
        #expect(expr("OVERLAY(s PLACING 'x' FROM 2 FOR 1)") == "overlay(s, 'x', 2, 1)")
        #expect(expr("concat_ws(',', VARIADIC arr)") == "concat_ws(',', arr)")
        #expect(expr("\"MyFunc\"(1)") == "\"MyFunc\"(1)")
    }

    @Test func caseForms() {
        #expect(expr("CASE WHEN a THEN 1 WHEN b THEN 2 ELSE 3 END") == "(case (when a 1) (when b 2) (else 3))")
        #expect(expr("CASE x WHEN 1 THEN 'one' END") == "(case x (when 1 'one'))")
        #expect(firstError("SELECT CASE END") == "1:13 expected WHEN, found 'END'")
    }

    @Test func keywordsUsableAsColumnNames() {
        for name in ["date", "name", "level", "source", "context", "position", "type", "value", "key", "time", "user_id",
                     "text", "language", "action", "data", "year", "month", "day", "hour", "filter", "over", "interval",
                     "timestamp", "first", "last", "version", "comment", "role", "status"] {
            #expect(expr("\(name) + 1") == "(+ \(name) 1)", "\(name)")
        }
        #expect(expr("level = level + 1") == "(= level (+ level 1))")
        #expect(expr("t.date") == "t.date")
    }

    @Test func parameters() {
        let (file, diagnostics) = parseFile("SELECT $1, @journey_id, sqlc.arg(user_id), sqlc.narg('Name'), sqlc.arg(\"Q\") FROM t")
        #expect(diagnostics.isEmpty)
        let parameters = file.statements.first?.parameters ?? []
        #expect(parameters.map(\.reference.dump) == ["$1", "@journey_id", "@user_id", "narg(Name)", "@Q"])
        let text = file.source
        #expect(parameters.map { text.text(from: $0.range.start.offset, to: $0.range.endOffset) }
            == ["$1", "@journey_id", "sqlc.arg(user_id)", "sqlc.narg('Name')", "sqlc.arg(\"Q\")"])
        #expect(parameters.map(\.location.column) == [8, 12, 25, 44, 63])
        #expect(firstError("SELECT $0") == "1:8 there is no parameter $0")
    }

    @Test func expressionRangesCoverTheirText() {
        let (file, _) = parseFile("SELECT  lower(a.name) || 'x'  AS n FROM a")
        guard case .select(let select)? = file.statements.first?.statement, case .select(let core) = select.body,
              case .expression(let e, let alias) = core.targets.first else {
            Issue.record("not parsed")
            return
        }
        #expect(file.source.text(from: e.range.start.offset, to: e.range.endOffset) == "lower(a.name) || 'x'")
        #expect(e.location.column == 9)
        #expect(alias?.name == "n")
    }
}
