import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default transport: `URLSession` with one shared session (connection reuse, HTTP/2 where
/// available), no cookies, no cache. Task cancellation cancels the underlying data task.
///
/// Writes that are not safe to resend (``NeonHTTPRequest/isSafeToResend`` `false`: no idempotency
/// key) each go on a new connection (a one-off session with the same configuration): URLSession
/// (libcurl on Linux, and CFNetwork) silently resends a request when a *reused* connection dies
/// before any response, which after a server committed the write and then lost the connection
/// would apply it twice. On a fresh connection the HTTP stack never resends, and ``NeonClient``
/// reports ``NeonError/outcomeUnknown(cause:sent:)`` instead. With ``ExactlyOnceWrites`` every write
/// carries a key and goes on the shared, warm connections like a read.
public final class URLSessionTransport: NeonTransport, @unchecked Sendable {
    // @unchecked: `session` is immutable and URLSession is thread-safe.
    private let session: URLSession

    /// The process-wide transport every ``NeonClient`` uses unless given another.
    public static let shared = URLSessionTransport()

    /// Creates a transport with its own session (ephemeral configuration, no cookies or cache).
    public convenience init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpMaximumConnectionsPerHost = 8
        self.init(session: URLSession(configuration: configuration))
    }

    /// Uses `session` (for custom configuration or instrumentation).
    public init(session: URLSession) {
        self.session = session
    }

    /// Sends the request with a data task.
    public func send(_ request: NeonHTTPRequest) async throws -> NeonHTTPResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        let seconds = Double(request.timeout.components.seconds) + Double(request.timeout.components.attoseconds) / 1e18
        // URLSession's timeout is an idle timeout; the client enforces the total deadline. Add slack.
        urlRequest.timeoutInterval = max(1, seconds + 1)
        for header in request.headers {
            urlRequest.setValue(header.value, forHTTPHeaderField: header.name)
        }
        let session: URLSession
        if request.isSafeToResend {
            session = self.session
        } else {
            session = URLSession(configuration: self.session.configuration)
        }
        defer {
            if !request.isSafeToResend { session.finishTasksAndInvalidate() }
        }
        let holder = DataTaskHolder()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<NeonHTTPResponse, any Error>) in
                let task = session.dataTask(with: urlRequest) { data, response, error in
                    if let error {
                        continuation.resume(throwing: URLSessionTransport.map(error))
                        return
                    }
                    guard let http = response as? HTTPURLResponse else {
                        continuation.resume(throwing: TransportError(kind: .other, message: "not an HTTP response"))
                        return
                    }
                    var headers: [String: String] = [:]
                    for (key, value) in http.allHeaderFields {
                        headers[String(describing: key).lowercased()] = String(describing: value)
                    }
                    continuation.resume(returning: NeonHTTPResponse(status: http.statusCode, headers: headers, body: data ?? Data()))
                }
                holder.start(task)
            }
        } onCancel: {
            holder.cancel()
        }
    }

    /// Classifies URLSession errors: which ones certainly happened before the request was sent.
    static func map(_ error: any Error) -> any Error {
        guard let urlError = error as? URLError else {
            return TransportError(kind: .other, message: "\(type(of: error)): \(error.localizedDescription)")
        }
        let message = "URLError \(urlError.code.rawValue): \(urlError.localizedDescription)"
        switch urlError.code {
        case .cancelled:
            return CancellationError()
        case .cannotFindHost, .cannotConnectToHost, .dnsLookupFailed, .notConnectedToInternet,
            .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected,
            .clientCertificateRequired, .internationalRoamingOff, .callIsActive, .dataNotAllowed,
            .cannotLoadFromNetwork, .appTransportSecurityRequiresSecureConnection, .unsupportedURL, .badURL:
            return TransportError(kind: .connectionFailed, message: message)
        case .timedOut:
            return TransportError(kind: .connectionLost, message: message)
        case .networkConnectionLost, .badServerResponse, .cannotParseResponse, .zeroByteResource:
            return TransportError(kind: .connectionLost, message: message)
        default:
            return TransportError(kind: .other, message: message)
        }
    }
}

/// Holds the data task so a cancellation arriving before or after it starts cancels it.
private final class DataTaskHolder: @unchecked Sendable {
    // @unchecked: all state is guarded by `lock`.
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var cancelled = false

    func start(_ task: URLSessionDataTask) {
        lock.lock()
        self.task = task
        let alreadyCancelled = cancelled
        lock.unlock()
        task.resume()
        if alreadyCancelled { task.cancel() }
    }

    func cancel() {
        lock.lock()
        cancelled = true
        let task = self.task
        lock.unlock()
        task?.cancel()
    }
}
