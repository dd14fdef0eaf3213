extension Diagnostic {
    /// A message at `location` of `file`.
    init(_ severity: Severity, _ message: String, in file: SourceFile, at location: SourceLocation) {
        self.init(file: file.path, line: location.line, column: location.column, severity: severity, message: message)
    }
}

/// The stages' way to report at a place in a `.sql` file (the collector itself is the query
/// description's: `Sources/NeonSQLQueryDescription/DiagnosticCollector.swift`).
extension DiagnosticCollector {
    mutating func error(_ message: String, in file: SourceFile, at location: SourceLocation) {
        append(Diagnostic(.error, message, in: file, at: location))
    }

    mutating func warning(_ message: String, in file: SourceFile, at location: SourceLocation) {
        append(Diagnostic(.warning, message, in: file, at: location))
    }
}
