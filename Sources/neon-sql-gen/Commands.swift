import Foundation
import NeonSQLGenerator
import NeonSQLSchemaCheck

/// Runs the parsed commands. Each returns the process exit status.
enum Commands {
    /// `describe`: the JSON on stdout, diagnostics on stderr; 1 when there is an error.
    static func describe(_ options: DescribeOptions) throws(CLIFailure) -> Int32 {
        let config = try ConfigFile.load(options.configPath)
        let schemaPaths = try config.schemaPaths(options.schemaPaths)
        let queryPaths = try queryFiles(options.queryPaths, excluding: schemaPaths)
        let result = CodeGenerator.describe(
            schema: try InputFiles.read(schemaPaths),
            queries: try InputFiles.read(queryPaths),
            overrides: config.overrides,
            typeNames: config.typeNames,
            configPath: options.configPath ?? "neon-sql.json",
            postgresVersion: config.postgresVersion
        )
        StandardStreams.writeOut(result.json)
        StandardStreams.writeDiagnostics(result.diagnostics)
        return result.hasErrors ? 1 : 0
    }

    /// `generate`: every declared output on success (each only if changed); on an error
    /// diagnostic, the diagnostics and status 1, nothing written.
    static func generate(_ options: GenerateOptions) throws(CLIFailure) -> Int32 {
        let config = try ConfigFile.load(options.configPath)
        let schemaPaths = try config.schemaPaths(options.schemaPaths)
        let queryPaths = try queryFiles(options.queryPaths, excluding: schemaPaths)
        let outputs = try outputPaths(for: queryPaths, options: options)
        let result = CodeGenerator.generate(
            schema: try InputFiles.read(schemaPaths),
            queries: try InputFiles.read(queryPaths),
            overrides: config.overrides,
            typeNames: config.typeNames,
            configPath: options.configPath ?? "neon-sql.json",
            postgresVersion: config.postgresVersion,
            frozenEnums: config.frozenEnums
        )
        StandardStreams.writeDiagnostics(result.diagnostics)
        if result.hasErrors { return 1 }
        for (file, output) in zip(result.files, outputs) {
            try OutputFiles.write(file.source, to: output)
        }
        try OutputFiles.write(result.shared, to: options.sharedOutput)
        return 0
    }

    /// `check`: analyze, ask the database about every query, report disagreements on stderr.
    /// 0 when everything agrees, 1 otherwise, 2 for an invalid connection string or endpoint.
    static func check(_ options: CheckOptions) async throws(CLIFailure) -> Int32 {
        let config = try ConfigFile.load(options.configPath)
        let schemaPaths = try config.schemaPaths(options.schemaPaths)
        let queryPaths = try queryFiles(options.queryPaths, excluding: schemaPaths)
        let schema = try InputFiles.read(schemaPaths)
        let queries = try InputFiles.read(queryPaths)
        let outcome = await SchemaCheckCommand.run(
            databaseURL: options.databaseURL, endpoint: options.endpoint, schema: schema, queries: queries,
            postgresVersion: config.postgresVersion, writeError: { StandardStreams.writeError($0 + "\n") })
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

    /// The expanded query files, without any file that is already a schema input (so that
    /// `--schema db db` treats db's files as schema only).
    static func queryFiles(_ paths: [String], excluding schemaPaths: [String]) throws(CLIFailure) -> [String] {
        let schema = Set(schemaPaths.map(InputFiles.standardized))
        return try InputFiles.expand(paths).filter { !schema.contains(InputFiles.standardized($0)) }
    }

    /// The output path of each query file, checked for collisions (with each other and with the
    /// shared file).
    static func outputPaths(for queryPaths: [String], options: GenerateOptions) throws(CLIFailure) -> [String] {
        let directory = options.outputDirectory.hasSuffix("/") ? options.outputDirectory : options.outputDirectory + "/"
        var claimed: [String: String] = [InputFiles.standardized(options.sharedOutput): "the shared output"]
        var outputs: [String] = []
        for path in queryPaths {
            let relative = options.root.flatMap { InputFiles.relativePath(of: path, to: $0) }
                ?? URL(fileURLWithPath: path).lastPathComponent
            let output = directory + OutputFileNaming.outputFileName(forRelativePath: relative)
            let key = InputFiles.standardized(output)
            if let other = claimed[key] {
                throw CLIFailure("'\(path)' and \(other) would both be written to '\(output)'; rename one of them")
            }
            claimed[key] = "'\(path)'"
            outputs.append(output)
        }
        return outputs
    }
}
