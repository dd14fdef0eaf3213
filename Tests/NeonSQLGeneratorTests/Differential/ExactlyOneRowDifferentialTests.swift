import Foundation
import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration
import NeonSQLTestSupport

/// The generator's "exactly one row" guarantee (`Analyze/RowCountGuarantee.swift`,
/// `QueryDescription.returnsExactlyOneRow`: a `:one` query with it returns a non-optional row)
/// against PostgreSQL, for RIZQ, the corpus, the golden cases and `Data/exactly_one_row/` (edge
/// cases on both sides of the rule). A guaranteed query PostgreSQL answers with 0 or 2+ rows makes
/// an app's call throw at run time: every such run is a failure.
///
/// Each set's schema is loaded into a throwaway database; every query the generator guarantees
/// (utility statements and queries with errors aside) runs twice, each time in its own session
/// and a transaction that is rolled back, as `PREPARE q(<described types>) AS <sql>;
/// EXECUTE q(...)`:
/// - on the tables as the schema leaves them (empty, or its seed rows);
/// - after filling the tables: `fill.sql` for the dedicated folder; for the other sets a generic
///   filler (``genericFill``) that inserts three rows into every table it can, with a value per
///   column chosen by its type (`1`, `'x1'`, `true`, a timestamp, `'{}'`, an enum's first label,
///   ...), in several passes so that foreign keys to filled tables hold. Rows a CHECK, a foreign
///   key or a trigger rejects are left out, so some tables stay empty: the summary says how many
///   were filled.
///
/// The arguments are NULL for every parameter; when that errors (a NOT NULL column), sample
/// values of the parameters' types, first ones the filled tables hold, then ones they do not (`neon_sql_test.sample`, ``helpers``); when PREPARE rejects the described types,
/// the types PostgreSQL infers. The rows are counted from psql's footer (`(n rows)`), so an
/// INSERT ... RETURNING runs as written (a `WITH r AS (INSERT ...)` wrapper would refuse a table
/// with DO INSTEAD rules, hiding what they return). A run that errors whatever the arguments is
/// counted as errored (printed with `NEON_SQL_EXACTLY_ONE_ROW_VERBOSE=1`), not a failure.
///
/// `Data/exactly_one_row/` is also checked the other way: ``expectations`` lists, per query,
/// whether the generator must guarantee one row and how many PostgreSQL returns on each run
/// (so the excluded queries are excluded for a reason, and the oracle counts what it claims).
@Suite("Differential: exactly one row vs PostgreSQL", .serialized, .offCooperativePool)
struct ExactlyOneRowDifferentialTests {
    static let dataName = "exactly_one_row"
    static let dataDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Data").appendingPathComponent(dataName)

    static var verbose: Bool { ProcessInfo.processInfo.environment["NEON_SQL_EXACTLY_ONE_ROW_VERBOSE"] == "1" }

    /// The sets checked, by name: `exactly_one_row`, `RIZQ`, `corpus/<schema>`, `golden/<case>`.
    static var setNames: [String] {
        [dataName, "RIZQ"] + CorpusTests.schemas.map { "corpus/\($0)" } + GoldenTests.cases.map { "golden/\($0)" }
    }

    /// What a query of `Data/exactly_one_row/queries.sql` is: on which side of the rule, and the rows
    /// PostgreSQL returns on the empty tables and after `fill.sql` (NULL arguments, or samples when
    /// NULL errors).
    struct Expectation {
        let guaranteed: Bool
        let empty: Int
        let filled: Int
        static func one() -> Expectation { Expectation(guaranteed: true, empty: 1, filled: 1) }
        static func excluded(_ empty: Int, _ filled: Int) -> Expectation { Expectation(guaranteed: false, empty: empty, filled: filled) }
    }

