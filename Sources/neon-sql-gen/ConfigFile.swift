import Foundation
import NeonSQLGenerator

/// Reads the type overrides of `neon-sql.json` (the plugin reads its `schema` paths itself):
///
/// ```json
/// { "schema": ["db/migrations"],
///   "overrides": { "columns": { "products.attributes": "ProductAttributes" },
///                  "types": { "citext": "String" } } }
/// ```
enum ConfigFile {
    private struct Contents: Decodable {
        struct Overrides: Decodable {
            var columns: [String: String]?
            var types: [String: String]?
        }
        var overrides: Overrides?
    }

    static func overrides(at path: String?) throws(CLIFailure) -> TypeOverrides {
        guard let path else { return TypeOverrides() }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CLIFailure("cannot read the config file: \(error.localizedDescription)", file: path)
        }
        do {
            let contents = try JSONDecoder().decode(Contents.self, from: data)
            return TypeOverrides(columns: contents.overrides?.columns ?? [:], types: contents.overrides?.types ?? [:])
        } catch {
            throw CLIFailure("invalid config file: \(error)", file: path)
        }
    }
}
