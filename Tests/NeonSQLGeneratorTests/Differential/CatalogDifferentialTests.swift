import Foundation
import NeonSQLTestSupport
import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

/// Calls every user-callable pg_catalog function and operator once, with exactly cast arguments
/// (polymorphic ones with a representative instance), and checks that the generator resolves
/// each call to the parameter and result types PostgreSQL gives (PREPARE + pg_prepared_statements
/// for parameters, a temporary view over the query with the parameters replaced by typed NULLs
/// for the result). Operators are also called with an untyped right operand (`$1::t op $2`),
/// where PostgreSQL's resolution rules pick the operator and type the parameter.
///
/// Excluded, because no SQL caller can call them with cast arguments: functions and operators
/// taking or returning internal, cstring, trigger, event_trigger, the handler types,
/// pg_ddl_command or opaque (the generator's catalog leaves them out too); arguments of type
/// record, anyenum or anycompatiblenonarray-only pseudo-types without an instance below;
/// hypothetical-set aggregates (rank(...) WITHIN GROUP, whose VARIADIC "any" arguments pair with
/// the ORDER BY list).
@Suite("Differential: built-in catalog vs PostgreSQL", .serialized, .offCooperativePool)
struct CatalogDifferentialTests {
    /// A representative concrete type for each polymorphic pseudo-type.
    static let instances: [String: String] = [
        "anyelement": "integer", "anynonarray": "integer", "anycompatible": "integer", "anycompatiblenonarray": "integer",
        "anyarray": "integer[]", "anycompatiblearray": "integer[]",
        "anyrange": "int4range", "anycompatiblerange": "int4range",
        "anymultirange": "int4multirange", "anycompatiblemultirange": "int4multirange",
        "\"any\"": "text",
    ]

    static let excludedTypes: Set<String> = [
        "internal", "cstring", "trigger", "event_trigger", "language_handler", "fdw_handler", "index_am_handler",
        "tsm_handler", "table_am_handler", "opaque", "pg_ddl_command", "record", "anyenum", "void",
    ]

    /// Whether a `format_type` name is excluded (arrays of excluded types too).
    static func isExcluded(_ type: String) -> Bool {
        excludedTypes.contains(type.hasSuffix("[]") ? String(type.dropLast(2)) : type)
    }

    struct Probe {
        let sql: String
        let parameterCount: Int
    }

    /// The contrib extensions uuid-ossp, pgcrypto and pg_trgm: every function and operator they
    /// own, probed after CREATE EXTENSION on both sides.
    @Test(.enabled(if: PostgresTestEnvironment.shouldRun))
    func contribExtensionCallsAgreeWithPostgreSQL() throws {
        let url = try #require(PostgresTestEnvironment.url, "NEON_SQL_TEST_POSTGRES_URL is not set; run Scripts/test.sh")
        let psql = PSQL(url: url)
        let database = "neon_sql_catalog_ext_\(UInt32.random(in: 0...UInt32.max))"
        _ = try psql.run("CREATE DATABASE \(database);")
        defer { _ = try? psql.run("DROP DATABASE IF EXISTS \(database) WITH (FORCE);") }
        let extensions = ["uuid-ossp", "pgcrypto", "pg_trgm"]
        let schema = extensions.map { "CREATE EXTENSION \"\($0)\";\n" }.joined()
        _ = try psql.run(schema, database: database)
        let probes = try Self.probes(psql: psql, database: database, extensions: extensions)
        #expect(probes.count > 60)
        let theirs = try Self.postgresAnswers(probes, psql: psql, database: database)
        let ours = Self.generatorAnswers(probes, postgresVersion: nil, schema: schema)
        var mismatches: [String] = []
        for (index, probe) in probes.enumerated() where ours[index] != theirs[index] {
            mismatches.append("\(probe.sql)\n    generator: \(ours[index])\n    PostgreSQL: \(theirs[index])")
        }
        print("catalog differential (uuid-ossp, pgcrypto, pg_trgm): \(probes.count - mismatches.count)/\(probes.count) agree")
        #expect(mismatches.isEmpty, "\(mismatches.count) extension calls typed differently:\n\(mismatches.prefix(40).joined(separator: "\n"))")
    }

