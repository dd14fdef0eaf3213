/// What a migration breaks (or changes) for a shipped version: one query, one finding, at the
/// migration statement that causes it.
public struct BreakingChange: Sendable, Hashable {
    /// `error` (the shipped binary fails) or `warning` (it copes, but should be known).
    public let severity: String
    /// The migration statement: its file as given, 1-based line and column.
    public let file: String
    public let line: Int
    public let column: Int
    /// The shipped query: its name, file and line as the shipped describe output has them.
    public let queryName: String
    public let queryFile: String
    public let queryLine: Int
    /// What breaks, e.g. `column "total_xp" is now bigint (the app decodes integer)`.
    public let message: String

    /// `migration.sql:LINE:COL: error: QueryName (query.sql:LINE) message`.
    public var formatted: String {
        "\(file):\(line):\(column): \(severity): \(queryName) (\(queryFile):\(queryLine)) \(message)"
    }
}

/// The result of ``CodeGenerator/breakingChanges(shipped:schema:)``.
public struct BreakingReport: Sendable, Hashable {
    /// Every finding, in migration order (file, line, column), then query order.
    public let changes: [BreakingChange]
    /// Errors in the schema files themselves (`path:LINE:COL: error: ...`): the new schema does
    /// not build, so nothing was checked against it.
    public let schemaErrors: [String]

    /// Whether the migrations break a shipped query (or the schema does not build).
    public var breaks: Bool { !schemaErrors.isEmpty || changes.contains { $0.severity == "error" } }
}
