import Foundation
import NeonSQL

/// Asks PostgreSQL, over Neon's HTTP protocol, what it makes of one statement: its parameter
/// types (and result types on PostgreSQL 16+) from `pg_prepared_statements`, or its result
/// columns from a zero-row run.
///
/// Every request is a batch sent read-only (`START TRANSACTION READ ONLY`): nothing the check
/// sends can write, even a SELECT that calls a function with side effects.
struct DatabaseProbe: Sendable {
    let configuration: NeonConfiguration
    let transport: any NeonTransport

    var client: NeonClient { NeonClient(configuration: configuration, transport: transport) }

    static let readOnly = BatchOptions(readOnly: true)

    // MARK: Server version

    struct VersionRow: DecodableRow {
        static let columns = [ResultColumn("version_num", .int4), ResultColumn("version", .text)]
        let number: Int
        let version: String
        init(from row: inout RowDecoder) throws {
            number = try row.decode(Int.self)
            version = try row.decode(String.self)
        }
    }

    /// `server_version_num` (150008) and `server_version` up to its first space (`15.8`).
    func serverVersion() async throws -> (number: Int, text: String) {
        let statement: Statement<[VersionRow]> = .many(
            name: "CheckServerVersion",
            sql: "SELECT current_setting('server_version_num')::int4 AS version_num, current_setting('server_version') AS version",
            bindings: Bindings(), readOnly: true)
        let (rows) = try await client.batch(statement, options: Self.readOnly)
        guard let row = rows.first else { throw NeonError.malformedResponse("no row for the server version") }
        // `15.8 (Debian 15.8-1.pgdg120+1)` -> `15.8`
        return (row.number, row.version.split(separator: " ").first.map(String.init) ?? row.version)
    }

    // MARK: PREPARE + pg_prepared_statements

    struct ParameterTypesRow: DecodableRow {
        static let columns = [ResultColumn("parameter_types", .array(.text))]
        let parameterTypes: [String]?
        init(from row: inout RowDecoder) throws {
            parameterTypes = try row.decode([String]?.self)
        }
    }

    struct StatementTypesRow: DecodableRow {
        static let columns = [ResultColumn("parameter_types", .array(.text)), ResultColumn("result_types", .array(.text))]
        let parameterTypes: [String]?
        let resultTypes: [String]?
        init(from row: inout RowDecoder) throws {
            parameterTypes = try row.decode([String]?.self)
            resultTypes = try row.decode([String]?.self)
        }
    }

    /// What `pg_prepared_statements` says about a statement. `resultTypes` is nil when not asked
    /// (PostgreSQL < 16) and empty for a statement that returns no rows.
    struct PreparedTypes: Sendable, Equatable {
        var parameterTypes: [String]
        var resultTypes: [String]?
    }

    /// `PREPARE <name> AS <sql>`, reads its row of `pg_prepared_statements`, `DEALLOCATE <name>`:
    /// one batch, so one transaction on one connection, and the statement is gone afterwards.
    /// A prepared statement is not rolled back with a failed transaction, but when PREPARE fails
    /// nothing was prepared, and the rest of the batch cannot fail on its own. The name is unique
    /// per call, so even a statement left on a pooled connection could not collide.
    func preparedTypes(of sql: String, withResultTypes: Bool) async throws -> PreparedTypes {
        let name = Self.uniqueStatementName()
        let prepare: Statement<Void> = .exec(name: "CheckPrepare", sql: "PREPARE \(name) AS\n\(sql)\n", bindings: Bindings(), readOnly: true)
        let deallocate: Statement<Void> = .exec(name: "CheckDeallocate", sql: "DEALLOCATE \(name)", bindings: Bindings(), readOnly: true)
        var bindings = Bindings(capacity: 1)
        bindings.append(name, as: .text)
        if withResultTypes {
            let select: Statement<[StatementTypesRow]> = .many(
                name: "CheckPreparedTypes",
                sql: "SELECT parameter_types::text[] AS parameter_types, result_types::text[] AS result_types "
                    + "FROM pg_prepared_statements WHERE name = $1",
                bindings: bindings, readOnly: true)
            let (_, rows, _) = try await client.batch(prepare, select, deallocate, options: Self.readOnly)
            guard let row = rows.first else { throw NeonError.malformedResponse("the prepared statement is not in pg_prepared_statements") }
            return PreparedTypes(parameterTypes: row.parameterTypes ?? [], resultTypes: row.resultTypes ?? [])
        } else {
            let select: Statement<[ParameterTypesRow]> = .many(
                name: "CheckPreparedTypes",
                sql: "SELECT parameter_types::text[] AS parameter_types FROM pg_prepared_statements WHERE name = $1",
                bindings: bindings, readOnly: true)
            let (_, rows, _) = try await client.batch(prepare, select, deallocate, options: Self.readOnly)
            guard let row = rows.first else { throw NeonError.malformedResponse("the prepared statement is not in pg_prepared_statements") }
            return PreparedTypes(parameterTypes: row.parameterTypes ?? [], resultTypes: nil)
        }
    }

    static func uniqueStatementName() -> String {
        let token = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        return "neon_sql_check_" + String(repeating: "0", count: 16 - token.count) + token
    }

    // MARK: Zero-row run (PostgreSQL < 16)

    /// Runs `SELECT * FROM (<sql>) AS neon_sql_check LIMIT 0` with every parameter NULL and
    /// returns the result's field descriptions, read by the runtime's response reader. The
    /// parameters are sent without types, exactly as for PREPARE, so PostgreSQL infers the same
    /// types; LIMIT 0 stops before the subquery runs; and the batch is read-only. Only for
    /// read-only SELECTs (a data-modifying CTE cannot be nested).
    func zeroRowFields(of sql: String, parameterCount: Int) async throws -> [ResultFieldDescription] {
        var bindings = Bindings(capacity: parameterCount)
        for _ in 0..<parameterCount { bindings.append(String?.none, as: .text) }
        let statement: Statement<[ResultFieldDescription]> = .fieldDescriptions(
            name: "CheckResultFields", sql: "SELECT * FROM (\n\(sql)\n) AS neon_sql_check LIMIT 0", bindings: bindings, readOnly: true)
        let (fields) = try await client.batch(statement, options: Self.readOnly)
        return fields
    }

    struct TypeNameRow: DecodableRow {
        static let columns = [ResultColumn("oid", .int8), ResultColumn("name", .text)]
        let oid: Int
        let name: String
        init(from row: inout RowDecoder) throws {
            oid = try row.decode(Int.self)
            name = try row.decode(String.self)
        }
    }

    /// `format_type(oid, NULL)` of each OID, in one query.
    func typeNames(of oids: Set<UInt32>) async throws -> [UInt32: String] {
        guard !oids.isEmpty else { return [:] }
        var bindings = Bindings(capacity: 1)
        bindings.append("{" + oids.sorted().map(String.init).joined(separator: ",") + "}", as: .text)
        let statement: Statement<[TypeNameRow]> = .many(
            name: "CheckTypeNames", sql: "SELECT o::int8 AS oid, format_type(o, NULL) AS name FROM unnest($1::oid[]) AS o",
            bindings: bindings, readOnly: true)
        let (rows) = try await client.batch(statement, options: Self.readOnly)
        var names: [UInt32: String] = [:]
        for row in rows { if let oid = UInt32(exactly: row.oid) { names[oid] = row.name } }
        return names
    }
}
