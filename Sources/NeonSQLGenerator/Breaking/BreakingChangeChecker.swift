/// `neon-sql-gen breaking`: for each query of a shipped version, whether its SQL, exactly as
/// shipped, still runs against the new schema and still gives the shipped binary what it decodes;
/// each finding is placed at the migration statement after which it first appears.
enum BreakingChangeChecker {
    static func check(_ shipped: ShippedVersion, schema files: [SourceFile]) -> BreakingReport {
        let comparison = ShippedQueryComparison(shipped: shipped)
        let all = Array(shipped.queries.indices)
        let final = comparison.analyze(all, schema: files)
        let schemaPaths = Set(files.map(\.path))
        let schemaErrors = final.diagnostics.filter { schemaPaths.contains($0.file) && $0.severity == .error }.map(\.formatted)
        guard schemaErrors.isEmpty else { return BreakingReport(changes: [], schemaErrors: schemaErrors) }

        let steps = MigrationSteps(files)
        var changes: [(order: [Int], change: BreakingChange)] = []
        for index in all {
            let findings = comparison.findings(index, in: final)
            guard !findings.isEmpty else { continue }
            let query = shipped.queries[index]
            // Going back one statement at a time, the first schema without a finding is the one
            // before the statement that brought it.
            var remaining = Set(findings)
            var count = steps.steps.count
            var site: [ShippedQueryComparison.Finding: MigrationSteps.Step] = [:]
            while !remaining.isEmpty, count > 0 {
                count -= 1
                let earlier = Set(comparison.findings(index, in: comparison.analyze([index], schema: steps.schema(after: count))))
                for finding in remaining where !earlier.contains(finding) {
                    site[finding] = steps.steps[count]
                }
                remaining.subtract(site.keys)
            }
            for finding in findings {
                // A finding present from the first statement on is placed there.
                let step = site[finding] ?? steps.steps.first
                let file = step.map { steps.files[$0.file].path } ?? files.first?.path ?? "<schema>"
                let location = step?.location
                changes.append((
                    [step?.file ?? 0, location?.line ?? 1, location?.column ?? 1, index],
                    BreakingChange(severity: finding.isError ? "error" : "warning", file: file, line: location?.line ?? 1,
                                   column: location?.column ?? 1, queryName: query.name, queryFile: query.file,
                                   queryLine: query.line, message: finding.message)))
            }
        }
        let sorted = changes.sorted { $0.order.lexicographicallyPrecedes($1.order) }.map(\.change)
        return BreakingReport(changes: sorted, schemaErrors: [])
    }
}

extension CodeGenerator {
    /// What the migrations in `schema` (all of them, in order, as for `describe`) break for a
    /// shipped version (its `describe` output): each query's shipped SQL is analyzed against the
    /// new schema and compared with the parameters and columns the shipped binary binds and
    /// decodes. Never throws: an unbuildable schema is reported in ``BreakingReport/schemaErrors``.
    public static func breakingChanges(shipped: ShippedVersion, schema: [SQLSourceInput]) -> BreakingReport {
        BreakingChangeChecker.check(shipped, schema: schema.map(SourceFile.init(input:)))
    }
}
