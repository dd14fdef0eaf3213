import Logging
import NIOHTTP1

/// Handles `POST /sql` in the proxy's order: connection string, option headers, body, authentication,
/// execution; the first failure is the answer (docs/neon-sql-over-http.md §2, §7).
struct SQLRequestHandler: Sendable {
    let configuration: LocalNeonConfiguration
    let pools: UpstreamPools
    let typeCatalog: TypeCatalog
    let logger: Logger
    /// Set when JWT authentication is configured.
    let jwt: (verifier: JWTVerifier, sessions: JWTSessions)?
    /// Connection strings parsed before.
    let connectionInfos: ConnectionInfoCache

    init(
        configuration: LocalNeonConfiguration, pools: UpstreamPools, typeCatalog: TypeCatalog, logger: Logger,
        jwt: (verifier: JWTVerifier, sessions: JWTSessions)?
    ) {
        self.configuration = configuration
        self.pools = pools
        self.typeCatalog = typeCatalog
        self.logger = logger
        self.jwt = jwt
        connectionInfos = ConnectionInfoCache(jwtRoles: configuration.jwtAuthentication?.roles)
    }

    func handle(_ request: HTTPRequestMessage, requestID: String) async -> HTTPResponseMessage {
        var logger = self.logger
        logger[metadataKey: "request_id"] = "\(requestID)"
        var response: HTTPResponseMessage
        do {
            let (body, headers) = try await process(request, logger: logger)
            response = .json(status: .ok, body: body)
            response.headers.append(contentsOf: headers)
        } catch {
            if error.status >= 500 {
                logger.warning("request failed", metadata: ["status": "\(error.status)", "message": "\(error.message)"])
            } else {
                logger.debug("request failed", metadata: ["status": "\(error.status)", "message": "\(error.message)"])
            }
            response = .json(status: HTTPResponseStatus(statusCode: error.status), body: error.body())
        }
        response.headers.append(("Access-Control-Allow-Origin", "*"))
        return response
    }

    private func process(_ request: HTTPRequestMessage, logger: Logger) async throws(NeonError) -> ([UInt8], [(name: String, value: String)]) {
        let authorization = request.header("Authorization")
        let info = try connectionInfos.parse(
            connectionString: request.header("Neon-Connection-String").flatMap(Self.visibleASCII),
            authorization: authorization,
            authorizationIsValidText: authorization.map { Self.visibleASCII($0) != nil } ?? true
        )
        logger.debug("credentials", metadata: ["connection": "\(info.redactedDescription)"])
        let options = try RequestOptions.parse { request.header($0) }
        let body = try readBody(request)
        let payload = try RequestPayload.parse(body)

        let key: UpstreamPools.Key
        var jwtSession: (claims: String, prepared: JWTSessions.Prepared)?
        switch info.authentication {
        case .password(let password):
            key = .init(user: info.user, password: password, database: info.database)
        case .jwt(let token):
            guard let jwt else { throw NeonError.user("missing authentication credentials: required password") }
            let claims = try jwt.verifier.verify(token, role: info.user)
            let prepared = try await jwt.sessions.prepare(database: info.database, role: info.user)
            jwtSession = (claims, prepared)
            key = prepared.poolKey
        }
        let lease = try await pools.lease(for: key, recheckingPassword: jwtSession == nil, logger: logger)
        let connection = lease.connection
        // If the request is cancelled (the client went away) while the connection is leased,
        // its statement is cancelled on PostgreSQL (as Neon's CancelRequest) and the connection
        // is closed instead of going back to the pool.
        let canceller = BackendCanceller(connection: connection, logger: logger)
        let result = await withTaskCancellationHandler { () async -> Result<[UInt8], NeonError> in
            do throws(NeonError) {
                if let jwtSession {
                    try await JWTSessions.begin(role: info.user, claims: jwtSession.claims, prepared: jwtSession.prepared, on: connection, logger: logger)
                }
                let executor = PayloadExecutor(
                    connection: connection,
                    database: info.database,
                    options: options,
                    maximumResponseBytes: configuration.maximumResponseBytes,
                    typeCatalog: typeCatalog,
                    logger: logger
                )
                return .success(try await executor.run(payload))
            } catch {
                return .failure(error)
            }
        } onCancel: {
            canceller.cancel()
        }
        if await canceller.finish() || Task.isCancelled {
            logger.debug("request cancelled; closing its connection")
            lease.giveBack(.close)
        } else {
            // The reset runs while the response goes out; the connection is leased again only after it.
            lease.giveBack(.reset)
        }
        let responseBody = try result.get()
        var headers: [(name: String, value: String)] = []
        if case .batch = payload {
            headers = options.echoedBatchHeaders
        }
        return (responseBody, headers)
    }

    /// The body, or 413 when it outgrew the configured limit (judged by Content-Length first).
    private func readBody(_ request: HTTPRequestMessage) throws(NeonError) -> [UInt8] {
        if request.bodyExceededLimit {
            throw NeonError.requestTooLarge(limit: configuration.maximumRequestBytes)
        }
        return request.body
    }

    /// The value when it is visible ASCII (what `HeaderValue::to_str` accepts), else `nil`.
    static func visibleASCII(_ value: String) -> String? {
        value.utf8.allSatisfy { $0 == 0x09 || (0x20...0x7E).contains($0) } ? value : nil
    }
}
