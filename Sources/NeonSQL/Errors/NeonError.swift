import Foundation

/// The one error type thrown by `NeonSQL`.
///
/// Every case's description is safe to log: the connection-string password and bearer tokens
/// never appear in it (the client redacts them from any text it stores in an error).
public enum NeonError: Error, Sendable, Hashable {
    /// PostgreSQL (or Neon's proxy) rejected the request: HTTP 400 with Neon's JSON error body.
    /// Proxy-level failures (wrong password, invalid connection string...) have an empty ``DatabaseError/code``.
    case database(DatabaseError)
    /// A non-success HTTP status other than a database error: 413 (request too large), 507 (response
    /// too large), 5xx (Neon could not run the query), or an unexpected status.
    case httpStatus(HTTPStatusError)
    /// The HTTP exchange failed below the HTTP layer (DNS, connect, TLS, connection lost).
    case transport(TransportError)
    /// No response arrived within the configured per-request timeout.
    case timedOut(after: Duration)
    /// The calling `Task` was cancelled; the HTTP request was cancelled with it.
    case cancelled
    /// A response cell (or the response's column layout) could not be turned into the expected Swift value.
    case decoding(ResponseDecodingError)
    /// A bound parameter could not be encoded; nothing was sent.
    case encoding(ParameterEncodingError)
    /// The response body is not the JSON shape Neon's `/sql` endpoint produces (invalid or truncated JSON,
    /// missing keys, wrong result count).
    case malformedResponse(String)
    /// The configuration (connection string, endpoint) is invalid. The text never contains the password.
    case invalidConfiguration(String)
    /// The bearer-token provider failed or returned an unusable token.
    case authentication(String)
    /// The server refused the bearer token (expired, not yet valid, wrong audience, unknown key,
    /// bad signature, not a JWT, or not accepted for the connection string's role); the request did
    /// not run. The client already asked the provider for a new token once. The text is the
    /// server's message, without the token.
    case tokenRejected(String)
    /// A statement that may change data (not read-only) was sent, but no definite answer came back:
    /// the connection broke after the request left, no response came within the timeout, or a 5xx
    /// arrived that may have been produced after the statement ran. It **may or may not have been
    /// applied**. `cause` is what happened to the last attempt; `sent` says how the request was
    /// sent: once (a write without an idempotency key is never sent again), or, with
    /// ``NeonConfiguration/exactlyOnceWrites``, as many times as the retry policy allowed with the
    /// same key, none of which got a definite answer.
    ///
    /// Before trying again, check whether the change happened (read it back), or make the write
    /// idempotent (e.g. `INSERT ... ON CONFLICT DO NOTHING` with a client-chosen key).
    indirect case outcomeUnknown(cause: NeonError, sent: UnknownWriteSending)
    /// A `:copyfrom` insert split into several requests failed after at least one part was
    /// committed: the error says which rows are in the database (``CopyIncompleteError/committedRows``)
    /// and why the next part failed (``CopyIncompleteError/cause``). A failure of the first part is
    /// thrown as it is (nothing was committed).
    indirect case copyIncomplete(CopyIncompleteError)
    /// A `:copyfrom` insert with ``CopyFrom/Splitting/never`` does not fit one request; nothing was sent.
    case copyTooLarge(CopyTooLargeError)
    /// With ``NeonConfiguration/exactlyOnceWrites``: an earlier attempt of this very write request
    /// committed (its answer was lost), and this attempt, a resend, found the request's key
    /// recorded and applied nothing. The write happened exactly once; its result (rows, counts)
    /// is not available. For a write whose result you do not need (`:exec`), this is success.
    /// `attempts` is the number of attempts the client made.
    case alreadyApplied(attempts: Int)

    /// The database error, when this is ``database(_:)``, or a ``copyIncomplete(_:)`` caused by one.
    public var databaseError: DatabaseError? {
        switch self {
        case .database(let error): return error
        case .copyIncomplete(let incomplete): return incomplete.cause.databaseError
        default: return nil
        }
    }

