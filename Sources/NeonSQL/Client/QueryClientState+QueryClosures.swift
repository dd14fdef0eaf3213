/// What a query's closure of a preview client returns when no preview set it.
///
/// Generated code only: the argument of ``QueryClientState/query(_:_:preview:_:)``.
public enum QueryPreviewResult<Result: Sendable>: Sendable {
    /// Returns this: no rows, `nil`, 0 or nothing.
    case value(Result)
    /// Throws ``UnimplementedQueryError``: a result PostgreSQL always has (`count(*)`) has no empty value.
    case unimplemented
}

/// A query's closure set on a client, stored under the query's key (a function type with a
/// parameter pack cannot be cast to itself; a struct holding one can).
private struct QueryClosureOverride<each Parameter, Result>: Sendable {
    let closure: @Sendable (repeat each Parameter) async throws -> Result
}

/// An observation's closure set on a client, stored under `observe.<query>`.
private struct ObservationClosureOverride<each Parameter, Result: Sendable>: Sendable {
    let closure: @Sendable (repeat each Parameter) -> QueryObservation<Result>
}

/// The client closures of the queries that run one statement, for generated code: one generic
/// body here instead of a `switch` and three closures in every query's property.
extension QueryClientState {
    /// A query's closure: the one set under `key`, else the mode's: the statement `statement`
    /// makes, run by the live executor; `preview` in a preview client; ``UnimplementedQueryError``
    /// naming `name` in a test client.
    public func query<each Parameter: Sendable, Result: Sendable>(
        _ key: String,
        _ name: String,
        preview: QueryPreviewResult<Result>,
        _ statement: @escaping @Sendable (repeat each Parameter) -> Statement<Result>
    ) -> @Sendable (repeat each Parameter) async throws -> Result {
        if let set = overrides[key] as? QueryClosureOverride<repeat each Parameter, Result> { return set.closure }
        switch mode {
        case .live(let executor):
            return { (parameter: repeat each Parameter) in try await executor.execute(statement(repeat each parameter)) }
        case .preview:
            if case .value(let result) = preview { return { (_: repeat each Parameter) in result } }
            return { (_: repeat each Parameter) in throw UnimplementedQueryError(name) }
        case .unimplemented:
            return { (_: repeat each Parameter) in throw UnimplementedQueryError(name) }
        }
    }

    /// Sets the closure of the query under `key` (what ``query(_:_:preview:_:)`` returns then).
    public mutating func setQuery<each Parameter, Result>(
        _ key: String, _ closure: @escaping @Sendable (repeat each Parameter) async throws -> Result
    ) {
        overrides[key] = QueryClosureOverride(closure: closure)
    }

    /// A read query's observation closure: the one set under `observe.<key>`, else the live
    /// executor's observation of the statement, else (tests, previews) the query's closure
    /// (``query(_:_:preview:_:)``) once.
    public func observation<each Parameter: Sendable, Result: Sendable>(
        _ key: String,
        _ name: String,
        preview: QueryPreviewResult<Result>,
        _ statement: @escaping @Sendable (repeat each Parameter) -> Statement<Result>
    ) -> @Sendable (repeat each Parameter) -> QueryObservation<Result> {
        if let set = overrides["observe." + key] as? ObservationClosureOverride<repeat each Parameter, Result> { return set.closure }
        if let executor {
            return { (parameter: repeat each Parameter) in executor.observe(statement(repeat each parameter)) }
        }
        let query = self.query(key, name, preview: preview, statement)
        return { (parameter: repeat each Parameter) in .once { try await query(repeat each parameter) } }
    }

    /// Sets the observation closure of the query under `key`.
    public mutating func setObservation<each Parameter, Result: Sendable>(
        _ key: String, _ closure: @escaping @Sendable (repeat each Parameter) -> QueryObservation<Result>
    ) {
        overrides["observe." + key] = ObservationClosureOverride(closure: closure)
    }
}
