/// `neon-sql-gen breaking`: for each query of a shipped version, whether its SQL, exactly as
/// shipped, still runs against the new schema and still gives the shipped binary what it decodes;
/// each finding is placed at the migration statement after which it first appears.
enum BreakingChangeChecker {
    static func check(_ shipped: DescribeDocument, schema files: [SourceFile]) -> BreakingReport {
        let comparison = ShippedQueryComparison(shipped: shipped)
        let all = Array(shipped.queries.indices)
        let final = comparison.analyze(all, schema: files)
        let schemaPaths = Set(files.map(\.path))
        let schemaErrors = final.diagnostics.filter { schemaPaths.contains($0.file) && $0.severity == .error }.map(\.formatted)
        guard schemaErrors.isEmpty else { return BreakingReport(changes: [], schemaErrors: schemaErrors) }

        let steps = MigrationSteps(files)
        let findings = Dictionary(uniqueKeysWithValues: all.map { ($0, comparison.findings($0, in: final)) }.filter { !$0.1.isEmpty })
        // Going back one statement at a time (all queries with findings analyzed together), the
        // first schema without a finding is the one before the statement that brought it.
        var unresolved = Set(findings.flatMap { index, list in list.map { Located(query: index, finding: $0) } })
        var site: [Located: MigrationSteps.Step] = [:]
        var count = steps.steps.count
        while !unresolved.isEmpty, count > 0 {
            count -= 1
            let queries = Set(unresolved.map(\.query)).sorted()
            let model = comparison.analyze(queries, catalog: steps.catalog(after: count))
            for query in queries {
                let earlier = Set(comparison.findings(query, in: model))
                for located in unresolved where located.query == query && !earlier.contains(located.finding) {
                    site[located] = steps.steps[count]
                }
            }
            unresolved.subtract(site.keys)
        }
        var changes: [(order: [Int], change: BreakingChange)] = []
        for (index, list) in findings {
            let query = shipped.queries[index]
            for finding in list {
                // A finding present from the first statement on is placed there.
                let step = site[Located(query: index, finding: finding)] ?? steps.steps.first
                let file = step.map { steps.files[$0.file].path } ?? files.first?.path ?? "<schema>"
                let location = step?.location
                changes.append((
                    [step?.file ?? 0, location?.line ?? 1, location?.column ?? 1, index],
                    BreakingChange(severity: finding.isError ? "error" : "warning", file: file, line: location?.line ?? 1,
                                   column: location?.column ?? 1, queryName: query.name, queryFile: query.file,
                                   queryLine: query.line, message: finding.message)))
            }
        }
        // Stable for equal positions: a query's findings keep their order.
        let sorted = changes.enumerated().sorted { ($0.element.order + [$0.offset]).lexicographicallyPrecedes($1.element.order + [$1.offset]) }
            .map(\.element.change)
        return BreakingReport(changes: sorted, schemaErrors: [])
    }

    /// One finding of one query.
    private struct Located: Hashable {
        let query: Int
        let finding: ShippedQueryComparison.Finding
    }
}

extension CodeGenerator {
    /// What the migrations in `schema` (all of them, in order, as for `describe`) break for a
    /// shipped version (its `describe` output, decoded as ``DescribeDocument``): each query's shipped SQL is analyzed against the
    /// new schema and compared with the parameters and columns the shipped binary binds and
    /// decodes. Never throws: an unbuildable schema is reported in ``BreakingReport/schemaErrors``.
    public static func breakingChanges(shipped: DescribeDocument, schema: [SQLSourceInput]) -> BreakingReport {
        BreakingChangeChecker.check(shipped, schema: schema.map(SourceFile.init(input:)))
    }
}
