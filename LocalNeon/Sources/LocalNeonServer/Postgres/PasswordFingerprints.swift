import NIOConcurrencyHelpers

/// Reads roles' password fingerprints (see ``UpstreamPools``) for many concurrent requests with
/// few queries: requests that arrive while a read is running wait for the next read, which then
/// answers all of them at once.
///
/// Every answer comes from a read that started after the request asked, so a password change
/// committed before a request arrived is always seen by it (no cached answer is ever reused).
/// Under load there is at most one read in flight; a request waits for between one and two reads.
final class PasswordFingerprints: Sendable {
    /// Reads the fingerprints of the given roles (a missing role has none); `nil` when the read failed.
    typealias Read = @Sendable (_ roles: [String]) async -> [String: String]?

    private struct State {
        /// Requests for the next read, by role.
        var waiting: [String: [CheckedContinuation<String?, Never>]] = [:]
        /// Whether a task is running reads.
        var reading = false
    }

    private let read: Read
    private let state = NIOLockedValueBox(State())

    init(read: @escaping Read) {
        self.read = read
    }

    /// The role's fingerprint as a read started after this call finds it; `nil` when the role does
    /// not exist or the read failed.
    func current(of role: String) async -> String? {
        await withCheckedContinuation { continuation in
            let startReading = state.withLockedValue { state -> Bool in
                state.waiting[role, default: []].append(continuation)
                guard !state.reading else { return false }
                state.reading = true
                return true
            }
            if startReading {
                Task { await self.readWhileWaiting() }
            }
        }
    }

    /// Reads for everyone waiting, again and again until nobody waits.
    private func readWhileWaiting() async {
        while true {
            let waiting = state.withLockedValue { state -> [String: [CheckedContinuation<String?, Never>]] in
                defer { state.waiting = [:] }
                if state.waiting.isEmpty { state.reading = false }
                return state.waiting
            }
            if waiting.isEmpty { return }
            let fingerprints = await read(Array(waiting.keys))
            for (role, continuations) in waiting {
                for continuation in continuations {
                    continuation.resume(returning: fingerprints?[role])
                }
            }
        }
    }
}
