import Foundation
import NeonSQL
import RIZQQueries

/// The fault-injecting neon-local of the local stack (`Scripts/local-stack.sh` starts it with
/// `--enable-fault-injection` on the same database and exports `NEON_LOCAL_FAULT_ENDPOINT`).
enum FaultStack {
    static var endpoint: URL? { LocalStack.environment["NEON_LOCAL_FAULT_ENDPOINT"].flatMap { $0.isEmpty ? nil : URL(string: $0) } }

    static var shouldRun: Bool { (endpoint != nil && LocalStack.connectionString != nil) || LocalStack.isRequired }

    struct Missing: Error, CustomStringConvertible {
        let description = "NEON_LOCAL_FAULT_ENDPOINT and NEON_DATABASE_URL are not set: run Scripts/test.sh, or eval \"$(Scripts/local-stack.sh start)\""
    }

    /// A client of the fault-injecting neon-local whose requests carry `X-Neon-Local-Fault: fault`
    /// on the first `faultyAttempts` attempts (every attempt when `nil`).
    static func client(
        fault: String?, faultyAttempts: Int? = nil, timeout: Duration = .seconds(5),
        retry: RetryPolicy = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(20), maxDelay: .milliseconds(100)),
        refuseFirstAttempt: Bool = false, exactlyOnce: Bool = false
    ) throws -> (NeonClient, FaultInjectingTransport) {
        guard let endpoint, let connectionString = LocalStack.connectionString else { throw Missing() }
        var configuration = try NeonConfiguration(
            connectionString: connectionString, endpoint: endpoint, requestTimeout: timeout, retryPolicy: retry)
        if exactlyOnce { configuration.exactlyOnceWrites = ExactlyOnceWrites() }
        let transport = FaultInjectingTransport(fault: fault, faultyAttempts: faultyAttempts, refuseFirstAttempt: refuseFirstAttempt)
        return (NeonClient(configuration: configuration, transport: transport), transport)
    }
}

/// Sends through URLSession, adding the fault header to the first attempts and counting attempts.
/// With `refuseFirstAttempt`, the first attempt goes to a port where nothing listens (connection refused).
final class FaultInjectingTransport: NeonTransport, @unchecked Sendable {
    // @unchecked: `attempts` and `fault` are guarded by `lock`; the rest is immutable.
    private var fault: String?
    let faultyAttempts: Int?
    let refuseFirstAttempt: Bool
    private let base = URLSessionTransport()
    private let lock = NSLock()
    private var attempts = 0
    /// With `faultFirstSendOnly`: the bodies already sent, so a resend (same body) goes clean.
    private var faultFirstSendOnly = false
    private var sentBodies: Set<Data> = []

    init(fault: String?, faultyAttempts: Int?, refuseFirstAttempt: Bool) {
        self.fault = fault
        self.faultyAttempts = faultyAttempts
        self.refuseFirstAttempt = refuseFirstAttempt
    }

    /// Attempts sent so far.
    var count: Int { lock.withLock { attempts } }

    /// Changes the fault of the following requests (`nil`: none), keeping the connections.
    func setFault(_ fault: String?) { lock.withLock { self.fault = fault } }

    /// Changes the fault of the following requests, applied to the first send of each body only:
    /// the client's retry of a request (the same body) goes through clean.
    func setFaultOnFirstSend(_ fault: String?) {
        lock.withLock {
            self.fault = fault
            faultFirstSendOnly = true
        }
    }

    func send(_ request: NeonHTTPRequest) async throws -> NeonHTTPResponse {
        let (attempt, fault) = lock.withLock {
            attempts += 1
            if faultFirstSendOnly {
                let first = sentBodies.insert(request.body).inserted
                return (attempts, first ? self.fault : nil)
            }
            return (attempts, self.fault)
        }
        var request = request
        if let fault, attempt <= (faultyAttempts ?? Int.max) {
            request.headers.append(HTTPHeader("X-Neon-Local-Fault", fault))
        }
        if refuseFirstAttempt && attempt == 1, var components = URLComponents(url: request.url, resolvingAgainstBaseURL: false) {
            components.port = try ClosedPort.number()
            if let url = components.url { request.url = url }
        }
        return try await base.send(request)
    }
}

/// A loopback port where nothing listens: bound, never listened on, so connecting is refused.
enum ClosedPort {
    private static let bound: Int? = {
        let socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketDescriptor >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketDescriptor, $0, &length) }
        }
        guard result == 0, named == 0 else { return nil }
        // The socket stays open (bound, not listening) for the whole test run, so no one takes the port.
        return Int(UInt16(bigEndian: address.sin_port))
    }()

    static func number() throws -> Int {
        guard let bound else { throw SocketSetupFailed() }
        return bound
    }
}

struct SocketSetupFailed: Error {}

/// Total XP of a user, read through the clean neon-local (what PostgreSQL holds).
func totalXP(_ user: UUID) async throws -> Int {
    let profile = try await Queries(try LocalStack.client()).fetchUserProfile(userId: user)
    guard let profile else { throw FaultStack.Missing() }
    return profile.totalXp
}
