import Foundation
import NeonSQLGenerator
import Testing

/// Injection-proof by construction: in every piece of generated Swift, the SQL handed to the
/// runtime is one string literal with no interpolation, so no value can ever become SQL text
/// (values travel only in `Bindings`). Checked on the code generated for the RIZQ example and for
/// every golden case.
@Suite("Generated SQL is a constant")
struct SQLTextIsConstantTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `sql:` arguments of `source`, each as (literal text, whether it is a literal at all).
    static func sqlArguments(in source: String) -> [(literal: String, isLiteral: Bool, interpolates: Bool)] {
        var results: [(String, Bool, Bool)] = []
        var rest = source[...]
        while let label = rest.range(of: "sql: ") {
            rest = rest[label.upperBound...]
            let hashes = rest.prefix { $0 == "#" }.count
            let afterHashes = rest.dropFirst(hashes)
            let quote = afterHashes.hasPrefix("\"\"\"") ? "\"\"\"" : (afterHashes.hasPrefix("\"") ? "\"" : nil)
            guard let quote else {
                results.append((String(rest.prefix(40)), false, false))
                continue
            }
            let body = afterHashes.dropFirst(quote.count)
            let closing = quote + String(repeating: "#", count: hashes)
            guard let end = body.range(of: closing) else {
                results.append((String(rest.prefix(40)), false, false))
                continue
            }
            let literal = body[..<end.lowerBound]
            let interpolation = "\\" + String(repeating: "#", count: hashes) + "("
            results.append((String(literal), true, literal.contains(interpolation)))
            rest = body[end.upperBound...]
        }
        return results
    }

    static func sqlInputs(_ directory: URL, folder: String) throws -> [SQLSourceInput] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".sql") }.sorted().map {
            SQLSourceInput(path: "\(folder)/\($0)", contents: try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8))
        }
    }

    /// Generated sources: RIZQ (`queries/`) and every golden case that generates code.
    static func generatedSources() throws -> [(name: String, source: String)] {
        var sources: [(String, String)] = []
        let rizq = repositoryRoot.appendingPathComponent("queries")
        let generated = CodeGenerator.generate(
            schema: try sqlInputs(rizq.appendingPathComponent("schema"), folder: "schema"),
            queries: try sqlInputs(rizq, folder: "queries"))
        #expect(!generated.hasErrors, "\(generated.diagnostics)")
        sources += generated.files.map { ("RIZQ/\($0.inputPath)", $0.source) }
        for name in GoldenTests.cases {
            let caseDirectory = GoldenTests.goldenDirectory.appendingPathComponent(name)
            let golden = CodeGenerator.generate(
                schema: try GoldenTests.sqlInputs(in: caseDirectory, folder: "schema"),
                queries: try GoldenTests.sqlInputs(in: caseDirectory, folder: "queries"))
            if !golden.hasErrors { sources += golden.files.map { ("\(name)/\($0.inputPath)", $0.source) } }
        }
        return sources
    }

    /// `variant.sql, ...` where `variant` is the result of a file-level `...SQLTemplate.variant(...)`.
    static func isTemplateVariant(_ argument: String, in source: String) -> Bool {
        guard let dot = argument.firstIndex(of: "."), argument[dot...].hasPrefix(".sql,") else { return false }
        let variable = argument[..<dot]
        guard !variable.isEmpty, variable.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return false }
        return source.contains("let \(variable) = ") && source.contains("SQLTemplate.variant([") && source.contains("= NeonSQL.SQLTemplate([")
    }

    /// The argument of every `.text(` of a template declaration: a string literal, without interpolation.
    static func templateFragments(in source: String) -> [(text: String, isLiteral: Bool, interpolates: Bool)] {
        var results: [(String, Bool, Bool)] = []
        var rest = source[...]
        while let call = rest.range(of: ".text(") {
            rest = rest[call.upperBound...]
            guard rest.hasPrefix("\""), let end = rest.dropFirst().firstIndex(where: { $0 == "\"" }) else {
                results.append((String(rest.prefix(40)), false, false))
                continue
            }
            // Escaped quotes: find the closing quote that is not preceded by a backslash.
            var close = end
            while rest[rest.index(before: close)] == "\\", let next = rest[rest.index(after: close)...].firstIndex(of: "\"") { close = next }
            let literal = rest[rest.index(after: rest.startIndex)..<close]
            results.append((String(literal), true, literal.contains("\\(")))
            rest = rest[rest.index(after: close)...]
        }
        return results
    }

    @Test func everySQLArgumentIsALiteralWithoutInterpolation() throws {
        var statements = 0
        var templateFragments = 0
        for (name, source) in try Self.generatedSources() {
            let arguments = Self.sqlArguments(in: source)
            #expect(!arguments.isEmpty, "\(name): no sql: argument found (did the generated shape change?)")
            for argument in arguments {
                // A query with `-- @optional`/`-- @patch` sends the variant its template assembled
                // from literal fragments (checked below).
                if !argument.isLiteral, Self.isTemplateVariant(argument.literal, in: source) {
                    statements += 1
                    continue
                }
                #expect(argument.isLiteral, "\(name): sql: is not a string literal: \(argument.literal)")
                #expect(!argument.interpolates, "\(name): sql: interpolates a value: \(argument.literal)")
                statements += 1
            }
            for fragment in Self.templateFragments(in: source) {
                #expect(fragment.isLiteral && !fragment.interpolates, "\(name): a template fragment is not a plain literal: \(fragment.text)")
                templateFragments += 1
            }
            // Nothing else in generated code turns a value into text that reaches `sql:`.
            #expect(!source.contains("String(describing:"), "\(name)")
            #expect(!source.contains("replacingOccurrences"), "\(name)")
        }
        print("generated SQL: \(statements) statements, every one a literal without interpolation "
              + "or assembled from \(templateFragments) literal template fragments")
        #expect(statements >= 15)
        #expect(templateFragments > 0)
    }

    @Test func theTemplateScannerCatchesInterpolationAndNonLiterals() {
        let fragments = Self.templateFragments(in: #".text("WHERE a = \"x\" "), .text("b = \(value)"), .text(name)"#)
        #expect(fragments.map(\.isLiteral) == [true, true, false])
        #expect(fragments.map(\.interpolates) == [false, true, false])
        #expect(!Self.isTemplateVariant("rows.sql, bindings: b", in: "let rows = compute()"))
    }

    @Test func theScannerCatchesInterpolation() {
        // The check itself can fail: interpolated or non-literal SQL is reported.
        let bad = ##"""
            return .one(sql: #"""
                SELECT * FROM t WHERE name = '\#(name)'
                """#, bindings: bindings, readOnly: true)
            return .many(sql: "SELECT \(column) FROM t", bindings: bindings, readOnly: true)
            return .exec(sql: text, bindings: bindings, readOnly: false)
            return .exec(sql: "SELECT 1", bindings: bindings, readOnly: false)
            """##
        let found = Self.sqlArguments(in: bad)
        #expect(found.map(\.isLiteral) == [true, true, false, true])
        #expect(found.map(\.interpolates) == [true, true, false, false])
    }
}
