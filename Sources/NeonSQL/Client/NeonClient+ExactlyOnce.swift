import Foundation

/// How ``NeonClient`` builds the body of a request: with an idempotency key first when
/// ``NeonConfiguration/exactlyOnceWrites`` is on and the request is a write.
extension NeonClient {
    /// A request body, and whether it starts with the client's key insert (then its first result
    /// is the client's, and the request is safe to resend).
    struct WriteEnvelope {
        let body: Data
        let isKeyed: Bool
    }

    /// The body of a batch of `queries`: as given, or with a new key's insert first.
    func envelope(forBatch queries: [(sql: String, parameters: [String?])], readOnly: Bool) -> WriteEnvelope {
        guard !readOnly, let writes = configuration.exactlyOnceWrites else {
            return WriteEnvelope(body: RequestBody.batch(queries), isKeyed: false)
        }
        return WriteEnvelope(body: RequestBody.batch([writes.keyInsert(UUID())] + queries), isKeyed: true)
    }

    /// Runs one write statement as a batch of two, the key's insert and the statement (one
    /// transaction), and decodes the statement's result as `execute` would.
    func executeKeyed<Result: Sendable>(_ statement: Statement<Result>) async throws -> Result {
        let envelope = envelope(forBatch: [(statement.sql, statement.bindings.values)], readOnly: false)
        let context = RequestContext(queryNames: [statement.name], kinds: [statement.kind], isBatch: false,
                                     isReadOnly: false, requestBytes: envelope.body.count)
        let response = try await send(body: envelope.body, extraHeaders: [], readOnly: false, keyed: envelope.isKeyed, context: context)
        return try observeDecoding(response, context) {
            var decoder = BatchDecoder(body: response.body, count: 2)
            try decoder.open()
            try decoder.skipResult()
            let result: Result
            do {
                result = try decoder.next(statement)
            } catch NeonError.decoding(var failure) {
                // One statement, as the caller sent it: not a batch.
                failure.statementIndex = nil
                throw NeonError.decoding(failure)
            }
            try decoder.close()
            return (result, statement.rowCount(result))
        }
    }
}
