// sqlc.embed(t): a FROM item's columns as one nested value of the row.
extension SelectAnalyzing where Self: GroupingChecking & ExpressionTyping & FromClauseAnalyzing & NameResolving & ModificationAnalyzing & ParameterConflictReporting {
    /// The columns `sqlc.embed(name)` stands for, tagged with the embed they belong to; records
    /// the edit that lists them in the SQL sent (`name.a, name.b`, in the table's order).
    mutating func analyzeEmbed(_ name: Identifier, _ range: SourceRange, _ scope: Scope) -> [OutputColumn] {
        guard let entry = scope.entries.last(where: { $0.name == name.name }) else {
            let known = scope.entries.compactMap(\.name)
            error("sqlc.embed(\(name.name)): no table or alias \"\(name.name)\" in this query's FROM clause"
                  + NameSuggestions.suffix(for: name.name, among: known), at: name.location)
            return []
        }
        let columns = entry.columns.filter { !$0.name.isEmpty }
        if columns.isEmpty {
            error("sqlc.embed(\(name.name)): \"\(name.name)\" has no columns", at: name.location)
            return []
        }
        // NULL-extended by an outer join: the whole value is absent in such rows, unless WHERE
        // proved one of its columns NOT NULL (then the joined row is always there).
        let before = entry.nullabilityBeforeExtension
        let optional = before != nil && entry.columns.allSatisfy(\.value.nullable)
        let qualifier = Self.sqlName(name.name)
        sentSQL.replaceEmbed(offset: range.start.offset, length: range.endOffset - range.start.offset,
                             with: columns.map { qualifier + "." + Self.sqlName($0.name) }.joined(separator: ", "))
        return entry.columns.enumerated().compactMap { position, column in
            guard !column.name.isEmpty else { return nil }
            var ownNullable = column.value.nullable
            if let before, position < before.count { ownNullable = before[position] && column.value.nullable }
            var value = column.value
            value.nullable = optional || ownNullable
            var output = OutputColumn(name: column.name, value: value, nullabilityOverride: nil, location: name.location)
            output.embed = EmbeddedColumn(name: name.name, start: range.start.offset, optional: optional, nullable: ownNullable)
            return output
        }
    }

}
