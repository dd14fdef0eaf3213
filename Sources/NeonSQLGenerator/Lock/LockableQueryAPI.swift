// What `neon-sql-gen prepare` asks a database about (and `neon-sql-gen statements` prints): every annotated statement of the query files,
// read from its tokens alone (so a statement the parser or the analyzer cannot read is there too).

/// One statement `prepare` describes.
public struct LockableQuery: Sendable, Hashable {
    /// The annotation's name (`FetchJourneyDuas`): the lock file's key.
    public let name: String
    /// The query file's path, as given.
    public let file: String
    /// 1-based line of the annotation.
    public let line: Int
    /// ``QueryFingerprint/queryHash(of:)`` of the statement as written.
    public let queryHash: String
    /// The SQL to PREPARE: parameters as `$n`, numbered as the generator numbers them.
    public let sql: String
    /// The SQL sqlc sends: ``sql`` with each `sqlc.embed(t)` as `t.*` (`neon-sql-gen statements`
    /// prints it for the differentials, which ask PostgreSQL whether it accepts each query).
    public let sqlcSQL: String
    /// Whether the statement can be run with no row without writing anything (a plain SELECT,
    /// VALUES or TABLE): its result columns are then read from a zero-row run.
    public let isReadOnlyQuery: Bool
    /// Whether the statement writes and returns rows (`RETURNING`): its result columns cannot be
    /// read without running it, and PREPARE names only their types (PostgreSQL 16+).
    public let returnsRowsFromAWrite: Bool
}

extension CodeGenerator {
    /// Every annotated statement of `queries` (and the only statement of a file without
    /// annotations), for `neon-sql-gen prepare` and `neon-sql-gen statements`.
    public static func lockableQueries(queries: [SQLSourceInput]) -> [LockableQuery] {
        var diagnostics = DiagnosticCollector()
        return queries.flatMap { input -> [LockableQuery] in
            let parsed = SQLParser.parse(SourceFile(input: input), diagnostics: &diagnostics)
            return LockableStatement.statements(in: parsed).map { statement in
                LockableQuery(
                    name: statement.annotation.name, file: input.path, line: statement.annotation.location.line,
                    queryHash: QueryFingerprint.queryHash(of: statement.text), sql: statement.preparedSQL, sqlcSQL: statement.sqlcSQL,
                    isReadOnlyQuery: statement.isReadOnlyQuery,
                    returnsRowsFromAWrite: !statement.isReadOnlyQuery && statement.words.contains("returning"))
            }
        }
    }
}
