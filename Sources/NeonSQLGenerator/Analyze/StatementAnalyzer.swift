/// The state of one statement's analysis (or a view's query), and its entry points. The
/// behaviour is in parts, each a protocol whose requirements name the state it reads and changes
/// and the other parts it calls (its extension's `where` clause):
/// `StatementAnalysisContext` (what every part shares), `ExpressionTyping`, `RowComparing`,
/// `ParameterConflictReporting`, `CallTyping`, `NameResolving`, `FromClauseAnalyzing`,
/// `SelectAnalyzing`, `GroupingChecking` and `ModificationAnalyzing`.
struct StatementAnalyzer: ExpressionTyping, RowComparing, ParameterConflictReporting, CallTyping, NameResolving,
                          FromClauseAnalyzing, SelectAnalyzing, GroupingChecking, ModificationAnalyzing {
    let catalog: Catalog
    let source: SourceFile
    var diagnostics = DiagnosticCollector()
    var parameters: ParameterTable
    /// Edits to the SQL sent besides parameters (shared: `SelectAnalyzing` and `NameResolving` record them).
    var sentSQL = SentSQLEdits()
    /// `ModificationAnalyzing`'s: false once a data-modifying statement or CTE is seen.
    var isReadOnly = true
    /// `SelectAnalyzing`'s: the `-- @sort` slots and the ones ORDER BY met.
    var sortSlots = SortSlots()
    /// `SelectAnalyzing`'s: insert targets, deferred select-list parameters, assignment lists.
    var targetTyping = TargetTyping()
    /// `FromClauseAnalyzing`'s: a FROM item failed to resolve (reported): unresolved columns are
    /// then its consequence and not reported again, as PostgreSQL stops at the first error.
    var hasUnresolvedRelation = false
    /// `CallTyping`'s: the result shape of each resolved function call, by the offset of its
    /// name: what FROM items and `(f(x)).field` / `(f(x)).*` read (Scope/FromClauseAnalyzing+CallShapes.swift).
    var callShapes: [Int: CallShape] = [:]
    /// How deep the analysis is nested, and whether it gave up.
    private var nesting = NestingGuard()

    /// An analysis reading `catalog`, reporting into `source`, numbering `parameters`; `sortSlots`
    /// are the statement's `-- @sort` slots (not in `parameters`).
    init(catalog: Catalog, source: SourceFile, parameters: ParameterTable = ParameterTable(occurrences: []),
         sortSlots: SortSlots = SortSlots()) {
        self.catalog = catalog
        self.source = source
        self.parameters = parameters
        self.sortSlots = sortSlots
    }

    var reportedNestingTooDeep: Bool { nesting.gaveUp }

    mutating func isNestedTooDeeply(at location: SourceLocation) -> Bool {
        guard nesting.isStackNearlyExhausted else { return false }
        reportNestedTooDeeply(at: location)
        return true
    }

    mutating func enterNestedExpression(at location: SourceLocation) -> Bool {
        nesting.expressionDepth += 1
        if nesting.expressionDepth > NestingGuard.maximumExpressionDepth || isNestedTooDeeply(at: location) {
            if nesting.expressionDepth == NestingGuard.maximumExpressionDepth + 1 { reportNestedTooDeeply(at: location) }
            return false
        }
        return true
    }

    mutating func leaveNestedExpression() {
        nesting.expressionDepth -= 1
    }

    private mutating func reportNestedTooDeeply(at location: SourceLocation) {
        guard !nesting.gaveUp else { return }
        error("expression is nested too deeply", at: location)
        nesting.gaveUp = true
    }

    mutating func error(_ message: String, at location: SourceLocation) {
        // Once the analyzer gave up on a too-deep statement, later errors are its consequences.
        guard !nesting.gaveUp else { return }
        diagnostics.error(message, in: source, at: location)
    }

    // MARK: Entry points

    /// The columns of a view's defining query; nil when it has errors.
    mutating func analyzeViewQuery(_ query: SelectStatement) -> [TypedValue]? {
        let before = diagnostics.diagnostics.count
        let columns = analyzeSelect(query, outer: nil)
        let hasErrors = diagnostics.diagnostics.dropFirst(before).contains { $0.severity == .error }
        return hasErrors ? nil : columns.map { $0.value.withNullable($0.nullable).renamed($0.name) }
    }

    /// The result columns of a top-level statement: a SELECT's columns, a DML statement's
    /// RETURNING list, or none.
    mutating func analyzeStatement(_ statement: Statement) -> [OutputColumn] {
        switch statement {
        case .select(let select):
            return analyzeSelect(select, outer: nil)
        case .insert(let insert):
            return analyzeInsert(insert, outer: nil)
        case .update(let update):
            return analyzeUpdate(update, outer: nil)
        case .delete(let delete):
            return analyzeDelete(delete, outer: nil)
        case .merge(let merge):
            return analyzeMerge(merge, outer: nil)
        case .call(let call, _):
            return analyzeCall(call)
        default:
            return []
        }
    }
}
