// The `describe` contract (docs/describe-json.md) as values: the one shape of an analyzed query
// outside the generator, like sqlc's language-neutral `GenerateRequest`. `describe` writes it
// (Render/DescribeJSON.swift), `breaking` reads a shipped version's back (Breaking/), and
// `analyzeQueries` (which `check` reads) carries its parameters and columns. The JSON keys are
// the coding keys below, written in their declared order; keys added after the first release
// decode as absent from older outputs, so every shipped describe output stays readable.

/// A whole `describe` output: every query, every diagnostic and the schema's enums.
public struct DescribeDocument: Sendable, Hashable, Decodable {
    public var queries: [DescribedQuery]
    /// Empty when read from an output that has none.
    public var diagnostics: [DescribedDiagnostic]
    /// Absent (nil) in describe outputs written before enums were recorded.
    public var enums: [DescribedEnum]?

    public init(queries: [DescribedQuery], diagnostics: [DescribedDiagnostic] = [], enums: [DescribedEnum]?) {
        self.queries = queries
        self.diagnostics = diagnostics
        self.enums = enums
    }

    enum CodingKeys: String, CodingKey { case queries, diagnostics, enums }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        queries = try container.decode([DescribedQuery].self, forKey: .queries)
        diagnostics = try container.decodeIfPresent([DescribedDiagnostic].self, forKey: .diagnostics) ?? []
        enums = try container.decodeIfPresent([DescribedEnum].self, forKey: .enums)
    }
}

/// One analyzed query: what its binary sends and decodes.
public struct DescribedQuery: Sendable, Hashable, Decodable {
    /// The Swift function name (`fetchJourneyDuas`).
    public var name: String
    public var file: String
    /// 1-based line of the annotation.
    public var line: Int
    /// `many`, `one`, `exec`, ... (the annotation's kind without its colon).
    public var kind: String
    /// The SQL sent, parameters as `$n`.
    public var sql: String
    /// The bind parameters, `$1` first.
    public var params: [DescribedParameter]
    /// The result columns in order.
    public var columns: [DescribedColumn]
    /// The Swift result type (`[FetchJourneyDuasRow]`); nil when read from an output without it.
    public var returns: String?
    /// The tables the query reads and can change; nil when read from an output without them.
    public var tables: DescribedTables?
    /// `-- @cache max-age`, in seconds.
    public var cacheMaxAge: Int?
    /// The orders of `-- @sort` parameters.
    public var sorts: [DescribedSort]?
    /// `-- @page`.
    public var page: DescribedPage?

    public init(name: String, file: String, line: Int, kind: String, sql: String, params: [DescribedParameter],
                columns: [DescribedColumn], returns: String? = nil, tables: DescribedTables? = nil, cacheMaxAge: Int? = nil,
                sorts: [DescribedSort]? = nil, page: DescribedPage? = nil) {
        self.name = name
        self.file = file
        self.line = line
        self.kind = kind
        self.sql = sql
        self.params = params
        self.columns = columns
        self.returns = returns
        self.tables = tables
        self.cacheMaxAge = cacheMaxAge
        self.sorts = sorts
        self.page = page
    }

    enum CodingKeys: String, CodingKey { case name, file, line, kind, sql, params, columns, returns, tables, cacheMaxAge, sorts, page }
}

/// A bind parameter.
public struct DescribedParameter: Sendable, Hashable, Decodable {
    /// `n` of `$n`.
    public var index: Int
    /// The Swift argument label, without backticks ("" when read from an output without it).
    public var name: String
    /// PostgreSQL's `format_type(oid, NULL)` spelling (`integer`, `character varying[]`, `time_slot`).
    public var pgType: String
    /// The domain's name when the parameter's type is a domain.
    public var domain: String?
    /// The Swift type, including optionality (`Int`, `String?`; "" when read from an output without it).
    public var swiftType: String
    /// Whether the generated function takes an optional for it.
    public var nullable: Bool
    /// A `-- @optional` parameter (key `optional`, written only when true).
    public var isOptionalFilter: Bool
    /// A `-- @patch` parameter (key `patch`, written only when true).
    public var isPatch: Bool

    public init(index: Int, name: String = "", pgType: String, domain: String? = nil, nullable: Bool, swiftType: String = "",
                isOptionalFilter: Bool = false, isPatch: Bool = false) {
        self.index = index
        self.name = name
        self.pgType = pgType
        self.domain = domain
        self.swiftType = swiftType
        self.nullable = nullable
        self.isOptionalFilter = isOptionalFilter
        self.isPatch = isPatch
    }

    enum CodingKeys: String, CodingKey {
        case index, name, pgType, domain, swiftType, nullable
        case isOptionalFilter = "optional"
        case isPatch = "patch"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        index = try container.decode(Int.self, forKey: .index)
        name = try container.decodeIfPresent(String.self, forKey: .name) ?? ""
        pgType = try container.decode(String.self, forKey: .pgType)
        domain = try container.decodeIfPresent(String.self, forKey: .domain)
        swiftType = try container.decodeIfPresent(String.self, forKey: .swiftType) ?? ""
        nullable = try container.decode(Bool.self, forKey: .nullable)
        isOptionalFilter = try container.decodeIfPresent(Bool.self, forKey: .isOptionalFilter) ?? false
        isPatch = try container.decodeIfPresent(Bool.self, forKey: .isPatch) ?? false
    }
}

