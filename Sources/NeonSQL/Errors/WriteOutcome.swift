/// Which failures leave the outcome of a sent write unknown (see ``NeonError/outcomeUnknown(cause:sent:)``
/// and the table in docs/runtime.md).
extension NeonError {
    /// `true` when, had this request changed data, it may or may not have been applied:
    ///
    /// - a transport failure other than ``TransportError/Kind/connectionFailed`` (the request may
    ///   have left: connection lost or reset, truncated response, unknown failure);
    /// - ``timedOut(after:)`` (Neon may still be running it, or have committed it);
    /// - a 5xx status except 501: a proxy or gateway can answer 500/502/503/504 after the statement
    ///   ran (the client cannot tell a connect failure from a lost result), and 507 (response too
    ///   large) comes after the statement ran.
    ///
    /// `false` for answers that say what happened (a database error, 4xx, 200) and for failures that
    /// certainly happened before anything was sent (connection refused, encoding, configuration,
    /// authentication, a rejected token), so the write certainly did not run.
    var leavesWriteOutcomeUnknown: Bool {
        switch self {
        case .transport(let error):
            return error.kind != .connectionFailed
        case .timedOut:
            return true
        case .httpStatus(let error):
            return error.isServerError && error.status != 501
        case .database, .cancelled, .decoding, .encoding, .malformedResponse, .invalidConfiguration, .authentication,
            .tokenRejected, .outcomeUnknown, .copyIncomplete, .copyTooLarge, .alreadyApplied:
            return false
        }
    }
}
