/// The bodies of the generated `Queries` and `Queries.Observe` methods of the queries that run
/// one statement: one generic function here, called with the statement factory and the method's
/// arguments, instead of opening the executor in every method (less machine code per query;
/// BENCHMARKS.md "First build of a large target's generated code").
extension GeneratedQueries {
    /// Runs the statement `statement` makes of `parameters` with ``executor``.
    public func neonSQLExecute<each Parameter, Result: Sendable>(
        _ statement: (repeat each Parameter) -> Statement<Result>, _ parameters: repeat each Parameter
    ) async throws -> Result {
        try await executor.execute(statement(repeat each parameters))
    }

    /// Observes the statement `statement` makes of `parameters` through ``executor``.
    public func neonSQLObserve<each Parameter, Result: Sendable>(
        _ statement: (repeat each Parameter) -> Statement<Result>, _ parameters: repeat each Parameter
    ) -> QueryObservation<Result> {
        executor.observe(statement(repeat each parameters))
    }
}

/// The accessors of the generated client properties of the queries that run one statement: calls
/// of ``QueryClientState``'s generic closures on ``neonSQLState``, here once instead of reading
/// and writing the state in every property.
extension GeneratedQueryClient {
    /// The query's closure (``QueryClientState/query(_:_:preview:_:)``).
    public func neonSQLQuery<each Parameter: Sendable, Result: Sendable>(
        _ key: String, _ name: String, preview: QueryPreviewResult<Result>,
        _ statement: @escaping @Sendable (repeat each Parameter) -> Statement<Result>
    ) -> @Sendable (repeat each Parameter) async throws -> Result {
        neonSQLState.query(key, name, preview: preview, statement)
    }

    /// Sets the query's closure (``QueryClientState/setQuery(_:_:)``).
    public mutating func neonSQLSetQuery<each Parameter, Result>(
        _ key: String, _ closure: @escaping @Sendable (repeat each Parameter) async throws -> Result
    ) {
        neonSQLState.setQuery(key, closure)
    }

    /// The query's observation closure (``QueryClientState/observation(_:_:preview:_:)``).
    public func neonSQLObservation<each Parameter: Sendable, Result: Sendable>(
        _ key: String, _ name: String, preview: QueryPreviewResult<Result>,
        _ statement: @escaping @Sendable (repeat each Parameter) -> Statement<Result>
    ) -> @Sendable (repeat each Parameter) -> QueryObservation<Result> {
        neonSQLState.observation(key, name, preview: preview, statement)
    }

    /// Sets the query's observation closure (``QueryClientState/setObservation(_:_:)``).
    public mutating func neonSQLSetObservation<each Parameter, Result: Sendable>(
        _ key: String, _ closure: @escaping @Sendable (repeat each Parameter) -> QueryObservation<Result>
    ) {
        neonSQLState.setObservation(key, closure)
    }
}
