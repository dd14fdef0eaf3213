/// The PostgreSQL major versions that have a catalog entry: the built-in data's optional version
/// field (`16-` since 16, `-15` up to 15, `16-16` only 16; empty: every version).
struct PostgresVersions: Sendable, Hashable {
    /// The first major version with the entry; nil: every version the data covers.
    let since: Int?
    /// The last major version with the entry; nil: still there in the newest.
    let until: Int?

    static let all = PostgresVersions(since: nil, until: nil)

    init(since: Int?, until: Int?) {
        self.since = since
        self.until = until
    }

    /// Parses the data's version field; an empty or malformed one means every version.
    init(_ field: String) {
        guard let dash = field.firstIndex(of: "-") else {
            self = .all
            return
        }
        since = Int(field[..<dash])
        until = Int(field[field.index(after: dash)...])
    }

    /// Whether major version `version` has the entry.
    func contains(_ version: Int) -> Bool {
        if let since, version < since { return false }
        if let until, version > until { return false }
        return true
    }

    /// How a message names the versions: "PostgreSQL 16 or later", "PostgreSQL 15 or earlier".
    var requirement: String {
        switch (since, until) {
        case (let since?, let until?) where since == until: "PostgreSQL \(since)"
        case (let since?, let until?): "PostgreSQL \(since) to \(until)"
        case (let since?, nil): "PostgreSQL \(since) or later"
        case (nil, let until?): "PostgreSQL \(until) or earlier"
        case (nil, nil): "any PostgreSQL version"
        }
    }
}
