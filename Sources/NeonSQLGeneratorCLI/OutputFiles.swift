import Foundation

/// Writes generated files, touching only those whose content changed so that incremental builds
/// recompile only what changed.
package enum OutputFiles {
    /// Writes `text` to `path` unless the file already holds exactly these bytes. Creates the
    /// parent directory if needed. Returns whether it wrote.
    @discardableResult
    package static func write(_ text: String, to path: String) throws(CLIFailure) -> Bool {
        let data = Data(text.utf8)
        if let existing = FileManager.default.contents(atPath: path), existing == data {
            return false
        }
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        } catch {
            throw CLIFailure("cannot write '\(path)': \(error.localizedDescription)")
        }
        return true
    }
}
