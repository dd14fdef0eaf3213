import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP connection to 127.0.0.1 over a plain socket, for tests that must see exactly what went
/// over the wire (URLSession hides truncated bodies, pipelining and interim responses). Its blocking
/// reads run on a Dispatch thread, never on the cooperative pool that an in-process neon-local
/// needs to answer.
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

    /// Sends all of `text`'s UTF-8.
    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { socketSend(socketFD, $0.baseAddress, $0.count) }
            guard sent > 0 else { throw TestSetupError("send() failed") }
            offset += sent
        }
    }

    /// Reads until `done` holds for what arrived, the peer closes, or 10 s pass; returns what
    /// arrived and whether the peer closed.
    func read(until done: @escaping @Sendable ([UInt8]) -> Bool) async -> (bytes: [UInt8], closed: Bool) {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: self.blockingRead(until: done))
            }
        }
    }

    /// ``read(until:)`` with the bytes as UTF-8 text.
    func readText(until done: @escaping @Sendable (String) -> Bool) async -> (text: String, closed: Bool) {
        let (bytes, closed) = await read { done(String(decoding: $0, as: UTF8.self)) }
        return (String(decoding: bytes, as: UTF8.self), closed)
    }

    private func blockingRead(until done: ([UInt8]) -> Bool) -> (bytes: [UInt8], closed: Bool) {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !done(received) {
            let count = buffer.withUnsafeMutableBytes { recv(socketFD, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return (received, count == 0) }
            received.append(contentsOf: buffer[..<count])
        }
        return (received, false)
    }
}

/// The C library's `send` (the connection's own `send` hides it inside the class).
private func socketSend(_ fd: Int32, _ pointer: UnsafeRawPointer?, _ count: Int) -> Int {
    send(fd, pointer, count, 0)
}

/// One HTTP/1.1 POST /sql exchange over a plain socket, reading until the server closes.
enum RawHTTP {
    static func exchange(port: Int, body: String, headers: [String: String]) async throws -> Data {
        var request = "POST /sql HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        request += "\r\n" + body
        let connection = try RawConnection(port: port)
        try connection.send(request)
        return Data(await connection.read { _ in false }.bytes)
    }
}
