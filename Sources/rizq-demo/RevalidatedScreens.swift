import Foundation
import NeonSQL
import RIZQFeatures
import RIZQQueries

/// The home and library screens kept fresh by conditional revalidation: 20 cached queries, then
/// a row changed behind the cache by "another device" (a second client without the cache), then
/// one `revalidate()`: one request of digests, and one more bringing only the query that changed.
struct RevalidatedScreens {
    let configuration: NeonConfiguration
    let userID: UUID
    let fromToken: Bool

    func run() async throws {
        let log = CachedHomeScreen.RequestLog()
        var configuration = configuration
        configuration.cache = QueryCache()
        configuration.requestObserver = { log.record($0) }
        let client = NeonClient(configuration: configuration)
        var deviceConfiguration = self.configuration
        deviceConfiguration.cache = nil
        let otherDevice = DemoUser(client: NeonClient(configuration: deviceConfiguration), userID: userID, fromToken: fromToken)

        RIZQDemo.heading("Keeping the home and library screens fresh (conditional revalidation)")
        try await RIZQScreens.loadAll(client)
        let loaded = log.takeWithBytes()
        print("  open both screens:     \(loaded.names.count) requests, \(loaded.bytes) response bytes")
        let unchanged = try await client.revalidate(.all)
        let checked = log.takeWithBytes()
        print("  back to the foreground, nothing changed: \(unchanged.requests) request (\(checked.names.joined(separator: ", "))), "
              + "\(checked.bytes) response bytes for \(unchanged.checked.count) digests")
        guard fromToken else {
            print("  (with a JWT the demo changes the user's profile from another device here)")
            return
        }
        guard let profile = try await otherDevice.profile() else { return }
        _ = try await otherDevice.addXP(1)
        print("  another device adds 1 XP (\(profile.totalXp) → \(profile.totalXp + 1)): user_profiles changed behind this cache")
        let changed = try await client.revalidate(.all)
        let requests = log.takeWithBytes()
        print("  back to the foreground: \(changed.requests) requests (\(requests.names.joined(separator: "; "))), "
              + "\(requests.bytes) response bytes; refetched: \(changed.refetched.joined(separator: ", "))")
    }
}

extension CachedHomeScreen.RequestLog {
    /// The requests logged since the last take: one entry per request (its statements' names
    /// joined), and their response bytes.
    func takeWithBytes() -> (names: [String], bytes: Int) {
        let events = takeEvents()
        return (events.map { $0.queryNames.joined(separator: ", ") }, events.reduce(0) { $0 + $1.responseBytes })
    }
}
