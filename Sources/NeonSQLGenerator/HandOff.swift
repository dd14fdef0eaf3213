/// A value handed from one stage's worker to the next stage's: the worker that takes it owns it,
/// so a large value (a parsed file) is freed on that worker's thread, not by the caller after the
/// stage. Each handed-off value is read or taken by one worker only (its item's).
final class HandOff<Value: Sendable>: @unchecked Sendable {
    private var stored: Value?

    init(_ value: Value) {
        stored = value
    }

    /// The value, left in place.
    var value: Value? { stored }

    /// The value, no longer held here.
    func take() -> Value? {
        defer { stored = nil }
        return stored
    }
}
