// The check without a database: the command line, secrets, the comparison, and both ways of
// asking (PostgreSQL 16+ and older) through a transport double that answers like Neon.
import Foundation
import NeonSQL
import NeonSQLGenerator
@testable import NeonSQLSchemaCheck
@testable import NeonSQLGeneratorCLI
@testable import neon_sql_gen
import Testing

/// A fake Neon `/sql` endpoint: each request's statements (SQL texts) in, a JSON body out.
struct FakeNeon: NeonTransport {
    let respond: @Sendable (_ statements: [String]) -> (status: Int, body: String)

    func send(_ request: NeonHTTPRequest) async throws -> NeonHTTPResponse {
        let object = try JSONSerialization.jsonObject(with: request.body) as? [String: Any] ?? [:]
        let statements: [String]
        if let queries = object["queries"] as? [[String: Any]] {
            statements = queries.compactMap { $0["query"] as? String }
        } else {
            statements = [object["query"] as? String ?? ""]
        }
        let (status, body) = respond(statements)
        return NeonHTTPResponse(status: status, body: Data(body.utf8))
    }

    /// `{"fields": [...], "rows": [[...]]}` with text[] columns.
    static func result(_ columns: [(String, UInt32)], rows: [[String?]]) -> String {
        let fields = columns.map { #"{"name":"\#($0.0)","dataTypeID":\#($0.1)}"# }.joined(separator: ",")
        let rows = rows.map { row in
            "[" + row.map { cell in cell.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\\\"") + "\"" } ?? "null" }
                .joined(separator: ",") + "]"
        }.joined(separator: ",")
        return #"{"fields":[\#(fields)],"rows":[\#(rows)],"command":"SELECT","rowCount":1,"rowAsArray":true}"#
    }

    static let command = #"{"fields":[],"rows":[],"command":"PREPARE","rowCount":null,"rowAsArray":true}"#

    static func batch(_ results: [String]) -> String { #"{"results":[\#(results.joined(separator: ","))]}"# }

    /// The catalogs' answer to the drift request: `orders` as the schema declares it unless
    /// `totalNullable`, and one enum.
    static func drift(totalNullable: Bool = false, extraColumn: Bool = false) -> String {
        batch([
            result([("table_schema", 25), ("table_name", 25), ("column_name", 25), ("not_null", 16)], rows: [
                ["public", "orders", "id", "t"], ["public", "orders", "total", totalNullable ? "f" : "t"],
                ["public", "orders", "note", "f"],
            ] + (extraColumn ? [["public", "orders", "added", "f"]] : [])),
            result([("type_name", 25), ("labels", 1009)], rows: []),
            result([("domain_name", 25), ("not_null", 16)], rows: []),
        ])
    }

    /// Whether `statements` is the drift request.
    static func isDrift(_ statements: [String]) -> Bool { statements.first?.contains("AS table_schema") == true }
}

private let schema = [SQLSourceInput(path: "db/schema.sql", contents: """
    CREATE TABLE orders (
        id bigint PRIMARY KEY,
        total integer NOT NULL,
        note varchar(200)
    );
    """)]

private let queries = [SQLSourceInput(path: "q/orders.sql", contents: """
    -- name: OrderTotals :many
    SELECT id, total, note FROM orders WHERE id = @id AND total > @minimum;

    -- name: AddOrder :one
    INSERT INTO orders (id, total) VALUES (@id, @total) RETURNING id, total;
    """)]

private let password = "s3cr3t-Pa55word"
private let databaseURL = "postgresql://alice:\(password)@ep-cool-123.us-east-2.aws.neon.tech/neondb?sslmode=require"

/// Collects what `check` writes on stderr.
final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
    var text: String { all.joined(separator: "\n") }
}

@Suite("neon-sql-gen check (no database)")
struct CheckLogicTests {
    // MARK: Command line

