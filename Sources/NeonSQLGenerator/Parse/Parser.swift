// Placeholder entry point; the recursive-descent parser replaces this file.
enum SQLParser {
    /// Parses every statement of `source`, reporting syntax errors to `diagnostics` and
    /// recovering at the next `;` so that one run reports every error.
    static func parse(_ source: SourceFile, diagnostics: inout DiagnosticCollector) -> ParsedFile {
        ParsedFile(source: source, statements: [], trailingComments: [])
    }
}
