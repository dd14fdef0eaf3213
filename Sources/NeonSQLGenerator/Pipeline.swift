/// The generator's stages end to end, each with a typed boundary:
///
/// | stage     | folder       | input                  | output                          |
/// |-----------|--------------|------------------------|---------------------------------|
/// | parse     | `Parse/`     | `SourceFile`s          | `ParsedFile`s (AST)             |
/// | catalog   | `Catalog/`   | parsed schema files    | `Catalog`                       |
/// | analyze   | `Analyze/`   | parsed queries+catalog | `GenerationModel` (`NeonSQLQueryDescription`) |
/// | (lock)    | `Lock/`      | + `neon-sql.lock.json` | queries the analyzer cannot type, from PostgreSQL's description |
/// | translate | `Translate/` | `GenerationModel`      | `NamedModel` (every Swift name and type) |
/// | render    | `Render/`    | `NamedModel`           | Swift files, `describe` JSON    |
///
/// Parse, catalog and analyze know SQL only; every Swift choice (names, types as values,
/// overrides, collisions, `Identifiable`, each query's signature) is made once, in translate;
/// render prints text. The options are ``GeneratorOptions``. `GeneratorAPI.swift`
/// is the public entry that runs this pipeline and picks a renderer.
enum Pipeline {
    /// Every stage: the translated model the renderers print. `options.postgresVersion` is the
    /// analysis's; the rest are the translation's.
    static func run(schemaFiles: [SourceFile], queryFiles: [SourceFile], lock: QueryLockInput? = nil,
                    options: GeneratorOptions = GeneratorOptions()) -> NamedModel {
        translate(analyze(schemaFiles: schemaFiles, queryFiles: queryFiles, postgresVersion: options.postgresVersion, lock: lock,
                          columnOverrides: Array(options.overrides.columns.keys)),
                  options: options)
    }

    /// Parse, catalog and analyze: parses the schema files (applied in the given order) and the
    /// query files, builds the catalog and analyzes every annotated query. Never throws: problems
    /// are diagnostics. `postgresVersion` is the PostgreSQL major version the project targets (nil:
    /// every version's built-in functions are known; see Catalog+Versions.swift).
    /// `lock`: PostgreSQL's own description of queries (`neon-sql.lock.json`), used only for a query
    /// the analyzer cannot type and checked against every other (Lock/LockedQueries.swift).
    /// `columnOverrides`: the configured column overrides' keys (`table.column`), checked against
    /// the schema here so that translation need not see it (``SchemaRelations/existingOverrideColumns``).
    static func analyze(schemaFiles: [SourceFile], queryFiles: [SourceFile], postgresVersion: Int? = nil,
                        lock: QueryLockInput? = nil, columnOverrides: [String] = []) -> GenerationModel {
        analyzeKeepingCatalog(schemaFiles: schemaFiles, queryFiles: queryFiles, postgresVersion: postgresVersion, lock: lock,
                              columnOverrides: columnOverrides).model
    }

    /// ``analyze(schemaFiles:queryFiles:postgresVersion:lock:columnOverrides:)``, also returning the catalog the
    /// queries were analyzed against, for a caller that reads the schema itself (the declared
    /// schema `check` compares with a database). The model carries only the translate stage's
    /// view of it (``SchemaRelations``).
    static func analyzeKeepingCatalog(schemaFiles: [SourceFile], queryFiles: [SourceFile], postgresVersion: Int? = nil,
                                      lock: QueryLockInput? = nil, columnOverrides: [String] = []) -> (model: GenerationModel, catalog: Catalog) {
        var diagnostics = DiagnosticCollector()
        for file in schemaFiles + queryFiles { reportInvalidUTF8(in: file, &diagnostics) }
        let (catalog, parsedFiles) = buildCatalogWhileParsing(schemaFiles: schemaFiles, queryFiles: queryFiles,
                                                              postgresVersion: postgresVersion, &diagnostics)
        let (parsedQueries, analyzed) = analyzeParsed(parsedFiles, against: catalog, keepingParsedFiles: lock != nil, &diagnostics)
        var files = analyzed
        if let lock {
            files = LockedQueries.apply(lock, schemaFiles: schemaFiles, parsedQueries: parsedQueries, files: files, catalog: catalog,
                                        diagnostics: &diagnostics)
        }
        files = rejectDuplicateNames(files, &diagnostics)
        let model = GenerationModel(files: files, enums: catalog.enumDescriptions(), diagnostics: diagnostics.sorted,
                                    relations: SchemaRelations(catalog: catalog, columnOverrides: columnOverrides))
        return (model, catalog)
    }

    /// Analyze only: `queryFiles` against a catalog built elsewhere (the breaking-change checker's
    /// schema after each migration statement, MigrationSteps.swift). No lock; the catalog's own
    /// diagnostics were reported where it was built.
    static func analyze(queryFiles: [SourceFile], against catalog: Catalog) -> GenerationModel {
        var diagnostics = DiagnosticCollector()
        for file in queryFiles { reportInvalidUTF8(in: file, &diagnostics) }
        let files = rejectDuplicateNames(parseAndAnalyze(queryFiles, against: catalog, keepingParsedFiles: false, &diagnostics).analyzed, &diagnostics)
        return GenerationModel(files: files, enums: catalog.enumDescriptions(), diagnostics: diagnostics.sorted,
                               relations: SchemaRelations(catalog: catalog))
    }

