// The `neon-sql-gen` command line, parsed without Foundation or package dependencies. It lives in
// the generator module (public) so that unit tests can reach it; the CLI only runs the result.

/// What `neon-sql-gen` was asked to do.
public enum GeneratorCommand: Sendable, Equatable {
    /// Print usage: the general one (`nil`) or one command's (`"describe"`, `"generate"`).
    case help(command: String?)
    case describe(DescribeOptions)
    case generate(GenerateOptions)
    case check(CheckOptions)
    case prepare(PrepareOptions)
    case breaking(BreakingOptions)
    /// `neon-sql-gen statements <query file-or-dir>...`: every annotated statement's SQL as sqlc
    /// sends it, for the differentials that ask PostgreSQL about other people's queries.
    case statements(queryPaths: [String])
}

/// `neon-sql-gen breaking --against <describe.json> --schema <file-or-dir>... [--format text|json]`.
public struct BreakingOptions: Sendable, Equatable {
    /// The shipped version's describe JSON.
    public var againstPath: String
    /// The new schema, in order.
    public var schemaPaths: [String]
    /// `json` for tools; otherwise text lines.
    public var json: Bool

    public init(againstPath: String, schemaPaths: [String], json: Bool) {
        self.againstPath = againstPath
        self.schemaPaths = schemaPaths
        self.json = json
    }
}

/// `neon-sql-gen prepare --database-url <url> [--endpoint <url>] [--schema ...] [--config <file>]
/// [--output <file>] <query file-or-dir>...`: asks the database for PostgreSQL's description of
/// every query and writes the lock file (docs: "The lock file" in the DocC catalog).
public struct PrepareOptions: Sendable, Equatable, CustomStringConvertible {
    /// The database, schema and queries, as for `check`.
    public var database: CheckOptions
    /// Where to write the lock file; nil: `neon-sql.lock.json` next to `--config`, else in the
    /// first query directory (or the first query file's directory).
    public var outputPath: String?

    /// Creates the options.
    public init(database: CheckOptions, outputPath: String?) {
        self.database = database
        self.outputPath = outputPath
    }

    /// The options with the database URL shown as `<redacted>`.
    public var description: String { "PrepareOptions(\(database), outputPath: \(outputPath ?? "nil"))" }
}

/// `neon-sql-gen describe --schema <file-or-dir>... <query file-or-dir>...`
public struct DescribeOptions: Sendable, Equatable {
    /// Schema files or directories, applied in this order (a directory's `*.sql` by name).
    public var schemaPaths: [String]
    /// Query files or directories (a directory's `*.sql` by name, not recursive).
    public var queryPaths: [String]
    /// `neon-sql.json` with type overrides (`--config`).
    public var configPath: String?
    /// `neon-sql.lock.json` (`--lock`): PostgreSQL's description of queries the analyzer cannot type.
    public var lockPath: String?

    public init(schemaPaths: [String], queryPaths: [String], configPath: String? = nil, lockPath: String? = nil) {
        self.schemaPaths = schemaPaths
        self.queryPaths = queryPaths
        self.configPath = configPath
        self.lockPath = lockPath
    }
}

/// `neon-sql-gen generate --schema <file-or-dir>... --output-dir <dir> --shared-output <file>
/// [--root <dir>] <query file-or-dir>...`
public struct GenerateOptions: Sendable, Equatable {
    public var schemaPaths: [String]
    public var queryPaths: [String]
    /// Where `<name>.swift` goes for each query file (see ``CodeGenerator/outputFileName(forRelativePath:)``).
    public var outputDirectory: String
    /// The path of the shared file (the schema's enums).
    public var sharedOutput: String
    /// Output names come from each query file's path relative to this directory; without it (or
    /// for a file outside it) from the file name alone.
    public var root: String?

    /// `neon-sql.json` with type overrides (`--config`).
    public var configPath: String?
    /// `neon-sql.lock.json` (`--lock`): PostgreSQL's description of queries the analyzer cannot type.
    public var lockPath: String?

    public init(schemaPaths: [String], queryPaths: [String], outputDirectory: String, sharedOutput: String, root: String?,
                configPath: String? = nil, lockPath: String? = nil) {
        self.configPath = configPath
        self.lockPath = lockPath
        self.schemaPaths = schemaPaths
        self.queryPaths = queryPaths
        self.outputDirectory = outputDirectory
        self.sharedOutput = sharedOutput
        self.root = root
    }
}

