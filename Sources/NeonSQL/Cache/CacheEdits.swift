import Foundation

/// Typed edits of cached query results: what a write that has not been confirmed yet is expected
/// to change, shown at once instead of waiting for the server (an optimistic result).
///
/// ```swift
/// var edits = CacheEdits()
/// edits.update(Statements.fetchMyProfile()) { $0?.totalXp += 10 }
/// edits.update(Statements.fetchMyWeekActivity()) { $0.append(UserActivity(...)) }
/// ```
///
/// An edit is a closure over the statement's result type (`Row?` for a `:one` query, `[Row]` for a
/// `:many`), for the statement with exactly these parameters. It is layered over the stored
/// result, never written into it: the ``QueryCache`` (memory and directory) keeps what the server
/// answered, and every read through the cache and every live observation of that statement shows
/// the stored result with the pending edits applied, in the order they were made, marked
/// ``Cached/hasPendingEdits``. An edit of a statement with nothing cached waits for a result to
/// edit. When the write is applied, the edit stays until a refetch of the statement that started
/// after the write is stored (the server's result then includes the write: no flicker back); when
/// it is rejected, exactly that write's edits are undone, and the edits of other pending writes
/// stay. Edits live in memory only: after a relaunch the screens show the stored results until
/// the writes are replayed and the queries refetched.
public struct CacheEdits: Sendable {
    /// One edit: the statement's key for an identity, its tables, and the typed change.
    struct Edit: Sendable {
        let name: String
        let key: @Sendable (CacheIdentity) -> CacheKey
        let tables: TableEffects
        /// The value with the change applied, or nil when it is not of the statement's result type.
        let apply: @Sendable (any Sendable) -> (any Sendable)?
    }

    /// The edits, in the order they were made.
    private(set) var edits: [Edit] = []

    /// No edits.
    public init() {}

    /// Whether there are no edits.
    public var isEmpty: Bool { edits.isEmpty }

    /// The names of the statements edited, in order (for logs and tests).
    public var statementNames: [String] { edits.map(\.name) }

    /// Edits the cached result of `statement` (these parameters, the identity the edits are
    /// applied for) with `edit`: for a `:one` query the result is `Row?`, for a `:many` `[Row]`.
    ///
    /// ```swift
    /// edits.update(Statements.fetchMyProfile()) { $0?.totalXp += 10 }
    /// ```
    /// `edit` runs again each time the edited value is computed (over each new stored result while
    /// the edit is pending), so it must not depend on anything but its argument and what it
    /// captured.
    public mutating func update<Result: Sendable>(_ statement: Statement<Result>, _ edit: @escaping @Sendable (inout Result) -> Void) {
        edits.append(Edit(
            name: statement.name,
            key: { CacheKey(statement, identity: $0) },
            tables: statement.tables,
            apply: { value in
                guard var typed = value as? Result else { return nil }
                edit(&typed)
                return typed
            }))
    }
}
