import Foundation
@_spi(NeonSQLInternal) import NeonSQLShared

/// Exactly-once writes with idempotency keys: every write request carries a random key that the
/// database records in the same transaction, so sending the request twice cannot apply it twice.
///
/// Set ``NeonConfiguration/exactlyOnceWrites`` after creating the table (the SQL is
/// ``ExactlyOnceWrites/migrationSQL``, also shipped as `Migrations/exactly_once_writes.sql` in this package).
/// Then, for every statement or batch that is not read-only, the client:
///
/// - inserts a new random key into the table as the request's first statement, in the same
///   transaction as your statements (one HTTP request: Neon runs a batch as one transaction);
/// - sends writes on the shared, warm connections, like reads: a resend by the HTTP stack of a
///   request whose connection died is harmless now;
/// - retries a write whose outcome is unknown (connection lost, timeout, 5xx after sending) with
///   the same key, under ``NeonConfiguration/retryPolicy``;
/// - reports a resend that finds its key already recorded as ``NeonError/alreadyApplied(attempts:)``: an
///   earlier attempt of this very request committed. For a write whose result you do not need
///   (`:exec`), that is success.
///
/// Without it (the default), each write goes on a fresh connection and a lost answer is
/// ``NeonError/outcomeUnknown(cause:sent:)``. See the "Exactly-once writes" article.
public struct ExactlyOnceWrites: Sendable, Hashable {
    /// The schema of the keys' table (default `neon_sql`).
    public var schema: String
    /// The keys' table (default `applied_requests`), with a `uuid` primary key `key`.
    public var table: String
    /// The function, in ``schema``, that read replicas answer read-your-writes checks with
    /// (default `requests_applied(uuid[]) RETURNS boolean`, security definer: `true` when every
    /// key is in the table).
    public var catchUpFunction: String

    /// Uses `schema.table` (default `neon_sql.applied_requests`) and `schema.catchUpFunction`
    /// (default `neon_sql.requests_applied`).
    public init(schema: String = "neon_sql", table: String = "applied_requests", catchUpFunction: String = "requests_applied") {
        self.schema = schema
        self.table = table
        self.catchUpFunction = catchUpFunction
    }

    /// `"schema"."table"`, each part quoted as an identifier.
    var qualifiedTable: String { SQLIdentifierQuoting.quoted(schema) + "." + SQLIdentifierQuoting.quoted(table) }

    /// The statement that records `key`, first in every write request.
    func keyInsert(_ key: UUID) -> (sql: String, parameters: [String?]) {
        ("INSERT INTO \(qualifiedTable) (key) VALUES ($1)", [key.uuidString.lowercased()])
    }

    /// `true` when `error` is the key's uniqueness violation: the request was already applied.
    func isKeyConflict(_ error: DatabaseError) -> Bool {
        error.code == "23505" && error.table == table && (error.schema == nil || error.schema == schema)
    }

    /// The SQL that creates the keys' table of the default configuration, with grants that work
    /// under row-level security: every role may insert a key, no role but the owner may read any.
    /// Read replicas use its function `requests_applied(uuid[])` (security definer: it tells only
    /// whether given keys, random and known to their writer alone, are recorded).
    /// Delete old keys regularly (see ``cleanupSQL``).
    public static let migrationSQL = """
        CREATE SCHEMA IF NOT EXISTS neon_sql;
        CREATE TABLE IF NOT EXISTS neon_sql.applied_requests (
            key uuid PRIMARY KEY,
            applied_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX IF NOT EXISTS applied_requests_applied_at ON neon_sql.applied_requests (applied_at);
        ALTER TABLE neon_sql.applied_requests ENABLE ROW LEVEL SECURITY;
        DROP POLICY IF EXISTS applied_requests_insert ON neon_sql.applied_requests;
        CREATE POLICY applied_requests_insert ON neon_sql.applied_requests FOR INSERT WITH CHECK (true);
        REVOKE ALL ON neon_sql.applied_requests FROM PUBLIC;
        GRANT USAGE ON SCHEMA neon_sql TO PUBLIC;
        GRANT INSERT ON neon_sql.applied_requests TO PUBLIC;
        CREATE OR REPLACE FUNCTION neon_sql.requests_applied(keys uuid[]) RETURNS boolean
            LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
            AS $$ SELECT count(*) = cardinality(keys) FROM neon_sql.applied_requests WHERE key = ANY (keys) $$;
        REVOKE ALL ON FUNCTION neon_sql.requests_applied(uuid[]) FROM PUBLIC;
        GRANT EXECUTE ON FUNCTION neon_sql.requests_applied(uuid[]) TO PUBLIC;
        """

    /// Deletes keys older than a week: run it as the table's owner, e.g. daily with `pg_cron`
    /// (`SELECT cron.schedule('neon-sql-keys', '17 3 * * *', $$<this>$$)`). A key only needs to
    /// outlive every retry of its request (seconds); a week is generous.
    public static let cleanupSQL = "DELETE FROM neon_sql.applied_requests WHERE applied_at < now() - interval '7 days'"
}
