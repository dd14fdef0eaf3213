// INSERT, UPDATE and DELETE through a view, as PostgreSQL 15 accepts them: through a view with an
// INSTEAD OF trigger (or a rule) for the change, whatever its shape; else through an automatically
// updatable view (Analyze/UpdatableViews.swift), assigning only columns that are plain references
// to a base column, down to the base table through nested views. The errors are PostgreSQL's own
// (rewriteHandler.c's `rewriteTargetView`), with its DETAIL after a colon.
extension ModificationAnalyzing where Self: ExpressionTyping & FromClauseAnalyzing & SelectAnalyzing & GroupingChecking & CallTyping {
    /// Whether PostgreSQL changes view `relation`'s rows by `change`, reporting its error at
    /// `location` when it does not.
    mutating func acceptsViewChange(_ relation: CatalogRelation, _ change: TableChange, at location: SourceLocation) -> Bool {
        var current = relation
        var seen: Set<String> = []
        while current.kind == .view {
            let key = Catalog.key(schema: current.schema, name: current.name)
            guard seen.insert(key).inserted, !changedByTriggerOrRule(key, change) else { return true }
            // A view the catalog could not judge is accepted.
            guard let updatability = current.updatability else { return true }
            if let detail = updatability.notUpdatableDetail {
                error("\(Self.viewVerb(change)) view \"\(current.name)\": \(detail)", at: location)
                return false
            }
            guard let baseKey = catalog.tableEffects.viewBaseRelations[key], let base = catalog.relation(key: baseKey) else { return true }
            current = base
        }
        return true
    }

    /// Reports each of `columns` (assigned by `change`) of view `relation` that is not a column of
    /// its base relation, following nested views as PostgreSQL's rewriter does (the error then
    /// names the inner view's column).
    mutating func checkAssignedViewColumns(_ columns: [Identifier], of relation: CatalogRelation, _ change: TableChange) {
        guard relation.kind == .view else { return }
        for identifier in columns {
            var current = relation
            var name = identifier.name
            var seen: Set<String> = []
            while current.kind == .view {
                let key = Catalog.key(schema: current.schema, name: current.name)
                guard seen.insert(key).inserted, !changedByTriggerOrRule(key, change),
                      let updatability = current.updatability, updatability.notUpdatableDetail == nil,
                      let index = current.columnIndex(named: name) else { break }
                guard let baseColumn = updatability.baseColumn(at: index) else {
                    let verb = change == .insert ? "cannot insert into column" : "cannot update column"
                    error("\(verb) \"\(name)\" of view \"\(current.name)\": View columns that are not columns of their base relation are not updatable.",
                          at: identifier.location)
                    break
                }
                guard let baseKey = catalog.tableEffects.viewBaseRelations[key], let base = catalog.relation(key: baseKey) else { break }
                current = base
                name = baseColumn
            }
        }
    }

    /// An INSTEAD OF trigger or a rule of view `key` does `change` in PostgreSQL's place.
    private func changedByTriggerOrRule(_ key: String, _ change: TableChange) -> Bool {
        catalog.tableEffects.hasInsteadOfTrigger(on: key, for: change) || catalog.tableEffects.hasRule(on: key, for: change)
    }

    private static func viewVerb(_ change: TableChange) -> String {
        switch change {
        case .insert: "cannot insert into"
        case .update: "cannot update"
        case .delete: "cannot delete from"
        case .truncate: "cannot truncate"
        }
    }
}
