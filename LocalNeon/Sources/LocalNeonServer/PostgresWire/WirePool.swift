import NIOConcurrencyHelpers
import NIOCore

/// The pooled connections of one (user, password, database): at most ``Settings/maximumConnections``
/// open, the most recently used handed out first, those beyond ``Settings/minimumConnections`` closed
/// after ``Settings/idleTimeout`` unused (Neon's pooled idle timeout is 5 minutes).
///
/// A request waiting for a connection is served in arrival order when one comes back or a slot frees.
final class WirePool: Sendable {
    /// Where and as whom the pool connects, and how many connections it keeps.
    struct Settings: Sendable {
        var host: String
        var port: Int
        var user: String
        var password: String?
        var database: String
        var minimumConnections: Int
        var maximumConnections: Int
        var idleTimeout: Duration = .seconds(300)
        /// How often idle connections are looked at.
        var idleSweepInterval: Duration = .seconds(5)
    }

    /// What a waiting request is handed.
    private enum Grant {
        case connection(WireConnection)
        /// A slot: the waiter opens a connection itself.
        case slot
    }

    private struct Waiter {
        var id: UInt64
        var continuation: CheckedContinuation<Grant, any Error>
    }

    private struct State {
        var idle: [(connection: WireConnection, since: ContinuousClock.Instant)] = []
        /// Connections open or being opened.
        var open = 0
        var waiters: [Waiter] = []
        var nextWaiterID: UInt64 = 0
        var isShutDown = false

        /// The most recently returned open connection, else a slot to open one while below
        /// `maximum`, else `nil` (the caller waits). Closed idle connections free their slots.
        mutating func takeConnectionOrSlot(maximum: Int) -> Grant? {
            while let entry = idle.popLast() {
                if entry.connection.isOpen { return .connection(entry.connection) }
                open -= 1
            }
            guard open < maximum else { return nil }
            open += 1
            return .slot
        }
    }

    let settings: Settings
    private let state = NIOLockedValueBox(State())

    init(settings: Settings) {
        self.settings = settings
    }

    /// Connections open (leased, idle or being opened) and idle now (for tests and logs).
    var load: (open: Int, idle: Int) {
        state.withLockedValue { ($0.open, $0.idle.count) }
    }

    /// A connection for one request; give it back with ``giveBack(_:)`` (clean session) or ``discard(_:)``.
    func lease() async throws(WireError) -> WireConnection {
        let immediate = state.withLockedValue { state -> Result<Grant?, WireError> in
            if state.isShutDown { return .failure(.connectionClosed) }
            return .success(state.takeConnectionOrSlot(maximum: settings.maximumConnections))
        }
        let grant: Grant
        if let ready = try immediate.get() {
            grant = ready
        } else {
            grant = try await waitForTurn()
        }
        switch grant {
        case .connection(let connection): return connection
        case .slot: return try await openConnection()
        }
    }

    /// Returns a connection whose session is clean to the pool (or to the longest-waiting request).
    func giveBack(_ connection: WireConnection) {
        guard connection.isOpen else { return discard(connection) }
        enum Destination { case waiter(Waiter), idle, closed }
        let destination = state.withLockedValue { state -> Destination in
            if state.isShutDown { return .closed }
            if !state.waiters.isEmpty { return .waiter(state.waiters.removeFirst()) }
            state.idle.append((connection, .now))
            return .idle
        }
        switch destination {
        case .waiter(let waiter): waiter.continuation.resume(returning: .connection(connection))
        case .idle: break
        case .closed: discard(connection)
        }
    }

    /// Closes a connection whose session is in doubt; its slot goes to a waiting request.
    func discard(_ connection: WireConnection) {
        connection.close()
        releaseSlot()
    }

    /// Opens ``Settings/minimumConnections``, then closes idle connections beyond them as they time
    /// out, until the task is cancelled; then closes every connection.
    func run() async {
        for _ in 0..<settings.minimumConnections {
            let reserved = state.withLockedValue { state -> Bool in
                guard state.open < settings.minimumConnections else { return false }
                state.open += 1
                return true
            }
            guard reserved else { break }
            if let connection = try? await openConnection() { giveBack(connection) }
        }
        while !Task.isCancelled {
            try? await Task.sleep(for: settings.idleSweepInterval)
            closeIdleConnections(olderThan: ContinuousClock.now - settings.idleTimeout)
        }
        shutDown()
    }

    /// Closes every idle connection and refuses new leases; waiting requests fail.
    func shutDown() {
        let (idle, waiters) = state.withLockedValue { state in
            state.isShutDown = true
            defer {
                state.idle = []
                state.waiters = []
            }
            return (state.idle.map(\.connection), state.waiters)
        }
        for connection in idle { connection.close() }
        for waiter in waiters { waiter.continuation.resume(throwing: WireError.connectionClosed) }
    }

    private func closeIdleConnections(olderThan deadline: ContinuousClock.Instant) {
        let expired = state.withLockedValue { state -> [WireConnection] in
            var expired: [WireConnection] = []
            // The oldest are first; keep the minimum.
            while state.open > settings.minimumConnections, let first = state.idle.first, first.since < deadline {
                state.idle.removeFirst()
                state.open -= 1
                expired.append(first.connection)
            }
            return expired
        }
        for connection in expired { connection.close() }
    }

    private func openConnection() async throws(WireError) -> WireConnection {
        do {
            return try await WireConnection.connect(
                host: settings.host, port: settings.port, user: settings.user, password: settings.password,
                database: settings.database)
        } catch {
            releaseSlot()
            throw error
        }
    }

    /// A connection closed (or failed to open): its slot goes to the longest-waiting request.
    private func releaseSlot() {
        let waiter = state.withLockedValue { state -> Waiter? in
            if !state.isShutDown, !state.waiters.isEmpty { return state.waiters.removeFirst() }
            state.open -= 1
            return nil
        }
        waiter?.continuation.resume(returning: .slot)
    }

    private func waitForTurn() async throws(WireError) -> Grant {
        let id = state.withLockedValue { state -> UInt64 in
            defer { state.nextWaiterID += 1 }
            return state.nextWaiterID
        }
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Grant, any Error>) in
                    let immediate = state.withLockedValue { state -> Result<Grant, any Error>? in
                        if state.isShutDown { return .failure(WireError.connectionClosed) }
                        if Task.isCancelled { return .failure(CancellationError()) }
                        if let grant = state.takeConnectionOrSlot(maximum: settings.maximumConnections) { return .success(grant) }
                        state.waiters.append(Waiter(id: id, continuation: continuation))
                        return nil
                    }
                    if let immediate { continuation.resume(with: immediate) }
                }
            } onCancel: {
                let waiter = state.withLockedValue { state -> Waiter? in
                    guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                    return state.waiters.remove(at: index)
                }
                waiter?.continuation.resume(throwing: CancellationError())
            }
        } catch let error as WireError {
            throw error
        } catch {
            throw .connectionClosed
        }
    }
}
