/// How deeply one statement's analysis is nested. A long operator chain (`1 + 1 + ...`) is a
/// left-deep tree the parser builds in a loop, so the analyzer's recursion needs its own guard
/// (see `StackGuard`): a debug build's frames are large, and secondary threads small.
struct NestingGuard {
    /// More nested expressions than this are not analyzed.
    static let maximumExpressionDepth = 400

    /// The expressions being analyzed, outermost to innermost.
    var expressionDepth = 0
    /// The analysis reported a too-deep statement and stopped reporting.
    var gaveUp = false
    /// Lowest usable stack address of the analyzing thread.
    private let stackLowBound = StackGuard.currentThreadStackLowBound()

    /// True when this thread's stack is nearly used up.
    var isStackNearlyExhausted: Bool { StackGuard.isNearlyExhausted(lowBound: stackLowBound) }
}
