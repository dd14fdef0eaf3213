import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

/// Parses `text` as one file.
func parseFile(_ text: String) -> (file: ParsedFile, diagnostics: [Diagnostic]) {
    var collector = DiagnosticCollector()
    let file = SQLParser.parse(SourceFile(path: "test.sql", text: text), diagnostics: &collector)
    return (file, collector.diagnostics)
}

/// `line:column message` of every diagnostic.
func diagnosticLines(_ text: String) -> [String] {
    parseFile(text).diagnostics.map { "\($0.line):\($0.column) \($0.message)" }
}

/// The single statement of `text`, recording an issue if it does not parse cleanly.
func parseStatement(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Statement? {
    let (file, diagnostics) = parseFile(text)
    #expect(diagnostics.isEmpty, "\(diagnostics.map(\.formatted))", sourceLocation: sourceLocation)
    #expect(file.statements.count == 1, sourceLocation: sourceLocation)
    return file.statements.first?.statement
}

func parseSelect(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> SelectStatement? {
    guard case .select(let select)? = parseStatement(text, sourceLocation: sourceLocation) else { return nil }
    return select
}

func core(_ select: SelectStatement?) -> SelectCore? {
    guard case .select(let core)? = select?.body else { return nil }
    return core
}

/// The S-expression of `SELECT <expression>`'s single target.
func expr(_ expression: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
    guard let targets = core(parseSelect("SELECT \(expression)", sourceLocation: sourceLocation))?.targets,
          targets.count == 1, case .expression(let e, _) = targets[0] else { return "<no single target>" }
    return e.dump
}

/// The message of the single diagnostic for `text`.
func firstError(_ text: String) -> String {
    diagnosticLines(text).first ?? "<no error>"
}
