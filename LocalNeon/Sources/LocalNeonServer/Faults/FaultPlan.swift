import Foundation

/// What a request asked neon-local to do wrong, parsed from its `X-Neon-Local-Fault` header.
///
/// Only honoured when the server runs with fault injection enabled (`--enable-fault-injection`,
/// ``LocalNeonConfiguration/faultInjectionEnabled``); otherwise the header is ignored. The value is
/// a comma-separated list of at most one `delay=<ms>` and at most one action:
///
/// | value | what happens |
/// | --- | --- |
/// | `delay=<ms>` | waits before running the request (0...60000 ms); alone, the request then runs normally |
/// | `close-before-read` | closes the connection as soon as the request head arrived, before reading the body |
/// | `drop-before-statement` | reads the body, then closes the connection; nothing runs |
/// | `drop-after-commit` | runs the request (it commits), then closes the connection: the response is lost |
/// | `truncate-body` | runs the request, sends the status, headers and half of the body (with the full `Content-Length`), then closes |
/// | `status=<500/502/503/504>` | answers that status without running anything |
/// | `status-after-commit=<500/502/503/504>` | runs the request (it commits), then answers that status instead of the result |
struct FaultPlan: Sendable, Equatable {
    /// The header that carries the plan.
    static let headerName = "X-Neon-Local-Fault"
    /// The longest accepted delay.
    static let maximumDelayMilliseconds = 60_000
    /// The statuses a plan may answer.
    static let allowedStatuses: Set<Int> = [500, 502, 503, 504]

    /// What to do instead of (or after) a normal answer.
    enum Action: Sendable, Equatable {
        case closeBeforeRead
        case dropBeforeStatement
        case dropAfterCommit
        case truncateBody
        case status(Int)
        case statusAfterCommit(Int)
    }

    /// Wait this long before running the request.
    var delayMilliseconds: Int?
    /// The fault, if any besides the delay.
    var action: Action?

    /// A malformed header value; the server answers 400 with this message.
    struct ParseError: Error, Equatable {
        var message: String
    }

    /// Parses a header value, e.g. `drop-after-commit` or `delay=200,status=503`.
    static func parse(_ value: String) throws(ParseError) -> FaultPlan {
        var plan = FaultPlan()
        let items = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard !items.isEmpty, !items.contains(where: \.isEmpty) else {
            throw ParseError(message: "invalid \(headerName): empty fault")
        }
        for item in items {
            let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0]
            let argument = parts.count == 2 ? parts[1] : nil
            if name == "delay" {
                guard plan.delayMilliseconds == nil else { throw ParseError(message: "invalid \(headerName): more than one delay") }
                guard let text = argument, let milliseconds = Int(text), (0...maximumDelayMilliseconds).contains(milliseconds) else {
                    throw ParseError(message: "invalid \(headerName): delay takes milliseconds between 0 and \(maximumDelayMilliseconds)")
                }
                plan.delayMilliseconds = milliseconds
                continue
            }
            guard plan.action == nil else { throw ParseError(message: "invalid \(headerName): more than one fault besides delay") }
            plan.action = try action(name, argument)
        }
        return plan
    }

    private static func action(_ name: String, _ argument: String?) throws(ParseError) -> Action {
        switch (name, argument) {
        case ("close-before-read", nil): return .closeBeforeRead
        case ("drop-before-statement", nil): return .dropBeforeStatement
        case ("drop-after-commit", nil): return .dropAfterCommit
        case ("truncate-body", nil): return .truncateBody
        case ("status", let text?), ("status-after-commit", let text?):
            guard let status = Int(text), allowedStatuses.contains(status) else {
                throw ParseError(message: "invalid \(headerName): \(name) takes one of \(allowedStatuses.sorted().map(String.init).joined(separator: ", "))")
            }
            return name == "status" ? .status(status) : .statusAfterCommit(status)
        default:
            throw ParseError(message: "invalid \(headerName): unknown fault '\(name)' (known: delay=<ms>, close-before-read, drop-before-statement, drop-after-commit, truncate-body, status=<code>, status-after-commit=<code>)")
        }
    }
}
