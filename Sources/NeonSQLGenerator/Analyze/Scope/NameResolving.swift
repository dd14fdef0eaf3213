// Name resolution: FROM items by name and columns through the scope chain, with the errors
// PostgreSQL gives (ambiguous, missing FROM-clause entry, does not exist, with suggestions).

/// Resolves names in a scope: FROM items and columns (outer scopes included), `*` and `t.*`
/// expansions in the SQL sent, composite fields, and the suggestions of its messages. Owns no
/// state: it records star expansions in the shared ``StatementAnalysisContext/sentSQL``, and asks
/// `FromClauseAnalyzing` whether a relation failed to resolve
/// (``FromClauseAnalyzing/relationFailedToResolve()``). Calls `ExpressionTyping`, `CallTyping` and
/// `FromClauseAnalyzing` (its extension's `where` clause).
protocol NameResolving: StatementAnalysisContext {
    /// The FROM item or CTE a name refers to, searching outward.
    func findEntry(named name: String, _ scope: Scope) -> RangeEntry?
    /// The value of a column reference; nil (reported) when it names no column.
    mutating func resolveColumn(_ name: QualifiedName, _ scope: Scope) -> TypedValue?
    func invalidEnumLabel(_ text: String, for type: SQLType) -> String?
    func typeNames() -> [String]
    func relationNames(_ scope: Scope?) -> [String]
    /// `(x).field` of a record whose fields are known; nil otherwise.
    mutating func recordFieldValue(_ base: Expression, _ field: Identifier, _ scope: Scope) -> TypedValue?
    /// The columns of `(x).*` in a select list.
    mutating func expandFieldStar(_ base: Expression, _ scope: Scope, at location: SourceLocation) -> [OutputColumn]
    mutating func recordStarExpansion(at location: SourceLocation, _ scope: Scope)
    mutating func recordQualifiedStarExpansion(at location: SourceLocation, _ entry: RangeEntry)
}

extension NameResolving where Self: ExpressionTyping & CallTyping & FromClauseAnalyzing {

    func findEntry(named name: String, _ scope: Scope) -> RangeEntry? {
        locateEntry(named: name, scope).map { $0.level.entries[$0.index] }
    }

    /// The level of the scope chain whose FROM item or CTE `name` is, and its index there.
    private func locateEntry(named name: String, _ scope: Scope) -> (level: Scope, index: Int)? {
        var current: Scope? = scope
        while let level = current {
            if let index = level.entries.lastIndex(where: { $0.name == name }) { return (level, index) }
            current = level.parent
        }
        return nil
    }

    /// Records which FROM item of `level` a column reference names, for the grouping check.
    private func noteReference(_ name: QualifiedName, level: Scope, entry: Int?, column: String) {
        level.level.columnReferences[name.location.offset] = ReferencedColumn(entry: entry, column: column)
    }

