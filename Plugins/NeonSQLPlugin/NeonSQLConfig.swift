import Foundation

/// The optional `neon-sql.json` of a target:
///
/// ```json
/// { "schema": ["db/schema", "db/extra.sql"] }
/// ```
///
/// `schema` lists files or directories (relative to the config file) holding the schema, applied
/// in the order listed, a directory's `.sql` files (recursively) in path order. Without a config
/// file, the schema is every `.sql` file under a `schema/` or `migrations/` folder of the target.
struct NeonSQLConfig: Decodable {
    var schema: [String]

    static func load(from url: URL) throws -> NeonSQLConfig {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw PluginError("cannot read '\(url.path)': \(error.localizedDescription)")
        }
        do {
            return try JSONDecoder().decode(NeonSQLConfig.self, from: data)
        } catch {
            throw PluginError("'\(url.path)' is not valid: expected {\"schema\": [\"path\", ...]} (\(error))")
        }
    }
}
