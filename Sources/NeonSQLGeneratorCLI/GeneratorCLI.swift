import Foundation
import NeonSQLGenerator

/// The commands that ask a database (`check`, `prepare`): `neon-sql-gen` has them; the plugin's
/// tool (`neon-sql-gen-build`) does not, so that it builds without the runtime.
package struct DatabaseCommands: Sendable {
    /// Runs `check`.
    package var check: @Sendable (CheckOptions) async throws(CLIFailure) -> Int32
    /// Runs `prepare`.
    package var prepare: @Sendable (PrepareOptions) async throws(CLIFailure) -> Int32

    /// The two commands.
    package init(check: @escaping @Sendable (CheckOptions) async throws(CLIFailure) -> Int32,
                 prepare: @escaping @Sendable (PrepareOptions) async throws(CLIFailure) -> Int32) {
        self.check = check
        self.prepare = prepare
    }
}

/// Parses the command line and runs the command: the `main` of `neon-sql-gen` and of the
/// plugin's tool.
package enum GeneratorCLI {
    /// Runs `arguments` (without the program name) and returns the exit status; `database` is
    /// nil in a tool without `check` and `prepare`.
    package static func run(_ arguments: [String], database: DatabaseCommands?) async -> Int32 {
        let command: GeneratorCommand
        do {
            command = try GeneratorCommandLine.parse(arguments, environment: ProcessInfo.processInfo.environment)
        } catch {
            StandardStreams.writeError("neon-sql-gen: error: \(error.message)\n\n\(GeneratorCommandLine.usage(for: error.command))\n")
            return 2
        }
        do {
            switch command {
            case .help(let topic):
                StandardStreams.writeOut(GeneratorCommandLine.usage(for: topic) + "\n")
                return 0
            case .describe(let options):
                return try Commands.describe(options)
            case .generate(let options):
                return try Commands.generate(options)
            case .check(let options):
                guard let database else { return withoutDatabase("check") }
                return try await database.check(options)
            case .prepare(let options):
                guard let database else { return withoutDatabase("prepare") }
                return try await database.prepare(options)
            case .breaking(let options):
                return try BreakingCommand.run(options)
            case .statements(let queryPaths):
                return try Commands.statements(queryPaths)
            }
        } catch {
            StandardStreams.writeError(error.formatted + "\n")
            return 1
        }
    }

    /// Status 2 for a database command in the plugin's tool.
    private static func withoutDatabase(_ command: String) -> Int32 {
        StandardStreams.writeError("neon-sql-gen: error: `\(command)` needs a database: run it with the neon-sql-gen CLI (`swift run neon-sql-gen \(command)`)\n")
        return 2
    }
}
