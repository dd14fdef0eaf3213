/// The new schema's statements in order, and the catalog as it stands after each of them: the
/// breaking-change checker finds the statement after which a shipped query stops working.
///
/// The files are parsed once and the catalog is built once, statement by statement, keeping a
/// snapshot every ``checkpointInterval`` statements; the catalog after any statement is the
/// nearest earlier snapshot with the statements since applied (a `Catalog` is a value: a snapshot
/// shares what later statements leave unchanged).
struct MigrationSteps {
    /// One statement: its file (index into `files`) and where it starts.
    struct Step {
        let file: Int
        let location: SourceLocation
        /// The parsed statement (nil for one that failed to parse: it changes nothing).
        let statement: ParsedStatement?
        /// The source it was parsed from (the file as psql would run it).
        let source: SourceFile
    }

    static let checkpointInterval = 32

    let files: [SourceFile]
    let steps: [Step]
    /// `checkpoints[k]`: the catalog after the first `k * checkpointInterval` statements.
    private let checkpoints: [Catalog]

    init(_ files: [SourceFile]) {
        self.files = files
        var steps: [Step] = []
        var ignored = DiagnosticCollector()
        for (index, file) in files.enumerated() {
            let parsed = SQLParser.parseSchema(file, diagnostics: &ignored)
            let statements = parsed.statements.map { (offset: $0.range.start.offset, location: $0.range.start, statement: Optional($0)) }
            let unparsed = parsed.unparsedStatements.map { (offset: $0.range.start.offset, location: $0.range.start, statement: ParsedStatement?.none) }
            for entry in (statements + unparsed).sorted(by: { $0.offset < $1.offset }) {
                steps.append(Step(file: index, location: entry.location, statement: entry.statement, source: parsed.source))
            }
        }
        self.steps = steps
        var checkpoints: [Catalog] = []
        var catalog = Catalog()
        for (index, step) in steps.enumerated() {
            if index % Self.checkpointInterval == 0 { checkpoints.append(catalog) }
            Self.apply(step, to: &catalog)
        }
        self.checkpoints = checkpoints
    }

    /// The catalog after the first `count` statements (0: none), ready for analysis.
    func catalog(after count: Int) -> Catalog {
        let count = min(max(count, 0), steps.count)
        let checkpoint = min(count / Self.checkpointInterval, checkpoints.count - 1)
        var catalog = checkpoint >= 0 ? checkpoints[checkpoint] : Catalog()
        let start = max(checkpoint, 0) * Self.checkpointInterval
        for step in steps[start..<count] { Self.apply(step, to: &catalog) }
        // As CatalogBuilder.build ends: queries see the default search path, whatever SET the
        // schema files ran.
        catalog.setSearchPath(catalog.defaultSearchPath)
        return catalog
    }

    private static func apply(_ step: Step, to catalog: inout Catalog) {
        guard let statement = step.statement else { return }
        var ignored = DiagnosticCollector()
        CatalogBuilder.apply(statement.statement, source: step.source, to: &catalog, analysis: ViewQueryAnalyzer(), diagnostics: &ignored)
    }
}
