/// The language-neutral description of one annotated query: what the analyzer produces, what
/// `describe` prints as JSON and what the renderer turns into Swift.
struct QueryDescription: Sendable, Hashable {
    /// How the query's result is returned.
    enum Kind: String, Sendable, Hashable, Codable {
        case many, one, exec, execrows
    }

    /// The annotation's name as written (`FetchJourneyDuas`), or derived from the file name.
    let annotationName: String
    /// Swift function name (`fetchJourneyDuas`).
    let name: String
    /// Swift row type name (`FetchJourneyDuasRow`); unused for exec/execrows.
    let rowTypeName: String
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
    /// Swift name of a column whose value is unique per row (a primary or unique key of the only
    /// row source), which makes the row `Identifiable` when it is named `id`.
    let uniqueColumn: String?
}

/// One bind parameter (`$index`).
struct ParameterDescription: Sendable, Hashable {
    /// 1-based `$n`.
    let index: Int
    /// Swift argument label (`journeyId`).
    let name: String
    let type: SQLType
    let nullable: Bool
    /// For arrays: whether elements may be NULL (`[Int?]`).
    let elementNullable: Bool
    /// Swift type as the renderer spells it, including optionality (`Int`, `[Int]`, `String?`).
    let swiftType: String
}

/// One output column.
struct ColumnDescription: Sendable, Hashable {
    /// Swift property name (`categorySlug`).
    let name: String
    /// The column name PostgreSQL reports (`category_slug`), after stripping `!`/`?` overrides.
    let sqlName: String
    let type: SQLType
    let nullable: Bool
    let elementNullable: Bool
    let swiftType: String
}

/// A `CREATE TYPE ... AS ENUM` type used by the generated code.
struct EnumDescription: Sendable, Hashable {
    /// The PostgreSQL name (`time_slot`).
    let sqlName: String
    /// Swift type name (`TimeSlot`).
    let swiftName: String
    /// Labels in declaration order with their Swift case names.
    let cases: [EnumCase]

    struct EnumCase: Sendable, Hashable {
        let label: String
        let swiftName: String
    }
}

/// All queries of one `.sql` file.
struct QueryFileDescription: Sendable, Hashable {
    let path: String
    let queries: [QueryDescription]
}

/// The analyzer's whole output.
struct GenerationModel: Sendable {
    let files: [QueryFileDescription]
    /// Every enum of the catalog, sorted by Swift name (rendered into the shared file).
    let enums: [EnumDescription]
    let diagnostics: [Diagnostic]
}
