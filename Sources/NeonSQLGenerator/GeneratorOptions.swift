/// What a project configures about the generated code (`neon-sql.json`): the one shape of options
/// every entry point of ``CodeGenerator`` takes and the pipeline passes on. `neon-sql-gen` makes
/// it from the config file in one place (`Sources/NeonSQLGeneratorCLI/ConfigFile.swift`).
public struct GeneratorOptions: Sendable, Hashable {
    /// The user's Swift types for columns or PostgreSQL types (`overrides`).
    public var overrides: TypeOverrides
    /// The names of the target's `Queries`, `Statements` and client types (`names`).
    public var typeNames: GeneratedTypeNames
    /// Where the options came from: the file diagnostics about them name.
    public var configPath: String
    /// The PostgreSQL major version the project targets (`postgresVersion`,
    /// ``CodeGenerator/supportedPostgresVersions``): a call to a built-in function that version
    /// lacks is an error; nil knows every version's functions.
    public var postgresVersion: Int?
    /// `frozenEnums`: each generated enum decodes a label it does not know (added to the database
    /// enum later) into a fallback case keeping the text, `undocumented(String)`, unless this is
    /// true (then such a label is a decoding error).
    public var frozenEnums: Bool
    /// `codableRows`: row structs are `Sendable` and `Hashable`, and `Codable` too when this is true.
    public var codableRows: Bool
    /// `queryClient`: whether the target declares its dependency client (`QueryClient`, its
    /// `Observe` and every query's closure properties). Opt-in (``QueryClientOption``): the client
    /// is about a third of a target's generated machine code (BENCHMARKS.md, issue 42 §8).
    public var queryClient: QueryClientOption

    /// The defaults of a project without `neon-sql.json`, with what is given.
    public init(overrides: TypeOverrides = TypeOverrides(), typeNames: GeneratedTypeNames = GeneratedTypeNames(),
                configPath: String = CodeGenerator.defaultConfigPath, postgresVersion: Int? = nil, frozenEnums: Bool = false,
                codableRows: Bool = false, queryClient: QueryClientOption = .unconfigured) {
        self.overrides = overrides
        self.typeNames = typeNames
        self.configPath = configPath
        self.postgresVersion = postgresVersion
        self.frozenEnums = frozenEnums
        self.codableRows = codableRows
        self.queryClient = queryClient
    }
}
