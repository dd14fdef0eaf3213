import Foundation

/// An executor that runs every statement with one ``CachePolicy``, overriding the queries'
/// `-- @cache max-age` and the client's default: ``QueryExecutor/withCachePolicy(_:)``.
///
/// ```swift
/// // Pull to refresh: ask the server, whatever the queries' max-age says.
/// let fresh = Queries(client.withCachePolicy(.networkOnly))
/// ```
public struct CachePolicyExecutor: QueryExecutor {
    /// The executor statements are forwarded to.
    public let base: any QueryExecutor
    /// The policy set on every statement.
    public let policy: CachePolicy

    /// Forwards to `base` with `policy` set on every statement.
    public init(_ base: any QueryExecutor, policy: CachePolicy) {
        self.base = base
        self.policy = policy
    }

    /// Runs the statement on ``base`` with ``policy``.
    public func execute<Result: Sendable>(_ statement: Statement<Result>) async throws -> Result {
        try await base.execute(statement.cachePolicy(policy))
    }

    /// Runs the statement on ``base`` with ``policy`` and the body already encoded.
    public func execute<Result: Sendable>(_ statement: Statement<Result>, encodedBody body: Data) async throws -> Result {
        try await base.execute(statement.cachePolicy(policy), encodedBody: body)
    }

    /// Runs the batch on ``base`` (batches are not cached; the policy is set all the same).
    public func batch<Result: Sendable>(_ statements: [Statement<Result>], options: BatchOptions) async throws -> [Result] {
        try await base.batch(statements.map { $0.cachePolicy(policy) }, options: options)
    }

    /// Observes the statement on ``base`` with ``policy``.
    public func observe<Result: Sendable>(_ statement: Statement<Result>) -> QueryObservation<Result> {
        base.observe(statement.cachePolicy(policy))
    }
}

extension QueryExecutor {
    /// This executor with every statement run under `policy` (see ``CachePolicyExecutor``).
    public func withCachePolicy(_ policy: CachePolicy) -> CachePolicyExecutor {
        CachePolicyExecutor(self, policy: policy)
    }
}
