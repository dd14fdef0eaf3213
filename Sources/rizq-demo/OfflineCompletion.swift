import Foundation
import NeonSQL
import RIZQQueries

/// Completing a dua without a network, through the outbox: `rizq-demo offline-complete` queues the
/// completion and its XP while the database is unreachable and exits; the next run sends it
/// (``sendQueued(configuration:)``), exactly once, and prints what was applied.
///
/// The outbox lives in `RIZQ_DEMO_OUTBOX_DIRECTORY` (Scripts/demo.sh sets it).
enum OfflineCompletion {
    /// The dua completed offline and its XP.
    static let duaID = 7
    static let xp = 10

    /// The outbox directory, when the demo runs with one.
    static var directory: URL? {
        ProcessInfo.processInfo.environment["RIZQ_DEMO_OUTBOX_DIRECTORY"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0, isDirectory: true) }
    }

    /// `configuration` with the outbox (and the exactly-once writes it requires).
    static func withOutbox(_ configuration: NeonConfiguration, directory: URL) -> NeonConfiguration {
        var configuration = configuration
        configuration.exactlyOnceWrites = ExactlyOnceWrites()
        configuration.outbox = Outbox(directory: directory)
        return configuration
    }

    /// Queues the completion and its XP as one write while the database is unreachable (the
    /// endpoint is a closed local port), then returns: the process ends with the write on disk.
    static func queueWhileOffline(configuration: NeonConfiguration, userID: UUID, fromToken: Bool) async throws {
        guard let directory else { throw DemoError("offline-complete needs RIZQ_DEMO_OUTBOX_DIRECTORY") }
        var offline = withOutbox(configuration, directory: directory)
        guard let unreachable = URL(string: "http://127.0.0.1:9/sql") else { throw DemoError("bad URL") }
        offline.endpoint = unreachable
        let client = NeonClient(configuration: offline)
        if fromToken {
            try await client.enqueue(Statements.markMyDuaCompleted(duaId: duaID, xpEarned: xp), Statements.addMyXp(amount: xp))
        } else {
            try await client.enqueue(Statements.markDuaCompleted(userId: userID, duaId: duaID, xpEarned: xp),
                                     Statements.addXp(amount: xp, userId: userID))
        }
        // The outbox tries to send it at once; wait for that attempt to fail (connection refused).
        try await client.drain()
        let pending = try await offline.outbox?.pendingWrites().count ?? 0
        print("Offline: the database is unreachable; dua \(duaID) completed (+\(xp) XP) was queued in the outbox "
              + "(\(pending) write\(pending == 1 ? "" : "s") waiting to sync). Stopping the process now.")
    }

    /// At launch, online: sends what a previous run queued and prints each applied write's
    /// results, decoded with the current statements.
    static func sendQueued(configuration: NeonConfiguration, userID: UUID, fromToken: Bool) async throws {
        guard let directory else { return }
        let online = withOutbox(configuration, directory: directory)
        guard let outbox = online.outbox else { return }
        let pending = try await outbox.pendingWrites()
        RIZQDemo.heading("Writes queued while offline (\(pending.count) waiting to sync)")
        guard !pending.isEmpty else {
            print("  nothing to send")
            return
        }
        let user = DemoUser(client: NeonClient(configuration: configuration), userID: userID, fromToken: fromToken)
        let before = try await user.profile()?.totalXp
        let outcomes = outbox.outcomes()
        try await NeonClient(configuration: online).drain()
        var settled = 0
        for await outcome in outcomes {
            switch outcome {
            case .applied(let applied):
                settled += 1
                // The statements of an earlier run are decoded with the current ones (same shape).
                let recorded = fromToken ? try? applied.decode(Statements.markMyDuaCompleted(duaId: 0, xpEarned: 0), at: 0)
                    : try? applied.decode(Statements.markDuaCompleted(userId: userID, duaId: 0, xpEarned: 0), at: 0)
                let totalXp = fromToken ? (try? applied.decode(Statements.addMyXp(amount: 0), at: 1))??.totalXp
                    : (try? applied.decode(Statements.addXp(amount: 0, userId: userID), at: 1))??.totalXp
                print("  applied once: \(applied.names.joined(separator: " + ")): completion recorded "
                      + "(\(recorded.map(String.init) ?? "?") activity row), XP now \(totalXp.map(String.init) ?? "?")")
            case .rejected(let rejection):
                settled += 1
                print("  rejected: \(rejection.names.joined(separator: " + ")): SQLSTATE \(rejection.databaseError?.code ?? "-")")
            case .discarded, .damaged:
                settled += 1
            }
            if settled == pending.count { break }
        }
        let after = try await user.profile()?.totalXp
        print("  XP \(before.map(String.init) ?? "?") → \(after.map(String.init) ?? "?") · "
              + "\(try await outbox.pendingWrites().count) writes waiting to sync")
    }
}
