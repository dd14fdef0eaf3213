import Foundation

/// One HTTP header.
public struct HTTPHeader: Sendable, Hashable {
    /// The header name as sent (matching is case-insensitive).
    public var name: String
    /// The header value.
    public var value: String

    /// Creates a header.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// An HTTP request to Neon's `/sql` endpoint, built by ``NeonClient``.
///
/// Its descriptions and reflection redact `Neon-Connection-String` and `Authorization`.
public struct NeonHTTPRequest: Sendable {
    /// The endpoint URL (`https://api.<region>.aws.neon.tech/sql`, or the configured override).
    public var url: URL
    /// Always `POST`.
    public var method: String
    /// Headers, in the order they are sent.
    public var headers: [HTTPHeader]
    /// The JSON body.
    public var body: Data
    /// The per-request timeout (``NeonClient`` also enforces it itself).
    public var timeout: Duration
    /// `true` when running the request twice is harmless (read-only statements). When `false` (a
    /// write, the default), a transport must never send it twice on its own: ``URLSessionTransport``
    /// sends it on a connection of its own, because HTTP stacks silently resend a request whose
    /// reused keep-alive connection died before any answer, even after the server ran it.
    public var isReadOnly: Bool
    /// `true` when the server cannot apply the request twice: it is read-only, or it is a write
    /// carrying an idempotency key (``ExactlyOnceWrites``), whose second arrival fails on the key.
    /// A transport may send such a request on a shared keep-alive connection; when `false` it must
    /// not (see ``isReadOnly``).
    public var isSafeToResend: Bool

    /// Creates a request. `isSafeToResend` defaults to `isReadOnly`.
    public init(url: URL, method: String = "POST", headers: [HTTPHeader], body: Data, timeout: Duration, isReadOnly: Bool = false,
                isSafeToResend: Bool? = nil) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.isReadOnly = isReadOnly
        self.isSafeToResend = isSafeToResend ?? isReadOnly
    }

    /// The value of the first header named `name` (case-insensitive).
    public func value(forHeader name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    static let secretHeaders: Set<String> = ["neon-connection-string", "authorization"]
}

extension NeonHTTPRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `POST <url>` with redacted secret headers.
    public var description: String {
        let shown = headers.map { header in
            NeonHTTPRequest.secretHeaders.contains(header.name.lowercased()) ? "\(header.name): <redacted>" : "\(header.name): \(header.value)"
        }
        return "\(method) \(url.absoluteString) [\(shown.joined(separator: ", "))] (\(body.count) bytes)"
    }

    /// Same as ``description``.
    public var debugDescription: String { "NeonHTTPRequest(\(description))" }

    /// Reflection without secrets (`dump` prints this).
    public var customMirror: Mirror {
        Mirror(self, children: ["description": description], displayStyle: .struct)
    }
}

/// An HTTP response.
public struct NeonHTTPResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Response headers (names lower-cased).
    public var headers: [String: String]
    /// The body.
    public var body: Data

    /// Creates a response; header names are lower-cased.
    public init(status: Int, headers: [String: String] = [:], body: Data) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }
}

/// Sends HTTP requests. The default is ``URLSessionTransport``; tests and other HTTP stacks plug in here.
///
/// To let ``NeonClient`` retry safely, throw ``TransportError`` with
/// ``TransportError/Kind/connectionFailed`` only when the request certainly never left (DNS,
/// connect, TLS failures), and honour Task cancellation by cancelling the request and throwing
/// `CancellationError` (or anything: the client reports ``NeonError/cancelled``).
public protocol NeonTransport: Sendable {
    /// Sends `request` and returns the response, whatever its status.
    func send(_ request: NeonHTTPRequest) async throws -> NeonHTTPResponse
}
