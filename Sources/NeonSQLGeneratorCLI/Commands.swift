import Foundation
import NeonSQLGenerator

/// Runs the commands that need no database. Each returns the process exit status.
package enum Commands {
    /// `describe`: the JSON on stdout, diagnostics on stderr; 1 when there is an error.
    static func describe(_ options: DescribeOptions) throws(CLIFailure) -> Int32 {
        let (config, inputs) = try Inputs.load(configPath: options.configPath, schemaPaths: options.schemaPaths, queryPaths: options.queryPaths)
        let result = CodeGenerator.describe(
            schema: inputs.schema,
            queries: inputs.queries,
            options: config.generator,
            lock: try LockFileInput.read(options.lockPath)
        )
        StandardStreams.writeOut(result.json)
        StandardStreams.writeDiagnostics(result.diagnostics)
        return result.hasErrors ? 1 : 0
    }

    /// `statements`: each annotated statement's SQL as sqlc sends it, as JSON on stdout.
    static func statements(_ queryPaths: [String]) throws(CLIFailure) -> Int32 {
        struct Statement: Encodable {
            let file: String
            let line: Int
            let name: String
            let sql: String
        }
        let queries = try InputFiles.read(try InputFiles.expand(queryPaths))
        let statements = CodeGenerator.lockableQueries(queries: queries).map {
            Statement(file: $0.file, line: $0.line, name: $0.name, sql: $0.sqlcSQL)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            let data = try encoder.encode(["statements": statements])
            StandardStreams.writeOut(String(decoding: data, as: UTF8.self) + "\n")
        } catch {
            throw CLIFailure("cannot encode the statements: \(error)")
        }
        return 0
    }

    /// `generate`: every declared output on success (each only if changed); on an error
    /// diagnostic, the diagnostics and status 1, nothing written.
    static func generate(_ options: GenerateOptions) throws(CLIFailure) -> Int32 {
        let (config, inputs) = try Inputs.load(configPath: options.configPath, schemaPaths: options.schemaPaths, queryPaths: options.queryPaths)
        let outputs = try outputPaths(for: inputs.queryPaths, options: options)
        let result = CodeGenerator.generate(
            schema: inputs.schema,
            queries: inputs.queries,
            options: config.generator,
            lock: try LockFileInput.read(options.lockPath)
        )
        StandardStreams.writeDiagnostics(result.diagnostics)
        if result.hasErrors { return 1 }
        for (file, output) in zip(result.files, outputs) {
            try OutputFiles.write(file.source, to: output)
        }
        try OutputFiles.write(result.shared, to: options.sharedOutput)
        return 0
    }

    /// `neon-sql.lock.json` next to the config, else in the first query directory.
    package static func defaultLockPath(configPath: String?, queryPaths: [String]) -> String {
        let name = QueryLockFile.defaultFileName
        if let configPath { return URL(fileURLWithPath: configPath).deletingLastPathComponent().appendingPathComponent(name).path }
        guard let first = queryPaths.first else { return name }
        var isDirectory: ObjCBool = false
        let url = URL(fileURLWithPath: first)
        if FileManager.default.fileExists(atPath: first, isDirectory: &isDirectory), isDirectory.boolValue {
            return url.appendingPathComponent(name).path
        }
        return url.deletingLastPathComponent().appendingPathComponent(name).path
    }

    /// What every command reads: the config, then the schema and query files it names.
    package struct Inputs {
        package let schema: [SQLSourceInput]
        package let queries: [SQLSourceInput]
        /// The expanded query file paths, in order (the outputs are named after them).
        let queryPaths: [String]

        package static func load(configPath: String?, schemaPaths: [String], queryPaths: [String]) throws(CLIFailure) -> (ConfigFile, Inputs) {
            let config = try ConfigFile.load(configPath)
            let schemaFiles = try config.schemaPaths(schemaPaths)
            let queryFiles = try Commands.queryFiles(queryPaths, excluding: schemaFiles)
            return (config, Inputs(schema: try InputFiles.read(schemaFiles), queries: try InputFiles.read(queryFiles), queryPaths: queryFiles))
        }
    }

    /// The expanded query files, without any file that is already a schema input (so that
    /// `--schema db db` treats db's files as schema only).
    static func queryFiles(_ paths: [String], excluding schemaPaths: [String]) throws(CLIFailure) -> [String] {
        let schema = Set(schemaPaths.map(InputFiles.standardized))
        return try InputFiles.expand(paths).filter { !schema.contains(InputFiles.standardized($0)) }
    }

    /// The output path of each query file by the plan the plugin declares (Shared/OutputPlan.swift),
    /// checked for collisions with each other and with the shared file when it goes to the same directory.
    static func outputPaths(for queryPaths: [String], options: GenerateOptions) throws(CLIFailure) -> [String] {
        let directory = InputFiles.standardized(options.outputDirectory)
        let shared = URL(fileURLWithPath: InputFiles.standardized(options.sharedOutput))
        let reserved = shared.deletingLastPathComponent().path == directory ? shared.lastPathComponent : nil
        // Without --root every file is named by its file name alone (a root nothing lies inside).
        let root = options.root.map(InputFiles.standardized) ?? "\u{0}"
        switch OutputFileNaming.outputFileNames(forQueryFiles: queryPaths.map(InputFiles.standardized), root: root, reservedName: reserved) {
        case .success(let names): return names.map { URL(fileURLWithPath: directory).appendingPathComponent($0).path }
        case .failure(let collision): throw CLIFailure(collision.message)
        }
    }
}
