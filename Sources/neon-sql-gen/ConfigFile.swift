import Foundation
import NeonSQLGenerator

/// What `neon-sql-gen` takes from `neon-sql.json` (read by the reader it shares with the plugin,
/// `Shared/NeonSQLConfig.swift`): type overrides, the generated type names, and the schema paths
/// when no `--schema` is given.
struct ConfigFile {
    var overrides = TypeOverrides()
    var typeNames = GeneratedTypeNames()
    /// The configured schema roots (`schema`), or nil without it: expanded only when no
    /// `--schema` is given (the plugin passes the files it expanded itself).
    var schemaRoots: [URL]?
    /// The config file's path, for errors while expanding ``schemaRoots``.
    var path: String?
    /// The PostgreSQL major version the project targets (`postgresVersion`); nil: every version.
    var postgresVersion: Int?
    /// `frozenEnums`: generated enums without the fallback case for labels they do not know.
    var frozenEnums = false
    /// `codableRows`: row structs conform to `Codable` too.
    var codableRows = false

    /// The defaults when there is no config file.
    init() {}

    /// Reads the config at `path` (nothing for nil).
    static func load(_ path: String?) throws(CLIFailure) -> ConfigFile {
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
        result.postgresVersion = config.postgresVersion
        result.frozenEnums = config.frozenEnums ?? false
        result.codableRows = config.codableRows ?? false
        result.overrides = TypeOverrides(columns: config.overrides?.columns ?? [:], types: config.overrides?.types ?? [:])
        let defaults = GeneratedTypeNames()
        result.typeNames = GeneratedTypeNames(
            queries: config.names?.queries ?? defaults.queries,
            statements: config.names?.statements ?? defaults.statements,
            client: config.names?.client ?? defaults.client)
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
