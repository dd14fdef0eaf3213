import Foundation

/// Runs statements against Neon's SQL-over-HTTP endpoint.
///
/// ```swift
/// let client = try NeonClient(connectionString: ProcessInfo.processInfo.environment["DATABASE_URL"] ?? "")
/// let queries = Queries(client)   // generated in your module
/// let duas = try await queries.fetchJourneyDuas(journeyId: 1)
/// let (profile, _) = try await client.batch(Statements.addXP(userId: id, xp: 10),
///                                           Statements.markDuaCompleted(userId: id, duaId: 3))
/// ```
///
/// With read replicas (``NeonConfiguration/addReadReplica(connectionString:endpoint:)``),
/// read-only statements and batches go to a replica and never return data older than the
/// client's own writes; ``routing(_:)`` and ``session()`` change that per call or per scope.
public struct NeonClient: QueryExecutor {
    /// The configuration (endpoint, auth, timeout, retries, replicas).
    public var configuration: NeonConfiguration { runner.configuration }
    /// The HTTP transport.
    public var transport: any NeonTransport { runner.transport }
    /// Where this client value sends read-only requests (default
    /// ``ReadRouting/replicaReadingYourWrites``; without replicas every request goes to the primary).
    public var readRouting: ReadRouting { runner.readRouting }
    /// Everything below the public API: routing, sending, retries, invalidation, identities.
    private(set) var runner: RequestRunner
    /// Reads through the ``NeonConfiguration/cache``.
    var reads: CachedReads { CachedReads(runner: runner) }
    /// Live observations of queries.
    var observations: LiveObservations { LiveObservations(reads: reads) }
    /// The replicas in rotation, shared by this client's copies.
    var replicaRotation: ReplicaRotation { runner.replicaRotation }

    /// Creates a client; by default it shares one process-wide `URLSession`.
    public init(configuration: NeonConfiguration, transport: any NeonTransport = URLSessionTransport.shared) {
        self.runner = RequestRunner(configuration: configuration, transport: transport)
    }

    /// Creates a client from a connection string with default settings.
    /// - Throws: ``NeonError/invalidConfiguration(_:)``.
    public init(connectionString: String, endpoint: URL? = nil) throws {
        self.init(configuration: try NeonConfiguration(connectionString: connectionString, endpoint: endpoint))
    }

    /// This client with read-only requests routed as `routing` says: ``ReadRouting/primary`` for a
    /// read that must be current beyond the client's own writes, ``ReadRouting/replicaAllowingStaleReads``
    /// for one that may lag. It shares replicas, writes and transport with this client.
    ///
    /// ```swift
    /// let balance = try await Queries(client.routing(.primary)).fetchBalance(userId: id)
    /// ```
    public func routing(_ routing: ReadRouting) -> NeonClient {
        var copy = self
        copy.runner.readRouting = routing
        return copy
    }

    /// This client with a read-your-writes scope of its own: its reads wait only for the writes
    /// made through it (and its copies), not for this client's. By default a client value and all
    /// its copies share one scope; a server handling many users can take a session per user or
    /// request so that one user's writes do not send another's reads to the primary.
    public func session() -> NeonClient {
        var copy = self
        copy.runner.writtenKeys = WrittenKeys()
        return copy
    }

    /// Runs one statement (one HTTP request, autocommit).
    ///
    /// With a ``NeonConfiguration/cache``, a read-only statement is answered as its
    /// ``CachePolicy`` says (possibly without a request), and a write marks stale the cached
    /// results it may have changed; ``executeCached(_:)`` also tells whether the answer is fresh.
    /// - Throws: ``NeonError``; ``CacheMissError`` for ``CachePolicy/cacheOnly`` without an entry.
    public func execute<Result: Sendable>(_ statement: Statement<Result>) async throws -> Result {
        if let failure = statement.bindings.failure { throw NeonError.encoding(failure) }
        if let plan = reads.plan(for: statement) {
            return try await reads.read(statement, plan: plan, body: nil).value
        }
        return try await execute(statement, encodedBody: RequestBody.single(sql: statement.sql, parameters: statement.bindings.values))
    }

