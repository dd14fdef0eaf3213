import NIOHTTP1

/// One HTTP request as neon-local handles it: its method, path (without the query string),
/// headers and whole body.
struct HTTPRequestMessage: Sendable {
    var method: HTTPMethod
    var path: String
    var headers: HTTPHeaders
    var body: [UInt8]
    /// The body outgrew the request limit (its bytes were not kept): answered with 413.
    var bodyExceededLimit: Bool

    /// The first value of a header (names are case-insensitive), as sent.
    func header(_ name: String) -> String? {
        headers.first(name: name)
    }
}

/// An HTTP response: status, headers, whole body (`Content-Length` is added when it is written).
struct HTTPResponseMessage: Sendable {
    var status: HTTPResponseStatus
    var headers: [(name: String, value: String)] = []
    var body: [UInt8] = []

    /// Neon's JSON answers: `Content-Type: application/json`.
    static func json(status: HTTPResponseStatus, body: [UInt8]) -> HTTPResponseMessage {
        HTTPResponseMessage(status: status, headers: [("Content-Type", "application/json")], body: body)
    }
}

/// What the connection does with a request's answer.
enum HTTPAnswer: Sendable {
    /// Writes the response.
    case respond(HTTPResponseMessage)
    /// Closes the connection without a response (fault injection).
    case close
    /// Writes the head with the full `Content-Length` and half of the body, then closes (fault injection).
    case truncate(HTTPResponseMessage)
}
