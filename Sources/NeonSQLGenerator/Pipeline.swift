/// The generator's stages end to end: parse -> catalog -> analyze -> model.
/// Naming (`SwiftNamer`), rendering and the JSON description start from the returned model.
enum Pipeline {
    /// Parses the schema files (applied in the given order) and the query files, builds the
    /// catalog and analyzes every annotated query. Never throws: problems are diagnostics.
    /// `overrides` maps columns or types to the user's Swift types (from `neon-sql.json`, whose
    /// path `configPath` names in diagnostics about the overrides themselves).
    /// `postgresVersion` is the PostgreSQL major version the project targets (nil: every version's
    /// built-in functions are known; see Catalog+Versions.swift).
    static func analyze(schemaFiles: [SourceFile], queryFiles: [SourceFile],
                        overrides: TypeOverrides = TypeOverrides(), configPath: String = "neon-sql.json",
                        postgresVersion: Int? = nil) -> GenerationModel {
        var diagnostics = DiagnosticCollector()
        for file in schemaFiles + queryFiles { reportInvalidUTF8(in: file, &diagnostics) }
        // Schema files load as psql loads them (pg_dump output: meta-commands, COPY data).
        let parsedSchema = schemaFiles.map { SQLParser.parse(PsqlScript.withoutMetaCommands($0, &diagnostics), diagnostics: &diagnostics) }
        let catalog = CatalogBuilder.build(from: parsedSchema, postgresVersion: postgresVersion, diagnostics: &diagnostics)
        overrides.validate(against: catalog, configPath: configPath, diagnostics: &diagnostics)
        let parsedQueries = queryFiles.map { SQLParser.parse($0, diagnostics: &diagnostics) }
        var files = parsedQueries.map { QueryFileAnalyzer.analyze($0, catalog: catalog, diagnostics: &diagnostics) }
        files = rejectDuplicateNames(files, &diagnostics)
        return GenerationModel(files: files, enums: catalog.enumDescriptions(), diagnostics: diagnostics.sorted,
                               parseWork: (parsedSchema + parsedQueries).reduce(0) { $0 + $1.work })
    }

    /// A file that is not valid UTF-8 is an error at its first bad byte; the rest of the file is
    /// still analyzed (with U+FFFD in place of the bad bytes), so one run reports everything else.
    private static func reportInvalidUTF8(in file: SourceFile, _ diagnostics: inout DiagnosticCollector) {
        guard let invalid = file.invalidUTF8 else { return }
        let hex = String(invalid.byte, radix: 16, uppercase: true)
        diagnostics.error("file is not valid UTF-8 (byte 0x\(hex.count == 1 ? "0" + hex : hex) at byte offset \(invalid.offset)); save it as UTF-8",
                          in: file, at: file.location(ofOffset: invalid.offset))
    }

    /// Two queries with the same annotated name are one name used twice: the later one is reported
    /// (at its annotation) and left out. Names that only become equal in Swift (`FetchUser`,
    /// `fetch_user`) are told apart by the naming step.
    private static func rejectDuplicateNames(_ files: [QueryFileDescription], _ diagnostics: inout DiagnosticCollector) -> [QueryFileDescription] {
        var seen: [String: QueryDescription] = [:]
        return files.map { file in
            let queries = file.queries.filter { query in
                let key = query.annotationName
                if let first = seen[key] {
                    diagnostics.append(Diagnostic(file: query.file, line: query.line, column: 1, severity: .error,
                                                  message: "query name '\(query.annotationName)' is already used at \(first.file):\(first.line)"))
                    return false
                }
                seen[key] = query
                return true
            }
            return QueryFileDescription(path: file.path, queries: queries)
        }
    }
}
