// The generator's public surface: what `neon-sql-gen` (a separate module) and tests call.
// Everything else in this module is internal and may change freely.

/// One `.sql` file given to the generator.
public struct SQLSourceInput: Sendable, Hashable {
    /// The path diagnostics print and `describe` reports (the plugin passes absolute paths so
    /// that Xcode and SwiftPM show errors at the `.sql` file).
    public let path: String
    /// The file's text.
    public let contents: String
    /// Byte offset of the first byte that is not valid UTF-8 when the input was read from bytes
    /// (``init(path:bytes:)``); `contents` then holds U+FFFD in place of each invalid sequence.
    public var firstInvalidUTF8Offset: Int? { invalidUTF8?.offset }
    let invalidUTF8: InvalidUTF8?

    public init(path: String, contents: String) {
        self.path = path
        self.contents = contents
        self.invalidUTF8 = nil
    }

    /// A file as read from disk. Bytes that are not valid UTF-8 do not stop the generator: the
    /// first one is reported as an error at its line and column (`describe` still prints its
    /// JSON), and the rest of the file is analyzed with U+FFFD in place of each invalid sequence.
    public init(path: String, bytes: some Collection<UInt8>) {
        self.path = path
        self.contents = String(decoding: bytes, as: UTF8.self)
        self.invalidUTF8 = UTF8Validation.firstInvalid(in: bytes)
    }
}

/// The Swift file generated for one query file.
public struct GeneratedSwiftFile: Sendable, Hashable {
    /// The query file's path, as given in ``SQLSourceInput/path``.
    public let inputPath: String
    /// The generated Swift source.
    public let source: String
}

/// The result of ``CodeGenerator/describe(schema:queries:)``.
public struct DescribeResult: Sendable, Hashable {
    /// The `describe` JSON document (see `docs/describe-json.md`), ending in a newline.
    public let json: String
    /// Whether any diagnostic is an error (the CLI then exits with status 1).
    public let hasErrors: Bool
    /// Every diagnostic as `path:LINE:COL: severity: message`, in file, line, column order.
    public let diagnostics: [String]
}

/// The result of ``CodeGenerator/generate(schema:queries:)``.
public struct GenerateResult: Sendable, Hashable {
    /// One Swift file per query input, in input order (a file without queries still gets one).
    public let files: [GeneratedSwiftFile]
    /// The shared file (``CodeGenerator/sharedFileName``): the target's `Queries`, `Statements`
    /// and client types, and the schema's enums.
    public let shared: String
    /// Every diagnostic as `path:LINE:COL: severity: message`, in file, line, column order.
    public let diagnostics: [String]
    /// Whether any diagnostic is an error; the outputs should then not be used.
    public let hasErrors: Bool
}

/// One analyzed query, as ``CodeGenerator/analyzeQueries(schema:queries:)`` returns it: a
/// `describe` entry's parameters and columns (the contract's own values, docs/describe-json.md)
/// with what `check` needs besides (the annotation's name, whether it writes, its variants).
public struct AnalyzedQuery: Sendable, Hashable {
    /// How the query's result is returned: the annotation's kind (`:many`, `:one`, `:exec`,
    /// `:execrows`, `:execresult`, `:batchexec`, `:batchone`, `:batchmany`, `:copyfrom`).
    public typealias Kind = QueryKind

    /// The annotation's name as written (`FetchJourneyDuas`), or derived from the file name.
    public let annotationName: String
    /// The Swift function name without backticks (`fetchJourneyDuas`): `describe`'s `name`.
    public let name: String
    /// The query file's path, as given in ``SQLSourceInput/path``.
    public let file: String
    /// 1-based line of the `-- name:` annotation (or of the statement when there is none).
    public let line: Int
    /// The annotation's kind.
    public let kind: Kind
    /// The SQL sent to the database, with every parameter as `$n`.
    public let sql: String
    /// True for a plain SELECT without data-modifying CTEs: running it writes nothing.
    public let isReadOnly: Bool
    /// The bind parameters, `$1` first, as `describe` writes them (its `params`).
    public let parameters: [DescribedParameter]
    /// The result columns in order (empty for `:exec`/`:execrows`), as `describe` writes them.
    public let columns: [DescribedColumn]

