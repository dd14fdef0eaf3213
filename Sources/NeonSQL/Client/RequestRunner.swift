import Foundation

/// What runs below ``NeonClient``'s public API: one request from the caller's statements to their
/// decoded results (routing to the primary or a replica, sending with retries and tokens,
/// remembering the client's writes, invalidating what a write changed), and who is asking
/// (the identity a token stands for). A client value owns one; its copies share the reference
/// state (replicas, written keys, observers), a ``NeonClient/session()`` gets its own written keys.
struct RequestRunner: Sendable {
    /// The configuration (endpoint, auth, timeout, retries, replicas, cache, outbox).
    let configuration: NeonConfiguration
    /// The HTTP transport.
    let transport: any NeonTransport
    /// Where read-only requests go (``NeonClient/routing(_:)``).
    var readRouting: ReadRouting = .replicaReadingYourWrites
    /// The replicas in rotation, shared by the client's copies.
    let replicaRotation: ReplicaRotation
    /// The writes the client's reads must see, shared by its copies (not by its sessions).
    var writtenKeys: WrittenKeys
    /// The live observations of the client and its copies when there is no
    /// ``NeonConfiguration/cache`` (with one, the cache's are used, shared by its clients).
    let ownObservers: ObserverRegistry

    init(configuration: NeonConfiguration, transport: any NeonTransport) {
        self.configuration = configuration
        self.transport = transport
        self.replicaRotation = ReplicaRotation(count: configuration.readReplicas.count)
        self.writtenKeys = WrittenKeys()
        self.ownObservers = ObserverRegistry()
    }

    /// The registry of observations writes through this client signal.
    var liveObservers: ObserverRegistry { configuration.cache?.observers ?? ownObservers }

    /// The identity of a request sent with `token` (nil: password authentication).
    func identity(for token: String?) -> CacheIdentity {
        if let cache = configuration.cache { return cache.identities.identity(token: token, configuration: configuration) }
        return token.map { CacheIdentity(bearerToken: $0, configuration: configuration) } ?? CacheIdentity(configuration: configuration)
    }

    /// Sends one statement whose request body is encoded and returns its result and the raw
    /// response body of the statement (its own result when the client sent it in a batch).
    func fetch<Result: Sendable>(
        _ statement: Statement<Result>, encodedBody body: Data, lease: TokenLease?
    ) async throws -> (value: Result, body: Data) {
        let work = RequestWork(
            queries: [(statement.sql, statement.bindings.values)], singleBody: body,
            options: BatchOptions(),
            context: RequestContext(queryNames: [statement.name], kinds: [statement.kind], isBatch: false,
                                    isReadOnly: statement.isReadOnly, requestBytes: body.count),
            effects: statement.tables, lease: lease)
        return try await perform(work, single: { body in
            let result = try statement.decodeResponse(body)
            return ((result, body), statement.rowCount(result))
        }, batch: { decoder in
            let (result, raw) = try decoder.nextAsSingleStatementWithBody(statement)
            return ((result, raw), statement.rowCount(result))
        })
    }

    /// Runs statements whose results `batch` decodes in one request, as one transaction.
    func batch<T>(
        _ queries: [(sql: String, parameters: [String?])], names: [String], kinds: [QueryKind], readOnly: Bool,
        effects: TableEffects, options: BatchOptions, decode: (inout BatchDecoder) throws -> (T, Int?)
    ) async throws -> T {
        let work = RequestWork(queries: queries, singleBody: nil, options: options,
                               context: RequestContext(queryNames: names, kinds: kinds, isBatch: true, isReadOnly: readOnly,
                                                       requestBytes: 0),
                               effects: effects)
        return try await perform(work, single: { _ in
            throw NeonError.malformedResponse("internal: a batch was sent as a single statement")
        }, batch: decode)
    }
}
