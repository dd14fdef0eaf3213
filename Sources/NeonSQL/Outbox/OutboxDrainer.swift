import Foundation

/// When the drainer runs: one drain task per ``Outbox`` at a time, woken at once by an enqueue,
/// ``NeonClient/drain()``, a reachability signal or a successful request, and otherwise waiting
/// out a bounded backoff after a failure.
struct DrainSchedule {
    /// The client the drainer sends with (the last one that enqueued, drained or succeeded).
    var client: RequestRunner?
    var running = false
    /// Woken while a pass was running: run another.
    var again = false
    /// Consecutive passes that ended in ``DrainPassResult/retryLater``.
    var failures = 0
    /// The drainer's wait, resumed early by a wake.
    var sleeper: CheckedContinuation<Void, Never>?
    var sleeperToken = UUID()
    /// ``NeonClient/drain()`` calls waiting for the current pass to end.
    var passWaiters: [CheckedContinuation<Void, Never>] = []
}

/// How a drain pass ended.
enum DrainPassResult {
    /// Nothing (more) of the current identity is pending.
    case idle
    /// Another process holds the drain lock: look again shortly.
    case otherProcessDraining
    /// The network, the server or the token failed: back off.
    case retryLater
}

/// A replay request failed for a reason outside its writes: stop the pass, back off.
struct ReplayMustWait: Error {
    let cause: NeonError
}

extension Outbox {
    /// How long a process waits before looking again when another one holds the drain lock.
    static let otherProcessPoll: Duration = .milliseconds(250)

    /// Starts a drain now (or another pass right after the running one), with `client` if given.
    func wake(client: RequestRunner?) {
        let (start, sleeper): (Bool, CheckedContinuation<Void, Never>?) = state.withLock {
            if let client { schedule.client = client }
            guard schedule.client != nil else { return (false, nil) }
            if schedule.running {
                schedule.again = true
                let sleeper = schedule.sleeper
                schedule.sleeper = nil
                return (false, sleeper)
            }
            schedule.running = true
            schedule.again = false
            return (true, nil)
        }
        sleeper?.resume()
        if start {
            Task.detached { [self] in await runDrainLoop() }
        }
    }

    /// Sends a write just enqueued by `client` at once, unless the drainer is backing off after a
    /// failure (offline, say): then it goes with the next attempt, which a reachability signal, a
    /// successful request or ``NeonClient/drain()`` bring forward.
    func writeEnqueued(by client: RequestRunner) {
        let backingOff = state.withLock {
            schedule.client = client
            return schedule.running && schedule.failures > 0
        }
        if !backingOff { wake(client: client) }
    }

    /// Wakes the drainer after a successful request of `client`, when writes may be pending.
    func requestSucceeded(on client: RequestRunner) {
        let pending = state.withLock { mayHavePending || schedule.failures > 0 }
        if pending { wake(client: client) }
    }