    /// True for a utility statement in a query file (`TRUNCATE`, `NOTIFY`, `LISTEN`, `REFRESH
    /// MATERIALIZED VIEW`, `DO`, ...): sent as written, with no parameters and no result.
    /// Also true for `CALL procedure(...)` (typed from the procedure's signature). PostgreSQL cannot
    /// PREPARE either, so `neon-sql-gen check` does not ask the database about it.
    public let isUtilityStatement: Bool
    /// For a query with `-- @optional`, `-- @patch` or `-- @sort`: the other shapes a call can send
    /// (each subset of up to four optional parts, each sort key), each with its own SQL and its
    /// parameters renumbered as sent; `check` asks the database about every one. Empty otherwise.
    public internal(set) var variants: [AnalyzedQuery] = []
}

/// The result of ``CodeGenerator/analyzeQueries(schema:queries:)``.
public struct QueryAnalysis: Sendable, Hashable {
    /// Every successfully analyzed query, file by file in input order, each file's in source order.
    /// A query with an error diagnostic is left out.
    public let queries: [AnalyzedQuery]
    /// Every diagnostic as `path:LINE:COL: severity: message`, in file, line, column order.
    public let diagnostics: [String]
    /// Whether any diagnostic is an error.
    public let hasErrors: Bool
    /// The error diagnostics alone, formatted as in ``diagnostics``.
    public let errors: [String]
    /// What the schema files declare (tables, enums, domains), from the same catalog the queries
    /// were analyzed against: `check` compares it with the live database.
    public let declaredSchema: DeclaredSchema
}

/// Entry points of the generator: schema + annotated queries in, JSON or Swift out.
/// Never throws and never traps on bad input: problems are diagnostics.
public enum CodeGenerator {
    /// The name of the per-target shared file (the target's `Queries`, `Statements`, client and enums).
    public static let sharedFileName = "NeonSQLSchema.swift"
    /// The configuration file's name, the path diagnostics about options name when the caller
    /// gives none. (The plugin, which cannot link the generator, has its own copy:
    /// `NeonSQLConfig.fileName` in `Sources/NeonSQLGeneratorCLI/Shared/`.)
    public static let defaultConfigPath = "neon-sql.json"

    /// The values `postgresVersion` (the PostgreSQL major version a project targets) accepts:
    /// the versions Neon runs. 14 is treated as 15, the oldest the built-in catalog comes from.
    public static let supportedPostgresVersions = 14...17

    /// Analyzes `queries` against `schema` (applied in the given order: migrations) and returns
    /// the `describe` JSON. `options` are the project's (``GeneratorOptions``); `lock` is
    /// PostgreSQL's own description of the queries the analyzer cannot type (`neon-sql.lock.json`).
    public static func describe(schema: [SQLSourceInput], queries: [SQLSourceInput], options: GeneratorOptions = GeneratorOptions(),
                                lock: QueryLockInput? = nil) -> DescribeResult {
        let model = namedModel(schema: schema, queries: queries, options: options, lock: lock)
        return DescribeResult(
            json: DescribeJSON.render(model),
            hasErrors: model.diagnostics.contains { $0.severity == .error },
            diagnostics: model.diagnostics.map(\.formatted)
        )
    }

    /// Analyzes `queries` against `schema` and returns the queries as values: the same facts as
    /// ``describe(schema:queries:)``'s JSON, for tools that compare them with something
    /// (`neon-sql-gen check` compares them with a live database). `postgresVersion` as for
    /// `describe`.
    public static func analyzeQueries(schema: [SQLSourceInput], queries: [SQLSourceInput], postgresVersion: Int? = nil,
                                      lock: QueryLockInput? = nil) -> QueryAnalysis {
        let (generation, catalog) = Pipeline.analyzeKeepingCatalog(schemaFiles: schema.map(SourceFile.init(input:)),
                                                                   queryFiles: queries.map(SourceFile.init(input:)),
                                                                   postgresVersion: postgresVersion, lock: lock)
        let model = Pipeline.translate(generation)
        let analyzed = model.queries.map { named in
            let query = named.query
            let described = DescribeJSON.described(named)
            var analyzed = AnalyzedQuery(
                annotationName: query.annotationName,
                name: named.functionName,
                file: query.file,
                line: query.line,
                kind: query.kind,
                sql: query.sql,
                isReadOnly: query.isReadOnly,
                parameters: described.params,
                columns: described.columns,
                isUtilityStatement: query.isUtility
            )
            if let template = query.template { analyzed.variants = variants(of: analyzed, named, template) }
            return analyzed
        }
        return QueryAnalysis(
            queries: analyzed,
            diagnostics: model.diagnostics.map(\.formatted),
            hasErrors: model.diagnostics.contains { $0.severity == .error },
            errors: model.diagnostics.filter { $0.severity == .error }.map(\.formatted),
            declaredSchema: DeclaredSchema(catalog: catalog)
        )
    }

