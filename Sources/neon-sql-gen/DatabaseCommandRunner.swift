import Foundation
import NeonSQLGenerator
import NeonSQLGeneratorCLI
import NeonSQLSchemaCheck

/// `check` and `prepare`: the commands that ask a database. Each returns the process exit status.
enum DatabaseCommandRunner {
    /// `check`: analyze, ask the database about every query, report disagreements on stderr.
    /// 0 when everything agrees, 1 otherwise, 2 for an invalid connection string or endpoint.
    static func check(_ options: CheckOptions) async throws(CLIFailure) -> Int32 {
        let (config, inputs) = try Commands.Inputs.load(configPath: options.configPath, schemaPaths: options.schemaPaths, queryPaths: options.queryPaths)
        let outcome = await SchemaCheckCommand.run(
            databaseURL: options.databaseURL, endpoint: options.endpoint, schema: inputs.schema, queries: inputs.queries,
            postgresVersion: config.generator.postgresVersion, lock: try LockFileInput.read(options.lockPath),
            writeError: { StandardStreams.writeError($0 + "\n") })
        switch outcome {
        case .agreed:
            return 0
        case .disagreed:
            return 1
        case .invalidConfiguration(let message):
            StandardStreams.writeError("neon-sql-gen: error: \(message)\n\n\(GeneratorCommandLine.usage(for: "check"))\n")
            return 2
        }
    }

    /// `prepare`: PostgreSQL's description of every query, written as the lock file. 0 when every
    /// query was described, 1 when one was left out or the database failed, 2 for a usage error.
    static func prepare(_ options: PrepareOptions) async throws(CLIFailure) -> Int32 {
        let database = options.database
        let (_, inputs) = try Commands.Inputs.load(configPath: database.configPath, schemaPaths: database.schemaPaths, queryPaths: database.queryPaths)
        let output = options.outputPath ?? Commands.defaultLockPath(configPath: database.configPath, queryPaths: database.queryPaths)
        var command = ["neon-sql-gen", "prepare"]
        for path in database.schemaPaths { command += ["--schema", path] }
        if let config = database.configPath { command += ["--config", config] }
        if let path = options.outputPath { command += ["--output", path] }
        command += database.queryPaths
        let result: LockFilePreparation.Result
        do {
            result = try await LockFilePreparation.run(databaseURL: database.databaseURL, endpoint: database.endpoint,
                                                       schema: inputs.schema, queries: inputs.queries, command: command.joined(separator: " "))
        } catch let error as SchemaCheckCommand.ConfigurationError {
            StandardStreams.writeError("neon-sql-gen: error: \(error.message)\n\n\(GeneratorCommandLine.usage(for: "prepare"))\n")
            return 2
        } catch let failure as LockFilePreparation.Failure {
            StandardStreams.writeError("neon-sql-gen: error: \(failure.message)\n")
            return 1
        } catch {
            StandardStreams.writeError("neon-sql-gen: error: cannot prepare\n")
            return 1
        }
        for problem in result.problems { StandardStreams.writeError(problem + "\n") }
        let data: Data
        do {
            data = try LockFilePreparation.encoded(result.lock)
        } catch {
            throw CLIFailure("cannot encode the lock file: \(error)", file: output)
        }
        try OutputFiles.write(String(decoding: data, as: UTF8.self), to: output)
        StandardStreams.writeError("neon-sql-gen prepare: \(result.lock.queries.count) queries described by PostgreSQL \(result.lock.postgresVersion) in \(output)\n")
        return result.problems.isEmpty ? 0 : 1
    }
}
