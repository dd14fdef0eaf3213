import Foundation
import NeonSQL

/// A scriptable transport: records every request and answers with a handler that gets the
/// request and its 0-based attempt number.
final class TransportDouble: NeonTransport, @unchecked Sendable {
    typealias Handler = @Sendable (NeonHTTPRequest, Int) async throws -> NeonHTTPResponse

    private let lock = NSLock()
    private var recorded: [NeonHTTPRequest] = []
    private let handler: Handler

    init(_ handler: @escaping Handler) {
        self.handler = handler
    }

    /// Always answers 200 with `body`.
    convenience init(body: String) {
        self.init { _, _ in NeonHTTPResponse(status: 200, body: Data(body.utf8)) }
    }

    /// Answers with the given responses in turn (the last one repeats).
    convenience init(responses: [(Int, String)]) {
        self.init { _, attempt in
            let (status, body) = responses[min(attempt, responses.count - 1)]
            return NeonHTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
        }
    }

    var requests: [NeonHTTPRequest] {
        lock.withLock { recorded }
    }

    var count: Int { requests.count }

    func send(_ request: NeonHTTPRequest) async throws -> NeonHTTPResponse {
        let attempt = lock.withLock {
            let attempt = recorded.count
            recorded.append(request)
            return attempt
        }
        return try await handler(request, attempt)
    }
}

/// A connection string used across tests; its password must never leak.
let testPassword = "s3cr3t-P4ss"
let testConnectionString = "postgresql://alice:\(testPassword)@ep-x-123.us-east-2.aws.neon.tech/neondb?sslmode=require"

func makeClient(
    _ transport: TransportDouble, retry: RetryPolicy = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(1), maxDelay: .milliseconds(2)),
    timeout: Duration = .seconds(5), authentication: NeonAuthentication = .password
) throws -> NeonClient {
    let configuration = try NeonConfiguration(
        connectionString: testConnectionString, authentication: authentication, requestTimeout: timeout, retryPolicy: retry)
    return NeonClient(configuration: configuration, transport: transport)
}

/// Builds a Neon array-mode, raw-text success body.
func resultBody(fields: [(String, Int)], rows: [[String?]], command: String = "SELECT") -> String {
    let fieldsJSON = fields.map { name, oid in
        "{\"name\":\"\(name)\",\"dataTypeID\":\(oid),\"tableID\":0,\"columnID\":0,\"dataTypeSize\":-1,\"dataTypeModifier\":-1,\"format\":\"text\"}"
    }.joined(separator: ",")
    let rowsJSON = rows.map { row in
        "[" + row.map { cell in cell.map { jsonQuote($0) } ?? "null" }.joined(separator: ",") + "]"
    }.joined(separator: ",")
    return "{\"fields\":[\(fieldsJSON)],\"rows\":[\(rowsJSON)],\"command\":\"\(command)\",\"rowCount\":\(rows.count),\"rowAsArray\":true}"
}

func jsonQuote(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        default:
            if scalar.value < 0x20 {
                out += String(format: "\\u%04x", scalar.value)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out + "\""
}
