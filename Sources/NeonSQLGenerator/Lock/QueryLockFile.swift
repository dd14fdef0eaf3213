import NeonSQLShared

/// The lock file (`neon-sql.lock.json`): PostgreSQL's own description of a target's queries, as
/// `neon-sql-gen prepare` asked a live database for it, committed next to the queries.
///
/// The generator uses an entry only for a query its analyzer cannot type (with a warning), checks
/// every other entry against the analyzer (an error when they disagree), and refuses an entry whose
/// query text or schema changed since it was prepared. The file is plain JSON with sorted keys so
/// that a change to it reads well in review. The CLI reads and writes it (the generator has no
/// Foundation); this is its shape.
public struct QueryLockFile: Sendable, Hashable, Codable {
    /// The file name `prepare` writes by default and the plugin looks for in a target.
    public static let defaultFileName = "neon-sql.lock.json"
    /// The format this generator reads and writes.
    public static let currentFormat = 1

    /// The format version (``currentFormat``).
    public var format: Int
    /// The `prepare` command that wrote the file, without the database URL: what a stale entry's
    /// error tells the user to run again.
    public var command: String
    /// The PostgreSQL version that described the queries (`15.8`).
    public var postgresVersion: String
    /// ``QueryFingerprint/schemaHash(of:)`` of the schema files the database was prepared with.
    public var schemaHash: String
    /// The queries by annotation name (`FetchJourneyDuas`).
    public var queries: [String: LockedQuery]

    public init(format: Int = QueryLockFile.currentFormat, command: String, postgresVersion: String, schemaHash: String,
                queries: [String: LockedQuery]) {
        self.format = format
        self.command = command
        self.postgresVersion = postgresVersion
        self.schemaHash = schemaHash
        self.queries = queries
    }
}

/// PostgreSQL's description of one query.
public struct LockedQuery: Sendable, Hashable, Codable {
    /// ``QueryFingerprint/queryHash(of:)`` of the statement's text as written in the query file.
    public var queryHash: String
    /// The SQL the database prepared (parameters as `$n`), for review.
    public var sql: String
    /// The parameters, `$1` first.
    public var parameters: [LockedParameter]
    /// The result columns in order; empty for a statement that returns no rows.
    public var columns: [LockedColumn]

    public init(queryHash: String, sql: String, parameters: [LockedParameter], columns: [LockedColumn]) {
        self.queryHash = queryHash
        self.sql = sql
        self.parameters = parameters
        self.columns = columns
    }
}

/// One parameter as PostgreSQL typed it (`pg_prepared_statements.parameter_types`).
public struct LockedParameter: Sendable, Hashable, Codable {
    /// 1-based `$n`.
    public var index: Int
    /// `format_type(oid, NULL)` of its type (`integer`, `text[]`, `time_slot`).
    public var type: String

    public init(index: Int, type: String) {
        self.index = index
        self.type = type
    }
}

/// One result column as PostgreSQL describes it (the response's `fields`).
public struct LockedColumn: Sendable, Hashable, Codable {
    /// The column name PostgreSQL reports (a `"name!"`/`"name?"` alias keeps its marker here).
    public var name: String
    /// `format_type(oid, NULL)` of its type.
    public var type: String
    /// The table column it comes straight from, when PostgreSQL reports one (a plain column
    /// reference, also through subqueries and CTEs); nil for any other expression.
    public var source: LockedColumnSource?

    public init(name: String, type: String, source: LockedColumnSource?) {
        self.name = name
        self.type = type
        self.source = source
    }
}

/// The table column a result column comes from, with its NOT NULL constraint.
public struct LockedColumnSource: Sendable, Hashable, Codable {
    /// The schema-qualified table (or view) name (`public.duas`).
    public var table: String
    /// The column's name.
    public var column: String
    /// `pg_attribute.attnotnull`: the column is NOT NULL (always false for a view's column).
    public var notNull: Bool

    public init(table: String, column: String, notNull: Bool) {
        self.table = table
        self.column = column
        self.notNull = notNull
    }
}

/// A lock file as the generator is given it: where it is (for messages) and what it says.
public struct QueryLockInput: Sendable, Hashable {
    /// The lock file's path, as messages name it.
    public let path: String
    /// Its contents.
    public let lock: QueryLockFile

    public init(path: String, lock: QueryLockFile) {
        self.path = path
        self.lock = lock
    }
}

/// The fingerprints that tie lock-file entries to what they were prepared from.
public enum QueryFingerprint {
    /// `sha256:<hex>` of the schema files' contents in the order they are applied (each preceded
    /// by its length, so moving text from one file to the next changes the hash; paths are left
    /// out, so the CLI and the plugin agree).
    public static func schemaHash(of schema: [SQLSourceInput]) -> String {
        schemaHash(ofContents: schema.map { Array($0.contents.utf8) })
    }

    /// ``schemaHash(of:)`` of files given by their bytes: each file's length, `:`, its bytes.
    static func schemaHash(ofContents files: [[UInt8]]) -> String {
        var bytes: [UInt8] = []
        for contents in files {
            bytes += Array("\(contents.count):".utf8)
            bytes += contents
        }
        return "sha256:" + SHA256.hex(of: bytes)
    }

    /// `sha256:<hex>` of one statement's text as written (from its first token to its last, the
    /// annotation and the terminating `;` excluded).
    public static func queryHash(of statementText: String) -> String {
        "sha256:" + SHA256.hex(of: Array(statementText.utf8))
    }
}