    static let expectations: [String: Expectation] = [
        // An aggregate and no grouping.
        "CountItems": .one(),
        "CountItemsWhere": .one(),
        "SumActivePrices": .one(),
        "MaxPriceNamed": .one(),
        "AllActive": .one(),
        "ItemNames": .one(),
        "JoinedNames": .one(),
        "ItemsJSON": .one(),
        "DistinctPrices": .one(),
        "DistinctAggregate": .one(),
        "WindowOverAggregate": .one(),
        "AggregateOverJoin": .one(),
        "AggregateOrderedByItself": .one(),
        "AggregateWithScalarSubquery": .one(),
        "AggregateOverSetReturningFrom": .one(),
        "AggregateOverUserSetReturningFrom": .one(),
        // No FROM.
        "SelectNow": .one(),
        "SelectOne": .one(),
        "SelectParameter": .one(),
        "SelectScalarSubquery": .one(),
        "SelectExists": .one(),
        "SelectWindowWithoutFrom": .one(),
        // INSERT of one row with RETURNING (InsertEvent's NULL argument violates NOT NULL: a sample runs).
        "InsertItem": .one(),
        "InsertEvent": .one(),
        "InsertNoteDefaults": .one(),
        "InsertUSReading": .one(),
        // Grouping, HAVING, LIMIT, OFFSET, set operations, WITH. GROUP BY () and WITH happen to
        // return one row here; the rule leaves them out (GROUPING SETS can repeat `()`).
        "GroupByActive": .excluded(0, 2),
        "GroupByEmptySet": .excluded(1, 1),
        "GroupingSetsRepeated": .excluded(2, 2),
        "HavingMoreThanOne": .excluded(0, 1),
        "AggregateLimitZero": .excluded(0, 0),
        "AggregateOffsetOne": .excluded(0, 0),
        "AggregateFetchFirstZero": .excluded(0, 0),
        "SelectNowLimitZero": .excluded(0, 0),
        "UnionOfAggregates": .excluded(2, 2),
        "WithAggregate": .excluded(1, 1),
        // Set-returning functions in the select list.
        "AggregateWithGenerateSeries": .excluded(3, 3),
        "AggregateWithUnnest": .excluded(2, 2),
        "AggregateWithUserSetof": .excluded(0, 3),
        "UserSetofWithoutFrom": .excluded(0, 3),
        "UserTableFunctionWithoutFrom": .excluded(0, 3),
        "GenerateSeriesWithoutFrom": .excluded(2, 2),
        // No aggregate at this level; WHERE without FROM.
        "WindowCountOnly": .excluded(0, 3),
        "AggregateOnlyInSubquery": .excluded(0, 3),
        "ConstantFromItems": .excluded(0, 3),
        "SelectOneWhereFalse": .excluded(0, 0),
        "SelectOneWhereParameter": .excluded(0, 0),
        // INSERTs that can return no row or several (InsertItemWithoutReturning returns none).
        "InsertTwoItems": .excluded(2, 2),
        "InsertSelectItems": .excluded(0, 3),
        "InsertCodeOnConflictDoNothing": .excluded(1, 0),
        "InsertGuardedSkipped": .excluded(0, 0),
        "InsertItemWithCTE": .excluded(1, 1),
        "InsertItemWithoutReturning": .excluded(0, 0),
        // A set-returning function in ORDER BY / DISTINCT ON, a trigger on a partition, a DO
        // INSTEAD rule, a scalar user function sharing an aggregate's name.
        "OrderBySetReturning": .excluded(3, 3),
        "AggregateOrderBySetReturning": .excluded(2, 2),
        "DistinctOnSetReturning": .excluded(2, 2),
        "InsertReadingThroughPartitionTrigger": .excluded(0, 0),
        "InsertInboxThroughRule": .excluded(3, 3),
        "UserFunctionNamedLikeAggregate": .excluded(0, 3),
    ]

    // MARK: Tests

    @Test(.enabled(if: PostgresTestEnvironment.shouldRun), arguments: setNames)
    func guaranteedQueriesReturnExactlyOneRow(_ setName: String) throws {
        let url = try #require(PostgresTestEnvironment.url, "NEON_SQL_TEST_POSTGRES_URL is not set; run Scripts/test.sh")
        let set = try Self.load(setName)
        guard let report = try Self.check(set, psql: PSQL(url: url), onlyGuaranteed: true) else { return }
        print("differential (exactly one row, \(setName)): \(report.summary)")
        for violation in report.violations { Issue.record(Comment(rawValue: violation)) }
        if Self.verbose {
            for failure in report.errors { print("  errored: \(failure)") }
        }
        if setName == Self.dataName {
            #expect(report.guaranteed > 0, "no query of the data folder is guaranteed")
            #expect(report.errors.isEmpty, "\(report.errors)")
            #expect(report.runs == 2 * report.guaranteed)
        }
    }

