@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

/// Hand-made IR values for renderer and JSON tests (the analyzer is not needed).
enum RenderFixtures {
    static func column(_ sqlName: String, _ type: SQLType, nullable: Bool = false, elementNullable: Bool = false) -> ColumnDescription {
        ColumnDescription(sqlName: sqlName, type: type.described, nullable: nullable, elementNullable: elementNullable, origin: nil)
    }

    static func parameter(_ index: Int, _ name: String, _ type: SQLType, nullable: Bool = false) -> ParameterDescription {
        ParameterDescription(index: index, sqlName: name, type: type.described, nullable: nullable, elementNullable: false,
                             origin: nil, originIsElement: false)
    }

    static func query(
        _ annotationName: String,
        kind: QueryDescription.Kind = .many,
        file: String = "queries/fetch_journey_duas.sql",
        line: Int = 1,
        sql: String = "SELECT 1",
        documentation: [String] = [],
        parameters: [ParameterDescription] = [],
        columns: [ColumnDescription] = [],
        readOnly: Bool = true,
        uniqueColumns: [String] = []
    ) -> QueryDescription {
        QueryDescription(
            annotationName: annotationName,
            file: file, line: line, kind: kind, sql: sql, documentation: documentation,
            parameters: parameters, columns: columns, isReadOnly: readOnly, uniqueColumns: uniqueColumns
        )
    }

    static let fetchJourneyDuas = query(
        "FetchJourneyDuas",
        sql: """
            SELECT jd.dua_id, jd.time_slot, d.title_en, c.slug AS category_slug
            FROM journey_duas jd
            JOIN duas d ON d.id = jd.dua_id
            LEFT JOIN categories c ON c.id = d.category_id
            WHERE jd.journey_id = $1
            ORDER BY jd.sort_order
            """,
        documentation: ["Duas of one journey, in the order the journey lists them."],
        parameters: [parameter(1, "journey_id", .int4)],
        columns: [
            column("dua_id", .int4),
            column("time_slot", .enumeration("time_slot")),
            column("title_en", .text),
            column("category_slug", .text, nullable: true),
        ]
    )

    static let timeSlot = EnumDescription(sqlName: "time_slot", labels: ["morning", "anytime", "evening"])

    /// The queries (one file at `path`) and enums, named by the naming step.
    static func named(_ queries: [QueryDescription], path: String = "queries/fetch_journey_duas.sql",
                      enums: [EnumDescription] = [], typeNames: GeneratedTypeNames = GeneratedTypeNames(),
                      frozenEnums: Bool = false) -> NamedModel {
        SwiftTranslator.name(GenerationModel(files: [QueryFileDescription(path: path, queries: queries)], enums: enums, diagnostics: []),
                        options: GeneratorOptions(typeNames: typeNames, frozenEnums: frozenEnums))
    }
}
