extension Diagnostic {
    /// A message at `location` of `file`.
    init(_ severity: Severity, _ message: String, in file: SourceFile, at location: SourceLocation) {
        self.init(file: file.path, line: location.line, column: location.column, severity: severity, message: message)
    }
}

/// Collects diagnostics across all stages, so one run reports every problem.
struct DiagnosticCollector: Sendable {
    private(set) var diagnostics: [Diagnostic] = []

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    /// How many errors were collected (to tell whether a step added one).
    var errorCount: Int { diagnostics.count { $0.severity == .error } }

    mutating func error(_ message: String, in file: SourceFile, at location: SourceLocation) {
        diagnostics.append(Diagnostic(.error, message, in: file, at: location))
    }

    mutating func warning(_ message: String, in file: SourceFile, at location: SourceLocation) {
        diagnostics.append(Diagnostic(.warning, message, in: file, at: location))
    }

    mutating func append(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

    mutating func append(contentsOf other: [Diagnostic]) { diagnostics.append(contentsOf: other) }

    /// Diagnostics in file, line, column order: stable output for goldens and users.
    var sorted: [Diagnostic] {
        diagnostics.enumerated().sorted { lhs, rhs in
            let (l, r) = (lhs.element, rhs.element)
            if l.file != r.file { return l.file < r.file }
            if l.line != r.line { return l.line < r.line }
            if l.column != r.column { return l.column < r.column }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }
}
