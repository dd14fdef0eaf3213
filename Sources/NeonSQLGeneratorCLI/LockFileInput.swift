import Foundation
import NeonSQLGenerator

/// Reads `--lock neon-sql.lock.json` for the generator.
package enum LockFileInput {
    /// The lock file at `path`, or nil without one.
    package static func read(_ path: String?) throws(CLIFailure) -> QueryLockInput? {
        guard let path else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIFailure("cannot read this file", file: path)
        }
        do {
            return QueryLockInput(path: path, lock: try JSONDecoder().decode(QueryLockFile.self, from: data))
        } catch {
            throw CLIFailure("not a lock file neon-sql-gen prepare wrote (\(error)); run prepare again", file: path)
        }
    }
}
