import Foundation

/// A parsed `postgres://` / `postgresql://` connection string. The password is kept only for the
/// `Neon-Connection-String` header and redaction; it is never part of a description.
struct ConnectionString: Sendable, Hashable {
    /// The string as given (sent verbatim in `Neon-Connection-String`).
    let raw: String
    let user: String
    let password: String?
    let host: String
    let port: Int?
    let database: String

    init(_ text: String) throws {
        let raw = text.trimmingCharacters(in: .whitespacesAndNewlines)
        func invalid(_ reason: String) -> NeonError {
            .invalidConfiguration("invalid connection string: \(reason) (expected postgresql://user:password@host/database)")
        }
        guard !raw.isEmpty else { throw invalid("it is empty") }
        let lower = raw.lowercased()
        guard lower.hasPrefix("postgres://") || lower.hasPrefix("postgresql://") else {
            throw invalid("the scheme must be postgres:// or postgresql://")
        }
        guard !raw.contains(where: { $0 == "\n" || $0 == "\r" }) else {
            throw invalid("it contains a line break")
        }
        guard let components = URLComponents(string: raw) else {
            throw invalid("it is not a valid URL (percent-encode special characters in the password)")
        }
        guard let user = components.user, !user.isEmpty else { throw invalid("the user name is missing") }
        guard let host = components.host, !host.isEmpty else { throw invalid("the host name is missing") }
        let path = components.path
        let database = path.split(separator: "/", omittingEmptySubsequences: true).first.map(String.init) ?? ""
        guard !database.isEmpty else { throw invalid("the database name is missing") }
        self.raw = raw
        self.user = user
        self.password = components.password.flatMap { $0.isEmpty ? nil : $0 }
        self.host = host
        self.port = components.port
        self.database = database.removingPercentEncoding ?? database
    }

    /// `true` when the host is an IPv4 or IPv6 literal.
    var hostIsIPAddress: Bool {
        if host.hasPrefix("[") || host.contains(":") { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { UInt8($0) != nil }
    }

    /// The connection string with the password replaced by `****`.
    var redacted: String {
        "postgresql://\(user)\(password == nil ? "" : ":****")@\(host)\(port.map { ":\($0)" } ?? "")/\(database)"
    }

    /// The `/sql` endpoint Neon's driver derives: the first DNS label replaced by `api`
    /// (`apiauth` with a bearer token), https, no port.
    func derivedEndpoint(jwt: Bool) throws -> URL {
        guard !hostIsIPAddress else {
            throw NeonError.invalidConfiguration(
                "cannot derive Neon's /sql endpoint from an IP address host; set an explicit endpoint")
        }
        let prefix = jwt ? "apiauth." : "api."
        let derivedHost: String
        if let dot = host.firstIndex(of: ".") {
            derivedHost = prefix + host[host.index(after: dot)...]
        } else {
            derivedHost = host  // the driver's regex leaves a single-label host unchanged
        }
        guard let url = URL(string: "https://\(derivedHost)/sql") else {
            throw NeonError.invalidConfiguration("cannot derive an endpoint URL from the host")
        }
        return url
    }
}
