import Foundation
import NeonSQLGeneratorCLI

// neon-sql-gen: `describe`, `generate`, `breaking` (NeonSQLGeneratorCLI) and `check` and
// `prepare` (against a live database, through the runtime). Usage: `neon-sql-gen help`.

exit(await GeneratorCLI.run(Array(CommandLine.arguments.dropFirst()), database: DatabaseCommands(
    check: { (options) async throws(CLIFailure) -> Int32 in try await DatabaseCommandRunner.check(options) },
    prepare: { (options) async throws(CLIFailure) -> Int32 in try await DatabaseCommandRunner.prepare(options) })))
