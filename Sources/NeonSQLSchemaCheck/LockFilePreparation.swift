import Foundation
import NeonSQL
import NeonSQLGenerator

/// `neon-sql-gen prepare`: asks a live database for PostgreSQL's own description of every query
/// (never the analyzer's) and makes the lock file. Nothing it sends can write: each request is a
/// read-only batch (PREPARE + `pg_prepared_statements` + DEALLOCATE; a zero-row run of a plain
/// SELECT; catalog lookups).
public enum LockFilePreparation {
    /// What `prepare` made.
    public struct Result: Sendable {
        /// The lock file (every query PostgreSQL could describe).
        public let lock: QueryLockFile
        /// One line per query left out, `file:line: Name: why`.
        public let problems: [String]
    }

    /// Describes `queries` against the database.
    ///
    /// - Parameters:
    ///   - command: the command line to record (without the database URL), for stale-entry messages.
    ///   - writeError: receives progress problems (already redacted).
    public static func run(databaseURL: String, endpoint: String?, schema: [SQLSourceInput], queries: [SQLSourceInput],
                           command: String, transport: any NeonTransport = URLSessionTransport.shared) async throws -> Result {
        let redactor = SecretRedactor(connectionString: databaseURL)
        let configuration: NeonConfiguration
        do {
            configuration = try SchemaCheckCommand.makeConfiguration(databaseURL: databaseURL, endpoint: endpoint)
        } catch {
            throw SchemaCheckCommand.ConfigurationError(message: redactor.redact(error.message))
        }
        let probe = DatabaseProbe(configuration: configuration, transport: transport)
        let version: (number: Int, text: String)
        do {
            version = try await probe.serverVersion()
        } catch {
            throw Failure(message: redactor.redact("cannot reach the database: \(SchemaChecker.describe(error))"))
        }
        var entries: [String: LockedQuery] = [:]
        var problems: [String] = []
        for query in CodeGenerator.lockableQueries(queries: queries) where entries[query.name] == nil {
            do {
                entries[query.name] = try await describe(query, probe: probe, serverVersion: version.number)
            } catch let skipped as Skipped {
                problems.append("\(query.file):\(query.line): \(query.name): not described: \(skipped.reason)")
            } catch {
                problems.append(redactor.redact("\(query.file):\(query.line): \(query.name): PostgreSQL cannot prepare it: \(SchemaChecker.describe(error))"))
            }
        }
        let lock = QueryLockFile(command: command, postgresVersion: version.text, schemaHash: QueryFingerprint.schemaHash(of: schema),
                                 queries: entries)
        return Result(lock: lock, problems: problems)
    }

    /// What differs between a lock file and what the database says now, one line each (what
    /// `check --lock` reports): the schema files, and each recorded query's description.
    public static func differences(recorded: QueryLockFile, database: QueryLockFile) -> [String] {
        var lines: [String] = []
        if recorded.schemaHash != database.schemaHash {
            lines.append("the lock file was prepared from other schema files; run `\(recorded.command)`")
        }
        for (name, entry) in recorded.queries.sorted(by: { $0.key < $1.key }) {
            guard let current = database.queries[name] else {
                lines.append("'\(name)' is in the lock file but not described by the database now (removed, or it fails); run prepare again")
                continue
            }
            if current.queryHash != entry.queryHash {
                lines.append("'\(name)' changed since it was prepared; run prepare again")
            } else if current.parameters != entry.parameters || current.columns != entry.columns {
                lines.append("'\(name)' is described differently by the database now (parameters \(current.parameters.map(\.type)), "
                             + "columns \(current.columns.map { "\($0.name) \($0.type)" })); the lock file says parameters "
                             + "\(entry.parameters.map(\.type)), columns \(entry.columns.map { "\($0.name) \($0.type)" })")
            }
        }
        return lines
    }

