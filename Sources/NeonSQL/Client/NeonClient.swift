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
public struct NeonClient: QueryExecutor {
    /// The configuration (endpoint, auth, timeout, retries).
    public let configuration: NeonConfiguration
    /// The HTTP transport.
    public let transport: any NeonTransport

    /// Creates a client; by default it shares one process-wide `URLSession`.
    public init(configuration: NeonConfiguration, transport: any NeonTransport = URLSessionTransport.shared) {
        self.configuration = configuration
        self.transport = transport
    }

    /// Creates a client from a connection string with default settings.
    /// - Throws: ``NeonError/invalidConfiguration(_:)``.
    public init(connectionString: String, endpoint: URL? = nil) throws {
        self.init(configuration: try NeonConfiguration(connectionString: connectionString, endpoint: endpoint))
    }

    /// Runs one statement (one HTTP request, autocommit).
    /// - Throws: ``NeonError``.
    public func execute<Result: Sendable>(_ statement: Statement<Result>) async throws -> Result {
        if let failure = statement.bindings.failure { throw NeonError.encoding(failure) }
        return try await execute(statement, encodedBody: RequestBody.single(sql: statement.sql, parameters: statement.bindings.values))
    }

    /// Runs one statement whose request body (`RequestBody.single` of its SQL and parameters) is
    /// already encoded: `copyFrom` measures a part's body and sends that same body.
    /// Sends `body` (the statement's request body, encoded by the caller) as it is.
    /// With ``NeonConfiguration/exactlyOnceWrites`` a write is sent with its idempotency key, as a
    /// body of its own (a few bytes longer than `body`).
    public func execute<Result: Sendable>(_ statement: Statement<Result>, encodedBody body: Data) async throws -> Result {
        if !statement.isReadOnly, configuration.exactlyOnceWrites != nil {
            if let failure = statement.bindings.failure { throw NeonError.encoding(failure) }
            return try await executeKeyed(statement)
        }
        let context = RequestContext(queryNames: [statement.name], kinds: [statement.kind], isBatch: false,
                                     isReadOnly: statement.isReadOnly, requestBytes: body.count)
        let response = try await send(body: body, extraHeaders: [], readOnly: statement.isReadOnly, keyed: false, context: context)
        return try observeDecoding(response, context) {
            let result = try statement.decodeResponse(response.body)
            return (result, statement.rowCount(result))
        }
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
        for statement in repeat each statements {
            if let failure = statement.bindings.failure { throw NeonError.encoding(failure) }
            queries.append((statement.sql, statement.bindings.values))
            names.append(statement.name)
            kinds.append(statement.kind)
            allReadOnly = allReadOnly && statement.isReadOnly
        }
        if queries.isEmpty {
            return (repeat try Self.unreachableEmptyResult(each statements))
        }
        let envelope = envelope(forBatch: queries, readOnly: allReadOnly || options.readOnly)
        let context = RequestContext(queryNames: names, kinds: kinds, isBatch: true,
                                     isReadOnly: allReadOnly || options.readOnly, requestBytes: envelope.body.count)
        let response = try await send(body: envelope.body, extraHeaders: options.headers, readOnly: context.isReadOnly,
                                      keyed: envelope.isKeyed, context: context)
        return try observeDecoding(response, context) {
            var decoder = BatchDecoder(body: response.body, count: queries.count + (envelope.isKeyed ? 1 : 0))
            try decoder.open()
            if envelope.isKeyed { try decoder.skipResult() }
            var rows: Int? = nil
            let results = (repeat try decoder.next(each statements, rows: &rows))
            try decoder.close()
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
        let readOnly = options.readOnly || statements.allSatisfy(\.isReadOnly)
        let envelope = envelope(forBatch: statements.map { ($0.sql, $0.bindings.values) }, readOnly: readOnly)
        let context = RequestContext(queryNames: statements.map(\.name), kinds: statements.map(\.kind), isBatch: true,
                                     isReadOnly: readOnly, requestBytes: envelope.body.count)
        let response = try await send(body: envelope.body, extraHeaders: options.headers, readOnly: readOnly,
                                      keyed: envelope.isKeyed, context: context)
        return try observeDecoding(response, context) {
            var decoder = BatchDecoder(body: response.body, count: statements.count + (envelope.isKeyed ? 1 : 0))
            try decoder.open()
            if envelope.isKeyed { try decoder.skipResult() }
            var results: [R] = []
            var rows: Int? = nil
            results.reserveCapacity(statements.count)
            for statement in statements { results.append(try decoder.next(statement, rows: &rows)) }
            try decoder.close()
            return (results, rows)
        }
    }

    private static func unreachableEmptyResult<T>(_ statement: Statement<T>) throws -> T {
        // Only called when the pack is non-empty, which `queries.isEmpty` rules out.
        throw NeonError.malformedResponse("internal: empty batch")
    }

    // MARK: - Sending

    /// A 200 response and the attempt that got it, for the observer's last event.
    struct SentResponse {
        let body: Data
        let attempt: Int
        let start: ContinuousClock.Instant
    }

    /// Decodes a response and reports the successful attempt (or the decoding failure) to the observer.
    func observeDecoding<T>(_ response: SentResponse, _ context: RequestContext,
                                    _ decode: () throws -> (T, Int?)) throws -> T {
        do {
            let (result, rows) = try decode()
            context.report(to: configuration.requestObserver, attempt: response.attempt, since: response.start,
                           responseBytes: response.body.count, rows: rows, failure: nil)
            return result
        } catch {
            context.report(to: configuration.requestObserver, attempt: response.attempt, since: response.start,
                           responseBytes: response.body.count, rows: nil, failure: error)
            throw error
        }
    }

    /// Sends a body with retries and timeouts; returns the 200 body or throws ``NeonError``.
    ///
    /// The bearer-token provider is asked once per request; retries reuse its token. When the
    /// server rejects the token (``NeonError/tokenRejected(_:)``: the request did not run), the
    /// provider is asked once more and the request sent again with the new token.
    /// Every failed attempt is reported to the observer here; the successful one by the caller,
    /// once decoded.
    ///
    /// A `keyed` write (its body starts with an idempotency key's insert, ``ExactlyOnceWrites``)
    /// is safe to resend: it goes on shared connections, a lost answer is retried like a read's
    /// with the same body, and the key's uniqueness violation on a resend is
    /// ``NeonError/alreadyApplied(attempts:)``.
    func send(body: Data, extraHeaders: [HTTPHeader], readOnly: Bool, keyed: Bool, context: RequestContext) async throws -> SentResponse {
        let safeToResend = readOnly || keyed
        let policy = configuration.retryPolicy
        var attempt = 1
        var token = try await bearerToken()
        // Every token this request sent, redacted from any error text.
        var sentTokens = token.map { [$0] } ?? []
        var askedAgain = false
        while true {
            if Task.isCancelled { throw NeonError.cancelled }
            var request = makeRequest(body: body, extraHeaders: extraHeaders, token: token)
            request.isReadOnly = readOnly
            request.isSafeToResend = safeToResend
            let start = ContinuousClock.now
            switch await attemptOnce(request, tokens: sentTokens) {
            case .success(let data):
                return SentResponse(body: data, attempt: attempt, start: start)
            case .failure(let error, let retryable, let responseBytes):
                context.report(to: configuration.requestObserver, attempt: attempt, since: start, responseBytes: responseBytes,
                               rows: nil, failure: error)
                if case .tokenRejected = error, !askedAgain {
                    askedAgain = true
                    token = try await bearerToken()
                    if let token { sentTokens.append(token) }
                    attempt += 1
                    continue
                }
                if keyed, case .database(let databaseError) = error, let writes = configuration.exactlyOnceWrites,
                   writes.isKeyConflict(databaseError) {
                    throw NeonError.alreadyApplied(attempts: attempt)
                }
                // A write without a key that may have run is never sent again: it may or may not
                // have been applied.
                let outcomeUnknown = !readOnly && error.leavesWriteOutcomeUnknown
                if outcomeUnknown && !keyed { throw NeonError.outcomeUnknown(cause: error) }
                let mayRetry: Bool
                switch retryable {
                case .always: mayRetry = true
                case .ifReadOnly: mayRetry = safeToResend
                case .never: mayRetry = false
                }
                guard mayRetry, attempt < policy.maxAttempts else {
                    let error = Self.withPagingAdvice(error, context)
                    throw outcomeUnknown ? NeonError.outcomeUnknown(cause: error) : error
                }
                do {
                    try await Task.sleep(for: policy.delay(beforeRetry: attempt))
                } catch {
                    throw NeonError.cancelled
                }
                attempt += 1
            }
        }
    }

    /// A 507 (the result does not fit one response) names the queries and says how to page them.
    static func withPagingAdvice(_ error: NeonError, _ context: RequestContext) -> NeonError {
        guard case .httpStatus(var status) = error, status.isResponseTooLarge else { return error }
        let names = context.queryNames.joined(separator: ", ")
        status.message += " (\(names): the result is larger than one response; read it page by page with "
            + "'-- @page size N by <key columns>' on the query, or select fewer rows or columns)"
        return .httpStatus(status)
    }

    private enum Retryability { case always, ifReadOnly, never }
    private enum Outcome {
        case success(Data)
        /// `responseBytes`: the size of the error response's body, 0 when no response arrived.
        case failure(NeonError, Retryability, responseBytes: Int)

        /// A failure before any response arrived.
        static func failure(_ error: NeonError, _ retryable: Retryability) -> Outcome {
            .failure(error, retryable, responseBytes: 0)
        }
    }

    /// A token from the configured provider (`nil` with password authentication).
    private func bearerToken() async throws -> String? {
        guard case .bearerToken(let provider) = configuration.authentication else { return nil }
        let value: String
        do {
            value = try await provider()
        } catch is CancellationError {
            throw NeonError.cancelled
        } catch {
            throw NeonError.authentication("the token provider failed: \(configuration.redact("\(error)"))")
        }
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, !trimmed.contains(where: { $0.isNewline }) else {
            throw NeonError.authentication("the token provider returned an empty or malformed token")
        }
        return trimmed
    }

    private func makeRequest(body: Data, extraHeaders: [HTTPHeader], token: String?) -> NeonHTTPRequest {
        var headers: [HTTPHeader] = [
            HTTPHeader("Neon-Connection-String", configuration.connection.raw),
            HTTPHeader("Neon-Raw-Text-Output", "true"),
            HTTPHeader("Neon-Array-Mode", "true"),
            HTTPHeader("Content-Type", "application/json"),
        ]
        if let token {
            headers.append(HTTPHeader("Authorization", "Bearer \(token)"))
        }
        headers.append(contentsOf: extraHeaders)
        return NeonHTTPRequest(url: configuration.endpoint, headers: headers, body: body, timeout: configuration.requestTimeout)
    }

    private func attemptOnce(_ request: NeonHTTPRequest, tokens: [String]) async -> Outcome {
        let configuration = self.configuration
        func redact(_ text: String) -> String {
            tokens.reduce(configuration.redact(text)) { configuration.redact($0, token: $1) }
        }
        let timeout = configuration.requestTimeout
        let transport = self.transport
        let response: NeonHTTPResponse
        do {
            response = try await withThrowingTaskGroup(of: NeonHTTPResponse?.self) { group in
                group.addTask { try await transport.send(request) }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let response = first else {
                    throw TimeoutMarker()
                }
                return response
            }
        } catch is TimeoutMarker {
            if Task.isCancelled { return .failure(.cancelled, .never) }
            return .failure(.timedOut(after: timeout), .ifReadOnly)
        } catch {
            if Task.isCancelled || error is CancellationError { return .failure(.cancelled, .never) }
            if let transportError = error as? TransportError {
                let redacted = TransportError(kind: transportError.kind, message: redact(transportError.message))
                return .failure(.transport(redacted), transportError.kind == .connectionFailed ? .always : .ifReadOnly)
            }
            if let neonError = error as? NeonError { return .failure(neonError, .never) }
            return .failure(
                .transport(TransportError(kind: .other, message: redact("\(error)"))), .ifReadOnly)
        }
        switch response.status {
        case 200:
            return .success(response.body)
        case 400:
            if var databaseError = ErrorBody.parse(response.body, status: 400) {
                databaseError.message = redact(databaseError.message)
                if !tokens.isEmpty, TokenRejection.isRejection(databaseError) {
                    return .failure(.tokenRejected(databaseError.message), .never, responseBytes: response.body.count)
                }
                return .failure(.database(databaseError), .never, responseBytes: response.body.count)
            }
            return .failure(.httpStatus(HTTPStatusError(status: 400, message: redact(ErrorBody.rawText(response.body)))), .never,
                            responseBytes: response.body.count)
        default:
            let parsed = ErrorBody.parse(response.body, status: response.status)
            let message = redact(parsed?.message ?? ErrorBody.rawText(response.body))
            let code = parsed.flatMap { $0.code.isEmpty ? nil : $0.code }
            let error = NeonError.httpStatus(HTTPStatusError(status: response.status, message: message, code: code))
            // 5xx may have happened after the statement ran: retry reads only. 507 (response too
            // large) and 501 are deterministic.
            let retryable: Retryability =
                (500...599).contains(response.status) && response.status != 507 && response.status != 501 ? .ifReadOnly : .never
            return .failure(error, retryable, responseBytes: response.body.count)
        }
    }
}

private struct TimeoutMarker: Error {}

