/// Collects diagnostics across all stages, so one run reports every problem.
package struct DiagnosticCollector: Sendable {
    package private(set) var diagnostics: [Diagnostic] = []

    package init() {}

    package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    /// How many errors were collected (to tell whether a step added one).
    package var errorCount: Int { diagnostics.count { $0.severity == .error } }

    package mutating func append(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

    package mutating func append(contentsOf other: [Diagnostic]) { diagnostics.append(contentsOf: other) }

    /// Diagnostics in file, line, column order: stable output for goldens and users.
    package var sorted: [Diagnostic] {
        diagnostics.enumerated().sorted { lhs, rhs in
            let (l, r) = (lhs.element, rhs.element)
            if l.file != r.file { return l.file < r.file }
            if l.line != r.line { return l.line < r.line }
            if l.column != r.column { return l.column < r.column }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }
}
