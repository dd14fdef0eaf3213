import Foundation
import NeonSQL
import RIZQQueries
import NeonSQLTestSupport

/// The stack the end-to-end tests talk to: neon-local in front of a real PostgreSQL holding the
/// RIZQ schema and seed data, as `Scripts/local-stack.sh start` sets it up. It exports
/// `NEON_LOCAL_ENDPOINT` and `NEON_DATABASE_URL`; `Scripts/test.sh` does this for the tests.
/// Under `CI=true` (or `NEON_SQL_REQUIRE_SERVICES=true`) the tests run and fail without it.
enum LocalStack {
    static var environment: [String: String] { ProcessInfo.processInfo.environment }

    static var endpoint: URL? { TestServices.neonLocalEndpoint.flatMap(URL.init(string:)) }

    static var connectionString: String? { TestServices.databaseURL }

    static var isRequired: Bool { TestServices.areRequired }

    static var shouldRun: Bool { TestServices.shouldRunLocalStack }

    typealias Missing = TestServices.LocalStackMissing

    static func client() throws -> NeonClient {
        guard let endpoint, let connectionString else { throw Missing() }
        return try NeonClient(connectionString: connectionString, endpoint: endpoint)
    }
}

/// Rows and statements the tests need beyond the app's queries (fixtures and probes).
struct NewUserRow: DecodableRow, Sendable {
    static let columns = [ResultColumn("user_id", .uuid)]
    var userID: UUID
    init(from row: inout RowDecoder) throws { userID = try row.decode(UUID.self) }
}

struct SettingRow: DecodableRow, Sendable {
    static let columns = [ResultColumn("value", .text)]
    var value: String
    init(from row: inout RowDecoder) throws { value = try row.decode(String.self) }
}

enum Fixtures {
    /// A fresh user, so tests never depend on each other or on earlier runs.
    static func newUser(_ client: NeonClient, name: String? = nil) async throws -> UUID {
        var bindings = Bindings(capacity: 2)
        bindings.append(UUID(), as: .uuid)
        bindings.append(name, as: .text)
        let statement: Statement<NewUserRow?> = .one(
            name: "NewUser",
            sql: "INSERT INTO user_profiles (user_id, display_name) VALUES ($1, $2) RETURNING user_id",
            bindings: bindings, readOnly: false)
        guard let row = try await client.execute(statement) else { throw LocalStack.Missing() }
        return row.userID
    }

    static func setting(_ name: String) -> Statement<SettingRow?> {
        var bindings = Bindings(capacity: 1)
        bindings.append(name, as: .text)
        return .one(name: "Setting", sql: "SELECT current_setting($1) AS value", bindings: bindings, readOnly: true)
    }
}
