import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import LocalNeonServer

/// neon-local's HTTP/1.1 connections at the byte level: pipelined requests answered in order,
/// `Expect: 100-continue`, `Connection: close` and HTTP/1.0.
@Suite("HTTP connections", .enabled(if: TestPostgres.shouldRun))
struct HTTPConnectionTests {
    /// A blocking TCP connection to 127.0.0.1 that sends raw bytes and reads until a condition holds.
    final class RawConnection: @unchecked Sendable {
        // @unchecked: used by one test at a time, each call waiting for the previous.
        private let socketFD: Int32

        init(port: Int) throws {
            #if canImport(Glibc)
            socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            #else
            socketFD = socket(AF_INET, SOCK_STREAM, 0)
            #endif
            guard socketFD >= 0 else { throw TestSetupError("socket() failed") }
            var timeout = timeval(tv_sec: 10, tv_usec: 0)
            setsockopt(socketFD, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else {
                close(socketFD)
                throw TestSetupError("connect() failed")
            }
        }

        deinit { close(socketFD) }

        func send(_ text: String) {
            let bytes = Array(text.utf8)
            var offset = 0
            while offset < bytes.count {
                let sent = bytes[offset...].withUnsafeBytes { socketSend(socketFD, $0.baseAddress, $0.count) }
                if sent <= 0 { return }
                offset += sent
            }
        }

        /// Reads until `done` holds for what arrived, the peer closes, or 10 s pass; returns what arrived
        /// and whether the peer closed. The blocking reads run on a Dispatch thread, never on the
        /// cooperative pool that the in-process neon-local needs to answer.
        func read(until done: @escaping @Sendable (String) -> Bool) async -> (text: String, closed: Bool) {
            await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    continuation.resume(returning: self.blockingRead(until: done))
                }
            }
        }

        private func blockingRead(until done: (String) -> Bool) -> (text: String, closed: Bool) {
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while !done(String(decoding: received, as: UTF8.self)) {
                let count = buffer.withUnsafeMutableBytes { recv(socketFD, $0.baseAddress, $0.count, 0) }
                if count <= 0 { return (String(decoding: received, as: UTF8.self), count == 0) }
                received.append(contentsOf: buffer[..<count])
            }
            return (String(decoding: received, as: UTF8.self), false)
        }
    }

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
            connection.send(requests.joined())
            let (text, closed) = await connection.read { Self.count("\"rowAsArray\"", in: $0) >= 12 }
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
            connection.send(String(full[..<split.upperBound]))
            let interim = await connection.read { $0.contains("\r\n\r\n") }
            #expect(interim.text.hasPrefix("HTTP/1.1 100 Continue"))
            connection.send(String(full[split.upperBound...]))
            let answer = await connection.read { $0.contains("\"rowAsArray\"") }
            #expect(answer.text.contains("HTTP/1.1 200 OK"))
            #expect(answer.text.contains("\"five\":5"))
        }
    }

    @Test("Connection: close and HTTP/1.0 get their answer, then the connection is closed")
    func closingConnections() async throws {
        try await LocalNeonHarness.with { harness in
            for (version, header) in [("HTTP/1.1", "Connection: close\r\n"), ("HTTP/1.0", "")] {
                let connection = try RawConnection(port: harness.port)
                connection.send(Self.post("SELECT 3 AS three", version: version, extraHeaders: header))
                let (text, closed) = await connection.read { _ in false }
                #expect(closed, "\(version) \(header)")
                #expect(text.contains(" 200 OK"))
                #expect(text.contains("\"three\":3"))
                #expect(text.lowercased().contains("connection: close"))
            }
        }
    }
}

/// The C library's `send` (the connection's own `send` hides it inside the class).
private func socketSend(_ fd: Int32, _ pointer: UnsafeRawPointer?, _ count: Int) -> Int {
    send(fd, pointer, count, 0)
}
