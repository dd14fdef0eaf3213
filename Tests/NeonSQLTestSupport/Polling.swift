import Foundation

/// Waiting for something another task does, without a time limit that the test's own time in the
/// queue could exhaust (on a loaded machine a test may wait minutes before it runs): at most
/// `checks` looks, 1 ms apart, so a condition that never holds ends the wait instead of hanging
/// the test, however slowly the machine runs it.
public enum Polling {
    /// Whether `condition` held within `checks` looks.
    public static func until(checks: Int = 20_000, _ condition: () -> Bool) async -> Bool {
        for _ in 0..<checks {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return condition()
    }
}