    /// The generator's side of the rule, by name, for every query of the data folder: the excluded
    /// ones must not be guaranteed (their statements can return 0 or 2+ rows), the included ones
    /// must (or the differential above would pass by checking nothing).
    @Test func dataFolderQueriesAreOnTheirSideOfTheRule() throws {
        let set = try Self.load(Self.dataName)
        let model = SwiftTranslator.name(Pipeline.analyze(schemaFiles: set.base.schema, queryFiles: set.base.queries))
        #expect(model.diagnostics.filter { $0.severity == .error }.map(\.formatted) == [])
        let names = model.queries.map(\.query.annotationName)
        #expect(Set(names) == Set(Self.expectations.keys), "queries.sql and `expectations` list different queries")
        for named in model.queries {
            guard let expectation = Self.expectations[named.query.annotationName] else { continue }
            let place = "\(named.query.file):\(named.query.line): \(named.query.annotationName)"
            let guaranteed = named.query.returnsExactlyOneRow
            if expectation.guaranteed && !guaranteed {
                Issue.record("\(place): PostgreSQL returns exactly one row, the generator does not guarantee it")
            } else if !expectation.guaranteed && guaranteed {
                Issue.record("\(place): guaranteed one row, PostgreSQL returns \(expectation.empty) (empty tables) / \(expectation.filled) (after fill.sql)")
            }
        }
    }

    /// PostgreSQL's row counts for every query of the data folder, guaranteed or not, are the ones
    /// `expectations` lists: the excluded queries really return 0 or 2+ rows somewhere (the
    /// trigger returning NULL skips the row), and the oracle counts rows as it claims.
    @Test(.enabled(if: PostgresTestEnvironment.shouldRun))
    func postgreSQLReturnsTheRowsTheDataFolderExpects() throws {
        let url = try #require(PostgresTestEnvironment.url, "NEON_SQL_TEST_POSTGRES_URL is not set; run Scripts/test.sh")
        let set = try Self.load(Self.dataName)
        let report = try #require(try Self.check(set, psql: PSQL(url: url), onlyGuaranteed: false))
        #expect(report.errors.isEmpty, "\(report.errors)")
        #expect(report.counts.count == Self.expectations.count)
        for (name, expectation) in Self.expectations {
            let counts = report.counts[name]
            #expect(counts?.empty == expectation.empty, "\(name): PostgreSQL returned \(counts?.empty.map(String.init) ?? "nothing") row(s) on the empty tables, expected \(expectation.empty)")
            #expect(counts?.filled == expectation.filled, "\(name): PostgreSQL returned \(counts?.filled.map(String.init) ?? "nothing") row(s) after fill.sql, expected \(expectation.filled)")
        }
    }

    // MARK: Sets

    /// A set of ``TableEffectsDifferentialTests`` (RIZQ, corpus, golden), or the data folder with its fill.
    static func load(_ name: String) throws -> QuerySet {
        guard name == dataName else { return QuerySet(base: try TableEffectsDifferentialTests.load(name), fill: nil) }
        func file(_ file: String) throws -> SourceFile {
            SourceFile(path: "Differential/Data/\(dataName)/\(file)",
                       text: try String(contentsOf: dataDirectory.appendingPathComponent(file), encoding: .utf8))
        }
        let base = TableEffectsDifferentialTests.QuerySet(name: name, schema: [try file("schema.sql")],
                                                          queries: [try file("queries.sql")], mustLoad: true)
        return QuerySet(base: base, fill: try file("fill.sql").text)
    }

    struct QuerySet {
        let base: TableEffectsDifferentialTests.QuerySet
        /// The rows to add before the second run; nil: ``genericFill``.
        let fill: String?
    }

    // MARK: Checking

    struct Report {
        /// Queries the generator guarantees one row (of those compared).
        var guaranteed = 0
        /// Runs whose rows were counted.
        var runs = 0
        var violations: [String] = []
        /// Runs that errored whatever the arguments.
        var errors: [String] = []
        /// Rows per query name: on the empty tables, after filling (nil: errored).
        var counts: [String: (empty: Int?, filled: Int?)] = [:]
        /// Tables the filling run left with rows, of the set's tables.
        var filledTables = 0
        var tables = 0

        var summary: String {
            "\(guaranteed) queries guaranteed, \(runs) runs, "
                + (violations.isEmpty ? "all 1 row" : "\(violations.count) not 1 row")
                + "; \(errors.count) errored; fill left rows in \(filledTables) of \(tables) tables"
        }
    }

