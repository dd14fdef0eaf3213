/// The generator's stages end to end: parse -> catalog -> analyze -> model.
/// Rendering and JSON description start from the returned model.
enum Pipeline {
    /// Parses the schema files (applied in the given order) and the query files, builds the
    /// catalog and analyzes every annotated query. Never throws: problems are diagnostics.
    static func analyze(schemaFiles: [SourceFile], queryFiles: [SourceFile]) -> GenerationModel {
        var diagnostics = DiagnosticCollector()
        let parsedSchema = schemaFiles.map { SQLParser.parse($0, diagnostics: &diagnostics) }
        let catalog = CatalogBuilder.build(from: parsedSchema, diagnostics: &diagnostics)
        let parsedQueries = queryFiles.map { SQLParser.parse($0, diagnostics: &diagnostics) }
        let files = parsedQueries.map { QueryFileAnalyzer.analyze($0, catalog: catalog, diagnostics: &diagnostics) }
        return GenerationModel(files: files, enums: catalog.enumDescriptions(), diagnostics: diagnostics.sorted)
    }
}
