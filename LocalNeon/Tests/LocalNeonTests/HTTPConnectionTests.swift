import Foundation
import Testing
@testable import LocalNeonServer

/// neon-local's HTTP/1.1 connections at the byte level: pipelined requests answered in order,
/// `Expect: 100-continue`, `Connection: close` and HTTP/1.0.
@Suite("HTTP connections", .enabled(if: TestPostgres.shouldRun))
struct HTTPConnectionTests {
    static func post(_ sql: String, version: String = "HTTP/1.1", extraHeaders: String = "") -> String {
        let body = "{\"query\":\"\(sql)\"}"
        return "POST /sql \(version)\r\nHost: 127.0.0.1\r\nNeon-Connection-String: \(TestPostgres.connectionString)\r\n"
            + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\(extraHeaders)\r\n\(body)"
    }

    static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test("Requests sent back to back on one connection are answered in order, one at a time")
    func pipelinedRequests() async throws {
        try await LocalNeonHarness.with { harness in
            let connection = try RawConnection(port: harness.port)
            // The first sleeps: the later ones must wait for it, and answers keep the request order.
            let requests = [Self.post("SELECT 1 AS first FROM pg_sleep(0.3)")]
                + (2...12).map { Self.post("SELECT \($0) AS n") }
            try connection.send(requests.joined())
            let (text, closed) = await connection.readText { Self.count("\"rowAsArray\"", in: $0) >= 12 }
            #expect(!closed)
            #expect(Self.count("HTTP/1.1 200 OK", in: text) == 12)
            let first = text.range(of: "\"first\":1")
            let second = text.range(of: "\"n\":2")
            let last = text.range(of: "\"n\":12")
            #expect(first != nil && second != nil && last != nil)
            if let first, let second, let last {
                #expect(first.lowerBound < second.lowerBound && second.lowerBound < last.lowerBound, "answers in request order")
            }
        }
    }

    @Test("Expect: 100-continue is answered with 100 Continue before the body is sent")
    func expectContinue() async throws {
        try await LocalNeonHarness.with { harness in
            let connection = try RawConnection(port: harness.port)
            let full = Self.post("SELECT 5 AS five", extraHeaders: "Expect: 100-continue\r\n")
            guard let split = full.range(of: "\r\n\r\n") else { return }
            try connection.send(String(full[..<split.upperBound]))
            let interim = await connection.readText { $0.contains("\r\n\r\n") }
            #expect(interim.text.hasPrefix("HTTP/1.1 100 Continue"))
            try connection.send(String(full[split.upperBound...]))
            let answer = await connection.readText { $0.contains("\"rowAsArray\"") }
            #expect(answer.text.contains("HTTP/1.1 200 OK"))
            #expect(answer.text.contains("\"five\":5"))
        }
    }

    @Test("Connection: close and HTTP/1.0 get their answer, then the connection is closed")
    func closingConnections() async throws {
        try await LocalNeonHarness.with { harness in
            for (version, header) in [("HTTP/1.1", "Connection: close\r\n"), ("HTTP/1.0", "")] {
                let connection = try RawConnection(port: harness.port)
                try connection.send(Self.post("SELECT 3 AS three", version: version, extraHeaders: header))
                let (text, closed) = await connection.readText { _ in false }
                #expect(closed, "\(version) \(header)")
                #expect(text.contains(" 200 OK"))
                #expect(text.contains("\"three\":3"))
                #expect(text.lowercased().contains("connection: close"))
            }
        }
    }
}