    @Test func parsesCheck() throws {
        let command = try GeneratorCommandLine.parse([
            "check", "--database-url", databaseURL, "--endpoint=http://127.0.0.1:4444/sql", "--schema", "db", "queries",
        ])
        #expect(command == .check(CheckOptions(
            schemaPaths: ["db"], queryPaths: ["queries"], databaseURL: databaseURL, endpoint: "http://127.0.0.1:4444/sql")))
        #expect(try GeneratorCommandLine.parse(["help", "check"]) == .help(command: "check"))
        #expect(try GeneratorCommandLine.parse(["check", "--help"]) == .help(command: "check"))
        #expect(GeneratorCommandLine.usage(for: "check").contains("--database-url <connection-string>"))
        #expect(GeneratorCommandLine.usage(for: nil).contains("check "))
    }

    @Test func databaseURLFromTheEnvironmentWhenNotGiven() throws {
        let fromEnvironment = try GeneratorCommandLine.parse(["check", "queries"], environment: ["NEON_DATABASE_URL": databaseURL])
        guard case .check(let options) = fromEnvironment else {
            Issue.record("not a check command")
            return
        }
        #expect(options.databaseURL == databaseURL)
        // An explicit option wins over the environment.
        let other = "postgresql://bob:x@ep-y.aws.neon.tech/db"
        let explicit = try GeneratorCommandLine.parse(["check", "--database-url", other, "queries"],
                                                      environment: ["NEON_DATABASE_URL": databaseURL])
        guard case .check(let explicitOptions) = explicit else {
            Issue.record("not a check command")
            return
        }
        #expect(explicitOptions.databaseURL == other)
    }

    @Test func usageErrorsNeverShowThePassword() {
        let cases: [[String]] = [
            ["check", "--schema", "db", "queries"],
            ["check", "--database-url", "mysql://alice:\(password)@host/db", "queries"],
            ["check", "--database-url", databaseURL, "--database-url", databaseURL, "queries"],
            ["check", "--database-url", databaseURL, "--endpoint", "ftp://x/\(password)", "queries"],
            ["check", "--database-url", databaseURL],
            ["check", "--schema", "db", databaseURL],
            ["check", "--database-url=", "queries"],
            ["check", "--databse-url=\(databaseURL)", "queries"],
        ]
        let expected = [
            "missing required option '--database-url' (or set NEON_DATABASE_URL)",
            "--database-url must be a postgres:// or postgresql:// connection string",
            "option '--database-url' given more than once",
            "--endpoint must be an http:// or https:// URL",
            "no query files or directories given",
            "a query path looks like a URL; pass the connection string with --database-url",
            "option '--database-url' needs a non-empty value",
            "unknown option '--databse-url' for 'check'",
        ]
        for (arguments, message) in zip(cases, expected) {
            do {
                _ = try GeneratorCommandLine.parse(arguments)
                Issue.record("parsed: \(arguments.count) arguments")
            } catch {
                #expect(error.message == message)
                #expect(error.command == "check")
                #expect(!error.message.contains(password))
            }
        }
        let options = CheckOptions(schemaPaths: [], queryPaths: ["q"], databaseURL: databaseURL, endpoint: nil)
        var dumped = ""
        dump(options, to: &dumped)
        for text in [options.description, options.debugDescription, "\(options)", dumped] {
            #expect(!text.contains(password))
        }
    }

    @Test func invalidConnectionStringIsAUsageErrorWithoutThePassword() async {
        for (url, endpoint, message) in [
            ("postgresql://alice:\(password)@/neondb", nil, "invalid --database-url or --endpoint: "),          // no host
            ("postgresql://alice:\(password)@10.0.0.1/neondb", nil, "invalid --database-url or --endpoint: "),  // IP host: endpoint required
            (databaseURL, "http://", "--endpoint must be an http:// or https:// URL with a host"),
        ] as [(String, String?, String)] {
            let lines = Lines()
            let status = await SchemaCheckCommand.run(
                databaseURL: url, endpoint: endpoint, schema: schema, queries: queries,
                transport: FakeNeon { _ in (500, "{}") }, writeError: lines.append)
            guard case .invalidConfiguration(let reported) = status else {
                Issue.record("expected a usage error, got \(status)")
                continue
            }
            #expect(reported.hasPrefix(message), "\(reported)")
            #expect(!reported.contains(password))
            #expect(lines.all.isEmpty)
        }
    }

    @Test func redactorFindsThePassword() {
        #expect(SecretRedactor.password(in: "postgres://u:p%40ss@h/db") == "p%40ss")
        #expect(SecretRedactor.password(in: "postgres://u:a:b@c@h/db?x=@") == "a:b@c")
        #expect(SecretRedactor.password(in: "postgres://u@h/db") == nil)
        let redactor = SecretRedactor(connectionString: "postgres://u:p%40ss@h/db")
        #expect(redactor.redact("x p@ss y p%40ss z") == "x **** y **** z")
        #expect(redactor.redact("url postgres://u:p%40ss@h/db") == "url ****")
    }

    // MARK: Comparison

    @Test func comparisonMessages() {
        let analysis = CodeGenerator.analyzeQueries(schema: schema, queries: queries)
        #expect(!analysis.hasErrors)
        let totals = analysis.queries[0]
        #expect(totals.annotationName == "OrderTotals" && totals.line == 1 && totals.isReadOnly)
        #expect(totals.parameters.map(\.pgType) == ["bigint", "integer"])
        #expect(totals.columns.map(\.pgType) == ["bigint", "integer", "character varying"])

        #expect(SchemaChecker.compare(totals, parameterTypes: ["bigint", "integer"], resultTypes: ["bigint", "integer", "character varying"]).isEmpty)
        let drifted = SchemaChecker.compare(totals, parameterTypes: ["bigint", "numeric"], resultTypes: ["bigint", "numeric", "text"])
        #expect(drifted.map(\.formatted) == [
            "q/orders.sql:1:1: error: OrderTotals: parameter $2 is numeric in the database but integer in the schema files",
            "q/orders.sql:1:1: error: OrderTotals: column \"total\" is numeric in the database but integer in the schema files",
            "q/orders.sql:1:1: error: OrderTotals: column \"note\" is text in the database but character varying in the schema files",
        ])
        let counts = SchemaChecker.compare(totals, parameterTypes: ["bigint"], resultTypes: ["bigint", "integer"])
        #expect(counts.map(\.message) == [
            "OrderTotals: the query has 1 parameter in the database but 2 in the schema files",
            "OrderTotals: the query returns 2 columns in the database but 3 in the schema files",
        ])
    }

    @Test func copyFromParametersAreArraysInTheDatabase() {
        let copy = [SQLSourceInput(path: "q/load.sql", contents: "-- name: LoadOrders :copyfrom\nINSERT INTO orders (id, total) VALUES (@id, @total);\n")]
        let analysis = CodeGenerator.analyzeQueries(schema: schema, queries: copy)
        #expect(!analysis.hasErrors)
        let load = analysis.queries[0]
        #expect(load.kind == .copyfrom)
        #expect(SchemaChecker.compare(load, parameterTypes: ["bigint[]", "integer[]"], resultTypes: []).isEmpty)
        #expect(SchemaChecker.compare(load, parameterTypes: ["bigint[]", "numeric[]"], resultTypes: []).map(\.message) == [
            "LoadOrders: parameter $2 is numeric[] in the database but integer[] in the schema files",
        ])
    }

    // MARK: Drift

    @Test func nullabilityDriftIsAnErrorAtTheColumnAndAnExtraColumnAWarning() async {
        let transport = FakeNeon { statements in
            if FakeNeon.isDrift(statements) { return (200, FakeNeon.drift(totalNullable: true, extraColumn: true)) }
            let first = statements.first ?? ""
            if first.contains("server_version_num") {
                return (200, FakeNeon.batch([FakeNeon.result([("version_num", 23), ("version", 25)], rows: [["160004", "16.4"]])]))
            }
            return (200, FakeNeon.batch([
                FakeNeon.command, FakeNeon.result([("parameter_types", 1009), ("result_types", 1009)], rows: [["{}", "{}"]]), FakeNeon.command,
            ]))
        }
        let lines = Lines()
        let status = await SchemaCheckCommand.run(
            databaseURL: "postgresql://u:secret@db.localtest.me/app", endpoint: "http://127.0.0.1:9/sql", schema: schema,
            queries: [], transport: transport, writeError: lines.append)
        #expect(status == .disagreed)
        #expect(lines.all.filter { $0.hasPrefix("db/") } == [
            "db/schema.sql:1:1: warning: the database's public.orders has a column added that the schema files lack",
            "db/schema.sql:3:5: error: column public.orders.total is NOT NULL in the schema files but nullable in the database: "
                + "generated code treats it as non-optional and fails on a NULL; add NOT NULL there (or drop it here)",
        ])
        let declared = CodeGenerator.declaredSchema(schema: schema)
        #expect(declared.tables.map(\.name) == ["orders"])
        #expect(declared.tables.first?.columns.map(\.isNotNull) == [true, true, false])
    }

    @Test func domainDriftIsComparedToo() {
        let declared = CodeGenerator.declaredSchema(schema: [SQLSourceInput(path: "db/domains.sql", contents: """
            CREATE DOMAIN email AS text NOT NULL;
            CREATE DOMAIN code AS text;
            CREATE DOMAIN gone AS int;
            """)])
        #expect(declared.domains.map(\.name) == ["code", "email", "gone"])
        var email = SchemaDrift.DomainRow(name: "email", notNull: false)
        var code = SchemaDrift.DomainRow(name: "code", notNull: true)
        let lines = SchemaDrift.diagnostics(declared: declared, columns: [], enums: [], domains: [email, code]).map(\.formatted)
        #expect(lines == [
            "db/domains.sql:1:15: error: domain email is NOT NULL in the schema files but not in the database: generated code "
                + "treats its columns as non-optional and fails on a NULL",
            "db/domains.sql:2:15: warning: domain code is NOT NULL in the database but not in the schema files",
            "db/domains.sql:3:15: warning: domain gone does not exist in the database",
        ])
        email = .init(name: "email", notNull: true)
        code = .init(name: "code", notNull: false)
        #expect(SchemaDrift.diagnostics(declared: declared, columns: [], enums: [], domains: [email, code]).count == 1)
    }

    // MARK: Asking, PostgreSQL 16+

    /// A PostgreSQL 16 that agrees with `schema` except that `orders.total` is numeric.
    private func postgres16(seen: Lines) -> FakeNeon {
        FakeNeon { statements in
            if FakeNeon.isDrift(statements) { return (200, FakeNeon.drift()) }
            for statement in statements { seen.append(statement) }
            guard let first = statements.first else { return (400, #"{"message":"empty"}"#) }
            if first.contains("server_version_num") {
                return (200, FakeNeon.batch([FakeNeon.result([("version_num", 23), ("version", 25)], rows: [["160004", "16.4"]])]))
            }
            let types: [String?]
            if first.contains("SELECT id, total, note") {
                types = ["{bigint,numeric}", #"{bigint,numeric,"character varying"}"#]
            } else if first.contains("INSERT INTO orders") {
                types = ["{bigint,numeric}", "{bigint,numeric}"]
            } else {
                return (400, #"{"message":"unexpected statement","code":"XX000"}"#)
            }
            #expect(statements.count == 3)
            #expect(statements[1].contains("result_types::text[]"))
            #expect(statements[2].hasPrefix("DEALLOCATE neon_sql_check_"))
            return (200, FakeNeon.batch([
                FakeNeon.command,
                FakeNeon.result([("parameter_types", 1009), ("result_types", 1009)], rows: [types]),
                FakeNeon.command,
            ]))
        }
    }

    @Test func postgres16UsesResultTypesOfPreparedStatements() async {
        let seen = Lines()
        let lines = Lines()
        let status = await SchemaCheckCommand.run(
            databaseURL: databaseURL, endpoint: nil, schema: schema, queries: queries,
            transport: postgres16(seen: seen), writeError: lines.append)
        #expect(status == .disagreed)
        #expect(lines.all == [
            "q/orders.sql:1:1: error: OrderTotals: parameter $2 is numeric in the database but integer in the schema files",
            "q/orders.sql:1:1: error: OrderTotals: column \"total\" is numeric in the database but integer in the schema files",
            "q/orders.sql:4:1: error: AddOrder: parameter $2 is numeric in the database but integer in the schema files",
            "q/orders.sql:4:1: error: AddOrder: column \"total\" is numeric in the database but integer in the schema files",
            "neon-sql-gen check: 2 queries checked against PostgreSQL 16.4: 2 with types that disagree with the schema files",
        ])
        // Never a zero-row run or anything else: PREPARE, pg_prepared_statements, DEALLOCATE.
        #expect(!seen.text.contains("LIMIT 0"))
        #expect(seen.all.filter { $0.hasPrefix("PREPARE neon_sql_check_") }.count == 2)
    }

    /// A utility statement in a query file (`TRUNCATE`): PostgreSQL cannot PREPARE it and the
    /// check never runs a statement that writes, so it is never sent; a note says so.
    @Test func utilityStatementsAreNotSentAndSaySo() async {
        let seen = Lines()
        let lines = Lines()
        let withUtility = queries + [SQLSourceInput(path: "q/maintenance.sql", contents: """
            -- name: ClearOrders :exec
            /* every order */ TRUNCATE orders;
            """)]
        let status = await SchemaCheckCommand.run(
            databaseURL: databaseURL, endpoint: nil, schema: schema, queries: withUtility,
            transport: postgres16(seen: seen), writeError: lines.append)
        #expect(status == .disagreed)
        #expect(!seen.text.lowercased().contains("truncate"))
        #expect(seen.all.filter { $0.hasPrefix("PREPARE neon_sql_check_") }.count == 2)
        #expect(lines.all.contains(
            "q/maintenance.sql:1:1: note: ClearOrders: not checked: PostgreSQL cannot PREPARE a utility statement, and the check never runs one"))
        #expect(!lines.text.contains("ClearOrders: query fails"))
    }

    @Test func zeroRowRunCanBeForced() async {
        // Forced zero-row path against the same fake: it answers the version and PREPAREs with
        // parameter types only, the zero-row run with fields, and format_type.
        let seen = Lines()
        let transport = FakeNeon { statements in
            if FakeNeon.isDrift(statements) { return (200, FakeNeon.drift()) }
            for statement in statements { seen.append(statement) }
            let first = statements.first ?? ""
            if first.contains("server_version_num") {
                return (200, FakeNeon.batch([FakeNeon.result([("version_num", 23), ("version", 25)], rows: [["160004", "16.4"]])]))
            }
            if first.hasPrefix("PREPARE") {
                #expect(!statements[1].contains("result_types"))
                return (200, FakeNeon.batch([
                    FakeNeon.command, FakeNeon.result([("parameter_types", 1009)], rows: [["{bigint,integer}"]]), FakeNeon.command,
                ]))
            }
            if first.hasPrefix("SELECT * FROM (") {
                #expect(first.hasSuffix(") AS neon_sql_check LIMIT 0"))
                return (200, FakeNeon.batch([FakeNeon.result([("id", 20), ("total", 23), ("note", 25)], rows: [])]))
            }
            if first.contains("format_type") {
                return (200, FakeNeon.batch([FakeNeon.result([("oid", 20), ("name", 25)], rows: [["20", "bigint"], ["23", "integer"], ["25", "text"]])]))
            }
            return (400, #"{"message":"unexpected statement","code":"XX000"}"#)
        }
        let lines = Lines()
        let status = await SchemaCheckCommand.run(
            databaseURL: databaseURL, endpoint: nil, schema: schema, queries: queries,
            transport: transport, resultTypeSource: .zeroRowRun, writeError: lines.append)
        #expect(status == .disagreed)
        #expect(lines.all == [
            "q/orders.sql:1:1: error: OrderTotals: column \"note\" is text in the database but character varying in the schema files",
            "neon-sql-gen check: 2 queries checked against PostgreSQL 16.4: 1 with types that disagree with the schema files",
            "neon-sql-gen check: result types of 1 data-modifying query (AddOrder) not checked: that needs PostgreSQL 16+ "
                + "(pg_prepared_statements.result_types), and the check never runs a statement that writes",
        ])
        // The INSERT is never run, not even wrapped.
        #expect(!seen.all.contains { $0.hasPrefix("SELECT * FROM (") && $0.contains("INSERT") })
    }

    @Test func failingQueryAndRefusedConnection() async {
        let failing = FakeNeon { statements in
            let first = statements.first ?? ""
            if first.contains("server_version_num") {
                return (200, FakeNeon.batch([FakeNeon.result([("version_num", 23), ("version", 25)], rows: [["170002", "17.2"]])]))
            }
            return (400, #"{"message":"column \"note\" does not exist","code":"42703","hint":"Perhaps you meant to reference the column \"orders.notes\"."}"#)
        }
        let lines = Lines()
        let status = await SchemaCheckCommand.run(
            databaseURL: databaseURL, endpoint: nil, schema: schema, queries: [queries[0]],
            transport: failing, writeError: lines.append)
        #expect(status == .disagreed)
        #expect(lines.all.first == "q/orders.sql:1:1: error: OrderTotals: query fails on the database: column \"note\" does not exist "
            + "(hint: Perhaps you meant to reference the column \"orders.notes\".)")
        #expect(lines.all.last == "neon-sql-gen check: 2 queries checked against PostgreSQL 17.2: 2 failing on the database")

        // The proxy refuses the password, and echoes the connection string (a hostile or buggy
        // server): one error, no password.
        let refusing = FakeNeon { _ in (400, #"{"message":"password authentication failed for \#(databaseURL)"}"#) }
        let refused = Lines()
        let refusedStatus = await SchemaCheckCommand.run(
            databaseURL: databaseURL, endpoint: nil, schema: schema, queries: queries,
            transport: refusing, writeError: refused.append)
        #expect(refusedStatus == .disagreed)
        #expect(refused.all.count == 1)
        #expect(refused.text.hasPrefix("neon-sql-gen: error: cannot query the database at https://api.us-east-2.aws.neon.tech/sql: "
            + "the database refused the connection: password authentication failed"))
        #expect(!refused.text.contains(password))
    }
}
