import Foundation
import NeonSQL

/// Collects the events a ``NeonConfiguration/requestObserver`` reports (it may be called from any
/// task): `configuration.requestObserver = { log.append($0) }`.
public final class RequestEventLog: @unchecked Sendable {
    // @unchecked: `recorded` is only touched under `lock`.
    private let lock = NSLock()
    private var recorded: [NeonRequestEvent] = []

    /// An empty log.
    public init() {}

    /// The events so far, in the order reported.
    public var events: [NeonRequestEvent] { lock.withLock { recorded } }

    /// Records one event.
    public func append(_ event: NeonRequestEvent) { lock.withLock { recorded.append(event) } }

    /// Forgets the events so far.
    public func removeAll() { lock.withLock { recorded.removeAll() } }
}
