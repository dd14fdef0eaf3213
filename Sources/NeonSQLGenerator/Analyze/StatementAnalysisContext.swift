/// What every part of a statement's analysis shares: the schema it reads, the file it reports
/// into, the statement's diagnostics, parameter table and edits to the SQL sent, and the guard
/// against nesting too deep for the thread's stack. ``StatementAnalyzer`` holds the state; each
/// part is a protocol that refines this one and requires only the state it owns besides these.
protocol StatementAnalysisContext {
    var catalog: Catalog { get }
    var source: SourceFile { get }
    var diagnostics: DiagnosticCollector { get set }
    var parameters: ParameterTable { get set }
    /// The statement's edits to the SQL sent besides parameters (alias markers, embeds, star
    /// expansions), changed only through ``SentSQLEdits``' operations.
    var sentSQL: SentSQLEdits { get set }
    /// The analysis gave up on a statement nested too deeply: later problems are its consequences.
    var reportedNestingTooDeep: Bool { get }

    /// Reports an error at `location`, unless the analysis gave up on a too-deep statement.
    mutating func error(_ message: String, at location: SourceLocation)
    /// True (and reported once per statement) when this thread's stack is nearly used up: the
    /// recursion over a long operator or UNION chain stops with a diagnostic instead of overflowing.
    mutating func isNestedTooDeeply(at location: SourceLocation) -> Bool
    /// Enters one more level of expression nesting; false (reported once) when it is too deep to
    /// analyze. Each call is paired with ``leaveNestedExpression()``.
    mutating func enterNestedExpression(at location: SourceLocation) -> Bool
    mutating func leaveNestedExpression()
}

extension StatementAnalysisContext {
    /// Where PostgreSQL places the errors of an infix construct whose left operand is `operand`
    /// (`a = b`, `a IS [NOT] DISTINCT FROM b`, `a NOT LIKE b`, `a BETWEEN b AND c`, `(a, b) < (c, d)`,
    /// `a IN (...)`): at its operator, the first token after the operand.
    func operatorLocation(after operand: Expression) -> SourceLocation {
        source.tokenLocation(after: operand.range.endOffset) ?? operand.location
    }
}
