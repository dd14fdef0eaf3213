/// The credentials and database a request asks for, read from its `Neon-Connection-String` header
/// (docs/neon-sql-over-http.md §2, Neon's `get_conn_info`).
struct ConnectionInfo: Sendable, Hashable {
    /// How the request authenticates.
    enum Authentication: Sendable, Hashable {
        /// The password from the connection string (percent-decoded).
        case password(String)
        /// A bearer token (only when neon-local runs with JWT authentication; verified later).
        case jwt(String)
    }

    var user: String
    var database: String
    /// The host of the connection string; only checked to be a domain name, never used for routing.
    var host: String
    var authentication: Authentication

    /// The connection string with its password replaced by `***`, for logs.
    var redactedDescription: String {
        "postgresql://\(user):***@\(host)/\(database)"
    }
}

extension ConnectionInfo {
    /// Parses the request's connection string and `Authorization` header with the proxy's rules and messages.
    ///
    /// - Parameters:
    ///   - connectionString: the raw `Neon-Connection-String` value, `nil` when absent or not visible ASCII.
    ///   - authorization: the raw `Authorization` value, `nil` when absent.
    ///   - authorizationIsValidText: false when the `Authorization` header is not visible ASCII.
    ///   - jwtRoles: the roles that authenticate with a bearer token, `nil` when bearer tokens are not
    ///     accepted at all (Neon's `accept_jwts`). A JWT role needs a token (a password is refused as on
    ///     Neon's auth broker); any other role needs a password (a token for it is refused when verified).
    static func parse(
        connectionString: String?,
        authorization: String?,
        authorizationIsValidText: Bool = true,
        jwtRoles: Set<String>?
    ) throws(NeonError) -> ConnectionInfo {
        guard let connectionString else {
            throw .user("invalid header: neon-connection-string")
        }
        let url = try URLParts.parse(connectionString)
        guard url.scheme == "postgres" || url.scheme == "postgresql" else {
            throw .user("incorrect scheme")
        }
        guard let path = url.path, path.hasPrefix("/") else {
            throw .user("missing database name")
        }
        let firstSegment = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        guard let database = PercentDecoding.decodeUTF8(firstSegment) else {
            throw .user("invalid database name")
        }
        guard let user = PercentDecoding.decodeUTF8(url.user) else {
            throw .user("invalid username: invalid utf-8 sequence")
        }
        if user.isEmpty {
            throw .user("missing username")
        }

        let acceptJWT = jwtRoles != nil
        let requiresJWT = jwtRoles?.contains(user) ?? false
        let authentication: Authentication
        if let authorization {
            guard acceptJWT else {
                throw .user("missing authentication credentials: required password")
            }
            guard authorizationIsValidText else {
                throw .user("invalid header: authorization")
            }
            guard authorization.hasPrefix("Bearer ") else {
                throw .user("missing authentication credentials: required authorization bearer token in JWT format")
            }
            authentication = .jwt(String(authorization.dropFirst("Bearer ".count)))
        } else if let password = url.password {
            if requiresJWT {
                throw .user("missing authentication credentials: required authorization bearer token in JWT format")
            }
            authentication = .password(PercentDecoding.decodeLossy(password))
        } else if requiresJWT {
            throw .user("missing authentication credentials: required authorization bearer token in JWT format")
        } else {
            throw .user("missing authentication credentials: required password")
        }

        guard let host = url.host, !host.isEmpty, !Self.isIPAddress(host) else {
            throw .user("missing hostname")
        }
        return ConnectionInfo(user: user, database: database, host: host, authentication: authentication)
    }

    /// True for IPv4 dotted quads and bracketed IPv6 literals (Neon requires a domain name).
    static func isIPAddress(_ host: String) -> Bool {
        if host.hasPrefix("[") { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber) && (Int(part) ?? 256) <= 255
        }
    }
}

/// The pieces of a `scheme://user:password@host:port/path?query` URL, split without decoding.
struct URLParts: Equatable {
    var scheme: String
    var user: String
    var password: String?
    var host: String?
    var port: String?
    /// `nil` for URLs without an authority and a path that does not start with `/` (cannot-be-a-base).
    var path: String?

