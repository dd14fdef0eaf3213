import Foundation

/// Running one request: choosing primary or replica, adding the client's own statements
/// (``RequestPlan``), falling back from a replica that failed or is behind, and remembering the
/// client's committed writes.
extension RequestRunner {
    /// Sends `work` and decodes its answer with `single` (a lone statement sent as such) or
    /// `batch` (the caller's results in a batch response).
    func performRequest<T>(
        _ work: RequestWork, single: (Data) throws -> (T, Int?), batch: (inout BatchDecoder) throws -> (T, Int?)
    ) async throws -> T {
        var work = work
        let keys = configuration.writeKeys
        let writeKey: UUID? = work.readOnly || keys == nil ? nil : UUID()
        let ticket = writeKey.map { _ in writtenKeys.beginWrite() }
        // A hot standby refuses SERIALIZABLE ("cannot use serializable mode in a hot standby").
        var route = firstRoute(readOnly: work.readOnly && work.options.isolationLevel != .serializable)
        var firstBehind: ContinuousClock.Instant? = nil
        while true {
            let catchUpKeys = route != .primary && readRouting == .replicaReadingYourWrites ? writtenKeys.pending : []
            let plan = RequestPlan(work, writeKey: writeKey, keys: keys, catchUpKeys: catchUpKeys)
            work.context.requestBytes = plan.body.count
            let response: SentResponse
            do {
                response = try await send(plan, to: try target(route), context: work.context, lease: work.lease)
            } catch let error as NeonError {
                if case .replica(let index) = route, error.justifiesReplicaFallback {
                    replicaRotation.takeOut(index, for: configuration.replicaPolicy.retryAfter)
                    route = .primary
                    continue
                }
                if let writeKey, let ticket {
                    switch error {
                    case .alreadyApplied: writtenKeys.committed(writeKey, ticket: ticket)
                    case .outcomeUnknown: writtenKeys.committed(writeKey, ticket: ticket, confirmed: false)
                    default: break
                    }
                }
                throw error
            }
            // A 200 for a write: it committed, whatever decoding its answer gives.
            if let writeKey, let ticket { writtenKeys.committed(writeKey, ticket: ticket) }
            // The network works: queued writes need not wait for their backoff.
            configuration.outbox?.requestSucceeded(on: self)
            do {
                return try observeDecoding(response, work.context, route: route) {
                    try plan.decode(response.body, single: single, batch: batch)
                }
            } catch is ReplicaBehind {
                guard case .replica(let index) = route else { throw NeonError.malformedResponse("internal: a catch-up check on the primary") }
                let policy = configuration.replicaPolicy
                let now = ContinuousClock.now
                // Behind even the newest write by more than the bound: lagging, out of rotation.
                if let newest = writtenKeys.newestCompletion, now - newest > policy.maxLag {
                    replicaRotation.takeOut(index, for: policy.retryAfter)
                    route = .primary
                    continue
                }
                let since = firstBehind ?? now
                firstBehind = since
                let waited = now - since
                if waited < policy.catchUpWait {
                    do {
                        try await Task.sleep(for: min(.milliseconds(20), policy.catchUpWait - waited))
                    } catch {
                        throw NeonError.cancelled
                    }
                    continue
                }
                route = .primary
            }
        }
    }

    /// A replica in rotation for a read-only request (unless this client reads from the
    /// primary), else the primary.
    func firstRoute(readOnly: Bool) -> NeonRequestRoute {
        guard readOnly, readRouting != .primary, !configuration.readReplicas.isEmpty,
              let index = replicaRotation.next() else { return .primary }
        return .replica(index)
    }

    /// The URL and connection string of `route`.
    func target(_ route: NeonRequestRoute) throws -> RequestTarget {
        switch route {
        case .primary:
            return RequestTarget(url: configuration.endpoint, connectionString: configuration.connection.raw, route: route)
        case .replica(let index):
            guard configuration.readReplicas.indices.contains(index) else {
                throw NeonError.invalidConfiguration("internal: no read replica \(index)")
            }
            let replica = configuration.readReplicas[index]
            return RequestTarget(url: try replica.endpoint(bearerToken: configuration.authentication.isBearerToken),
                                 connectionString: replica.connection.raw, route: route)
        }
    }
}

extension NeonError {
    /// Whether a read that failed this way on a replica goes to the primary (and the replica out
    /// of rotation): the replica could not answer (connection, timeout, 5xx, overload), or
    /// recovery on the standby cancelled the read (a conflict with replay), or the replica lacks
    /// the catch-up function (a migration not yet applied). A read's own error (a bad value, 507:
    /// too large) is the caller's, wherever it ran.
    var justifiesReplicaFallback: Bool {
        switch self {
        case .transport, .timedOut: return true
        case .httpStatus(let status):
            return status.status >= 500 && status.status != 507 && status.status != 501 || status.status == 404 || status.status == 429
        case .database(let error):
            let code = error.code
            return code == "40001" || code == "40P01" || code == "42883" || code == "42501" || code.hasPrefix("57")
                || code.hasPrefix("08") || code.hasPrefix("53")
        default: return false
        }
    }
}
