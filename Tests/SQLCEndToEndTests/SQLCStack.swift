import Foundation
import NeonSQL
import NeonSQLTestSupport

/// The local stack (`Scripts/local-stack.sh start`: PostgreSQL + neon-local) these tests use, as
/// `NEON_LOCAL_ENDPOINT` and `NEON_DATABASE_URL` name it. Under `CI=true` (or
/// `NEON_SQL_REQUIRE_SERVICES=true`) the tests run, and fail, without it.
enum SQLCStack {
    static var endpoint: URL? { TestServices.neonLocalEndpoint.flatMap(URL.init(string:)) }

    static var connectionString: String? { TestServices.databaseURL }

    static var isRequired: Bool { TestServices.areRequired }

    static var shouldRun: Bool { TestServices.shouldRunLocalStack }

    typealias Missing = TestServices.LocalStackMissing

    /// A client of the stack whose every request `observer` records.
    static func client(observer: RequestEventLog) throws -> NeonClient {
        guard let endpoint, let connectionString else { throw Missing() }
        var configuration = try NeonConfiguration(connectionString: connectionString, endpoint: endpoint)
        configuration.requestObserver = { observer.append($0) }
        return NeonClient(configuration: configuration)
    }

    /// Runs `Tests/SQLCQueries/schema/*.sql` through neon-local as one batch (one transaction),
    /// `CREATE TABLE IF NOT EXISTS`: the tables are kept between runs; rows carry their run.
    ///
    /// Suites run in parallel and each creates the tables. Two concurrent `CREATE TABLE IF NOT
    /// EXISTS` of the same table can both pass the existence check and one then fails with 42P07
    /// (or 23505 on `pg_type`), so the batch first takes a transaction-scoped advisory lock: the
    /// second batch waits for the first to commit and then finds the tables there.
    static func createTables(_ client: NeonClient) async throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("SQLCQueries/schema")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".sql") }.sorted()
        var statements = [
            Statement<Void>.exec(name: "LockSchema", sql: "SELECT pg_advisory_xact_lock(hashtext('swift-neon-sql SQLCStack.createTables'))", bindings: Bindings(), readOnly: false)
        ]
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let withoutComments = text.split(separator: "\n").filter { !$0.hasPrefix("--") }.joined(separator: "\n")
            for statement in withoutComments.split(separator: ";") where !statement.allSatisfy(\.isWhitespace) {
                statements.append(Statement<Void>.exec(name: "CreateTable", sql: idempotent(String(statement)), bindings: Bindings(), readOnly: false))
            }
        }
        _ = try await client.batch(statements)
    }

    /// `CREATE TYPE` has no `IF NOT EXISTS`: it runs in a block that ignores an existing type.
    static func idempotent(_ statement: String) -> String {
        let sql = statement.trimmingCharacters(in: .whitespacesAndNewlines)
        guard sql.uppercased().hasPrefix("CREATE TYPE") else { return statement }
        return "DO $create$ BEGIN \(sql); EXCEPTION WHEN duplicate_object THEN NULL; END $create$"
    }
}

