import Foundation

/// The table-effects oracle's SQL, by section, from `Data/table_effects_oracle/oracle.psql`: the one
/// copy, shared with the real-applications differential (`Scripts/lib/sqlc_differential.py`).
enum TableEffectsOracleSQL {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Data").appendingPathComponent("table_effects_oracle").appendingPathComponent("oracle.psql")

    struct MissingSection: Error, CustomStringConvertible {
        let name: String
        var description: String { "no section '\(name)' in \(TableEffectsOracleSQL.file.path)" }
    }

    /// The text of section `name` (from its `-- section: NAME` line to the next), `{{role}}` as `role`.
    static func section(_ name: String, role: String = "") throws -> String {
        let text = try String(contentsOf: file, encoding: .utf8)
        var lines: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("-- section: ") {
                if lines != nil { break }
                if line.dropFirst("-- section: ".count) == name { lines = [] }
            } else {
                lines?.append(line)
            }
        }
        guard let lines else { throw MissingSection(name: name) }
        return lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
            .replacingOccurrences(of: "{{role}}", with: role)
    }
}
