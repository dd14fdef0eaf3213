/// One message from the generator, tied to a place in a `.sql` file.
package struct Diagnostic: Sendable, Hashable, Codable {
    package enum Severity: String, Sendable, Hashable, Codable {
        case error
        case warning
        case note
    }

    package let file: String
    package let line: Int
    package let column: Int
    package let severity: Severity
    package let message: String

    package init(file: String, line: Int, column: Int, severity: Severity, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
    }

    /// `path/file.sql:LINE:COL: error: message`, the format compilers, Xcode and SwiftPM read.
    package var formatted: String { "\(file):\(line):\(column): \(severity.rawValue): \(message)" }
}