    /// The lock file as written: JSON with sorted keys, two-space indentation, a final newline.
    public static func encoded(_ lock: QueryLockFile) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(lock)
        data.append(0x0A)
        return data
    }

    /// Reads a lock file.
    public static func decoded(_ data: Data) throws -> QueryLockFile {
        try JSONDecoder().decode(QueryLockFile.self, from: data)
    }

    /// The database could not be asked at all; the message holds no password.
    public struct Failure: Error, Sendable, Hashable {
        public let message: String
    }

    struct Skipped: Error {
        let reason: String
    }

    private static func describe(_ query: LockableQuery, probe: DatabaseProbe, serverVersion: Int) async throws -> LockedQuery {
        let prepared = try await probe.preparedTypes(of: query.sql, withResultTypes: false)
        let parameters = prepared.parameterTypes.enumerated().map { LockedParameter(index: $0.offset + 1, type: $0.element) }
        var columns: [LockedColumn] = []
        if query.isReadOnlyQuery {
            let fields = try await probe.zeroRowFields(of: query.sql, parameterCount: parameters.count)
            let names = try await probe.typeNames(of: Set(fields.map(\.typeOID)))
            let sources = try await probe.columnSources(of: fields.filter { $0.tableOID != 0 && $0.columnNumber > 0 })
            columns = fields.map { field in
                LockedColumn(name: field.name, type: names[field.typeOID] ?? "oid \(field.typeOID)",
                             source: sources[DatabaseProbe.ColumnKey(table: field.tableOID, column: field.columnNumber)])
            }
        } else if query.returnsRowsFromAWrite {
            // A RETURNING list cannot be described without running the write; PREPARE names only
            // the types (PostgreSQL 16+), not the names.
            throw Skipped(reason: "a statement that writes and returns rows cannot be described without running it; "
                          + "the analyzer must type it (report what it cannot read)")
        }
        return LockedQuery(queryHash: query.queryHash, sql: query.sql, parameters: parameters, columns: columns)
    }
}

extension DatabaseProbe {
    /// A table column as a response's field names it.
    struct ColumnKey: Hashable {
        let table: UInt32
        let column: Int
    }

    struct ColumnSourceRow: DecodableRow {
        static let columns = [ResultColumn("attrelid", .int8), ResultColumn("attnum", .int4), ResultColumn("table_name", .text),
                              ResultColumn("attname", .text), ResultColumn("attnotnull", .bool)]
        let table: Int
        let column: Int
        let tableName: String
        let name: String
        let notNull: Bool
        init(from row: inout RowDecoder) throws {
            table = try row.decode(Int.self)
            column = try row.decode(Int.self)
            tableName = try row.decode(String.self)
            name = try row.decode(String.self)
            notNull = try row.decode(Bool.self)
        }
    }

    /// Each field's table column with its NOT NULL (a view's columns are never NOT NULL), in one query.
    func columnSources(of fields: [ResultFieldDescription]) async throws -> [ColumnKey: LockedColumnSource] {
        guard !fields.isEmpty else { return [:] }
        var bindings = Bindings(capacity: 2)
        bindings.append("{" + fields.map { String($0.tableOID) }.joined(separator: ",") + "}", as: .text)
        bindings.append("{" + fields.map { String($0.columnNumber) }.joined(separator: ",") + "}", as: .text)
        let statement: Statement<[ColumnSourceRow]> = .many(
            name: "PrepareColumnSources",
            sql: "SELECT a.attrelid::int8 AS attrelid, a.attnum::int4 AS attnum, "
                + "format('%I.%I', n.nspname, c.relname) AS table_name, a.attname::text AS attname, "
                + "(a.attnotnull AND c.relkind IN ('r', 'p')) AS attnotnull "
                + "FROM unnest($1::oid[], $2::int2[]) AS f(relid, num) "
                + "JOIN pg_attribute a ON a.attrelid = f.relid AND a.attnum = f.num "
                + "JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace",
            bindings: bindings, readOnly: true)
        let rows = try await client.batch(statement, options: Self.readOnly)
        var result: [ColumnKey: LockedColumnSource] = [:]
        for row in rows {
            guard let table = UInt32(exactly: row.table) else { continue }
            result[ColumnKey(table: table, column: row.column)] = LockedColumnSource(table: row.tableName, column: row.name, notNull: row.notNull)
        }
        return result
    }
}