/// A result column.
public struct DescribedColumn: Sendable, Hashable, Decodable {
    /// The Swift property name, without backticks ("" when read from an output without it).
    public var name: String
    /// The column name PostgreSQL reports (an alias's `!`/`?` removed).
    public var sqlName: String
    /// PostgreSQL's spelling of the type it reports for the column (a domain column: its base type).
    public var pgType: String
    /// The domain's name when the column's type is a domain.
    public var domain: String?
    /// The Swift type, including optionality ("" when read from an output without it).
    public var swiftType: String
    /// Whether the generated row has an optional for it.
    public var nullable: Bool
    /// `!` or `?` when the column's alias forced its nullability.
    public var nullabilityOverride: String?
    /// The `sqlc.embed(t)` item the column belongs to.
    public var embed: DescribedEmbed?

    public init(name: String = "", sqlName: String, pgType: String, domain: String? = nil, nullable: Bool, swiftType: String = "",
                nullabilityOverride: String? = nil, embed: DescribedEmbed? = nil) {
        self.name = name
        self.sqlName = sqlName
        self.pgType = pgType
        self.domain = domain
        self.swiftType = swiftType
        self.nullable = nullable
        self.nullabilityOverride = nullabilityOverride
        self.embed = embed
    }

    enum CodingKeys: String, CodingKey { case name, sqlName, pgType, domain, swiftType, nullable, nullabilityOverride, embed }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name) ?? ""
        sqlName = try container.decode(String.self, forKey: .sqlName)
        pgType = try container.decode(String.self, forKey: .pgType)
        domain = try container.decodeIfPresent(String.self, forKey: .domain)
        swiftType = try container.decodeIfPresent(String.self, forKey: .swiftType) ?? ""
        nullable = try container.decode(Bool.self, forKey: .nullable)
        nullabilityOverride = try container.decodeIfPresent(String.self, forKey: .nullabilityOverride)
        embed = try container.decodeIfPresent(DescribedEmbed.self, forKey: .embed)
    }
}

/// The `sqlc.embed(t)` item a column belongs to.
public struct DescribedEmbed: Sendable, Hashable, Decodable {
    /// The row's property holding the embedded table's model.
    public var property: String
    public var sqlName: String
    public var swiftType: String

    public init(property: String, sqlName: String, swiftType: String) {
        self.property = property
        self.sqlName = sqlName
        self.swiftType = swiftType
    }

    enum CodingKeys: String, CodingKey { case property, sqlName, swiftType }
}

/// What a query reads and can change (for the runtime's cache).
public struct DescribedTables: Sendable, Hashable, Decodable {
    public var reads: [String]
    public var writes: [String]
    public var readsUnknown: Bool
    public var writesUnknown: Bool

    public init(reads: [String], writes: [String], readsUnknown: Bool, writesUnknown: Bool) {
        self.reads = reads
        self.writes = writes
        self.readsUnknown = readsUnknown
        self.writesUnknown = writesUnknown
    }

    enum CodingKeys: String, CodingKey { case reads, writes, readsUnknown, writesUnknown }
}

/// The orders a `-- @sort` parameter chooses among.
public struct DescribedSort: Sendable, Hashable, Decodable {
    public var name: String
    public var swiftType: String
    public var keys: [Key]

    /// One order: its SQL and its Swift case.
    public struct Key: Sendable, Hashable, Decodable {
        public var sql: String
        public var caseName: String

        public init(sql: String, caseName: String) {
            self.sql = sql
            self.caseName = caseName
        }

        enum CodingKeys: String, CodingKey {
            case sql
            case caseName = "case"
        }
    }

    public init(name: String, swiftType: String, keys: [Key]) {
        self.name = name
        self.swiftType = swiftType
        self.keys = keys
    }

    enum CodingKeys: String, CodingKey { case name, swiftType, keys }
}

/// How a `-- @page` query is read page by page.
public struct DescribedPage: Sendable, Hashable, Decodable {
    public var size: Int
    /// The key columns' SQL names.
    public var by: [String]
    public var descending: Bool
    public var firstPageSQL: String
    public var nextPageSQL: String

    public init(size: Int, by: [String], descending: Bool, firstPageSQL: String, nextPageSQL: String) {
        self.size = size
        self.by = by
        self.descending = descending
        self.firstPageSQL = firstPageSQL
        self.nextPageSQL = nextPageSQL
    }

    enum CodingKeys: String, CodingKey { case size, by, descending, firstPageSQL, nextPageSQL }
}

/// An enum of the schema as the generated code decodes it.
public struct DescribedEnum: Sendable, Hashable, Decodable {
    /// The SQL name (schema-qualified outside `public`).
    public var name: String
    /// The Swift type ("" when read from an output without it).
    public var swiftType: String
    public var labels: [String]
    /// No fallback case: a label it does not know fails decoding.
    public var frozen: Bool

    public init(name: String, swiftType: String = "", labels: [String], frozen: Bool) {
        self.name = name
        self.swiftType = swiftType
        self.labels = labels
        self.frozen = frozen
    }

    enum CodingKeys: String, CodingKey { case name, swiftType, labels, frozen }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        swiftType = try container.decodeIfPresent(String.self, forKey: .swiftType) ?? ""
        labels = try container.decode([String].self, forKey: .labels)
        frozen = try container.decode(Bool.self, forKey: .frozen)
    }
}

/// A diagnostic as `describe` reports it.
public struct DescribedDiagnostic: Sendable, Hashable, Decodable {
    public var file: String
    public var line: Int
    public var column: Int
    /// `error`, `warning` or `note`.
    public var severity: String
    public var message: String

    public init(file: String, line: Int, column: Int, severity: String, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
    }

    enum CodingKeys: String, CodingKey { case file, line, column, severity, message }
}
