// `-- @patch name, ...`: a SET assignment whose value is the parameter is sent only when the call
// sets it (`NeonSQL.Patch.set`); `.keep` leaves the column as it is. The SET lists of an UPDATE
// and of INSERT ... ON CONFLICT DO UPDATE can be patched. When every assignment is left out, the
// statement still runs, as `SET <first patched column> = <table>.<that column>`, so RETURNING and
// row counts work as usual.

enum PatchAssignments {
    /// The SET lists holding patched assignments; a patched parameter used anywhere but as the whole
    /// value of a SET assignment is an error at that use.
    static func setLists(_ statement: Statement, _ occurrences: [(ParameterNode, Int)], _ switches: [Int],
                         _ annotation: AnnotationParser.Annotation, _ source: SourceFile,
                         _ diagnostics: inout DiagnosticCollector) -> [QueryTemplateBuilder.CuttableList] {
        guard !occurrences.isEmpty else { return [] }
        let lists = assignmentLists(of: statement)
        var claimed: Set<Int> = []
        var result: [QueryTemplateBuilder.CuttableList] = []
        for (target, assignments) in lists {
            var itemSwitches: [Int: Set<Int>] = [:]
            var firstPatchedColumn: String?
            for (position, assignment) in assignments.enumerated() {
                var value = assignment.value
                while case .parenthesized(let inner) = value.kind { value = inner }
                guard case .parameter(let node) = value.kind, assignment.columns.count == 1,
                      let (_, index) = occurrences.first(where: { $0.0.range.start.offset == node.range.start.offset }),
                      let switchPosition = switches.firstIndex(of: index) else { continue }
                itemSwitches[position] = [switchPosition]
                claimed.insert(node.range.start.offset)
                if firstPatchedColumn == nil { firstPatchedColumn = assignment.columns.first.map { quoteIfNeeded($0.name) } }
            }
            guard let column = firstPatchedColumn else { continue }
            // Qualified: in ON CONFLICT DO UPDATE a bare column could also be EXCLUDED's.
            let keptValue = quoteIfNeeded(target) + "." + column
            let ranges = assignments.compactMap(\.range)
            guard ranges.count == assignments.count, let first = ranges.first,
                  let keyword = QueryTemplateBuilder.keywordOffset(before: first.start.offset, "set", source) else {
                diagnostics.error("SET was not found right before the assignments, so patched ones cannot be left out",
                                  in: source, at: annotation.location)
                continue
            }
            result.append(QueryTemplateBuilder.CuttableList(
                keywordOffset: keyword, items: ranges.map { ($0.start.offset, $0.endOffset) }, switches: itemSwitches,
                whenEmpty: [.text("SET \(column) = \(keptValue)")]))
        }
        for (node, _) in occurrences where !claimed.contains(node.range.start.offset) {
            diagnostics.error("'-- @patch' names \(QueryTemplateBuilder.written(node, source)), which is not only the value of "
                              + "SET assignments (SET column = \(QueryTemplateBuilder.written(node, source))): a kept value must "
                              + "leave nothing else behind", in: source, at: node.location)
        }
        return result
    }

    /// The SET lists of an UPDATE or of an INSERT's ON CONFLICT DO UPDATE (data-modifying CTEs
    /// too), each with the name its target table goes by (its alias, else its name).
    private static func assignmentLists(of statement: Statement) -> [(target: String, assignments: [SetClause])] {
        switch statement {
        case .update(let update):
            let target = update.alias?.name ?? update.table.parts.last?.name ?? ""
            return (update.with?.tables ?? []).flatMap { assignmentLists(of: $0.statement) } + [(target, update.set)]
        case .insert(let insert):
            var lists = (insert.with?.tables ?? []).flatMap { assignmentLists(of: $0.statement) }
            let target = insert.alias?.name ?? insert.table.parts.last?.name ?? ""
            if case .update(let set, _)? = insert.onConflict?.action { lists.append((target, set)) }
            return lists
        case .select(let select):
            return (select.with?.tables ?? []).flatMap { assignmentLists(of: $0.statement) }
        case .delete(let delete):
            return (delete.with?.tables ?? []).flatMap { assignmentLists(of: $0.statement) }
        default:
            return []
        }
    }
}
