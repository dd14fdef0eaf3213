// FROM lists, and the names their items go by, which must differ (PostgreSQL's checkNameSpaceConflicts): each item of a
// FROM list (an UPDATE's or DELETE's target among them) against the items before it, the two
// sides of a join against each other, and a join's `USING (...) AS alias` against both sides.

extension FromClauseAnalyzing where Self: ExpressionTyping & CallTyping & NameResolving & SelectAnalyzing & GroupingChecking {
    /// Adds the items of a FROM list (or an UPDATE's FROM, a DELETE's USING) to `scope` after the
    /// entries it has, each checked against those before it; `joinsAreToOne` turns false when an
    /// item follows another (a comma is a cross join) or multiplies rows itself.
    mutating func addFromList(_ items: [TableReference], _ scope: Scope, at location: SourceLocation, joinsAreToOne: inout Bool) {
        for item in items {
            let before = scope.entries.count
            addFromItem(item, scope, joinsAreToOne: &joinsAreToOne)
            checkNameConflicts(0..<before, before..<scope.entries.count, scope, at: location)
            if before > 0, scope.entries.count > before { joinsAreToOne = false }
        }
    }
}

extension FromClauseAnalyzing {
    /// Reports `table name "x" specified more than once` (PostgreSQL's error, which has no
    /// position: placed at the later name) when an entry of `added` goes by the name of one of
    /// `existing` (indices into `scope.entries`). Two tables or views named without an alias do
    /// not conflict when they are different relations (`public.t` and `other.t`).
    mutating func checkNameConflicts(_ existing: Range<Int>, _ added: Range<Int>, _ scope: Scope, at location: SourceLocation) {
        for index in added {
            let entry = scope.entries[index]
            guard let name = entry.name else { continue }
            let conflicts = existing.contains { other in
                let earlier = scope.entries[other]
                guard earlier.name == name else { return false }
                return !(entry.isUnaliasedRelation && earlier.isUnaliasedRelation && entry.relationKey != earlier.relationKey)
            }
            if conflicts {
                error("table name \"\(name)\" specified more than once", at: entry.nameLocation ?? location)
                return
            }
        }
    }
}
