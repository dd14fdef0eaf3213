/// The language-neutral description of one annotated query: what the analyzer produces. It holds
/// SQL names, PostgreSQL types and nullability only; the Swift naming step
/// (`Translate/SwiftTranslator.swift`) turns it into Swift names and types for the renderer and `describe`.
package struct QueryDescription: Sendable, Hashable {
    package typealias Kind = QueryKind

    /// The annotation's name as written (`FetchJourneyDuas`), or derived from the file name.
    package let annotationName: String
    /// The query file's path as given to the generator.
    package let file: String
    /// 1-based line of the `-- name:` annotation (or of the statement when there is none).
    package let line: Int
    package let kind: Kind
    /// The SQL sent to Neon: the statement's text with every parameter replaced by `$n`.
    package let sql: String
    /// Comment lines under the annotation: the Swift doc comment.
    package let documentation: [String]
    package let parameters: [ParameterDescription]
    package let columns: [ColumnDescription]
    /// True for a SELECT that changes no table: no data-modifying CTE, and no called function or
    /// trigger that writes or may write (``tables``): safe to retry, to cache and to send to a replica.
    package var isReadOnly: Bool
    /// A utility statement (`TRUNCATE`, `NOTIFY`, ...) or a `CALL`, as the parser read it:
    /// PostgreSQL cannot PREPARE it.
    package var isUtility = false
    /// For a query with `-- @optional` parameters: the fragments its SQL is assembled from per
    /// call (``sql`` is then the variant with every parameter given).
    package var template: QueryTemplate?
    /// Set by `-- @page`: how the query is also read page by page.
    package var paging: QueryPaging?
    /// The base tables it reads and can change (`Analyze/TableEffects/`).
    package var tables = TableEffectsDescription.unknown
    /// `-- @cache max-age 10m`: how long a result stays fresh, in seconds; nil when not cacheable
    /// by annotation.
    package var cacheMaxAgeSeconds: Int?
    /// `-- @deprecated <message>`: the message its Swift API is deprecated with (empty: none);
    /// nil when not deprecated.
    package var deprecationMessage: String?
    /// PostgreSQL answers the statement with exactly one row whatever the data
    /// (`Analyze/RowCountGuarantee.swift`): a `:one` query's result is then not optional.
    package var returnsExactlyOneRow = false
    /// `-- @param` directives naming a parameter by neither `$n` nor its SQL name: translation
    /// matches them by Swift name.
    package var pendingParameterDirectives: [PendingParameterDirective] = []
    /// SQL names of the non-null columns whose value is unique per row (a primary or unique key of
    /// the only row source), in result order: the translation makes a row identifiable by one.
    package let uniqueColumns: [String]

    /// Every stored property, as the memberwise initializer takes them.
    package init(annotationName: String, file: String, line: Int, kind: Kind, sql: String, documentation: [String],
                 parameters: [ParameterDescription], columns: [ColumnDescription], isReadOnly: Bool, isUtility: Bool = false,
                 template: QueryTemplate? = nil, paging: QueryPaging? = nil,
                 tables: TableEffectsDescription = TableEffectsDescription.unknown, cacheMaxAgeSeconds: Int? = nil,
                 deprecationMessage: String? = nil, returnsExactlyOneRow: Bool = false, pendingParameterDirectives: [PendingParameterDirective] = [],
                 uniqueColumns: [String]) {
        self.annotationName = annotationName
        self.file = file
        self.line = line
        self.kind = kind
        self.sql = sql
        self.documentation = documentation
        self.parameters = parameters
        self.columns = columns
        self.isReadOnly = isReadOnly
        self.isUtility = isUtility
        self.template = template
        self.paging = paging
        self.tables = tables
        self.cacheMaxAgeSeconds = cacheMaxAgeSeconds
        self.deprecationMessage = deprecationMessage
        self.returnsExactlyOneRow = returnsExactlyOneRow
        self.pendingParameterDirectives = pendingParameterDirectives
        self.uniqueColumns = uniqueColumns
    }
}

/// One bind parameter (`$index`).
package struct ParameterDescription: Sendable, Hashable {
    /// 1-based `$n`.
    package let index: Int
    /// The name the SQL gives it: `@journey_id`'s written name, else the column it is compared
    /// with or assigned to (`journey_id`), else nil (the Swift name is then `p<index>`).
    package let sqlName: String?
    package let type: PostgresTypeDescription
    package let nullable: Bool
    /// For arrays: whether elements may be NULL (`[Int?]`).
    package let elementNullable: Bool
    /// The table column the value goes into or is compared with (for column type overrides).
    package let origin: ColumnOrigin?
    /// Whether ``origin`` describes the array's elements rather than the value.
    package let originIsElement: Bool
    /// `format_type` of its type, as PREPARE reports it (a domain stays the domain).
    package var pgType: String { type.formatName }
    /// Named by `-- @optional`: a call may leave it out, and the conjuncts that use it with it.
    package var isOptionalFilter = false
    /// Named by `-- @patch`: a call sets it or keeps the column (its SET assignment left out).
    package var isPatch = false

    /// Every stored property, as the memberwise initializer takes them.
    package init(index: Int, sqlName: String?, type: PostgresTypeDescription, nullable: Bool, elementNullable: Bool,
                 origin: ColumnOrigin?, originIsElement: Bool, isOptionalFilter: Bool = false, isPatch: Bool = false) {
        self.index = index
        self.sqlName = sqlName
        self.type = type
        self.nullable = nullable
        self.elementNullable = elementNullable
        self.origin = origin
        self.originIsElement = originIsElement
        self.isOptionalFilter = isOptionalFilter
        self.isPatch = isPatch
    }
}

