import Foundation

/// Unbuffered writes to stdout and stderr.
package enum StandardStreams {
    package static func writeOut(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    package static func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Each diagnostic on its own line on stderr (`path:LINE:COL: error: message`).
    package static func writeDiagnostics(_ diagnostics: [String]) {
        guard !diagnostics.isEmpty else { return }
        writeError(diagnostics.joined(separator: "\n") + "\n")
    }
}
