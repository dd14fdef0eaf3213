import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LocalNeonServer
import Logging
import Testing

/// An HTTP answer from neon-local.
struct HTTPAnswer {
    var status: Int
    /// Header values by lowercased name.
    var headers: [String: String]
    var body: Data

    var text: String { String(decoding: body, as: UTF8.self) }

    /// The body parsed as a JSON object.
    var object: [String: Any] {
        get throws {
            guard let object = try JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) as? [String: Any] else {
                throw TestSetupError("not a JSON object: \(text)")
            }
            return object
        }
    }

    func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// Starts neon-local in-process on a free port in front of the test PostgreSQL and talks to it over HTTP.
struct LocalNeonHarness {
    let port: Int
    let session: URLSession

    /// Runs `body` with a fresh neon-local; returns without running it (recording a failure under CI)
    /// when PostgreSQL is not configured.
    static func with(
        maximumRequestBytes: Int = LocalNeonConfiguration.defaultSizeLimit,
        maximumResponseBytes: Int = LocalNeonConfiguration.defaultSizeLimit,
        jwtAuthentication: JWTAuthentication? = nil,
        maximumConnectionsPerPool: Int = 20,
        configure: (inout LocalNeonConfiguration) -> Void = { _ in },
        _ body: (LocalNeonHarness) async throws -> Void
    ) async throws {
        guard let adminURL = TestPostgres.requireURL() else { return }
        try await TestDatabase.shared.prepare(adminURL: adminURL)

        var configuration = LocalNeonConfiguration(
            port: 0,
            maximumRequestBytes: maximumRequestBytes,
            maximumResponseBytes: maximumResponseBytes,
            jwtAuthentication: jwtAuthentication,
            maximumConnectionsPerPool: maximumConnectionsPerPool
        )
        try configuration.setPostgresURL(adminURL)
        configure(&configuration)
        var logger = Logger(label: "neon-local-test")
        logger.logLevel = .critical
        let server = LocalNeonServer(configuration: configuration, logger: logger)

        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let serverTask = Task {
            try await server.run { port in portContinuation.yield(port) }
        }
        defer { serverTask.cancel() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            throw TestSetupError("neon-local did not start")
        }
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.timeoutIntervalForRequest = 30
        let harness = LocalNeonHarness(port: port, session: URLSession(configuration: sessionConfiguration))
        try await body(harness)
        serverTask.cancel()
        _ = await serverTask.result
    }

    /// Sends a request; the test role's connection string is sent unless `connectionString` is `.some(nil)`.
    func request(
        method: String = "POST",
        path: String = "/sql",
        body: String? = nil,
        headers: [String: String] = [:],
        connectionString: String?? = .some(TestPostgres.connectionString)
    ) async throws -> HTTPAnswer {
        guard let url = URL(string: "http://127.0.0.1:\(port)\(path)") else { throw TestSetupError("bad path \(path)") }
        var request = URLRequest(url: url)
        request.httpMethod = method
        if case .some(.some(let connectionString)) = connectionString {
            request.setValue(connectionString, forHTTPHeaderField: "Neon-Connection-String")
        }
        for (name, value) in headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        if let body {
            request.httpBody = Data(body.utf8)
        }
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw TestSetupError("not an HTTP response") }
        var answerHeaders: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String {
                answerHeaders[name.lowercased()] = value
            }
        }
        return HTTPAnswer(status: http.statusCode, headers: answerHeaders, body: data)
    }

    /// POSTs `{"query": sql, "params": params}` built with JSONSerialization.
    func query(_ sql: String, params: [Any]? = nil, headers: [String: String] = [:]) async throws -> HTTPAnswer {
        var payload: [String: Any] = ["query": sql]
        if let params { payload["params"] = params }
        let data = try JSONSerialization.data(withJSONObject: payload)
        return try await request(body: String(decoding: data, as: UTF8.self), headers: headers)
    }
}

/// The exact error body Neon sends for a non-PostgreSQL error (every key, in order).
func proxyErrorBody(_ message: String) -> String {
    let escaped = message.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    return "{\"message\":\"\(escaped)\",\"code\":\"\",\"detail\":null,\"hint\":null,\"position\":null,\"internalPosition\":null,"
        + "\"internalQuery\":null,\"severity\":\"\",\"where\":null,\"table\":null,\"column\":null,\"schema\":null,"
        + "\"dataType\":null,\"constraint\":null,\"file\":null,\"line\":null,\"routine\":null}"
}

/// The keys of a JSON object in the order they appear in `text` (top level only).
func topLevelKeys(_ text: String) -> [String] {
    var keys: [String] = []
    var depth = 0
    var inString = false
    var escaped = false
    var current = ""
    var expectingKey = false
    for character in text {
        if inString {
            if escaped { escaped = false; current.append(character); continue }
            if character == "\\" { escaped = true; continue }
            if character == "\"" {
                inString = false
                if depth == 1 && expectingKey { keys.append(current); expectingKey = false }
                continue
            }
            current.append(character)
            continue
        }
        switch character {
        case "\"":
            inString = true
            current = ""
        case "{", "[":
            depth += 1
            if depth == 1 { expectingKey = true }
        case "}", "]":
            depth -= 1
        case ",":
            if depth == 1 { expectingKey = true }
        case ":":
            if depth == 1 { expectingKey = false }
        default:
            break
        }
    }
    return keys
}
