import Foundation
import NeonSQLGenerator

/// What `neon-sql-gen` takes from `neon-sql.json` (read by the reader it shares with the plugin,
/// `Shared/NeonSQLConfig.swift`): the generator's options, and the schema paths when no
/// `--schema` is given. ``load(_:)`` is the one conversion from the file's shape to the generator's.
package struct ConfigFile {
    /// What the generator takes (``GeneratorOptions``): overrides, type names, the PostgreSQL
    /// version, `frozenEnums`, `codableRows`, `queryClient`, and the config's path for diagnostics about them.
    package var generator = GeneratorOptions()
    /// The configured schema roots (`schema`), or nil without it: expanded only when no
    /// `--schema` is given (the plugin passes the files it expanded itself).
    var schemaRoots: [URL]?
    /// The config file's path, for errors while expanding ``schemaRoots``.
    var path: String?
    /// The defaults when there is no config file.
    init() {}

    /// Reads the config at `path` (nothing for nil).
    package static func load(_ path: String?) throws(CLIFailure) -> ConfigFile {
        var result = ConfigFile()
        guard let path else { return result }
        let url = URL(fileURLWithPath: path)
        let config: NeonSQLConfig
        do {
            config = try NeonSQLConfig.load(from: url)
        } catch {
            throw CLIFailure(error.description, file: path)
        }
        if let version = config.postgresVersion, !CodeGenerator.supportedPostgresVersions.contains(version) {
            let versions = CodeGenerator.supportedPostgresVersions.map(String.init).joined(separator: ", ")
            throw CLIFailure("\(NeonSQLConfig.fileName): postgresVersion \(version) is not a PostgreSQL major version Neon runs (\(versions))", file: path)
        }
        let defaults = GeneratedTypeNames()
        result.generator = GeneratorOptions(
            overrides: TypeOverrides(columns: config.overrides?.columns ?? [:], types: config.overrides?.types ?? [:]),
            typeNames: GeneratedTypeNames(
                queries: config.names?.queries ?? defaults.queries,
                statements: config.names?.statements ?? defaults.statements,
                client: config.names?.client ?? defaults.client),
            configPath: path,
            postgresVersion: config.postgresVersion,
            frozenEnums: config.frozenEnums ?? false,
            codableRows: config.codableRows ?? false,
            queryClient: config.queryClient.map { $0 ? .generated : .omitted } ?? .unconfigured)
        result.schemaRoots = config.schemaRoots(relativeTo: url)
        result.path = path
        return result
    }

    /// `--schema` paths when given, else the config's `schema` files in the order the plugin
    /// applies them, else none.
    func schemaPaths(_ given: [String]) throws(CLIFailure) -> [String] {
        if !given.isEmpty { return try InputFiles.expand(given) }
        guard let schemaRoots else { return [] }
        do {
            return try NeonSQLConfig.schemaFiles(under: schemaRoots).map(\.path)
        } catch {
            throw CLIFailure(error.description, file: path)
        }
    }
}
