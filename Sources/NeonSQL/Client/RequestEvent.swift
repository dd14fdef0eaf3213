import Foundation

/// What a request observer learns about one HTTP attempt (see
/// ``NeonConfiguration/requestObserver``): which queries, how long, how many bytes and rows, and
/// how it failed. It never holds SQL text, parameter values, passwords or tokens, so an observer
/// can log or trace it as it is.
public struct NeonRequestEvent: Sendable, Hashable {
    /// The annotated names of the statements sent (`["FetchJourneyDuas"]`; several for a batch).
    public let queryNames: [String]
    /// The kind of each statement, in the same order.
    public let kinds: [QueryKind]
    /// Whether the request was a batch (one transaction of several statements).
    public let isBatch: Bool
    /// Whether the request was sent as read-only (and may therefore be retried).
    public let isReadOnly: Bool
    /// 1 for the first attempt, 2 for the first retry, ...
    public let attempt: Int
    /// From sending the request to the end of decoding (or the failure).
    public let duration: Duration
    /// The size of the request body (the JSON holding the SQL and parameters; not the headers).
    public let requestBytes: Int
    /// The size of the response body received: the one decoded, or the body of an error status
    /// (400, 5xx, ...), or of a response that failed to decode; 0 when no response arrived
    /// (transport failure, timeout, cancellation).
    public let responseBytes: Int
    /// Rows returned (`:many`, `:one`) or affected (`:execrows`) across the statements; nil when
    /// the attempt failed or no statement reports rows (`:exec`).
    public let rows: Int?
    /// How the attempt failed, or nil on success.
    public let failure: Failure?
    /// Where the attempt went: the primary or a read replica.
    public let route: NeonRequestRoute

    /// A failure without its message (which may quote values): its category, and the SQLSTATE or
    /// HTTP status when there is one.
    public struct Failure: Sendable, Hashable {
        /// `database`, `http`, `transport`, `timeout`, `cancelled`, `decoding`, `encoding`,
        /// `malformedResponse`, `authentication`, `configuration`, `alreadyApplied`,
        /// `outcomeUnknown`, `replicaBehind` (a replica had not yet replayed the client's own
        /// writes: the read went on to the primary) or `other`.
        public let category: String
        /// The PostgreSQL error code (`23505`), for `database` failures.
        public let sqlState: String?
        /// The HTTP status, for `http` failures.
        public let httpStatus: Int?

        /// Summarizes an error without its message.
        public init(_ error: any Error) {
            var sqlState: String? = nil
            var httpStatus: Int? = nil
            let category: String
            switch error as? NeonError {
            case .database(let database)?:
                category = "database"
                sqlState = database.code
            case .httpStatus(let status)?:
                category = "http"
                httpStatus = status.status
            case .transport?: category = "transport"
            case .timedOut?: category = "timeout"
            case .cancelled?: category = "cancelled"
            case .decoding?: category = "decoding"
            case .encoding?: category = "encoding"
            case .alreadyApplied?: category = "alreadyApplied"
            case .outcomeUnknown?: category = "outcomeUnknown"
            case .tokenRejected?: category = "authentication"
            case .malformedResponse?: category = "malformedResponse"
            case .authentication?: category = "authentication"
            case .invalidConfiguration?: category = "configuration"
            default:
                if error is ReplicaBehind {
                    category = "replicaBehind"
                } else {
                    category = error is CancellationError ? "cancelled" : "other"
                }
            }
            self.category = category
            self.sqlState = sqlState
            self.httpStatus = httpStatus
        }
    }

    /// Creates an event (for tests of observers).
    public init(queryNames: [String], kinds: [QueryKind], isBatch: Bool, isReadOnly: Bool, attempt: Int, duration: Duration,
                requestBytes: Int, responseBytes: Int, rows: Int?, failure: Failure?, route: NeonRequestRoute = .primary) {
        self.queryNames = queryNames
        self.kinds = kinds
        self.isBatch = isBatch
        self.isReadOnly = isReadOnly
        self.attempt = attempt
        self.duration = duration
        self.requestBytes = requestBytes
        self.responseBytes = responseBytes
        self.rows = rows
        self.failure = failure
        self.route = route
    }
}

/// Where a request went.
public enum NeonRequestRoute: Sendable, Hashable, CustomStringConvertible {
    /// The primary endpoint.
    case primary
    /// The read replica at this index of ``NeonConfiguration/readReplicas``.
    case replica(Int)

    /// `primary` or `replica N`.
    public var description: String {
        switch self {
        case .primary: return "primary"
        case .replica(let index): return "replica \(index)"
        }
    }
}

/// A replica had not replayed the client's own writes yet: the read was not answered from it.
struct ReplicaBehind: Error, CustomStringConvertible {
    var description: String { "the replica has not yet replayed this client's last writes" }
}

/// The statements of one request, as the observer sees them.
struct RequestContext: Sendable {
    let queryNames: [String]
    let kinds: [QueryKind]
    let isBatch: Bool
    let isReadOnly: Bool
    var requestBytes: Int

    /// Reports one attempt to `observer` (nothing without one).
    func report(to observer: (@Sendable (NeonRequestEvent) -> Void)?, attempt: Int, since start: ContinuousClock.Instant,
                responseBytes: Int, rows: Int?, failure: (any Error)?, route: NeonRequestRoute = .primary) {
        guard let observer else { return }
        observer(NeonRequestEvent(
            queryNames: queryNames, kinds: kinds, isBatch: isBatch, isReadOnly: isReadOnly, attempt: attempt,
            duration: ContinuousClock.now - start, requestBytes: requestBytes, responseBytes: responseBytes, rows: rows,
            failure: failure.map(NeonRequestEvent.Failure.init), route: route))
    }
}