    /// Resolves `col`, `t.col` or `s.t.col` through the scope chain, reporting what PostgreSQL would.
    mutating func resolveColumn(_ name: QualifiedName, _ scope: Scope) -> TypedValue? {
        guard let column = name.name else { return nil }
        let qualifier = name.qualifier
        if qualifier.isEmpty {
            var current: Scope? = scope
            while let level = current {
                if level.allowOutputAliases, let output = level.outputColumns.first(where: { $0.name == column.name }) {
                    return output.value
                }
                // Only the first match and whether there is another matter: no array of them is built.
                var firstMatch: TypedValue?
                var firstEntry: Int?
                var isAmbiguous = false
                func note(_ value: TypedValue, entry: Int?) {
                    if firstMatch == nil { (firstMatch, firstEntry) = (value, entry) } else { isAmbiguous = true }
                }
                for merged in level.mergedColumns where merged.name == column.name { note(merged.value, entry: nil) }
                for (index, entry) in level.entries.enumerated() where !entry.hiddenUnqualified.contains(column.name) {
                    for entryColumn in entry.columns where entryColumn.name == column.name { note(entryColumn.value, entry: index) }
                    if let system = systemColumnValue(column.name, of: entry) { note(system, entry: index) }
                }
                if let match = firstMatch {
                    if isAmbiguous {
                        error("column reference \"\(column.name)\" is ambiguous", at: column.location)
                    } else {
                        noteReference(name, level: level, entry: firstEntry, column: column.name)
                    }
                    return match
                }
                // A bare table name is a whole-row reference.
                if let index = level.entries.lastIndex(where: { $0.name == column.name }) {
                    // PostgreSQL's whole-row Var, named `t.*` by the grouping check.
                    noteReference(name, level: level, entry: index, column: "*")
                    return wholeRowValue(of: level.entries[index], name: column.name)
                }
                current = level.parent
            }
            if !relationFailedToResolve() {
                let hint = unreferenceableEntry(scope) { entry in entry.columns.contains { $0.name == column.name } }.map {
                    "; there is a column named \"\(column.name)\" in table \"\($0.name ?? "")\", but it cannot be referenced from this part of the query"
                }
                error("column \"\(column.name)\" does not exist"
                      + (hint ?? NameSuggestions.suffix(for: column.name, among: columnNamesInScope(scope))), at: column.location)
            }
            return nil
        }
        guard let tableName = qualifier.last else { return nil }
        guard case (let level, var index)? = locateEntry(named: tableName.name, scope) else {
            if unreferenceableEntry(scope, where: { $0.name == tableName.name }) != nil {
                error("invalid reference to FROM-clause entry for table \"\(tableName.name)\"; there is an entry for table \"\(tableName.name)\", "
                      + "but it cannot be referenced from this part of the query", at: tableName.location)
            } else if let alias = aliasOfTable(named: tableName.name, schema: qualifier.dropLast().last?.name, scope) {
                // PostgreSQL's errorMissingRTE: the table is there, under an alias.
                error("invalid reference to FROM-clause entry for table \"\(tableName.name)\"; perhaps you meant to reference the table alias \"\(alias)\"",
                      at: tableName.location)
            } else if !relationFailedToResolve() {
                error("missing FROM-clause entry for table \"\(tableName.name)\"" + NameSuggestions.suffix(for: tableName.name, among: rangeEntryNames(scope)),
                      at: tableName.location)
            }
            return nil
        }
        // Two tables of one name in different schemas, both unaliased (PostgreSQL allows them in
        // one FROM): `t.col` names neither; `schema.t.col` the one in that schema.
        let namesakes = level.entries.indices.filter { level.entries[$0].isUnaliasedRelation && level.entries[$0].name == tableName.name }
        if namesakes.count > 1, level.entries[index].isUnaliasedRelation {
            guard let schema = qualifier.dropLast().last?.name else {
                error("table reference \"\(tableName.name)\" is ambiguous", at: qualifier[0].location)
                return nil
            }
            if let inSchema = namesakes.first(where: { level.entries[$0].relationKey == Catalog.key(schema: schema, name: tableName.name) }) {
                index = inSchema
            }
        }
        let entry = level.entries[index]
        guard let match = entry.columns.first(where: { $0.name == column.name }) else {
            if let system = systemColumnValue(column.name, of: entry) {
                noteReference(name, level: level, entry: index, column: column.name)
                return system
            }
            if qualifier.count == 1, let value = attributeNotationCall(column, of: tableName, scope) {
                // `kw.count` is `count(kw)`: no column reference for the grouping check to read.
                level.level.columnReferences[name.location.offset] = nil
                return value
            }
            error("column \(tableName.name).\(column.name) does not exist" + NameSuggestions.suffix(for: column.name, among: entry.columns.map(\.name)),
                  at: column.location)
            return nil
        }
        noteReference(name, level: level, entry: index, column: column.name)
        return match.value
    }

    /// The alias of a FROM item of the scope chain that is table `name` under another name.
    private func aliasOfTable(named name: String, schema: String?, _ scope: Scope) -> String? {
        guard let relation = catalog.relation(name, schema: schema) else { return nil }
        let key = Catalog.key(schema: relation.schema, name: relation.name)
        var current: Scope? = scope
        while let level = current {
            if let alias = level.entries.first(where: { $0.relationKey == key && $0.name != nil && $0.name != name })?.name { return alias }
            current = level.parent
        }
        return nil
    }

    /// The first entry of the scope chain that this part of the statement cannot reference
    /// (``Scope/unreferenceableEntries``) and `matches` accepts.
    private func unreferenceableEntry(_ scope: Scope, where matches: (RangeEntry) -> Bool) -> RangeEntry? {
        var current: Scope? = scope
        while let level = current {
            if let entry = level.unreferenceableEntries.first(where: matches) { return entry }
            current = level.parent
        }
        return nil
    }

    /// PostgreSQL's attribute notation: `t.f` where `t` is a FROM item without a column `f` is the
    /// call `f(t)` of a function (or aggregate) of one argument, with `t`'s whole row as that
    /// argument (`kw.count` is `count(kw)`; a computed field `p.full_name` is `full_name(p)`).
    /// Nil when no function of that name takes one argument: the column does not exist then.
    mutating func attributeNotationCall(_ function: Identifier, of table: Identifier, _ scope: Scope) -> TypedValue? {
        let hasUserFunction = !catalog.userCallOverloads(named: function.name, schema: nil, procedures: false)
            .filter { $0.inputArguments.count == 1 }.isEmpty
        // A built-in takes a whole row only through a pseudo-type argument (`count("any")`,
        // `row_to_json(record)`): `r.name` is not the cast `name(r)`, whose candidates take text.
        let takesRow = catalog.functionOverloads(named: function.name, argumentCount: 1).signatures
            .contains { SQLType.rowAcceptingPseudoTypeNames.contains($0.arguments.first ?? "") }
        guard hasUserFunction || takesRow else { return nil }
        let row = Expression(.column(QualifiedName(parts: [table])), location: table.location,
                             range: SourceRange(start: table.location, endOffset: table.location.offset + table.name.utf8.count))
        let call = FunctionCall(name: QualifiedName(parts: [function]), arguments: [row], isStar: false, isDistinct: false,
                                orderBy: [], withinGroup: [], filter: nil, over: nil, hasVariadicArgument: false)
        var value = inferFunction(call, scope, nil, insideCast: false)
        value.name = function.name
        return value
    }
}