    /// Starts a drain and waits until that pass ends: drained (by this process or, meanwhile,
    /// by another one), or backing off after a failure.
    func drainNow(with client: RequestRunner) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            state.withLock { schedule.passWaiters.append(continuation) }
            wake(client: client)
        }
    }

    private func runDrainLoop() async {
        while true {
            let client: RequestRunner? = state.withLock {
                schedule.again = false
                return schedule.client
            }
            let result: DrainPassResult
            if let client { result = await drainPass(client) } else { result = .idle }
            let (waiters, delay): ([CheckedContinuation<Void, Never>], Duration?) = state.withLock {
                // A drain() waits through another process's drain, until this identity's writes
                // are settled or a failure makes this process back off.
                var waiters: [CheckedContinuation<Void, Never>] = []
                if result != .otherProcessDraining {
                    waiters = schedule.passWaiters
                    schedule.passWaiters = []
                }
                switch result {
                case .idle:
                    schedule.failures = 0
                    if schedule.again { return (waiters, nil) }
                    schedule.running = false
                    return (waiters, .zero)
                case .otherProcessDraining:
                    return (waiters, Self.otherProcessPoll)
                case .retryLater:
                    schedule.failures += 1
                    return (waiters, retryPolicy.delay(afterFailures: schedule.failures))
                }
            }
            for waiter in waiters { waiter.resume() }
            guard let delay else { continue }
            if delay == .zero { return }
            await sleepUnlessWoken(delay)
        }
    }

    /// Sleeps `delay`, or less when ``wake(client:)`` is called meanwhile.
    private func sleepUnlessWoken(_ delay: Duration) async {
        let token = UUID()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let wokenAlready = state.withLock {
                if schedule.again { return true }
                schedule.sleeper = continuation
                schedule.sleeperToken = token
                return false
            }
            if wokenAlready { continuation.resume(); return }
            Task.detached { [self] in
                try? await Task.sleep(for: delay)
                let sleeper = state.withLock { () -> CheckedContinuation<Void, Never>? in
                    guard schedule.sleeperToken == token, let sleeper = schedule.sleeper else { return nil }
                    schedule.sleeper = nil
                    return sleeper
                }
                sleeper?.resume()
            }
        }
    }

    /// Sends the pending writes of the client's current identity, request after request, until
    /// none is left or a request must wait.
    func drainPass(_ client: RequestRunner) async -> DrainPassResult {
        guard let keys = client.configuration.exactlyOnceWrites else { return .idle }
        let token: String?
        do {
            token = try await client.bearerToken()
        } catch {
            return .retryLater
        }
        let identity = client.identity(for: token)
        do {
            let log = try log()
            var pending = try await log.pending(identity: identity.digest)
            await reportDamage(log)
            await deliverSettlementsReadFromLog()
            guard !pending.isEmpty else {
                await publishPending()
                return .idle
            }
            let lock = try drainLock()
            guard lock.tryAcquire() else { return .otherProcessDraining }
            defer { lock.release() }
            while true {
                // Read again under the drain lock: another process may have settled some.
                pending = try await log.pending(identity: identity.digest)
                await reportDamage(log)
                await deliverSettlementsReadFromLog()
                guard !pending.isEmpty else {
                    await publishPending()
                    return .idle
                }
                let writes = OutboxReplayPlan.firstRequest(of: pending, maxWrites: maxWritesPerRequest, maxBytes: maxBytesPerRequest)
                do {
                    try await replay(writes, client: client, token: token, identity: identity, keys: keys)
                } catch is ReplayMustWait {
                    return .retryLater
                }
                state.withLock { schedule.failures = 0 }
            }
        } catch {
            // The directory cannot be read or written: keep the writes, try again later.
            return .retryLater
        }
    }

    private func reportDamage(_ log: OutboxLog) async {
        for report in await log.takeDamageReports() { deliver(.damaged(report), effects: nil) }
    }

    /// Sends `writes` as one request; isolates a refused write by bisection and settles what an
    /// earlier attempt already applied. Throws ``ReplayMustWait`` when the request failed for a
    /// reason outside the writes.
    func replay(_ writes: [StoredWrite], client: RequestRunner, token: String?, identity: CacheIdentity,
                keys: ExactlyOnceWrites) async throws {
        guard !writes.isEmpty else { return }
        let plan = OutboxReplayPlan(writes, keys: keys)
        do {
            let results = try await client.sendOutboxRequest(plan, token: token, identity: identity)
            try await settle(writes.enumerated().map { index, write in
                (write, .applied, results?[index])
            }, client: client)
        } catch let error as NeonError {
            switch error.outboxDisposition(keys: keys) {
            case .retryLater:
                throw ReplayMustWait(cause: error)
            case .someAlreadyApplied:
                let applied: Set<UUID>
                do {
                    applied = try await client.appliedKeys(writes.map(\.key), keys: keys, token: token, identity: identity)
                } catch let probeError as NeonError {
                    throw ReplayMustWait(cause: probeError)
                }
                if applied.isEmpty && writes.count == 1 {
                    // The database says this write's key is recorded, though the probe no longer
                    // sees it (cleaned up meanwhile): it was applied.
                    try await settle([(writes[0], .appliedEarlier, nil)], client: client)
                    return
                }
                if applied.isEmpty {
                    try await bisect(writes, client: client, token: token, identity: identity, keys: keys)
                    return
                }
                try await settle(writes.filter { applied.contains($0.key) }.map { ($0, .appliedEarlier, nil) }, client: client)
                try await replay(writes.filter { !applied.contains($0.key) }, client: client, token: token, identity: identity, keys: keys)
            case .refused:
                if writes.count == 1 {
                    try await settle([(writes[0], .rejected(error), nil)], client: client)
                } else {
                    try await bisect(writes, client: client, token: token, identity: identity, keys: keys)
                }
            }
        }
    }

    private func bisect(_ writes: [StoredWrite], client: RequestRunner, token: String?, identity: CacheIdentity,
                        keys: ExactlyOnceWrites) async throws {
        let middle = writes.count / 2
        try await replay(Array(writes[..<middle]), client: client, token: token, identity: identity, keys: keys)
        try await replay(Array(writes[middle...]), client: client, token: token, identity: identity, keys: keys)
    }

    enum Settlement {
        case applied
        case appliedEarlier
        case rejected(NeonError)
    }

    /// Records how `writes` were settled, invalidates what the applied ones changed in the cache
    /// and delivers their outcomes.
    private func settle(_ writes: [(write: StoredWrite, settlement: Settlement, results: [Data]?)], client: RequestRunner) async throws {
        guard !writes.isEmpty else { return }
        let resolutions = writes.map { write, settlement, results -> StoredResolution in
            switch settlement {
            case .applied:
                let size = results?.reduce(0) { $0 + $1.count } ?? 0
                return StoredResolution(id: write.id, kind: .applied,
                                        results: size <= StoredResolution.maxStoredResultBytes ? results : nil, rejection: nil)
            case .appliedEarlier:
                return StoredResolution(id: write.id, kind: .appliedEarlier, results: nil, rejection: nil)
            case .rejected(let error):
                return StoredResolution(id: write.id, kind: .rejected, results: nil, rejection: StoredRejection(error))
            }
        }
        let log = try log()
        try await log.resolve(resolutions)
        for (write, settlement, results) in writes {
            let effects = write.effects.tableEffects
            switch settlement {
            case .applied, .appliedEarlier:
                client.invalidate(effects, appliedWrite: write.id)
                let earlier: Bool
                if case .appliedEarlier = settlement { earlier = true } else { earlier = false }
                deliver(.applied(AppliedWrite(id: write.id, names: write.names, wasAppliedEarlier: earlier,
                                              statementResults: earlier ? nil : results)), effects: effects)
            case .rejected(let error):
                deliver(.rejected(WriteRejection(id: write.id, names: write.names, error: error)), effects: effects)
            }
        }
        await publishPending()
    }
}
