// Syntax tree of MERGE (DMLParser+Merge.swift): the target, the source, the join condition and the
// WHEN clauses with their actions.

/// `[WITH ...] MERGE INTO [ONLY] target [[AS] alias] USING source ON condition WHEN ... [RETURNING ...]`
/// (PostgreSQL 15; `RETURNING` and `WHEN NOT MATCHED BY SOURCE` are PostgreSQL 17's, and the
/// analyzer reports them for an earlier `postgresVersion`).
struct MergeStatement: Sendable, Hashable {
    let with: WithClause?
    let table: QualifiedName
    let alias: Identifier?
    /// A table, a subquery or a join: the rows merged into the target.
    let source: TableReference
    /// Where the source starts (the first token after USING).
    let sourceLocation: SourceLocation
    let condition: Expression
    let clauses: [MergeWhenClause]
    /// Empty when there is no RETURNING.
    let returning: [SelectTarget]
    /// The RETURNING keyword, when there is one.
    let returningLocation: SourceLocation?
    let location: SourceLocation
}

/// Which rows a WHEN clause applies to.
enum MergeMatchKind: Sendable, Hashable {
    /// `WHEN MATCHED`: a target row joined with a source row (both visible).
    case matched
    /// `WHEN NOT MATCHED [BY TARGET]`: a source row no target row joins (only the source is visible).
    case notMatched
    /// `WHEN NOT MATCHED BY SOURCE` (PostgreSQL 17): a target row no source row joins (only the
    /// target is visible).
    case notMatchedBySource
}

/// One `WHEN [NOT] MATCHED [BY SOURCE|TARGET] [AND condition] THEN action`.
struct MergeWhenClause: Sendable, Hashable {
    let match: MergeMatchKind
    let condition: Expression?
    let action: MergeAction
    /// The WHEN keyword.
    let location: SourceLocation
    /// The BY of `NOT MATCHED BY SOURCE|TARGET` (PostgreSQL 17's syntax), when written.
    let byLocation: SourceLocation?
}

/// What a WHEN clause does with its row.
enum MergeAction: Sendable, Hashable {
    case update([SetClause])
    case delete
    /// `INSERT [(columns)] [OVERRIDING ...] VALUES (...)`; `values` nil for `DEFAULT VALUES`.
    case insert(columns: [Identifier], indirections: [[AssignmentIndirection]], values: [Expression]?,
                overriding: InsertOverriding?, location: SourceLocation)
    case doNothing
}