    @Test(.enabled(if: PostgresTestEnvironment.shouldRun))
    func builtinCallsAgreeWithPostgreSQL() throws {
        let url = try #require(PostgresTestEnvironment.url, "NEON_SQL_TEST_POSTGRES_URL is not set; run Scripts/test.sh")
        let psql = PSQL(url: url)
        let database = "neon_sql_catalog_\(UInt32.random(in: 0...UInt32.max))"
        _ = try psql.run("CREATE DATABASE \(database);")
        defer { _ = try? psql.run("DROP DATABASE IF EXISTS \(database) WITH (FORCE);") }

        let versionText = try psql.run("SHOW server_version_num;", database: database).trimmingCharacters(in: .whitespacesAndNewlines)
        let major = try #require(Int(versionText).map { $0 / 10000 }, "server_version_num: \(versionText)")
        let serverVersion = try psql.run("SHOW server_version;", database: database).trimmingCharacters(in: .whitespacesAndNewlines)
        // The server's catalog decides the probes; what the generator knows of other versions
        // cannot be probed here (Scripts/catalog-differential-16.sh runs this against 16).
        let skipped = Self.overloadsMissing(from: major)
        let probes = try Self.probes(psql: psql, database: database)
        #expect(probes.count > 3000)
        let theirs = try Self.postgresAnswers(probes, psql: psql, database: database)
        // The generator targeting the server's version, and with no version (every version's
        // functions known, the default): both must type every call as the server does.
        let targeted = Self.generatorAnswers(probes, postgresVersion: major)
        let unversioned = Self.generatorAnswers(probes, postgresVersion: nil)

        var agree = 0
        var agreeUnversioned = 0
        var mismatches: [String] = []
        for (index, probe) in probes.enumerated() {
            if targeted[index] == theirs[index] {
                agree += 1
            } else {
                mismatches.append("\(probe.sql)\n    generator (postgresVersion \(major)):  \(targeted[index])\n    PostgreSQL: \(theirs[index])")
            }
            if unversioned[index] == theirs[index] {
                agreeUnversioned += 1
            } else {
                mismatches.append("\(probe.sql)\n    generator (no postgresVersion):  \(unversioned[index])\n    PostgreSQL: \(theirs[index])")
            }
        }
        print("catalog differential: \(agree)/\(probes.count) agree on PostgreSQL \(serverVersion) (postgresVersion \(major); "
              + "without postgresVersion: \(agreeUnversioned)/\(probes.count)); skipped, as this server lacks them: "
              + "\(skipped.functions) function and \(skipped.operators) operator overloads of the generator's catalog")
        for mismatch in mismatches.prefix(60) { Issue.record(Comment(rawValue: mismatch)) }
        #expect(agree == probes.count)
        #expect(agreeUnversioned == probes.count)
    }

    /// The generator's pg_catalog overloads that PostgreSQL `major` does not have (added in a
    /// later version, or removed before it): the probes, read from the server, cannot cover them.
    static func overloadsMissing(from major: Int) -> (functions: Int, operators: Int) {
        let catalog = BuiltinCatalog.shared
        let functions = catalog.functions.values.joined().filter { $0.extensionName == nil && !$0.versions.contains(major) }.count
        let operators = (Array(catalog.operators.values.joined()) + Array(catalog.prefixOperators.values.joined()))
            .filter { $0.extensionName == nil && !$0.versions.contains(major) }.count
        return (functions, operators)
    }

    // MARK: Probes

