import Foundation
import NeonSQLGenerator

/// Finds and reads the `.sql` inputs named on the command line.
enum InputFiles {
    /// Expands each path: a directory becomes its `*.sql` files (not recursive) sorted by name,
    /// a file stays as given. Paths keep the spelling given (joined with `/` for directory
    /// entries) so diagnostics and `describe` show what the caller passed. Duplicates are dropped.
    static func expand(_ paths: [String]) throws(CLIFailure) -> [String] {
        var result: [String] = []
        var seen = Set<String>()
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw CLIFailure("no such file or directory: '\(path)'")
            }
            let files: [String]
            if isDirectory.boolValue {
                let names: [String]
                do {
                    names = try FileManager.default.contentsOfDirectory(atPath: path)
                } catch {
                    throw CLIFailure("cannot list directory '\(path)': \(error.localizedDescription)")
                }
                let prefix = path.hasSuffix("/") ? path : path + "/"
                files = names.filter { $0.lowercased().hasSuffix(".sql") }.sorted().map { prefix + $0 }
                    .filter { !isDirectoryPath($0) }
            } else {
                files = [path]
            }
            for file in files where seen.insert(standardized(file)).inserted {
                result.append(file)
            }
        }
        return result
    }

    /// Reads each file. Bytes that are not valid UTF-8 become a diagnostic at the first bad byte
    /// (see ``SQLSourceInput/init(path:bytes:)``), not a failure: `describe` still prints its JSON.
    static func read(_ paths: [String]) throws(CLIFailure) -> [SQLSourceInput] {
        var inputs: [SQLSourceInput] = []
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CLIFailure("cannot read this file", file: path)
            }
            inputs.append(SQLSourceInput(path: path, bytes: data))
        }
        return inputs
    }

    /// An absolute path with `.`/`..` resolved (no symlink resolution: the plugin passes paths
    /// of one spelling).
    static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    private static func isDirectoryPath(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
