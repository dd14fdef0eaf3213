/// The language-neutral description of one annotated query: what the analyzer produces. It holds
/// SQL names, PostgreSQL types and nullability only; the Swift naming step
/// (`Translate/SwiftNamer.swift`) turns it into Swift names and types for the renderer and `describe`.
struct QueryDescription: Sendable, Hashable {
    typealias Kind = QueryKind

    /// The annotation's name as written (`FetchJourneyDuas`), or derived from the file name.
    let annotationName: String
    /// The query file's path as given to the generator.
    let file: String
    /// 1-based line of the `-- name:` annotation (or of the statement when there is none).
    let line: Int
    let kind: Kind
    /// The SQL sent to Neon: the statement's text with every parameter replaced by `$n`.
    let sql: String
    /// Comment lines under the annotation: the Swift doc comment.
    let documentation: [String]
    let parameters: [ParameterDescription]
    let columns: [ColumnDescription]
    /// True for a plain SELECT (no data-modifying CTE): safe to retry.
    let isReadOnly: Bool
    /// A utility statement (`TRUNCATE`, `NOTIFY`, ...) or a `CALL`, as the parser read it:
    /// PostgreSQL cannot PREPARE it.
    var isUtility = false
    /// For a query with `-- @optional` parameters: the fragments its SQL is assembled from per
    /// call (``sql`` is then the variant with every parameter given).
    var template: QueryTemplate?
    /// Set by `-- @page`: how the query is also read page by page.
    var paging: QueryPaging?
    /// The base tables it reads and can change (`Analyze/TableEffects/`).
    var tables = TableEffectsDescription.unknown
    /// `-- @cache max-age 10m`: how long a result stays fresh, in seconds; nil when not cacheable
    /// by annotation.
    var cacheMaxAgeSeconds: Int?
    /// PostgreSQL answers the statement with exactly one row whatever the data
    /// (`Analyze/RowCountGuarantee.swift`): a `:one` query's result is then not optional.
    var returnsExactlyOneRow = false
    /// `-- @param` directives naming a parameter by neither `$n` nor its SQL name: translation
    /// matches them by Swift name.
    var pendingParameterDirectives: [PendingParameterDirective] = []
    /// SQL names of the non-null columns whose value is unique per row (a primary or unique key of
    /// the only row source), in result order: the translation makes a row identifiable by one.
    let uniqueColumns: [String]
}

/// One bind parameter (`$index`).
struct ParameterDescription: Sendable, Hashable {
    /// 1-based `$n`.
    let index: Int
    /// The name the SQL gives it: `@journey_id`'s written name, else the column it is compared
    /// with or assigned to (`journey_id`), else nil (the Swift name is then `p<index>`).
    let sqlName: String?
    let type: PostgresTypeDescription
    let nullable: Bool
    /// For arrays: whether elements may be NULL (`[Int?]`).
    let elementNullable: Bool
    /// The table column the value goes into or is compared with (for column type overrides).
    let origin: ColumnOrigin?
    /// Whether ``origin`` describes the array's elements rather than the value.
    let originIsElement: Bool
    /// `format_type` of its type, as PREPARE reports it (a domain stays the domain).
    var pgType: String { type.formatName }
    /// Named by `-- @optional`: a call may leave it out, and the conjuncts that use it with it.
    var isOptionalFilter = false
    /// Named by `-- @patch`: a call sets it or keeps the column (its SET assignment left out).
    var isPatch = false
}

/// One output column.
struct ColumnDescription: Sendable, Hashable {
    /// The column name PostgreSQL reports (`category_slug`), after stripping `!`/`?` overrides.
    let sqlName: String
    let type: PostgresTypeDescription
    let nullable: Bool
    let elementNullable: Bool
    /// The table column it is (for column type overrides).
    let origin: ColumnOrigin?
    /// Where the select-list item (or its alias) is, for diagnostics about its name.
    var location: SourceLocation = .unknown
    /// Set for the columns of a `sqlc.embed(t)` item: the row holds them as one nested value.
    var embed: EmbeddedColumn?
    /// `AS "x!"` (false: forced non-null) or `AS "x?"` (true: forced nullable); nil when the
    /// nullability is inferred. The SQL sent has the plain name.
    var nullabilityOverride: Bool?
    /// `format_type` of its type as the wire's row description reports it: a domain column as its
    /// base type.
    var pgType: String { type.baseType.formatName }
}

/// A result column's place in a `sqlc.embed(t)` item.
struct EmbeddedColumn: Sendable, Hashable {
    /// The table or alias as `sqlc.embed(...)` names it (`author`): names the row's property.
    let name: String
    /// Byte offset of the `sqlc.embed` item: tells two embeds of one name apart.
    let start: Int
    /// The whole nested value may be absent: the table is on the NULL-extended side of an outer
    /// join. Such a value is nil when its row is absent (every column NULL, or a NOT NULL one NULL).
    let optional: Bool
    /// The column's own nullability within the table's row, when the row is there.
    let nullable: Bool
}

/// A `CREATE TYPE ... AS ENUM` type used by the generated code.
struct EnumDescription: Sendable, Hashable {
    /// The PostgreSQL name as `format_type` prints it (`time_slot`, `shop.order_status`).
    let sqlName: String
    /// Labels in declaration order.
    let labels: [String]
}

/// All queries of one `.sql` file.
struct QueryFileDescription: Sendable, Hashable {
    let path: String
    let queries: [QueryDescription]
}

/// The analyzer's whole output.
struct GenerationModel: Sendable {
    let files: [QueryFileDescription]
    /// Every enum of the catalog, sorted by SQL name.
    let enums: [EnumDescription]
    let diagnostics: [Diagnostic]
    /// The schema files' tables and views the queries were analyzed against, as much of them as
    /// the translate stage reads: the table models' relations and what the user's column
    /// overrides are checked against (IR/SchemaRelations.swift). Not the catalog itself.
    var relations = SchemaRelations()
}