/// `neon-sql-gen check --database-url <url> [--endpoint <url>] [--schema <file-or-dir>]... [--config <file>]
/// <query file-or-dir>...`: analyzes the queries, then asks the database for each one's parameter
/// and result types and reports every disagreement (docs/check.md).
///
/// Its description never shows the database URL (it holds a password).
public struct CheckOptions: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Schema files or directories, applied in this order (a directory's `*.sql` by name).
    public var schemaPaths: [String]
    /// Query files or directories (a directory's `*.sql` by name, not recursive).
    public var queryPaths: [String]
    /// The Neon connection string (`postgresql://user:password@host/db`). A secret: never print it.
    public var databaseURL: String
    /// The SQL-over-HTTP endpoint (`http://127.0.0.1:4444/sql` for neon-local); derived from the
    /// connection string's host when nil, as the runtime does.
    public var endpoint: String?
    /// `neon-sql.json` (`--config`): its `schema` applies when no `--schema` is given, as in the plugin.
    public var configPath: String?
    /// `neon-sql.lock.json` (`--lock`): checked against the database too.
    public var lockPath: String?

    /// Creates the options.
    public init(schemaPaths: [String], queryPaths: [String], databaseURL: String, endpoint: String?,
                configPath: String? = nil, lockPath: String? = nil) {
        self.schemaPaths = schemaPaths
        self.queryPaths = queryPaths
        self.databaseURL = databaseURL
        self.endpoint = endpoint
        self.configPath = configPath
        self.lockPath = lockPath
    }

    /// The options with the database URL shown as `<redacted>`.
    public var description: String {
        "CheckOptions(schemaPaths: \(schemaPaths), queryPaths: \(queryPaths), databaseURL: <redacted>, "
            + "endpoint: \(endpoint ?? "nil"), configPath: \(configPath ?? "nil"))"
    }

    /// Same as ``description``.
    public var debugDescription: String { description }

    /// Reflection without the database URL (`dump` prints this).
    public var customMirror: Mirror {
        Mirror(self, children: ["description": description], displayStyle: .struct)
    }
}

/// A command line that does not parse; `message` says why, in one line.
public struct CommandLineError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    /// The command whose usage to show with the error (`nil`: the general usage).
    public let command: String?

    public init(_ message: String, command: String?) {
        self.message = message
        self.command = command
    }

    public var description: String { message }
}