    /// One query per function overload and per operator, from PostgreSQL's own catalog.
    static func probes(psql: PSQL, database: String, extensions: [String] = []) throws -> [Probe] {
        // pg_catalog's objects, or (with `extensions`) the objects those extensions own.
        let owners = extensions.map { "'\($0)'" }.joined(separator: ", ")
        func owned(_ catalog: String, _ alias: String) -> String {
            "EXISTS (SELECT FROM pg_depend d JOIN pg_extension e ON e.oid = d.refobjid WHERE d.classid = '\(catalog)'::regclass "
                + "AND d.objid = \(alias).oid AND d.deptype = 'e' AND e.extname IN (\(owners)))"
        }
        let functionFilter = extensions.isEmpty
            ? "p.pronamespace = 'pg_catalog'::regnamespace AND p.prokind <> 'p' AND NOT EXISTS (SELECT FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')"
            : "p.prokind <> 'p' AND " + owned("pg_proc", "p")
        let operatorFilter = extensions.isEmpty ? "o.oprnamespace = 'pg_catalog'::regnamespace" : owned("pg_operator", "o")
        let listing = try psql.run("""
            SELECT 'F', p.proname, p.prokind, coalesce(g.aggkind, ''), coalesce(g.aggnumdirectargs, 0),
                   p.provariadic <> 0,
                   coalesce((SELECT string_agg(format_type(a.oid, NULL), ';' ORDER BY a.n)
                             FROM unnest(p.proargtypes::oid[]) WITH ORDINALITY a(oid, n)), ''),
                   format_type(p.prorettype, NULL)
            FROM pg_proc p LEFT JOIN pg_aggregate g ON g.aggfnoid = p.oid
            WHERE \(functionFilter)
            UNION ALL
            SELECT 'O', o.oprname, '', '', 0, false,
                   concat_ws(';', format_type(nullif(o.oprleft, 0), NULL), format_type(o.oprright, NULL)),
                   format_type(o.oprresult, NULL)
            FROM pg_operator o WHERE \(operatorFilter)
            ORDER BY 1, 2, 7;
            """, database: database)
        var probes: [Probe] = []
        for line in listing.split(separator: "\n") {
            let fields = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 8 else { continue }
            let declared = fields[6].isEmpty ? [] : fields[6].components(separatedBy: ";")
            if (declared + [fields[7]]).contains(where: isExcluded) { continue }
            let arguments = declared.map { instances[$0] ?? $0 }
            if fields[0] == "O" {
                let op = fields[1]
                if arguments.count == 1 {
                    probes.append(Probe(sql: "SELECT \(op) $1::\(arguments[0])", parameterCount: 1))
                } else {
                    probes.append(Probe(sql: "SELECT $1::\(arguments[0]) \(op) $2::\(arguments[1])", parameterCount: 2))
                    probes.append(Probe(sql: "SELECT $1::\(arguments[0]) \(op) $2", parameterCount: 2))
                }
                continue
            }
            let name = "\"" + fields[1] + "\""
            let casts = arguments.enumerated().map { "$\($0.offset + 1)::\($0.element)" }
            switch (fields[2], fields[3]) {
            case ("a", "h"):
                continue
            case ("a", "o"):
                let direct = Int(fields[4]) ?? 0
                probes.append(Probe(sql: "SELECT \(name)(\(casts.prefix(direct).joined(separator: ", "))) WITHIN GROUP (ORDER BY \(casts.dropFirst(direct).joined(separator: ", ")))",
                                    parameterCount: casts.count))
            case ("w", _):
                probes.append(Probe(sql: "SELECT \(name)(\(casts.joined(separator: ", "))) OVER ()", parameterCount: casts.count))
            case ("a", _) where casts.isEmpty:
                // count(): PostgreSQL spells the zero-argument aggregate count(*).
                probes.append(Probe(sql: "SELECT \(name)(*)", parameterCount: 0))
            default:
                probes.append(Probe(sql: "SELECT \(name)(\(casts.joined(separator: ", ")))", parameterCount: casts.count))
                guard casts.count > 1 else { break }
                // The first argument typed, the others untyped: resolution by PostgreSQL's rules.
                let untyped = (2...casts.count).map { "$\($0)" }
                probes.append(Probe(sql: "SELECT \(name)(\(([casts[0]] + untyped).joined(separator: ", ")))", parameterCount: casts.count))
            }
        }
        // Every argument untyped, once per name and argument count (when no overload of that
        // name and count is excluded).
        var seen: Set<String> = []
        let functions = listing.split(separator: "\n").map { $0.split(separator: "|", omittingEmptySubsequences: false).map(String.init) }
            .filter { $0.count == 8 && $0[0] == "F" }
        var excludedOverloads: Set<String> = []
        for fields in functions {
            let declared = fields[6].isEmpty ? [] : fields[6].components(separatedBy: ";")
            if (declared + [fields[7]]).contains(where: isExcluded) || fields[2] != "f" { excludedOverloads.insert("\(fields[1])/\(declared.count)") }
        }
        for fields in functions {
            let count = fields[6].isEmpty ? 0 : fields[6].components(separatedBy: ";").count
            let key = "\(fields[1])/\(count)"
            guard count > 0, !excludedOverloads.contains(key), seen.insert(key).inserted else { continue }
            let untyped = (1...count).map { "$\($0)" }.joined(separator: ", ")
            probes.append(Probe(sql: "SELECT \"\(fields[1])\"(\(untyped))", parameterCount: count))
        }
        return Array(Set(probes.map(\.sql))).sorted().compactMap { sql in probes.first { $0.sql == sql } }
    }

