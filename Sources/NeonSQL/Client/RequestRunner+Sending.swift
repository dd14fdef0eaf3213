import Foundation

/// Sending one request body over HTTP: retries, timeouts, tokens, and the mapping of responses to
/// ``NeonError``.
extension RequestRunner {
    /// A 200 response and the attempt that got it, for the observer's last event.
    struct SentResponse {
        let body: Data
        let attempt: Int
        let start: ContinuousClock.Instant
    }

    /// Decodes a response and reports the successful attempt (or the decoding failure) to the observer.
    func observeDecoding<T>(_ response: SentResponse, _ context: RequestContext, route: NeonRequestRoute,
                            _ decode: () throws -> (T, Int?)) throws -> T {
        do {
            let (result, rows) = try decode()
            context.report(to: configuration.requestObserver, attempt: response.attempt, since: response.start,
                           responseBytes: response.body.count, rows: rows, failure: nil, route: route)
            return result
        } catch {
            context.report(to: configuration.requestObserver, attempt: response.attempt, since: response.start,
                           responseBytes: response.body.count, rows: nil, failure: error, route: route)
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
    ///
    /// A replica gets one attempt: the caller sends a read that failed there to the primary.
    ///
    /// With a `lease`, its current token is sent instead of asking the provider, and a token
    /// asked for again after a rejection is recorded in it.
    ///
    /// With `acceptsToken`, a token asked for again must pass it (the outbox sends a write under
    /// the identity that enqueued it only), else the request fails as ``NeonError/tokenRejected(_:)``.
    func send(_ plan: RequestPlan, to target: RequestTarget, context: RequestContext,
              lease: TokenLease? = nil, acceptsToken: ((String?) -> Bool)? = nil) async throws -> SentResponse {
        let readOnly = context.isReadOnly
        let keyed = plan.writeKey != nil
        let safeToResend = readOnly || keyed
        let policy = configuration.retryPolicy
        let maxAttempts = target.route == .primary ? policy.maxAttempts : 1
        var attempt = 1
        var token: String?
        if let lease {
            token = lease.current
        } else {
            token = try await bearerToken()
        }
        // Every token this request sent, redacted from any error text.
        var sentTokens = token.map { [$0] } ?? []
        var askedAgain = false
        while true {
            if Task.isCancelled { throw NeonError.cancelled }
            var request = makeRequest(plan, to: target, token: token)
            request.isReadOnly = readOnly
            request.isSafeToResend = safeToResend
            let start = ContinuousClock.now
            switch await attemptOnce(request, tokens: sentTokens) {
            case .success(let data):
                return SentResponse(body: data, attempt: attempt, start: start)
            case .failure(let error, let retryable, let responseBytes):
                context.report(to: configuration.requestObserver, attempt: attempt, since: start, responseBytes: responseBytes,
                               rows: nil, failure: error, route: target.route)
                if case .tokenRejected = error, !askedAgain {
                    askedAgain = true
                    token = try await bearerToken()
                    if let acceptsToken, !acceptsToken(token) {
                        throw NeonError.tokenRejected("the token provider now gives a token of another identity")
                    }
                    if let token { sentTokens.append(token) }
                    lease?.replace(with: token)
                    attempt += 1
                    continue
                }
                if keyed, case .database(let databaseError) = error, let writes = configuration.writeKeys,
                   writes.isKeyConflict(databaseError) {
                    throw NeonError.alreadyApplied(attempts: attempt)
                }
                // A write without a key that may have run is never sent again: it may or may not
                // have been applied.
                let outcomeUnknown = !readOnly && error.leavesWriteOutcomeUnknown
                if outcomeUnknown && !keyed { throw NeonError.outcomeUnknown(cause: error, sent: .onceWithoutKey) }
                let mayRetry: Bool
                switch retryable {
                case .always: mayRetry = true
                case .ifReadOnly: mayRetry = safeToResend
                case .never: mayRetry = false
                }
                guard mayRetry, attempt < maxAttempts else {
                    let error = Self.withPagingAdvice(error, context)
                    throw outcomeUnknown ? NeonError.outcomeUnknown(cause: error, sent: .withKey(attempts: attempt)) : error
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
    func bearerToken() async throws -> String? {
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

    private func makeRequest(_ plan: RequestPlan, to target: RequestTarget, token: String?) -> NeonHTTPRequest {
        var headers: [HTTPHeader] = [
            HTTPHeader("Neon-Connection-String", target.connectionString),
            HTTPHeader("Neon-Raw-Text-Output", "true"),
            HTTPHeader("Neon-Array-Mode", "true"),
            HTTPHeader("Content-Type", "application/json"),
        ]
        if let token {
            headers.append(HTTPHeader("Authorization", "Bearer \(token)"))
        }
        headers.append(contentsOf: plan.headers)
        return NeonHTTPRequest(url: target.url, headers: headers, body: plan.body, timeout: configuration.requestTimeout)
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

