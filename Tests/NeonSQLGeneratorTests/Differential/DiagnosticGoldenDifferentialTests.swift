import Foundation
import NeonSQLTestSupport
import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

/// Diagnostics golden cases (Diagnostics/Cases/) whose every expected error is PostgreSQL's own,
/// checked against the server: the case's schema loaded into a fresh database, each query
/// PREPAREd (`@name` as `$n`), and PostgreSQL's errors, placed at the line and column of the
/// character it names (an error without a position matches one on the statement's lines with
/// PostgreSQL's message and its DETAIL), must be the case's expected diagnostics exactly; a query PostgreSQL
/// accepts must have none. Add a case here when it holds no error of the generator's own.
@Suite("Differential: diagnostics goldens vs PostgreSQL", .serialized, .offCooperativePool)
struct DiagnosticGoldenDifferentialTests {
    static let cases = ["assignment_coercion.sql", "view_not_updatable.sql", "missed_by_sqlc_suite.sql",
                        "subquery_ungrouped_column.sql", "distinct_order_by.sql", "set_operation_types.sql",
                        "ungrouped_column.sql", "ungrouped_column_classes.sql",
                        "generated_column_writes.sql",
                        "boolean_conditions.sql", "aggregate_syntax_on_functions.sql", "grouping_casts.sql",
                        "malformed_array_literals.sql", "conditional_expression_syntax.sql",
                        "table_name_conflicts.sql", "join_using_columns.sql", "qualified_operators.sql",
                        "full_join_merged_grouping.sql", "grouping_cast_modifiers.sql",
                        "ambiguous_table_reference.sql", "parenthesized_from_items.sql",
                        "quantified_operator_types.sql", "operator_error_positions.sql",
                        "unqualified_operator_search_path.sql", "scalar_literal_input.sql",
                        "target_list_constants.sql"]

    @Test(.enabled(if: PostgresTestEnvironment.shouldRun), arguments: cases)
    func errorsArePostgreSQLs(_ name: String) throws {
        let text = try String(contentsOf: DiagnosticGoldenTests.directory.appendingPathComponent(name), encoding: .utf8)
        let golden = DiagnosticGoldenTests.parse(text)
        try PSQL.withScratchDatabase("neon_sql_golden") { psql, database in
            _ = try psql.run(golden.schema.map(\.contents).joined(separator: "\n;\n"), database: database)
            var found: [String] = []
            for file in golden.queries {
                for statement in Self.statements(in: file.contents) {
                    if let error = try Self.postgresError(statement, psql: psql, database: database) {
                        if error.line == 0, let placed = Self.placed(error.message, statement, file: file.path, among: golden.expected) {
                            found.append(placed)
                        } else {
                            found.append("\(file.path):\(error.line):\(error.column): error: \(error.message)")
                        }
                    }
                }
            }
            #expect(found == golden.expected)
        }
    }

    /// Schema cases psql restores past PostgreSQL's errors (`pg_dump` output loaded into a new
    /// database meets `CREATE SCHEMA public`): every error psql prints for the schema is one of the
    /// case's warnings, at the same line and with PostgreSQL's message (errors about roles aside:
    /// the generator does not model roles), and every query then prepares.
    static let restoredSchemaCases = ["schema_already_exists.sql"]