    // MARK: PostgreSQL's answers

    /// `parameter types | result type`, or `error` when PostgreSQL rejects the query.
    static func postgresAnswers(_ probes: [Probe], psql: PSQL, database: String) throws -> [String] {
        var script = """
            CREATE FUNCTION pg_temp.neon_probe(query text, parameter_count int) RETURNS text LANGUAGE plpgsql AS $f$
            DECLARE
                types text[];
                body text := query;
                result text;
            BEGIN
                BEGIN
                    EXECUTE 'PREPARE neon_probe_statement AS ' || query;
                EXCEPTION WHEN others THEN
                    RETURN 'error';
                END;
                SELECT array(SELECT format_type(t::regtype, NULL) FROM unnest(parameter_types) t) INTO types
                FROM pg_prepared_statements WHERE name = 'neon_probe_statement';
                DEALLOCATE neon_probe_statement;
                FOR i IN REVERSE parameter_count..1 LOOP
                    body := replace(body, '$' || i, '(NULL::' || types[i] || ')');
                END LOOP;
                BEGIN
                    EXECUTE 'CREATE TEMP VIEW neon_probe_view AS ' || body;
                    SELECT format_type(atttypid, NULL) INTO result FROM pg_attribute
                    WHERE attrelid = 'neon_probe_view'::regclass AND attnum = 1;
                    DROP VIEW neon_probe_view;
                EXCEPTION WHEN others THEN
                    -- A pseudo-type result (void, record, anyelement of a set) cannot be a view column.
                    result := substring(SQLERRM FROM 'has pseudo-type (.*)$');
                    IF result IS NULL THEN RETURN 'view error: ' || SQLERRM; END IF;
                END;
                RETURN array_to_string(types, ', ') || ' -> ' || result;
            END
            $f$;

            """
        for probe in probes {
            script += "SELECT pg_temp.neon_probe($neon$\(probe.sql) AS r$neon$, \(probe.parameterCount));\n"
        }
        let output = try psql.runFile(script, database: database)
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
        try #require(lines.count == probes.count, "psql printed \(lines.count) lines for \(probes.count) probes")
        return lines
    }

    // MARK: The generator's answers

    static func generatorAnswers(_ probes: [Probe], postgresVersion: Int?, schema: String = "") -> [String] {
        var text = ""
        var lineOfProbe: [Int] = []
        var line = 1
        for (index, probe) in probes.enumerated() {
            text += "-- name: Probe\(index) :many\n"
            line += 1
            lineOfProbe.append(line)
            text += probe.sql + " AS r;\n"
            line += 1
        }
        let model = Pipeline.analyze(schemaFiles: schema.isEmpty ? [] : [SourceFile(path: "schema.sql", text: schema)], queryFiles: [SourceFile(path: "probes.sql", text: text)], postgresVersion: postgresVersion)
        let erroneousLines = Set(model.diagnostics.filter { $0.severity == .error }.map(\.line))
        var byName: [String: QueryDescription] = [:]
        for query in model.files.flatMap(\.queries) { byName[query.annotationName] = query }
        return probes.indices.map { index in
            if erroneousLines.contains(lineOfProbe[index]) { return "error" }
            guard let query = byName["Probe\(index)"], let column = query.columns.first else { return "error" }
            let parameters = query.parameters.map(\.type.formatName).joined(separator: ", ")
            return parameters + " -> " + column.type.formatName
        }
    }
}

extension PSQL {
    /// Runs a long script with errors not stopping the run (its input and output go through files,
    /// so no pipe can fill while psql writes).
    func runFile(_ script: String, database: String) throws -> String {
        try CommandRunner.run(["psql", url(database: database), "-X", "-A", "-t", "-q", "-f", "-"], input: script).stdout
    }
}