    /// The SQLSTATE of a database error, or `nil`.
    public var sqlState: String? { databaseError?.code }

    /// `true` for a unique-key violation (SQLSTATE 23505).
    public var isUniqueViolation: Bool { databaseError?.isUniqueViolation ?? false }
    /// `true` for a foreign-key violation (SQLSTATE 23503).
    public var isForeignKeyViolation: Bool { databaseError?.isForeignKeyViolation ?? false }
    /// `true` for a serialization failure (SQLSTATE 40001): the transaction may be retried.
    public var isSerializationFailure: Bool { databaseError?.isSerializationFailure ?? false }

    /// `true` when a write may or may not have been applied: ``outcomeUnknown(cause:sent:)``, or a
    /// ``copyIncomplete(_:)`` whose failed part may have been applied
    /// (``CopyIncompleteError/isFailedPartOutcomeUnknown``; the committed parts certainly were).
    public var isOutcomeUnknown: Bool {
        switch self {
        case .outcomeUnknown: return true
        case .copyIncomplete(let incomplete): return incomplete.isFailedPartOutcomeUnknown
        default: return false
        }
    }
}

extension NeonError: CustomStringConvertible, CustomDebugStringConvertible, LocalizedError {
    /// A one-line, secret-free description.
    public var description: String {
        switch self {
        case .database(let error): return error.description
        case .httpStatus(let error): return error.description
        case .transport(let error): return error.description
        case .timedOut(let duration): return "NeonSQL: no response within \(duration) (request timed out)"
        case .cancelled: return "NeonSQL: the request was cancelled"
        case .decoding(let failure): return failure.description
        case .encoding(let failure): return failure.description
        case .malformedResponse(let message): return "NeonSQL: malformed response: \(message)"
        case .invalidConfiguration(let message): return "NeonSQL: invalid configuration: \(message)"
        case .authentication(let message): return "NeonSQL: authentication failed: \(message)"
        case .tokenRejected(let message): return "NeonSQL: the server rejected the bearer token: \(message)"
        case .outcomeUnknown(let cause, let sent):
            let reason = cause.description.replacingOccurrences(of: "NeonSQL: ", with: "")
            return "NeonSQL: the write's outcome is unknown (it may or may not have been applied; \(sent.description)): \(reason)"
        case .copyIncomplete(let incomplete): return incomplete.description
        case .copyTooLarge(let error): return error.description
        case .alreadyApplied(let attempts):
            return "NeonSQL: the write was already applied by an earlier attempt of the same request (its answer was lost); attempt \(attempts) applied nothing"
        }
    }

    /// Same as ``description`` prefixed with the case name; secret-free.
    public var debugDescription: String {
        switch self {
        case .database: return "NeonError.database(\(description))"
        case .httpStatus: return "NeonError.httpStatus(\(description))"
        case .transport: return "NeonError.transport(\(description))"
        case .timedOut: return "NeonError.timedOut(\(description))"
        case .cancelled: return "NeonError.cancelled"
        case .decoding: return "NeonError.decoding(\(description))"
        case .encoding: return "NeonError.encoding(\(description))"
        case .malformedResponse: return "NeonError.malformedResponse(\(description))"
        case .invalidConfiguration: return "NeonError.invalidConfiguration(\(description))"
        case .authentication: return "NeonError.authentication(\(description))"
        case .tokenRejected: return "NeonError.tokenRejected(\(description))"
        case .outcomeUnknown: return "NeonError.outcomeUnknown(\(description))"
        case .copyIncomplete: return "NeonError.copyIncomplete(\(description))"
        case .copyTooLarge: return "NeonError.copyTooLarge(\(description))"
        case .alreadyApplied: return "NeonError.alreadyApplied(\(description))"
        }
    }

    /// `LocalizedError` conformance: the ``description``.
    public var errorDescription: String? { description }
}