    /// The shapes of a templated query other than the one it describes (every part in, first keys).
    private static func variants(of query: AnalyzedQuery, _ named: NamedQuery, _ template: QueryTemplate) -> [AnalyzedQuery] {
        let byIndex = Dictionary(query.parameters.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
        let switchNames = template.switchParameters.map { index in byIndex[index]?.name ?? "$\(index)" }
        return QueryTemplateVariants.checkedCalls(template).compactMap { call in
            let isDescribed = call.switches.allSatisfy { $0 } && call.choices.allSatisfy { $0 == 0 }
            guard !isDescribed else { return nil }
            let variant = QueryTemplateVariants.variant(template, switches: call.switches, choices: call.choices)
            let left = zip(switchNames, call.switches).filter { !$0.1 }.map(\.0)
            let sorts = zip(named.sorts, call.choices).filter { $0.1 != 0 }.map { sort, choice in
                "\(sort.sqlName) \(sort.cases.indices.contains(choice) ? sort.cases[choice].name : String(choice))"
            }
            let label = (left.isEmpty ? [] : ["without " + left.joined(separator: ", ")]) + sorts
            return AnalyzedQuery(
                annotationName: query.annotationName + " (" + label.joined(separator: "; ") + ")",
                name: query.name, file: query.file, line: query.line, kind: query.kind, sql: variant.sql, isReadOnly: query.isReadOnly,
                parameters: variant.parameters.enumerated().compactMap { position, index in
                    byIndex[index].map { parameter in
                        var renumbered = parameter
                        renumbered.index = position + 1
                        return renumbered
                    }
                },
                columns: query.columns, isUtilityStatement: query.isUtilityStatement)
        }
    }

    /// Analyzes `queries` against `schema` and renders one Swift file per query file plus the
    /// shared file, as `options` configure them (``GeneratorOptions``); `lock` as for `describe`.
    public static func generate(schema: [SQLSourceInput], queries: [SQLSourceInput], options: GeneratorOptions = GeneratorOptions(),
                                lock: QueryLockInput? = nil) -> GenerateResult {
        let model = namedModel(schema: schema, queries: queries, options: options, lock: lock)
        let codableRows = options.codableRows
        let queryClient = options.queryClient
        let filesByPath = Dictionary(model.files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        // Whether the files declare client properties is decided here, once: by their client types.
        let fileTypes = QueryFileTypes.forFiles(queries.map(\.path), typeNames: model.typeNames, queryClient: queryClient)
        let typeNames = model.typeNames
        // Each file renders on its own (ParallelWork): nothing in one file's text depends on
        // another's. The shared file is one more job, rendered beside them.
        let jobs = [RenderJob.shared] + zip(queries.map(\.path), fileTypes).map { RenderJob.queryFile(path: $0, types: $1) }
        var sources = ParallelWork.map(jobs) { job in
            switch job {
            case .shared:
                return SharedFileRenderer.render(model, files: fileTypes, codableRows: codableRows, queryClient: queryClient)
            case .queryFile(let path, let types):
                let description = filesByPath[path] ?? NamedFile(path: path, queries: [])
                let renderer = SwiftRenderer(sourceFileName: QueryFileTypes.fileName(of: path), typeNames: typeNames, fileTypes: types,
                                             codableRows: codableRows)
                return renderer.render(description)
            }
        }
        let shared = sources.removeFirst()
        return GenerateResult(
            files: zip(queries, sources).map { GeneratedSwiftFile(inputPath: $0.path, source: $1) },
            shared: shared,
            diagnostics: model.diagnostics.map(\.formatted),
            hasErrors: model.diagnostics.contains { $0.severity == .error }
        )
    }

    /// One file ``generate(schema:queries:options:lock:)`` renders.
    private enum RenderJob: Sendable {
        /// The target's shared file (``GenerateResult/shared``).
        case shared
        /// The Swift file of one query file.
        case queryFile(path: String, types: QueryFileTypes)
    }

    /// Runs the pipeline up to the translated model every output is rendered from (analysis and
    /// translation: every Swift name and type chosen).
    static func namedModel(schema: [SQLSourceInput], queries: [SQLSourceInput], options: GeneratorOptions = GeneratorOptions(),
                           lock: QueryLockInput? = nil) -> NamedModel {
        Pipeline.run(schemaFiles: schema.map(SourceFile.init(input:)), queryFiles: queries.map(SourceFile.init(input:)), lock: lock,
                     options: options)
    }
}

