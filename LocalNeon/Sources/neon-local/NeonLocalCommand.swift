import ArgumentParser
import LocalNeonServer
import Logging
import NIOCore
import NIOPosix

/// `neon-local`: a Neon-compatible `POST /sql` endpoint on 127.0.0.1 in front of a real PostgreSQL.
@main
struct NeonLocalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "neon-local",
        abstract: "Serve Neon's SQL-over-HTTP protocol (POST /sql) on 127.0.0.1, executing on a real PostgreSQL.",
        discussion: """
            Clients send Neon-Connection-String: postgresql://USER:PASSWORD@any.domain.name/DATABASE;
            USER, PASSWORD and DATABASE authenticate against the PostgreSQL given by --postgres-url
            (its host and port; the connection string's host is only checked to be a domain name).
            """
    )

    @Option(help: "Port to listen on (127.0.0.1 only); 0 picks a free port.")
    var port: Int = 4444

    @Option(help: "Upstream PostgreSQL, e.g. postgresql://postgres@127.0.0.1:5432/postgres (host and port; its user, ideally a superuser, cancels statements of disconnected clients, notices password changes and prepares JWT roles with --jwks-file).")
    var postgresURL: String = "postgresql://postgres@127.0.0.1:5432/postgres"

    @Option(help: "Largest request body in bytes (413 beyond it).")
    var maxRequestBytes: Int = LocalNeonConfiguration.defaultSizeLimit

    @Option(help: "Largest response body in bytes (507 beyond it).")
    var maxResponseBytes: Int = LocalNeonConfiguration.defaultSizeLimit

    @Option(help: "JWKS file (an auth provider's {\"keys\": [...]}): enables JWT authentication as Neon RLS does. Roles named by --jwt-role then need 'Authorization: Bearer <JWT>' (ES256 or RS256, with a kid) and run as that role with auth.user_id()/auth.session(); other roles need a password.")
    var jwksFile: String?

    @Option(help: "Audience a token's aud must contain (with --jwks-file).")
    var jwtAudience: String?

    @Option(help: "Issuer a token's iss must equal (with --jwks-file).")
    var jwtIssuer: String?

    @Option(help: "Role that authenticates with a JWT (repeatable; default: authenticated).")
    var jwtRole: [String] = []

    @Flag(help: "Honour the X-Neon-Local-Fault request header (delay, dropped connections, truncated bodies, 5xx): for tests of client fault handling only. Without this flag the header is ignored.")
    var enableFaultInjection = false

    @Option(help: "Most requests waiting for a connection when all are busy; beyond it requests get HTTP 500 at once.")
    var maxQueuedRequests: Int = 256

    @Option(help: "Connections each pool (one per user, password and database) opens at once and keeps open; more (up to 20) open on demand and close after 5 idle minutes.")
    var minConnectionsPerPool: Int = 8

    @Option(help: "Seconds a password that PostgreSQL accepted is trusted without reading pg_authid again (as Neon's proxy caches role secrets); within them a password change, NOLOGIN or an expired VALID UNTIL does not yet apply to that user, password and database. Wrong passwords are never cached. 0 checks every request.")
    var credentialCacheTtl: Double = 1

    @Option(help: "Threads (event loops) that serve HTTP, the PostgreSQL connections and neon-local's own work; default: half the cores, at least 1. Fewer threads wake each other less: on 2 cores shared with PostgreSQL, 1 thread costs 2/3 of the CPU per request of 2 and serves 1.3x the requests (BENCHMARKS.md).")
    var threads: Int?

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical.")
    var logLevel: String = "info"

    func run() async throws {
        // Set before anything uses NIO's shared event loops (setting it later would stop the process).
        let threadCount = threads ?? max(1, System.coreCount / 2)
        guard (1...256).contains(threadCount) else { throw ValidationError("--threads must be between 1 and 256") }
        NIOSingletons.groupLoopCountSuggestion = threadCount
        // Swift Concurrency's tasks then run on the event loops that serve HTTP and PostgreSQL, so a
        // request does not hop between those threads and the default pool at every await (the
        // difference between ~4% and ~20% of PostgreSQL's own rate, BENCHMARKS.md). neon-local never
        // blocks a thread in its tasks, which running on event loops requires.
        NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        var configuration = LocalNeonConfiguration(
            port: port,
            maximumRequestBytes: maxRequestBytes,
            maximumResponseBytes: maxResponseBytes
        )
        configuration.faultInjectionEnabled = enableFaultInjection
        configuration.maximumQueuedRequests = maxQueuedRequests
        configuration.minimumConnectionsPerPool = minConnectionsPerPool
        guard credentialCacheTtl.isFinite, (0...86_400).contains(credentialCacheTtl) else {
            throw ValidationError("--credential-cache-ttl must be between 0 and 86400 seconds")
        }
        configuration.credentialCacheTTL = .milliseconds(Int64((credentialCacheTtl * 1000).rounded()))
        do {
            try configuration.setPostgresURL(postgresURL)
            if let jwksFile {
                configuration.jwtAuthentication = try JWTAuthentication(
                    jwksFile: jwksFile, audience: jwtAudience, issuer: jwtIssuer,
                    roles: jwtRole.isEmpty ? [JWTAuthentication.defaultRole] : Set(jwtRole))
            }
        } catch {
            throw ValidationError(error.message)
        }
        guard jwksFile != nil || (jwtAudience == nil && jwtIssuer == nil && jwtRole.isEmpty) else {
            throw ValidationError("--jwt-audience, --jwt-issuer and --jwt-role need --jwks-file")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard maxRequestBytes > 0, maxResponseBytes > 0 else { throw ValidationError("size limits must be positive") }
        guard maxQueuedRequests >= 0 else { throw ValidationError("--max-queued-requests must not be negative") }
        guard (0...configuration.maximumConnectionsPerPool).contains(minConnectionsPerPool) else {
            throw ValidationError("--min-connections-per-pool must be between 0 and \(configuration.maximumConnectionsPerPool)")
        }
        guard let level = Logger.Level(rawValue: logLevel) else { throw ValidationError("unknown --log-level \(logLevel)") }

        LoggingSystem.bootstrap { label in LineLogHandler(label: label) }
        var logger = Logger(label: "neon-local")
        logger.logLevel = level
        let server = LocalNeonServer(configuration: configuration, logger: logger)
        let upstream = "\(configuration.postgresHost):\(configuration.postgresPort)"
        let startupLogger = logger
        let faultInjectionEnabled = configuration.faultInjectionEnabled
        try await server.run(stopOnSignals: true) { boundPort in
            startupLogger.notice("neon-local listening on http://127.0.0.1:\(boundPort)/sql (PostgreSQL at \(upstream))")
            if faultInjectionEnabled {
                startupLogger.warning("fault injection is ON: requests with X-Neon-Local-Fault fail on purpose (tests only)")
            }
        }
    }
}
