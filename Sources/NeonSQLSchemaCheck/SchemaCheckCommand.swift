import Foundation
import NeonSQL
import NeonSQLGenerator

/// `neon-sql-gen check` once its arguments are parsed and its files read: analyze, ask the
/// database, print diagnostics and a summary, return the exit status. A library function so that
/// tests run exactly what the CLI runs.
public enum SchemaCheckCommand {
    /// How a check ended; the CLI chooses the exit status.
    public enum Outcome: Sendable, Equatable {
        /// Every query agrees with the database.
        case agreed
        /// A disagreement, a failing query, an analysis error or an unreachable database (all
        /// reported through `writeError`).
        case disagreed
        /// An invalid connection string or endpoint: a usage error. The message (one line, without
        /// the `neon-sql-gen: error: ` prefix) never contains the password; nothing was written.
        case invalidConfiguration(message: String)
    }

    /// Runs the check.
    ///
    /// - Parameters:
    ///   - databaseURL: the connection string; it is never written, and its password is removed
    ///     from anything written (also from the database's own messages).
    ///   - endpoint: the `/sql` URL, or nil to derive it from the host as the runtime does.
    ///   - postgresVersion: the PostgreSQL major version the project targets (`postgresVersion` in
    ///     neon-sql.json), as the build analyzes the queries; nil for every version.
    ///   - writeError: receives each line for stderr (diagnostics, then the summary), without newline.
    /// - Returns: how the check ended.
    public static func run(
        databaseURL: String,
        endpoint: String?,
        schema: [SQLSourceInput],
        queries: [SQLSourceInput],
        transport: any NeonTransport = URLSessionTransport.shared,
        resultTypeSource: ResultTypeSource = .automatic,
        postgresVersion: Int? = nil,
        lock: QueryLockInput? = nil,
        writeError: @Sendable (String) -> Void
    ) async -> Outcome {
        let redactor = SecretRedactor(connectionString: databaseURL)
        func write(_ line: String) { writeError(redactor.redact(line)) }

        let configuration: NeonConfiguration
        do {
            configuration = try makeConfiguration(databaseURL: databaseURL, endpoint: endpoint)
        } catch {
            return .invalidConfiguration(message: redactor.redact(error.message))
        }

        let analysis = CodeGenerator.analyzeQueries(schema: schema, queries: queries, postgresVersion: postgresVersion, lock: lock)
        // Errors only: the build already shows the generator's warnings and notes (a `:one` that
        // can return many rows, outer-join nullability); `check` reports what keeps a query from
        // being checked.
        for diagnostic in analysis.errors { write(diagnostic) }

        let checker = SchemaChecker(configuration: configuration, transport: transport, resultTypeSource: resultTypeSource)
        let report: SchemaCheckReport
        do {
            report = try await checker.check(analysis.queries)
        } catch let error as SchemaCheckError {
            write("neon-sql-gen: error: \(error.message)")
            return .disagreed
        } catch {
            write("neon-sql-gen: error: \(SchemaChecker.describe(error))")
            return .disagreed
        }
        for diagnostic in report.diagnostics { write(diagnostic.formatted) }
        // Drift: what the schema files declare against the database's catalogs.
        var driftErrors = 0
        do {
            let probe = DatabaseProbe(configuration: configuration, transport: transport)
            let (columns, enums, domains) = try await SchemaDrift.read(probe)
            let drift = SchemaDrift.diagnostics(declared: analysis.declaredSchema, columns: columns, enums: enums,
                                                domains: domains)
            for diagnostic in drift { write(diagnostic.formatted) }
            driftErrors = drift.count { $0.severity == .error }
        } catch {
            write("neon-sql-gen: error: cannot read the database's catalogs for drift: \(SchemaChecker.describe(error))")
            driftErrors += 1
        }
        var lockDisagrees = false
        if let lock {
            do {
                let fresh = try await LockFilePreparation.run(databaseURL: databaseURL, endpoint: endpoint, schema: schema, queries: queries,
                                                              command: lock.lock.command, transport: transport)
                let differences = LockFilePreparation.differences(recorded: lock.lock, database: fresh.lock)
                for difference in differences { write("\(lock.path): error: \(difference)") }
                lockDisagrees = !differences.isEmpty
            } catch {
                write("\(lock.path): error: cannot verify the lock file: \(SchemaChecker.describe(error))")
                lockDisagrees = true
            }
        }
        var summary = report.summary
        if analysis.hasErrors { summary += "\nneon-sql-gen check: queries with analysis errors (above) were not checked" }
        for line in summary.split(separator: "\n", omittingEmptySubsequences: false) { write(String(line)) }
        return analysis.hasErrors || report.hasErrors || lockDisagrees || driftErrors > 0 ? .disagreed : .agreed
    }

    /// An invalid connection string or endpoint; the message never contains the password.
    public struct ConfigurationError: Error, Sendable, Hashable {
        /// One line, without the `neon-sql-gen: error: ` prefix.
        public let message: String
    }

    /// The runtime configuration for a connection string and optional endpoint.
    public static func makeConfiguration(databaseURL: String, endpoint: String?) throws(ConfigurationError) -> NeonConfiguration {
        var endpointURL: URL? = nil
        if let endpoint {
            guard let url = URL(string: endpoint), let scheme = url.scheme?.lowercased(),
                  scheme == "http" || scheme == "https", url.host != nil else {
                throw ConfigurationError(message: "--endpoint must be an http:// or https:// URL with a host")
            }
            endpointURL = url
        }
        do {
            return try NeonConfiguration(connectionString: databaseURL, endpoint: endpointURL, requestTimeout: .seconds(30))
        } catch let error as NeonError {
            if case .invalidConfiguration(let message) = error {
                throw ConfigurationError(message: "invalid --database-url or --endpoint: \(message)")
            }
            throw ConfigurationError(message: "invalid --database-url or --endpoint: \(SchemaChecker.describe(error))")
        } catch {
            throw ConfigurationError(message: "invalid --database-url or --endpoint")
        }
    }
}

/// Removes a connection string's password (and the connection string itself) from text. A safety
/// net on everything `check` writes: no message is built from the connection string, and the
/// runtime already redacts its errors, but a database message could still echo it.
struct SecretRedactor: Sendable {
    private let secrets: [String]

    init(connectionString: String) {
        var secrets: [String] = []
        if !connectionString.isEmpty { secrets.append(connectionString) }
        if let password = Self.password(in: connectionString) {
            secrets.append(password)
            if let decoded = password.removingPercentEncoding, decoded != password { secrets.append(decoded) }
        }
        // Longest first, so the whole connection string goes before its password.
        self.secrets = secrets.filter { !$0.isEmpty }.sorted { $0.count > $1.count }
    }

    /// The text between `user:` and `@` of `scheme://user:password@host...`, as written.
    static func password(in connectionString: String) -> String? {
        guard let schemeEnd = connectionString.range(of: "://") else { return nil }
        let rest = connectionString[schemeEnd.upperBound...]
        // The authority ends at the first '/', '?' or '#'; its userinfo at the last '@'.
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        guard let at = authority.lastIndex(of: "@") else { return nil }
        let userInfo = authority[..<at]
        guard let colon = userInfo.firstIndex(of: ":") else { return nil }
        let password = userInfo[userInfo.index(after: colon)...]
        return password.isEmpty ? nil : String(password)
    }

    func redact(_ text: String) -> String {
        var text = text
        for secret in secrets where text.contains(secret) {
            text = text.replacingOccurrences(of: secret, with: "****")
        }
        return text
    }
}
