#if DEBUG
/// Debug builds only: counts the bytes every ``JSONReader`` created in the task passes over,
/// forward and back (a rewind, then the bytes read again), so tests can bound the response
/// parser's work per body byte deterministically (Tests/NeonSQLTests/ResponseMutationTests.swift).
/// Release builds have neither the meter nor the counting.
final class ReadWorkMeter: @unchecked Sendable {
    /// The meter readers created in this task report to (`nil`: nothing is counted).
    @TaskLocal static var current: ReadWorkMeter?

    /// Bytes passed over so far.
    private(set) var bytes = 0

    init() {}

    /// The reader moved from `old` to `new`.
    func moved(from old: Int, to new: Int) {
        bytes &+= old <= new ? new &- old : old &- new
    }
}
#endif