/// Parses `neon-sql-gen`'s arguments and holds its usage text.
public enum GeneratorCommandLine {
    /// Parses the arguments after the program name. Options take their value as the next
    /// argument or after `=` (`--schema=db`); `--` ends options.
    /// `environment` supplies `NEON_DATABASE_URL` to `check` when `--database-url` is not given
    /// (so the password need not appear in the process list).
    public static func parse(_ arguments: [String], environment: [String: String] = [:]) throws(CommandLineError) -> GeneratorCommand {
        guard let command = arguments.first else {
            throw CommandLineError("missing command", command: nil)
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "-h", "--help", "help":
            guard let topic = rest.first else { return .help(command: nil) }
            guard ["describe", "generate", "check", "prepare", "breaking", "statements"].contains(topic) else {
                throw CommandLineError("unknown command '\(topic)'", command: nil)
            }
            return .help(command: topic)
        case "describe":
            let parsed = try parseOptions(rest, command: command, valueOptions: ["--schema", "--config", "--lock"])
            if parsed.help { return .help(command: command) }
            return .describe(DescribeOptions(schemaPaths: parsed.values["--schema"] ?? [], queryPaths: parsed.positional,
                                             configPath: try single("--config", in: parsed, command: command, required: false),
                                             lockPath: try single("--lock", in: parsed, command: command, required: false)))
        case "generate":
            let parsed = try parseOptions(
                rest, command: command, valueOptions: ["--schema", "--output-dir", "--shared-output", "--root", "--config", "--lock"]
            )
            if parsed.help { return .help(command: command) }
            let outputDirectory = try single("--output-dir", in: parsed, command: command, required: true)
            let sharedOutput = try single("--shared-output", in: parsed, command: command, required: true)
            return .generate(GenerateOptions(
                schemaPaths: parsed.values["--schema"] ?? [],
                queryPaths: parsed.positional,
                outputDirectory: outputDirectory ?? "",
                sharedOutput: sharedOutput ?? "",
                root: try single("--root", in: parsed, command: command, required: false),
                configPath: try single("--config", in: parsed, command: command, required: false),
                lockPath: try single("--lock", in: parsed, command: command, required: false)
            ))
        case "check", "prepare":
            let extra: Set<String> = command == "check" ? ["--lock"] : ["--output"]
            let parsed = try parseOptions(rest, command: command,
                                          valueOptions: Set(["--schema", "--database-url", "--endpoint", "--config"]).union(extra))
            if parsed.help { return .help(command: command) }
            // A connection string holds a password: never echo it, not even in "no such file".
            if parsed.positional.contains(where: { $0.contains("://") }) {
                throw CommandLineError(
                    "a query path looks like a URL; pass the connection string with --database-url", command: command)
            }
            let givenURL = try single("--database-url", in: parsed, command: command, required: false)
            guard let databaseURL = givenURL ?? environment["NEON_DATABASE_URL"].flatMap({ $0.isEmpty ? nil : $0 }) else {
                throw CommandLineError("missing required option '--database-url' (or set NEON_DATABASE_URL)", command: command)
            }
            let lowered = databaseURL.lowercased()
            guard lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://") else {
                throw CommandLineError(
                    "--database-url must be a postgres:// or postgresql:// connection string", command: command)
            }
            let endpoint = try single("--endpoint", in: parsed, command: command, required: false)
            if let endpoint {
                let lowered = endpoint.lowercased()
                guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else {
                    throw CommandLineError("--endpoint must be an http:// or https:// URL", command: command)
                }
            }
            guard !parsed.positional.isEmpty else {
                throw CommandLineError("no query files or directories given", command: command)
            }
            let options = CheckOptions(
                schemaPaths: parsed.values["--schema"] ?? [],
                queryPaths: parsed.positional,
                databaseURL: databaseURL,
                endpoint: endpoint,
                configPath: try single("--config", in: parsed, command: command, required: false),
                lockPath: command == "check" ? try single("--lock", in: parsed, command: command, required: false) : nil
            )
            if command == "prepare" {
                return .prepare(PrepareOptions(database: options, outputPath: try single("--output", in: parsed, command: command, required: false)))
            }
            return .check(options)
        case "statements":
            let parsed = try parseOptions(rest, command: command, valueOptions: [])
            if parsed.help { return .help(command: command) }
            guard !parsed.positional.isEmpty else {
                throw CommandLineError("no query files or directories given", command: command)
            }
            return .statements(queryPaths: parsed.positional)
        case "breaking":
            let parsed = try parseOptions(rest, command: command, valueOptions: ["--against", "--schema", "--format"])
            if parsed.help { return .help(command: command) }
            guard parsed.positional.isEmpty else {
                throw CommandLineError("unexpected argument '\(parsed.positional[0])' (the schema goes in --schema)", command: command)
            }
            let against = try single("--against", in: parsed, command: command, required: true) ?? ""
            guard let schema = parsed.values["--schema"], !schema.isEmpty else {
                throw CommandLineError("missing required option '--schema' (the new schema's files, in order)", command: command)
            }
            let format = try single("--format", in: parsed, command: command, required: false) ?? "text"
            guard format == "text" || format == "json" else {
                throw CommandLineError("--format is text or json", command: command)
            }
            return .breaking(BreakingOptions(againstPath: against, schemaPaths: schema, json: format == "json"))
        default:
            throw CommandLineError("unknown command '\(command)'", command: nil)
        }
    }

    private struct ParsedOptions {
        var values: [String: [String]] = [:]
        var positional: [String] = []
        var help = false
    }

    private static func parseOptions(
        _ arguments: [String], command: String, valueOptions: Set<String>
    ) throws(CommandLineError) -> ParsedOptions {
        var parsed = ParsedOptions()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                parsed.positional.append(argument)
                continue
            }
            if argument == "--" { optionsEnded = true; continue }
            if argument == "-h" || argument == "--help" { parsed.help = true; continue }
            var name = argument
            var value: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            }
            guard valueOptions.contains(name) else {
                throw CommandLineError("unknown option '\(name)' for '\(command)'", command: command)
            }
            if value == nil {
                guard index < arguments.count else {
                    throw CommandLineError("option '\(name)' needs a value", command: command)
                }
                value = arguments[index]
                index += 1
            }
            guard let value, !value.isEmpty else {
                throw CommandLineError("option '\(name)' needs a non-empty value", command: command)
            }
            parsed.values[name, default: []].append(value)
        }
        return parsed
    }

    private static func single(
        _ name: String, in parsed: ParsedOptions, command: String, required: Bool
    ) throws(CommandLineError) -> String? {
        let values = parsed.values[name] ?? []
        if values.count > 1 { throw CommandLineError("option '\(name)' given more than once", command: command) }
        if required, values.isEmpty { throw CommandLineError("missing required option '\(name)'", command: command) }
        return values.first
    }
}
