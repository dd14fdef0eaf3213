import Foundation
import NeonSQLGenerator

/// `neon-sql-gen breaking`: reads a shipped version's describe JSON and the new schema, prints
/// each finding (text or JSON) on stdout; 0 nothing breaks, 1 something does, 2 a bad --against.
enum BreakingCommand {
    static func run(_ options: BreakingOptions) throws(CLIFailure) -> Int32 {
        let shipped: DescribeDocument
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: options.againstPath))
            shipped = try JSONDecoder().decode(DescribeDocument.self, from: data)
        } catch let error as DecodingError {
            StandardStreams.writeError("neon-sql-gen breaking: error: \(options.againstPath) is not the JSON of `neon-sql-gen describe`: \(describe(error))\n")
            return 2
        } catch {
            StandardStreams.writeError("neon-sql-gen breaking: error: cannot read \(options.againstPath)\n")
            return 2
        }
        let schema = try InputFiles.read(try InputFiles.expand(options.schemaPaths))
        let report = CodeGenerator.breakingChanges(shipped: shipped, schema: schema)
        if options.json {
            StandardStreams.writeOut(json(report))
        } else {
            for error in report.schemaErrors { StandardStreams.writeOut(error + "\n") }
            for change in report.changes { StandardStreams.writeOut(change.formatted + "\n") }
            let errors = report.changes.count { $0.severity == "error" }
            let warnings = report.changes.count - errors
            StandardStreams.writeError("neon-sql-gen breaking: \(shipped.queries.count) shipped queries checked: "
                                       + "\(errors) breaking, \(warnings) warnings\n")
        }
        return report.breaks ? 1 : 0
    }

    /// The report as JSON (`--format json`), keys sorted.
    static func json(_ report: BreakingReport) -> String {
        struct Change: Encodable {
            let severity, file: String
            let line, column: Int
            let query, queryFile: String
            let queryLine: Int
            let message: String
        }
        struct Document: Encodable {
            let changes: [Change]
            let schemaErrors: [String]
        }
        let document = Document(changes: report.changes.map {
            Change(severity: $0.severity, file: $0.file, line: $0.line, column: $0.column, query: $0.queryName,
                   queryFile: $0.queryFile, queryLine: $0.queryLine, message: $0.message)
        }, schemaErrors: report.schemaErrors)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(document) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return "missing \"\(key.stringValue)\" at \(path(context.codingPath))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(context.debugDescription) at \(path(context.codingPath))"
        @unknown default:
            return "invalid"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.isEmpty ? "the top level" : keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}
