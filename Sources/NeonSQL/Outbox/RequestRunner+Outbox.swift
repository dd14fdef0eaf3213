import Foundation

/// The outbox's own requests: replaying queued writes, asking which keys the database recorded.
extension RequestRunner {
    /// Sends a replay request with `token` (never a token of another identity) and returns each
    /// write's statement results (nil when the 200 answer did not decode: the writes committed).
    func sendOutboxRequest(_ replay: OutboxReplayPlan, token: String?, identity: CacheIdentity) async throws -> [[Data]]? {
        let body = RequestBody.batch(replay.queries)
        let names = replay.writes.flatMap(\.names)
        let context = RequestContext(queryNames: names, kinds: replay.writes.flatMap { $0.statements.map(\.kind) },
                                     isBatch: true, isReadOnly: false, requestBytes: body.count)
        let plan = RequestPlan(outboxBody: body, writeKey: replay.writes.first?.key, resultCount: replay.queries.count)
        let response = try await send(plan, to: try target(.primary), context: context, lease: TokenLease(token),
                                      acceptsToken: { self.identity(for: $0) == identity })
        return try? observeDecoding(response, context, route: .primary) { () throws -> ([[Data]], Int?) in
            var decoder = BatchDecoder(body: response.body, count: replay.queries.count)
            try decoder.open()
            var results: [[Data]] = []
            for write in replay.writes {
                try decoder.skipResult()
                results.append(try write.statements.map { _ in try decoder.nextRawResult() })
            }
            try decoder.close()
            return (results, nil)
        }
    }

    /// Which of `keys` the database has recorded (their writes committed).
    func appliedKeys(_ keys: [UUID], keys writes: ExactlyOnceWrites, token: String?, identity: CacheIdentity) async throws -> Set<UUID> {
        let query = OutboxReplayPlan.appliedKeysQuery(keys, in: writes)
        let body = RequestBody.single(sql: query.sql, parameters: query.parameters)
        let context = RequestContext(queryNames: ["neon_sql.requests_applied"], kinds: [.many], isBatch: false,
                                     isReadOnly: true, requestBytes: body.count)
        let plan = RequestPlan(outboxBody: body, writeKey: nil, resultCount: 1, isBatch: false)
        let response = try await send(plan, to: try target(.primary), context: context, lease: TokenLease(token),
                                      acceptsToken: { self.identity(for: $0) == identity })
        let rows = try observeDecoding(response, context, route: .primary) {
            let rows = try OutboxReplayPlan.appliedKeysResult.decodeResponse(response.body)
            return (rows, rows.count)
        }
        return Set(rows.compactMap { UUID(uuidString: $0.key) })
    }
}

extension RequestPlan {
    /// A request the outbox built itself: a replay batch (its first write's key makes it safe to
    /// resend), or a lone read.
    init(outboxBody body: Data, writeKey: UUID?, resultCount: Int, isBatch: Bool = true) {
        self.body = body
        self.headers = []
        self.isBatch = isBatch
        self.writeKey = writeKey
        self.checksCatchUp = false
        self.resultCount = resultCount
    }
}
