/// A failure of the tool itself (unreadable input, unwritable output, conflicting outputs), as
/// opposed to a diagnostic about the SQL. Exit status 1.
package struct CLIFailure: Error {
    package let message: String
    /// The input file the failure is about, if any: then it prints as `path:1:1: error: message`
    /// so that Xcode and SwiftPM show it at that file.
    package let file: String?

    package init(_ message: String, file: String? = nil) {
        self.message = message
        self.file = file
    }

    /// The line printed on stderr.
    package var formatted: String {
        if let file { return "\(file):1:1: error: \(message)" }
        return "neon-sql-gen: error: \(message)"
    }
}