    /// Runs one statement whose request body (`RequestBody.single` of its SQL and parameters) is
    /// already encoded: `copyFrom` measures a part's body and sends that same body.
    /// When the client adds statements of its own to the request (an idempotency key's insert
    /// with ``NeonConfiguration/exactlyOnceWrites`` or read replicas, a replica's catch-up check),
    /// the statement is sent in a batch of its own (a few bytes longer than `body`).
    public func execute<Result: Sendable>(_ statement: Statement<Result>, encodedBody body: Data) async throws -> Result {
        if let failure = statement.bindings.failure { throw NeonError.encoding(failure) }
        if let plan = reads.plan(for: statement) {
            return try await reads.read(statement, plan: plan, body: body).value
        }
        return try await runner.fetch(statement, encodedBody: body, lease: nil).value
    }

    /// Runs several statements in one request, as one transaction (all or nothing), and returns
    /// each statement's typed result.
    ///
    /// ```swift
    /// let (journeys, streak) = try await client.batch(Statements.fetchJourneys(), Statements.fetchStreak(userId: id),
    ///                                                 options: BatchOptions(readOnly: true))
    /// ```
    /// Neon runs `START TRANSACTION` with the options, each statement in order, then `COMMIT`; if
    /// any statement fails the whole batch is rolled back and its error is thrown (Neon does not
    /// say which statement failed). A batch is retried after a lost response only if every
    /// statement is read-only or `options.readOnly` is set.
    public func batch<each R: Sendable>(
        _ statements: repeat Statement<each R>, options: BatchOptions = .init()
    ) async throws -> (repeat each R) {
        var queries: [(sql: String, parameters: [String?])] = []
        var names: [String] = []
        var kinds: [QueryKind] = []
        var allReadOnly = true
        var effects = TableEffects()
        for statement in repeat each statements {
            effects = effects.union(statement.tables)
            if let failure = statement.bindings.failure { throw NeonError.encoding(failure) }
            queries.append((statement.sql, statement.bindings.values))
            names.append(statement.name)
            kinds.append(statement.kind)
            allReadOnly = allReadOnly && statement.isReadOnly
        }
        if queries.isEmpty {
            return (repeat try Self.unreachableEmptyResult(each statements))
        }
        return try await runner.batch(queries, names: names, kinds: kinds, readOnly: allReadOnly || options.readOnly,
                                      effects: effects, options: options) { decoder in
            var rows: Int? = nil
            let results = (repeat try decoder.next(each statements, rows: &rows))
            return (results, rows)
        }
    }

    /// Runs statements of one result type in one request, as one transaction (for a list built at
    /// run time, e.g. the duas of every subscribed journey): what the generated `:batchexec`,
    /// `:batchone` and `:batchmany` methods call. Same semantics as the variadic `batch`.
    public func batch<R: Sendable>(_ statements: [Statement<R>], options: BatchOptions = .init()) async throws -> [R] {
        guard !statements.isEmpty else { return [] }
        for statement in statements {
            if let failure = statement.bindings.failure { throw NeonError.encoding(failure) }
        }
        return try await runner.batch(statements.map { ($0.sql, $0.bindings.values) }, names: statements.map(\.name),
                                      kinds: statements.map(\.kind),
                                      readOnly: options.readOnly || statements.allSatisfy(\.isReadOnly),
                                      effects: statements.map(\.tables).reduce(TableEffects()) { $0.union($1) },
                                      options: options) { decoder in
            var results: [R] = []
            var rows: Int? = nil
            results.reserveCapacity(statements.count)
            for statement in statements { results.append(try decoder.next(statement, rows: &rows)) }
            return (results, rows)
        }
    }

    private static func unreachableEmptyResult<T>(_ statement: Statement<T>) throws -> T {
        // Only called when the pack is non-empty, which `queries.isEmpty` rules out.
        throw NeonError.malformedResponse("internal: empty batch")
    }
}
