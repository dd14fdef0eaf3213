/// How a query's result is returned: the annotation's kind (`-- name: X :many`), sqlc's query
/// kinds as far as PostgreSQL has them (`:execlastid` is not one: PostgreSQL has `RETURNING`).
public enum QueryKind: String, Sendable, Hashable, Codable, CaseIterable {
    case many, one, exec, execrows, execresult, batchexec, batchone, batchmany, copyfrom

    /// The kinds whose method takes an array of argument sets and runs one statement per set
    /// in one Neon batch.
    package var isBatch: Bool { self == .batchexec || self == .batchone || self == .batchmany }

    /// The kinds whose statement returns rows (so the query has a row struct).
    package var returnsRows: Bool { self == .many || self == .one || self == .batchone || self == .batchmany }

    /// The kinds whose method takes an array of argument-set structs.
    package var takesArgumentSets: Bool { isBatch || self == .copyfrom }
}