    /// Parses the schema files and builds the catalog while the query files are parsed: neither
    /// needs the other, so the catalog is one more job beside the files on the cores
    /// (``ParallelWork``). Diagnostics: the catalog's, then each query file's parse errors in
    /// file order (as one thread would report them before analysis).
    private static func buildCatalogWhileParsing(
        schemaFiles: [SourceFile], queryFiles: [SourceFile], postgresVersion: Int?, _ diagnostics: inout DiagnosticCollector
    ) -> (catalog: Catalog, parsed: [HandOff<ParsedFile>]) {
        let jobs = [FrontEndJob.catalog] + queryFiles.map(FrontEndJob.parse)
        var catalog = Catalog()
        var parsed: [HandOff<ParsedFile>] = []
        parsed.reserveCapacity(queryFiles.count)
        for result in ParallelWork.map(jobs, { job -> FrontEndResult in
            var local = DiagnosticCollector()
            switch job {
            case .catalog:
                // Schema files load as psql loads them (pg_dump output: meta-commands, COPY data),
                // and as a migration tool runs them (its down sections are rollbacks).
                let parsedSchema = schemaFiles.map { SQLParser.parseSchema($0, diagnostics: &local) }
                let catalog = CatalogBuilder.build(from: parsedSchema, postgresVersion: postgresVersion,
                                                  analysis: ViewQueryAnalyzer(), diagnostics: &local)
                return .catalog(catalog, local.diagnostics)
            case .parse(let file):
                let (parsed, found) = parse(file)
                return .parsed(parsed, found)
            }
        }) {
            switch result {
            case .catalog(let built, let found):
                catalog = built
                diagnostics.append(contentsOf: found)
            case .parsed(let file, let found):
                parsed.append(file)
                diagnostics.append(contentsOf: found)
            }
        }
        return (catalog, parsed)
    }

    /// A job of ``buildCatalogWhileParsing(schemaFiles:queryFiles:postgresVersion:_:)``.
    private enum FrontEndJob: Sendable {
        case catalog
        case parse(SourceFile)
    }

    /// What a ``FrontEndJob`` made, with the diagnostics it found.
    private enum FrontEndResult: Sendable {
        case catalog(Catalog, [Diagnostic])
        case parsed(HandOff<ParsedFile>, [Diagnostic])
    }

    /// Parses and analyzes each query file (``analyzeParsed(_:against:keepingParsedFiles:_:)``).
    private static func parseAndAnalyze(
        _ queryFiles: [SourceFile], against catalog: Catalog, keepingParsedFiles: Bool, _ diagnostics: inout DiagnosticCollector
    ) -> (parsed: [ParsedFile], analyzed: [QueryFileDescription]) {
        let parsed = ParallelWork.map(queryFiles, parse)
        for file in parsed { diagnostics.append(contentsOf: file.diagnostics) }
        return analyzeParsed(parsed.map(\.file), against: catalog, keepingParsedFiles: keepingParsedFiles, &diagnostics)
    }

    /// One query file parsed, handed to the worker that will analyze it, with its parse errors.
    @Sendable private static func parse(_ file: SourceFile) -> (file: HandOff<ParsedFile>, diagnostics: [Diagnostic]) {
        var local = DiagnosticCollector()
        return (HandOff(SQLParser.parse(file, diagnostics: &local)), local.diagnostics)
    }

    /// Analyzes each parsed query file, the files shared out over the cores (``ParallelWork``):
    /// each worker has its own diagnostics and table-effects memo, and a file's diagnostics come
    /// in the order one thread would produce them. The parsed files are returned only when
    /// `keepingParsedFiles` (the lock reads them); otherwise each worker takes its files and frees
    /// them, not the calling thread one after the other.
    private static func analyzeParsed(
        _ parsedFiles: [HandOff<ParsedFile>], against catalog: Catalog, keepingParsedFiles: Bool, _ diagnostics: inout DiagnosticCollector
    ) -> (parsed: [ParsedFile], analyzed: [QueryFileDescription]) {
        struct Worker {
            var effects: TableEffectsResolver
            var diagnostics = DiagnosticCollector()
        }
        let (results, workers) = ParallelWork.run(parsedFiles, makeWorkerState: { Worker(effects: TableEffectsResolver(catalog: catalog)) }) { worker, handOff in
            // Each file is handed to one worker once: the value is always there.
            guard let parsed = keepingParsedFiles ? handOff.value : handOff.take() else {
                return ParsedAndAnalyzed(parsed: nil, analyzed: QueryFileDescription(path: "", queries: []))
            }
            let analyzed = QueryFileAnalyzer.analyze(parsed, catalog: catalog, effects: &worker.effects, diagnostics: &worker.diagnostics)
            return ParsedAndAnalyzed(parsed: keepingParsedFiles ? parsed : nil, analyzed: analyzed)
        }
        for worker in workers { diagnostics.append(contentsOf: worker.diagnostics.diagnostics) }
        return (results.compactMap(\.parsed), results.map(\.analyzed))
    }

    /// One query file after parsing and analysis.
    private struct ParsedAndAnalyzed: Sendable {
        let parsed: ParsedFile?
        let analyzed: QueryFileDescription
    }

    /// Translate: every Swift name and type, the user's overrides checked and applied.
    static func translate(_ model: GenerationModel, options: GeneratorOptions = GeneratorOptions()) -> NamedModel {
        SwiftTranslator.name(model, options: options)
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
    /// `fetch_user`) are told apart by the translate stage.
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

extension SwiftTranslator {
    /// Names the model with the project's `options` (``GeneratorOptions``: overrides, type names,
    /// `frozenEnums`; problems with them are diagnostics on `options.configPath`).
    static func name(_ model: GenerationModel, options: GeneratorOptions = GeneratorOptions()) -> NamedModel {
        name(model, overrides: options.overrides, typeNames: options.typeNames, configPath: options.configPath,
             frozenEnums: options.frozenEnums)
    }
}
