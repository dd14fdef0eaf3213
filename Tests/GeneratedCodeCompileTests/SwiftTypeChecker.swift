import Foundation
import NeonSQLTestSupport

/// Type-checks Swift files against the `NeonSQL` module this package built, with `swiftc
/// -typecheck`: one compiler run per module, as many files as wanted.
struct SwiftTypeChecker {
    /// The directory holding `NeonSQL.swiftmodule` (SwiftPM's `Modules` next to the test bundle).
    let modulesDirectory: URL

    /// Finds the build's `Modules` directory from the running test binary.
    static func locate() throws -> SwiftTypeChecker {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("NeonSQL.swiftmodule").path) {
                return SwiftTypeChecker(modulesDirectory: candidate)
            }
            directory = directory.deletingLastPathComponent()
        }
        throw CheckerError("NeonSQL.swiftmodule not found near \(CommandLine.arguments[0]); build with `swift build --build-tests`")
    }

    struct CheckerError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// One diagnostic of the compiler: `file:line:col: error|warning: message`.
    struct Diagnostic {
        let file: String
        let line: Int
        let severity: String
        let message: String
    }

    /// Writes `files` (name -> source) into a fresh directory and type-checks them as one module.
    func typeCheck(moduleName: String, files: [String: String]) throws -> [Diagnostic] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("neon-sql-typecheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for (name, source) in files.sorted(by: { $0.key < $1.key }) {
            let url = directory.appendingPathComponent(name)
            try Data(source.utf8).write(to: url)
            paths.append(url.path)
        }
        let result = try CommandRunner.run(["swiftc", "-typecheck", "-wmo", "-swift-version", "6", "-module-name", moduleName,
                                            "-I", modulesDirectory.path] + paths)
        let text = result.stdout + result.stderr
        let diagnostics = text.split(separator: "\n").compactMap { line -> Diagnostic? in
            let parts = line.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
            guard parts.count == 5, parts[0].hasPrefix("/"), let number = Int(parts[1]) else { return nil }
            let severity = parts[3].trimmingCharacters(in: .whitespaces)
            guard severity == "error" || severity == "warning" else { return nil }
            return Diagnostic(file: URL(fileURLWithPath: String(parts[0])).lastPathComponent, line: number,
                              severity: severity, message: parts[4].trimmingCharacters(in: .whitespaces))
        }
        if !result.succeeded && !diagnostics.contains(where: { $0.severity == "error" }) {
            throw CheckerError("swiftc failed without a diagnostic:\n\(text.prefix(2000))")
        }
        return diagnostics
    }
}
