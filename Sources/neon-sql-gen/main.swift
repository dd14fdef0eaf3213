import Foundation
import NeonSQLGenerator

// neon-sql-gen: `describe` and `generate` (what NeonSQLPlugin runs), and `check` (against a live
// database). Usage: `neon-sql-gen help`.

func run(_ arguments: [String]) async -> Int32 {
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
            return try await Commands.check(options)
        case .prepare(let options):
            return try await Commands.prepare(options)
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

exit(await run(Array(CommandLine.arguments.dropFirst())))