    /// Loads `set`'s schema into a throwaway database and counts the rows of every guaranteed query
    /// (every query with `onlyGuaranteed` false) on both runs; nil when a set that need not load
    /// does not (the reason printed).
    static func check(_ set: QuerySet, psql: PSQL, onlyGuaranteed: Bool) throws -> Report? {
        let model = SwiftTranslator.name(Pipeline.analyze(schemaFiles: set.base.schema, queryFiles: set.base.queries))
        let database = "neon_sql_one_row_\(UInt32.random(in: 0...UInt32.max))"
        _ = try psql.run("CREATE DATABASE \(database);")
        defer { _ = try? psql.run("DROP DATABASE IF EXISTS \(database) WITH (FORCE);") }
        do {
            _ = try psql.run(set.base.schema.map(\.text).joined(separator: "\n;\n"), database: database)
        } catch {
            if set.base.mustLoad { throw error }
            print("differential (exactly one row, \(set.base.name)): skipped, PostgreSQL rejected the schema: \(error)")
            return nil
        }
        _ = try psql.run(helpers, database: database)
        let fill = set.fill ?? genericFill

        var report = Report()
        let coverage = try psql.run("BEGIN;\n\(fill)\n;\n\(tableCoverage)\nROLLBACK;", database: database)
        let fields = coverage.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "|").compactMap { Int($0) }
        if fields.count == 2 { (report.filledTables, report.tables) = (fields[0], fields[1]) }

