import Foundation
@testable import NeonSQLGeneratorCLI
@testable import neon_sql_gen

/// Writes a `neon-sql.json` with the given text to a fresh directory and reads it as `neon-sql-gen` does.
enum ConfigFileFixture {
    static func load(_ json: String) throws(CLIFailure) -> ConfigFile {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("neon-sql-config-\(UUID().uuidString)")
        let file = directory.appendingPathComponent("neon-sql.json")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(json.utf8).write(to: file)
        } catch {
            throw CLIFailure("could not write the test config: \(error)")
        }
        defer { try? FileManager.default.removeItem(at: directory) }
        return try ConfigFile.load(file.path)
    }
}
