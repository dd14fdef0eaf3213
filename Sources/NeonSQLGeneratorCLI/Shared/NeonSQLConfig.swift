// Shared by `neon-sql-gen` and `NeonSQLPlugin` (Plugins/NeonSQLPlugin/Shared is a symlink to this
// folder): the one reader of `neon-sql.json`. Foundation only; no other module.
import Foundation

/// The optional `neon-sql.json` of a target:
///
/// ```json
/// {
///   "schema": ["db/schema", "db/extra.sql"],
///   "overrides": { "columns": { "products.attributes": "ProductAttributes" },
///                  "types": { "citext": "String" } },
///   "names": { "queries": "Queries", "statements": "Statements", "client": "QueryClient" },
///   "postgresVersion": 16,
///   "frozenEnums": false,
///   "codableRows": false,
///   "queryClient": true
/// }
/// ```
///
/// `schema` lists files or directories (relative to the config file) holding the schema, applied
/// in the order listed, a directory's `.sql` files (recursively) in path order. Without it, the
/// schema is every `.sql` file under a `schema/` or `migrations/` folder of the target.
/// `overrides` maps columns or PostgreSQL types to Swift types; `names` renames the types the
/// target's generated code declares. `postgresVersion` is the PostgreSQL major version of the
/// project's Neon database (14 to 17): a call to a built-in function that version lacks is then an
/// error; without it, every version's functions are known. `frozenEnums: true` generates enums
/// without the fallback case that keeps a label added to the database after generation
/// (`undocumented(String)`): such a label is then a decoding error, as in a frozen enum.
/// `codableRows: true` makes the row structs `Codable` too (they are `Sendable` and `Hashable`
/// without it): the conformance costs every build of the target compile time, so it is opt-in.
/// `queryClient: true` declares the dependency client (`QueryClient`, the closure property per query
/// and its observation), for TCA-style dependencies; it is opt-in because it is about a third of the
/// target's compile time. Without the key the target declares only an unavailable placeholder of
/// the client's name, whose message says this; `queryClient: false` leaves that out too.
struct NeonSQLConfig: Decodable, Equatable {
    struct Overrides: Decodable, Equatable {
        var columns: [String: String]?
        var types: [String: String]?
    }

    struct Names: Decodable, Equatable {
        var queries: String?
        var statements: String?
        var client: String?
    }

    var schema: [String]?
    var overrides: Overrides?
    var names: Names?
    var postgresVersion: Int?
    var frozenEnums: Bool?
    var codableRows: Bool?
    var queryClient: Bool?

    static let fileName = "neon-sql.json"
    /// The lock file `neon-sql-gen prepare` writes next to it (PostgreSQL's description of the queries).
    static let lockFileName = "neon-sql.lock.json"

    /// Reads and decodes the file.
    static func load(from url: URL) throws(NeonSQLConfigError) -> NeonSQLConfig {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw NeonSQLConfigError("cannot read '\(url.path)': \(error.localizedDescription)")
        }
        do {
            return try JSONDecoder().decode(NeonSQLConfig.self, from: data)
        } catch {
            throw NeonSQLConfigError("'\(url.path)' is not valid: expected {\"schema\": [\"path\", ...], \"overrides\": {...}, \"names\": {...}, \"postgresVersion\": 17} (\(error))")
        }
    }

    /// The `schema` entries as absolute URLs: relative ones resolved against the config file's
    /// directory, absolute ones (`/srv/db/schema`) as written.
    func schemaRoots(relativeTo configFile: URL) -> [URL]? {
        let base = configFile.deletingLastPathComponent().standardizedFileURL
        return schema.map {
            $0.map { entry in
                entry.hasPrefix("/") ? URL(fileURLWithPath: entry).standardizedFileURL
                    : base.appendingPathComponent(entry).standardizedFileURL
            }
        }
    }

    /// The `.sql` files of `roots` in the order the plugin applies them: each root in the order
    /// given; a directory's files recursively, in path order.
    static func schemaFiles(under roots: [URL], also extraFiles: [URL] = []) throws(NeonSQLConfigError) -> [URL] {
        var result: [URL] = []
        for root in roots {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory) else {
                throw NeonSQLConfigError("\(fileName): schema path '\(root.path)' does not exist")
            }
            guard isDirectory.boolValue else {
                result.append(root)
                continue
            }
            let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
            var found = extraFiles.filter { $0.path.hasPrefix(prefix) }
            if let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) {
                for case let url as URL in enumerator where url.pathExtension.lowercased() == "sql" {
                    found.append(url.standardizedFileURL)
                }
            }
            result += unique(found).sorted { $0.path < $1.path }
        }
        return unique(result)
    }

    private static func unique(_ files: [URL]) -> [URL] {
        var seen = Set<String>()
        return files.filter { seen.insert($0.path).inserted }
    }
}

/// A `neon-sql.json` that cannot be read or used.
struct NeonSQLConfigError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