    @Test(.enabled(if: PostgresTestEnvironment.shouldRun), arguments: restoredSchemaCases)
    func restoreErrorsAreWarnings(_ name: String) async throws {
        let text = try String(contentsOf: DiagnosticGoldenTests.directory.appendingPathComponent(name), encoding: .utf8)
        let golden = DiagnosticGoldenTests.parse(text)
        let warnings = golden.expected.filter { $0.contains(": warning: ") }
        #expect(!warnings.isEmpty)
        let url = try #require(PostgresTestEnvironment.url, "NEON_SQL_TEST_POSTGRES_URL is not set; run Scripts/test.sh")
        let psql = PSQL(url: url)
        let database = "neon_sql_restore_\(UInt32.random(in: 0...UInt32.max))"
        let created = try await CommandRunner.runOffPool(["psql", url, "-X", "-q", "-c", "CREATE DATABASE \(database)"])
        try #require(created.succeeded, Comment(rawValue: created.stderr))
        var errors: [(file: String, line: Substring, message: Substring)] = []
        var failures: [String] = []
        do {
            for schema in golden.schema {
                let result = try await CommandRunner.runOffPool(["psql", psql.url(database: database), "-X", "-q", "-f", "-"], input: schema.contents)
                // `psql:<stdin>:LINE: ERROR:  message`
                for line in result.stderr.split(separator: "\n") {
                    guard let marker = line.range(of: ": ERROR:  ") else { continue }
                    let message = line[marker.upperBound...]
                    if message.hasPrefix("role ") { continue }
                    errors.append((schema.path, line[..<marker.lowerBound].split(separator: ":").last ?? "", message))
                }
            }
            for file in golden.queries {
                for statement in Self.statements(in: file.contents) {
                    let result = try await CommandRunner.runOffPool(["psql", psql.url(database: database), "-X", "-q", "-v", "VERBOSITY=terse",
                                                                     "-c", "PREPARE neon_restored AS " + statement.sql])
                    if !result.succeeded { failures.append("\(file.path):\(statement.firstLine): \(result.stderr)") }
                }
            }
        } catch {
            _ = try? await CommandRunner.runOffPool(["psql", url, "-X", "-q", "-c", "DROP DATABASE IF EXISTS \(database) WITH (FORCE)"])
            throw error
        }
        _ = try await CommandRunner.runOffPool(["psql", url, "-X", "-q", "-c", "DROP DATABASE IF EXISTS \(database) WITH (FORCE)"])
        #expect(errors.count == warnings.count, "psql: \(errors.map(\.message)), ours: \(warnings)")
        for error in errors {
            #expect(warnings.contains { $0.hasPrefix("\(error.file):\(error.line):") && $0.contains("warning: \(error.message):") },
                    "PostgreSQL's \(error.file):\(error.line): \(error.message) is no warning of ours")
        }
        #expect(failures == [])
    }

    /// One statement of a query file: its SQL with `@name` parameters as `$n` padded to the same
    /// length (so PostgreSQL's character positions are the file's), and the line it starts on.
    struct Statement {
        var sql: String
        var firstLine: Int
    }

    /// The statements after each `-- name:` annotation (each starting on the line after it),
    /// without their `;`.
    static func statements(in contents: String) -> [Statement] {
        var statements: [Statement] = []
        var current: Statement?
        var parameters: [String: Int] = [:]
        func finish() {
            guard var statement = current else { return }
            while let last = statement.sql.last, last.isWhitespace || last == ";" { statement.sql.removeLast() }
            statements.append(statement)
            current = nil
            parameters = [:]
        }
        for (index, line) in contents.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("-- name:") {
                finish()
                current = Statement(sql: "", firstLine: index + 2)
                continue
            }
            guard var statement = current else { continue }
            statement.sql += (statement.sql.isEmpty ? "" : "\n") + numbered(String(line), &parameters)
            current = statement
        }
        finish()
        return statements
    }

    /// `@name` -> `$n` followed by spaces to keep the length (names start with a letter or `_`). An
    /// `@` not followed by one is an operator's (`@>`, `<@`, `@@`, `@?`) and stays.
    private static func numbered(_ line: String, _ parameters: inout [String: Int]) -> String {
        var result = ""
        var characters = Substring(line)
        while let at = characters.firstIndex(of: "@") {
            result += characters[..<at]
            let rest = characters[characters.index(after: at)...]
            guard let first = rest.first, first.isLetter || first == "_" else {
                result += "@"
                characters = rest
                continue
            }
            let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            let number = parameters[String(name)] ?? parameters.count + 1
            parameters[String(name)] = number
            let replacement = "$\(number)"
            result += replacement + String(repeating: " ", count: max(0, name.count + 1 - replacement.count))
            characters = rest.dropFirst(name.count)
        }
        return result + characters
    }

    /// An error PostgreSQL gives without a position (the rewriter's, such as `cannot insert into
    /// view "v"`): the expected diagnostic on one of the statement's lines whose message is
    /// PostgreSQL's, alone or followed by `: ` and its DETAIL.
    static func placed(_ message: String, _ statement: Statement, file: String, among expected: [String]) -> String? {
        let lineCount = statement.sql.split(separator: "\n", omittingEmptySubsequences: false).count
        return expected.first { line in
            (statement.firstLine..<statement.firstLine + lineCount).contains { line.hasPrefix("\(file):\($0):") }
                && (line.hasSuffix("error: \(message)") || line.contains("error: \(message): "))
        }
    }

    /// PostgreSQL's error for PREPARE of the statement, at the line and column it names.
    static func postgresError(_ statement: Statement, psql: PSQL, database: String) throws -> (line: Int, column: Int, message: String)? {
        let prefix = "PREPARE neon_golden AS "
        let result = try CommandRunner.run(["psql", psql.url(database: database), "-X", "-q", "-v", "VERBOSITY=terse",
                                            "-c", prefix + statement.sql])
        guard !result.succeeded else { return nil }
        // `ERROR:  message at character N` (terse: no hint, no context).
        var message = result.stderr.split(separator: "\n").first.map(String.init) ?? result.stderr
        if message.hasPrefix("ERROR:  ") { message.removeFirst("ERROR:  ".count) }
        guard let marker = message.range(of: " at character ", options: .backwards),
              let position = Int(message[marker.upperBound...]) else {
            return (0, 0, message)
        }
        message = String(message[..<marker.lowerBound])
        // Characters before the error within the statement; then its line and column.
        let before = statement.sql.prefix(max(0, position - 1 - prefix.count))
        let lines = before.split(separator: "\n", omittingEmptySubsequences: false)
        return (statement.firstLine + lines.count - 1, (lines.last?.count ?? 0) + 1, message)
    }
}
