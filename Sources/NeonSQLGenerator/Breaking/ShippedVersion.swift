// A shipped version of an app as its `describe` output records it (docs/describe-json.md): what
// its binary sends and decodes. `neon-sql-gen breaking` checks it against a new schema.

/// The `describe` JSON of a shipped version: its queries and (from describe outputs that have
/// them) its enums. Decodes from that JSON; unknown keys are ignored.
public struct ShippedVersion: Sendable, Hashable, Decodable {
    public let queries: [ShippedQuery]
    /// Absent in describe outputs written before enums were recorded.
    public let enums: [ShippedEnum]?

    public init(queries: [ShippedQuery], enums: [ShippedEnum]?) {
        self.queries = queries
        self.enums = enums
    }
}

/// One query of a shipped version.
public struct ShippedQuery: Sendable, Hashable, Decodable {
    /// The Swift function name (`fetchJourneyDuas`).
    public let name: String
    public let file: String
    public let line: Int
    /// `many`, `one`, `exec`, ... as describe prints it.
    public let kind: String
    /// The SQL the shipped binary sends, parameters as `$n`.
    public let sql: String
    public let params: [ShippedParameter]
    public let columns: [ShippedColumn]

    public init(name: String, file: String, line: Int, kind: String, sql: String, params: [ShippedParameter], columns: [ShippedColumn]) {
        self.name = name
        self.file = file
        self.line = line
        self.kind = kind
        self.sql = sql
        self.params = params
        self.columns = columns
    }
}

/// A parameter the shipped binary binds.
public struct ShippedParameter: Sendable, Hashable, Decodable {
    /// `n` of `$n`.
    public let index: Int
    public let pgType: String
    public let nullable: Bool

    public init(index: Int, pgType: String, nullable: Bool) {
        self.index = index
        self.pgType = pgType
        self.nullable = nullable
    }
}

/// A result column the shipped binary decodes.
public struct ShippedColumn: Sendable, Hashable, Decodable {
    public let sqlName: String
    public let pgType: String
    public let nullable: Bool
    /// `!` or `?` when the alias forced the nullability.
    public let nullabilityOverride: String?

    public init(sqlName: String, pgType: String, nullable: Bool, nullabilityOverride: String? = nil) {
        self.sqlName = sqlName
        self.pgType = pgType
        self.nullable = nullable
        self.nullabilityOverride = nullabilityOverride
    }
}

/// An enum the shipped binary decodes.
public struct ShippedEnum: Sendable, Hashable, Decodable {
    public let name: String
    public let labels: [String]
    /// No fallback case: a label it does not know fails decoding.
    public let frozen: Bool

    public init(name: String, labels: [String], frozen: Bool) {
        self.name = name
        self.labels = labels
        self.frozen = frozen
    }
}