        let errorLines = model.diagnostics.filter { $0.severity == .error }.map { ($0.file, $0.line) }
        let queries = model.queries
        for (position, named) in queries.enumerated() {
            // A query with an error (the range from its annotation to the next one's) is not run.
            let next = queries.indices.contains(position + 1) && queries[position + 1].query.file == named.query.file
                ? queries[position + 1].query.line : Int.max
            if errorLines.contains(where: { $0.0 == named.query.file && $0.1 >= named.query.line && $0.1 < next }) { continue }
            if named.query.isUtility || (onlyGuaranteed && !named.query.returnsExactlyOneRow) { continue }
            if named.query.returnsExactlyOneRow { report.guaranteed += 1 }
            let place = "\(named.query.file):\(named.query.line): \(named.query.annotationName)"
            let statement = RowCountStatement(named)
            var counts: (empty: Int?, filled: Int?) = (nil, nil)
            for filled in [false, true] {
                let state = filled ? "after filling" : "on the schema's tables"
                switch statement.countRows(psql: psql, database: database, before: filled ? fill : "") {
                case .success(let count):
                    let rows = count.rows
                    if filled { counts.filled = rows } else { counts.empty = rows }
                    guard named.query.returnsExactlyOneRow else { continue }
                    report.runs += 1
                    if rows != 1 {
                        report.violations.append("\(place): guaranteed exactly one row, PostgreSQL returned \(rows) \(state) "
                            + "(\(count.described)): \(named.query.sql)")
                    }
                case .failure(let error):
                    report.errors.append("\(place) \(state): \(error)")
                }
            }
            report.counts[named.query.annotationName] = counts
        }
        return report
    }

    /// Created once per database after the schema, in their own schema:
    /// - `neon_sql_test.value(t, i)`: the SQL text (a quoted literal) of the `i`th value of type `t`
    ///   the generic filler inserts: a domain's base type's, an enum's first label, or the first of
    ///   a few literals the type accepts (`i`, `'x' || i`, true, a timestamp, `'{}'`, a range, a
    ///   point, ...); `NULL` when none is accepted. Keys and the foreign keys referencing them get the
    ///   same `i`th value, so that rows of referencing tables find their referenced rows.
    /// - `neon_sql_test.sample(NULL::t, k)`: the value for the `k`th parameter (`value(t, 1 + (k - 1) % 3)`,
    ///   a value the filled tables hold, so that a foreign key and a key of the same row get
    ///   different values), or for `k` above 100 `value(t, k)` (one they do not hold); NULL when
    ///   the type accepts none.
    static let helpers = #"""
        CREATE SCHEMA neon_sql_test;
        CREATE FUNCTION neon_sql_test.value(type_oid oid, i integer) RETURNS text LANGUAGE plpgsql STABLE AS $neon$
        DECLARE
            t pg_catalog.pg_type;
            candidate text;
            ignored text;
        BEGIN
            SELECT * INTO t FROM pg_catalog.pg_type WHERE oid = type_oid;
            IF t.typtype = 'd' THEN
                RETURN neon_sql_test.value(t.typbasetype, i);
            END IF;
            IF t.typtype = 'e' THEN
                RETURN coalesce(quote_literal((SELECT e.enumlabel::text FROM pg_catalog.pg_enum e
                                               WHERE e.enumtypid = type_oid ORDER BY e.enumsortorder LIMIT 1)), 'NULL');
            END IF;
            FOREACH candidate IN ARRAY ARRAY[
                i::text, 'x' || i, 'true', (timestamptz '2024-01-01 12:00:00+00' + make_interval(days => i))::text,
                i || ' days', '{}', md5(i::text)::uuid::text, '10.0.0.' || i, '08:00:2b:01:02:0' || i, '0/' || i,
                '[' || i || ',' || (i + 1) || ')', '[2024-01-0' || i || ',2024-01-0' || (i + 1) || ')',
                '(' || i || ',' || i || ')', '((0,0),(' || i || ',' || i || '))', '<(0,0),' || i || '>', 'a=>' || i]
            LOOP
                BEGIN
                    EXECUTE format('SELECT %L::%s::text', candidate, pg_catalog.format_type(type_oid, NULL)) INTO ignored;
                    RETURN quote_literal(candidate);
                EXCEPTION WHEN others THEN
                    NULL;
                END;
            END LOOP;
            RETURN 'NULL';
        END
        $neon$;
        CREATE FUNCTION neon_sql_test.sample(hint anyelement, slot integer) RETURNS anyelement LANGUAGE plpgsql AS $neon$
        DECLARE
            result hint%TYPE;
        BEGIN
            EXECUTE format('SELECT %s::%s', neon_sql_test.value(pg_catalog.pg_typeof(hint)::oid, CASE WHEN slot > 100 THEN slot ELSE (slot - 1) % 3 + 1 END),
                           pg_catalog.format_type(pg_catalog.pg_typeof(hint)::oid, NULL)) INTO result;
            RETURN result;
        EXCEPTION WHEN others THEN
            RETURN NULL;
        END
        $neon$;
        """#

    /// Three rows into every user table it can (partitioned tables through their root), in three
    /// passes so that a foreign key to a table filled later holds: every column but generated ones
    /// gets `neon_sql_test.value(type, i)` (defaults and identities overridden, so that the
    /// `i`th rows of referencing and referenced tables match). A row PostgreSQL rejects is left out.
    static let genericFill = #"""
        DO $neon$
        DECLARE
            rel record;
            column_list text;
            value_list text;
            has_rows boolean;
        BEGIN
            FOR pass IN 1..3 LOOP
                FOR rel IN
                    SELECT c.oid, c.oid::regclass::text AS name
                    FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
                    WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition
                      AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'neon_sql_test')
                      AND n.nspname NOT LIKE 'pg\_%'
                    ORDER BY 2
                LOOP
                    EXECUTE format('SELECT EXISTS (SELECT 1 FROM %s)', rel.name) INTO has_rows;
                    CONTINUE WHEN has_rows;
                    FOR i IN 1..3 LOOP
                        SELECT string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum),
                               string_agg(neon_sql_test.value(a.atttypid, i), ', ' ORDER BY a.attnum)
                        INTO column_list, value_list
                        FROM pg_catalog.pg_attribute a
                        WHERE a.attrelid = rel.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '';
                        CONTINUE WHEN column_list IS NULL;
                        BEGIN
                            EXECUTE format('INSERT INTO %s (%s) OVERRIDING SYSTEM VALUE VALUES (%s)', rel.name, column_list, value_list);
                        EXCEPTION WHEN others THEN
                            NULL;
                        END;
                    END LOOP;
                END LOOP;
            END LOOP;
        END
        $neon$;
        """#

    /// `filled|tables`: how many user tables (partitioned ones through their root) have rows.
    static let tableCoverage = #"""
        CREATE FUNCTION pg_temp.neon_sql_has_rows(rel regclass) RETURNS boolean LANGUAGE plpgsql AS $neon$
        DECLARE
            result boolean;
        BEGIN
            EXECUTE format('SELECT EXISTS (SELECT 1 FROM %s)', rel) INTO result;
            RETURN result;
        END
        $neon$;
        SELECT count(*) FILTER (WHERE pg_temp.neon_sql_has_rows(c.oid)) || '|' || count(*)
        FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition
          AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'neon_sql_test') AND n.nspname NOT LIKE 'pg\_%';
        """#
}

// MARK: - One statement

/// A query's statement PREPAREd and EXECUTEd, with its rows counted from psql's footer.
struct RowCountStatement {
    let sql: String
    /// The described parameter types in `$n` order (empty when some `$n` is not described).
    let types: [String]
    /// The same, domains as their base types.
    let baseTypes: [String]
    let parameterCount: Int
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The rows counted, with the declaration and arguments they were counted with.
    struct Count {
        let rows: Int
        let declaration: String
        let arguments: String
        var described: String {
            (declaration.isEmpty ? "" : "types \(declaration), ") + "arguments " + (arguments.isEmpty ? "none" : arguments)
        }
    }

    init(_ named: NamedQuery) {
        sql = named.query.sql
        let parameters = named.boundParameters.sorted { $0.index < $1.index }
        parameterCount = parameters.map(\.index).max() ?? 0
        let described = parameters.map { named.query.kind == .copyfrom ? PostgresTypeDescription.array($0.type).formatName : $0.type.formatName }
        types = described.count == parameterCount ? described : []
        // A NOT NULL domain rejects the NULL that names a sample's type: samples are named by the base type.
        let base = parameters.map { named.query.kind == .copyfrom ? PostgresTypeDescription.array($0.type.baseType).formatName : $0.type.baseType.formatName }
        baseTypes = base.count == parameterCount ? base : []
    }

    /// The argument lists tried in order: NULL for every parameter, then a sample of each type.
    var argumentLists: [String] {
        guard parameterCount > 0 else { return [""] }
        let nulls = "(" + Array(repeating: "NULL", count: parameterCount).joined(separator: ", ") + ")"
        guard !baseTypes.isEmpty else { return [nulls] }
        // Values the filled tables hold (a foreign key finds its row), then values they do not hold
        // (a unique key does not conflict).
        func samples(from first: Int) -> String {
            "(" + baseTypes.enumerated().map { "neon_sql_test.sample(NULL::\($0.element), \(first + $0.offset))" }.joined(separator: ", ") + ")"
        }
        return [nulls, samples(from: 1), samples(from: 101)]
    }

    /// The declarations tried in order: the described types, then none (PostgreSQL infers them).
    var declarations: [String] {
        guard parameterCount > 0 else { return [""] }
        return types.isEmpty ? [""] : ["(" + types.joined(separator: ", ") + ")", ""]
    }

    /// The rows the statement returns after `before` ran in the same transaction (rolled back), with
    /// the first declaration and argument list that do not error.
    func countRows(psql: PSQL, database: String, before: String) -> Result<Count, Failure> {
        var reasons: [String] = []
        for declaration in declarations {
            for arguments in argumentLists {
                let script = """
                    BEGIN;
                    SET LOCAL statement_timeout = '60s';
                    \(before)
                    ;
                    PREPARE neon_sql_one\(declaration) AS \(sql);
                    \\pset tuples_only off
                    \\pset footer on
                    \\echo ---neon-rows---
                    EXECUTE neon_sql_one\(arguments);
                    \\echo ---neon-end---
                    ROLLBACK;
                    """
                do {
                    let output = try psql.run(script, database: database)
                    guard let start = output.range(of: "---neon-rows---\n", options: .backwards),
                          let end = output.range(of: "---neon-end---", options: .backwards), start.upperBound <= end.lowerBound else {
                        reasons.append("no markers in psql's output")
                        continue
                    }
                    return .success(Count(rows: Self.rows(inFooterOf: output[start.upperBound..<end.lowerBound]),
                                         declaration: declaration, arguments: arguments))
                } catch {
                    let described = declaration.isEmpty ? "inferred types" : "types \(declaration)"
                    reasons.append("\(described), arguments \(arguments.isEmpty ? "none" : arguments): \(error)"
                        .replacingOccurrences(of: "\n", with: " "))
                }
            }
        }
        return .failure(Failure(description: reasons.joined(separator: "; ")))
    }

    /// The `n` of the last `(n rows)` / `(1 row)` footer line; 0 without one (a statement that
    /// returns no rows at all, such as an INSERT without RETURNING, prints no table).
    static func rows(inFooterOf output: Substring) -> Int {
        var count = 0
        for line in output.split(separator: "\n") where line.hasPrefix("(") && (line.hasSuffix(" rows)") || line.hasSuffix(" row)")) {
            let number = line.dropFirst().prefix { $0.isNumber }
            if let value = Int(number) { count = value }
        }
        return count
    }
}