/// One output column.
package struct ColumnDescription: Sendable, Hashable {
    /// The column name PostgreSQL reports (`category_slug`), after stripping `!`/`?` overrides.
    package let sqlName: String
    package let type: PostgresTypeDescription
    package let nullable: Bool
    package let elementNullable: Bool
    /// The table column it is (for column type overrides).
    package let origin: ColumnOrigin?
    /// Where the select-list item (or its alias) is, for diagnostics about its name.
    package var location: SourceLocation = .unknown
    /// Set for the columns of a `sqlc.embed(t)` item: the row holds them as one nested value.
    package var embed: EmbeddedColumn?
    /// `AS "x!"` (false: forced non-null) or `AS "x?"` (true: forced nullable); nil when the
    /// nullability is inferred. The SQL sent has the plain name.
    package var nullabilityOverride: Bool?
    /// `format_type` of its type as the wire's row description reports it: a domain column as its
    /// base type.
    package var pgType: String { type.baseType.formatName }

    /// Every stored property, as the memberwise initializer takes them.
    package init(sqlName: String, type: PostgresTypeDescription, nullable: Bool, elementNullable: Bool, origin: ColumnOrigin?,
                 location: SourceLocation = .unknown, embed: EmbeddedColumn? = nil, nullabilityOverride: Bool? = nil) {
        self.sqlName = sqlName
        self.type = type
        self.nullable = nullable
        self.elementNullable = elementNullable
        self.origin = origin
        self.location = location
        self.embed = embed
        self.nullabilityOverride = nullabilityOverride
    }
}

/// A result column's place in a `sqlc.embed(t)` item.
package struct EmbeddedColumn: Sendable, Hashable {
    /// The table or alias as `sqlc.embed(...)` names it (`author`): names the row's property.
    package let name: String
    /// Byte offset of the `sqlc.embed` item: tells two embeds of one name apart.
    package let start: Int
    /// The whole nested value may be absent: the table is on the NULL-extended side of an outer
    /// join. Such a value is nil when its row is absent (every column NULL, or a NOT NULL one NULL).
    package let optional: Bool
    /// The column's own nullability within the table's row, when the row is there.
    package let nullable: Bool

    /// Every stored property, as the memberwise initializer takes them.
    package init(name: String, start: Int, optional: Bool, nullable: Bool) {
        self.name = name
        self.start = start
        self.optional = optional
        self.nullable = nullable
    }
}

/// A `CREATE TYPE ... AS ENUM` type used by the generated code.
package struct EnumDescription: Sendable, Hashable {
    /// The PostgreSQL name as `format_type` prints it (`time_slot`, `shop.order_status`).
    package let sqlName: String
    /// Labels in declaration order.
    package let labels: [String]

    /// Every stored property, as the memberwise initializer takes them.
    package init(sqlName: String, labels: [String]) {
        self.sqlName = sqlName
        self.labels = labels
    }
}

/// All queries of one `.sql` file.
package struct QueryFileDescription: Sendable, Hashable {
    package let path: String
    package let queries: [QueryDescription]

    /// Every stored property, as the memberwise initializer takes them.
    package init(path: String, queries: [QueryDescription]) {
        self.path = path
        self.queries = queries
    }
}

/// The analyzer's whole output.
package struct GenerationModel: Sendable {
    package let files: [QueryFileDescription]
    /// Every enum of the catalog, sorted by SQL name.
    package let enums: [EnumDescription]
    package let diagnostics: [Diagnostic]
    /// The schema files' tables and views the queries were analyzed against, as much of them as
    /// the translate stage reads: the table models' relations and what the user's column
    /// overrides are checked against (SchemaRelations.swift). Not the catalog itself.
    package var relations = SchemaRelations()

    /// Every stored property, as the memberwise initializer takes them.
    package init(files: [QueryFileDescription], enums: [EnumDescription], diagnostics: [Diagnostic],
                 relations: SchemaRelations = SchemaRelations()) {
        self.files = files
        self.enums = enums
        self.diagnostics = diagnostics
        self.relations = relations
    }
}