    /// Splits a URL; errors use the messages of Rust's `url` crate behind `invalid connection string: `.
    static func parse(_ text: String) throws(NeonError) -> URLParts {
        let trimmed = text.trimmingASCIIWhitespace()
        guard let colon = trimmed.firstIndex(of: ":"),
              let first = trimmed.first, first.isASCII, first.isLetter,
              trimmed[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") })
        else {
            throw .user("invalid connection string: relative URL without a base")
        }
        let scheme = trimmed[..<colon].lowercased()
        var rest = trimmed[trimmed.index(after: colon)...]
        guard rest.hasPrefix("//") else {
            // No authority: the path is whatever follows; segments exist only if it starts with "/".
            let path = String(rest.prefix { $0 != "?" && $0 != "#" })
            return URLParts(scheme: scheme, user: "", password: nil, host: nil, port: nil, path: path.hasPrefix("/") ? path : nil)
        }
        rest = rest.dropFirst(2)
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        let afterAuthority = rest[authorityEnd...]
        var user = ""
        var password: String?
        var hostPort = authority
        if let at = authority.lastIndex(of: "@") {
            let userInfo = authority[..<at]
            hostPort = authority[authority.index(after: at)...]
            if let passwordColon = userInfo.firstIndex(of: ":") {
                user = String(userInfo[..<passwordColon])
                password = String(userInfo[userInfo.index(after: passwordColon)...])
            } else {
                user = String(userInfo)
            }
        }
        var host = String(hostPort)
        var port: String?
        if hostPort.hasPrefix("[") {
            guard let close = hostPort.firstIndex(of: "]") else {
                throw .user("invalid connection string: invalid IPv6 address")
            }
            host = String(hostPort[...close])
            let tail = hostPort[hostPort.index(after: close)...]
            if tail.hasPrefix(":") { port = String(tail.dropFirst()) }
        } else if let portColon = hostPort.lastIndex(of: ":") {
            host = String(hostPort[..<portColon])
            port = String(hostPort[hostPort.index(after: portColon)...])
        }
        if let port, !port.isEmpty {
            guard port.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(port), number <= 65535 else {
                throw .user("invalid connection string: invalid port number")
            }
        }
        if host.isEmpty, !(user.isEmpty && password == nil && port == nil) {
            throw .user("invalid connection string: empty host")
        }
        if host.contains(where: { " <>^|\"".contains($0) || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } == true }) {
            throw .user("invalid connection string: invalid domain character")
        }
        let pathText = String(afterAuthority.prefix { $0 != "?" && $0 != "#" })
        return URLParts(
            scheme: scheme,
            user: user,
            password: password,
            host: host.isEmpty ? nil : host,
            port: port,
            path: pathText.isEmpty ? nil : pathText
        )
    }
}

/// Percent-decoding as Rust's `urlencoding` crate does it.
enum PercentDecoding {
    static func decodeBytes(_ text: String) -> [UInt8] {
        let input = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        var index = 0
        while index < input.count {
            if input[index] == UInt8(ascii: "%"), index + 2 < input.count,
               let high = hexValue(input[index + 1]), let low = hexValue(input[index + 2]) {
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(input[index])
                index += 1
            }
        }
        return output
    }

    /// Decodes to UTF-8 text, `nil` when the decoded bytes are not valid UTF-8.
    static func decodeUTF8(_ text: String) -> String? {
        String(validating: decodeBytes(text), as: UTF8.self)
    }

    /// Decodes, replacing invalid UTF-8 (PostgreSQL passwords are bytes; the startup sends a String's UTF-8).
    static func decodeLossy(_ text: String) -> String {
        String(decoding: decodeBytes(text), as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

extension String {
    /// The string without leading and trailing ASCII whitespace.
    func trimmingASCIIWhitespace() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }
        var slice = self[...]
        while let first = slice.first, isSpace(first) { slice.removeFirst() }
        while let last = slice.last, isSpace(last) { slice.removeLast() }
        return slice
    }
}
