import Foundation

/// The `--name value` options of a benchmark's command line.
public struct CommandLineOptions: Sendable {
    private let arguments: [String]

    /// Options read from `arguments` (the process's own by default).
    public init(_ arguments: [String] = CommandLine.arguments) {
        self.arguments = arguments
    }

    /// The value after `name`, `nil` when `name` is absent or last.
    public func string(_ name: String) -> String? {
        guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }

    /// The value after `name` as a URL.
    public func url(_ name: String) -> URL? { string(name).flatMap(URL.init(string:)) }

    /// The value after `name` as a number.
    public func double(_ name: String) -> Double? { string(name).flatMap(Double.init) }

    /// The value after `name` as an integer.
    public func int(_ name: String) -> Int? { string(name).flatMap(Int.init) }
}
