// Row-value comparisons: `(a, b) = (x, y)`, `(a, b) > (@x, @y)`, `(a, b) IN ((1, 2), (3, 4))`,
// `(a, b) IN (SELECT x, y ...)`, `(a, b) = ANY (SELECT ...)`, `(a, b) IS DISTINCT FROM (x, y)`.
// PostgreSQL compares the rows element by element with the scalar operator
// (make_row_comparison_op): each pair is resolved like `a = x`, so an untyped parameter takes its
// counterpart's type, and the result is boolean.

/// Types row-value comparisons, row constructors and subquery comparisons. Owns no state: reads
/// and changes only what `StatementAnalysisContext` shares (parameter types, diagnostics). Calls
/// `ExpressionTyping`, `CallTyping`, `SelectAnalyzing` and `ParameterConflictReporting` (its
/// extension's `where` clause).
protocol RowComparing: StatementAnalysisContext {
    /// `ROW(a, b)` or `(a, b)` as a value.
    mutating func inferRowConstructor(_ elements: [Expression], _ scope: Scope, _ context: OperandContext?) -> TypedValue
    /// `(a, b) op (x, y)`; nil when neither side is a row.
    mutating func inferRowOperator(_ op: String, _ lhs: Expression, _ rhs: Expression, _ scope: Scope) -> TypedValue?
    /// `(a, b) IS [NOT] DISTINCT FROM (x, y)`; nil when neither side is a row.
    mutating func inferRowDistinct(_ lhs: Expression, _ rhs: Expression, _ scope: Scope) -> TypedValue?
    /// `(a, b) [NOT] IN ((x, y), ...)`; nil when the value is no row.
    mutating func inferRowInList(_ value: Expression, _ list: [Expression], negated: Bool, _ scope: Scope) -> TypedValue?
    /// `x op ANY (SELECT ...)` and `x IN (SELECT ...)`, a row or a scalar `x`.
    mutating func inferRowSubqueryComparison(_ op: String, _ lhs: Expression, _ query: SelectStatement, _ scope: Scope) -> TypedValue
}

extension RowComparing where Self: ExpressionTyping & CallTyping & SelectAnalyzing & GroupingChecking & ParameterConflictReporting {

    /// The elements of a row constructor, `(a, b)` or `ROW(a, ...)`, under any parentheses; nil
    /// for anything else (a parenthesized scalar is no row).
    func rowConstructorElements(_ expression: Expression) -> [Expression]? {
        switch expression.kind {
        case .row(let elements): return elements
        case .parenthesized(let inner): return rowConstructorElements(inner)
        default: return nil
        }
    }

    /// A subquery written as an operand, under any parentheses.
    private func subqueryOperand(_ expression: Expression) -> SelectStatement? {
        switch expression.kind {
        case .scalarSubquery(let query): return query
        case .parenthesized(let inner): return subqueryOperand(inner)
        default: return nil
        }
    }

    /// `ROW(a, b)` / `(a, b)` as a value: a record, or the composite type the context wants
    /// (`ROW(@x, @y)::pair`, a composite column's new value), whose fields then type the untyped
    /// elements (coerce_record_to_complex).
    mutating func inferRowConstructor(_ elements: [Expression], _ scope: Scope, _ context: OperandContext?) -> TypedValue {
        guard let type = context?.type, let fields = catalog.compositeFields(of: type), fields.count == elements.count else {
            for element in elements { _ = infer(element, scope) }
            if let type = context?.type, context?.coercion == .explicit, let fields = catalog.compositeFields(of: type), let first = elements.first {
                error("cannot cast type record to \(type.formatName): the row has \(elements.count) columns, the type \(fields.count)", at: first.location)
            }
            return TypedValue(type: .builtin(.record), nullable: false, name: "row")
        }
        for (element, field) in zip(elements, fields) {
            let fieldContext = OperandContext(type: field.type, name: field.name, coercion: context?.coercion ?? .implicit)
            _ = infer(element, scope, isUnknownInput(element) ? fieldContext : nil)
        }
        return TypedValue(type: type, nullable: false, name: "row")
    }

    /// Infers a row's elements as PostgreSQL transforms a row constructor: in order, each on its
    /// own; an untyped element (a parameter, a string constant) stays unknown until compared.
    mutating func rowOperands(_ elements: [Expression], _ scope: Scope) -> [RowOperand] {
        var operands: [RowOperand] = []
        for element in elements {
            operands.append(RowOperand(expression: element, known: isUnknownInput(element) ? nil : infer(element, scope)))
        }
        return operands
    }

    /// `row op row` or `row op (SELECT ...)` for a binary operator: nil when neither applies (the
    /// operator is then an ordinary one, `record = record` for a composite value).
    mutating func inferRowOperator(_ op: String, _ lhs: Expression, _ rhs: Expression, _ scope: Scope) -> TypedValue? {
        guard let leftElements = rowConstructorElements(lhs) else { return nil }
        if let query = subqueryOperand(rhs) {
            return inferRowSubqueryComparison(op, leftElements, query, scope, at: operatorLocation(after: lhs))
        }
        guard let rightElements = rowConstructorElements(rhs) else { return nil }
        let left = rowOperands(leftElements, scope)
        let right = rowOperands(rightElements, scope)
        return compareRows(op, left, right, scope, at: operatorLocation(after: lhs))
    }

    /// `row IS [NOT] DISTINCT FROM row`: each pair compared with `=`, never NULL.
    mutating func inferRowDistinct(_ lhs: Expression, _ rhs: Expression, _ scope: Scope) -> TypedValue? {
        guard let leftElements = rowConstructorElements(lhs), let rightElements = rowConstructorElements(rhs) else { return nil }
        let left = rowOperands(leftElements, scope)
        let right = rowOperands(rightElements, scope)
        let location = operatorLocation(after: lhs)
        guard left.count == right.count else {
            error("unequal number of entries in row expressions", at: location)
            return TypedValue(type: .bool, nullable: false)
        }
        for (leftOperand, rightOperand) in zip(left, right) {
            let call = inferOperatorCall("=", leftOperand.expression, rightOperand.expression, scope, at: location,
                                         known: [leftOperand.known, rightOperand.known])
            // NULL is a value IS DISTINCT FROM compares.
            if let index = underlyingParameterIndex(of: leftOperand.expression), call.operands.last?.nullable ?? true {
                parameters.markNullMeaningful(index)
            }
            if let index = underlyingParameterIndex(of: rightOperand.expression), call.operands.first?.nullable ?? true {
                parameters.markNullMeaningful(index)
            }
            if let result = call.result, result != .bool {
                error("IS DISTINCT FROM requires = operator to yield boolean", at: location)
            }
        }
        return TypedValue(type: .bool, nullable: false)
    }

    /// `row [NOT] IN (row, row, ...)`: each listed row compared with the left one by `=` (`<>`
    /// for NOT IN); nil when the left side is not a row constructor.
    mutating func inferRowInList(_ value: Expression, _ list: [Expression], negated: Bool, _ scope: Scope) -> TypedValue? {
        guard let leftElements = rowConstructorElements(value) else { return nil }
        let left = rowOperands(leftElements, scope)
        // PostgreSQL transforms every listed item before it compares any.
        var rows: [[RowOperand]?] = []
        for item in list {
            if let elements = rowConstructorElements(item) {
                rows.append(rowOperands(elements, scope))
            } else {
                _ = infer(item, scope)
                rows.append(nil)
            }
        }
        var nullable = false
        for row in rows {
            guard let row else { nullable = true; continue }
            nullable = compareRows(negated ? "<>" : "=", left, row, scope, at: operatorLocation(after: value)).nullable || nullable
        }
        return TypedValue(type: .bool, nullable: nullable)
    }

    /// `x IN (SELECT ...)`, `x op ANY|ALL (SELECT ...)` and `row op (SELECT ...)`: the subquery
    /// is analyzed first, then the left side (one value, or a row constructor's elements), which
    /// must have as many elements as the subquery has columns.
    mutating func inferRowSubqueryComparison(_ op: String, _ lhs: Expression, _ query: SelectStatement, _ scope: Scope) -> TypedValue {
        // PostgreSQL places the comparison's errors at its operator (`IN`, `= ANY`).
        inferRowSubqueryComparison(op, rowConstructorElements(lhs) ?? [lhs], query, scope, at: operatorLocation(after: lhs))
    }

    private mutating func inferRowSubqueryComparison(_ op: String, _ leftElements: [Expression], _ query: SelectStatement,
                                                     _ scope: Scope, at location: SourceLocation) -> TypedValue {
        let errorsBefore = diagnostics.diagnostics.count { $0.severity == .error }
        let columns = analyzeSelect(query, outer: scope)
        let left = rowOperands(leftElements, scope)
        // A subquery in error has no column types to compare with (PostgreSQL stops there).
        if diagnostics.diagnostics.count(where: { $0.severity == .error }) > errorsBefore {
            return TypedValue(type: .bool, nullable: true)
        }
        if left.count < columns.count {
            error("subquery has too many columns", at: location)
            return TypedValue(type: .bool, nullable: true)
        }
        if left.count > columns.count {
            error("subquery has too few columns", at: location)
            return TypedValue(type: .bool, nullable: true)
        }
        let subquery = Expression(.scalarSubquery(query), location: query.location, range: query.range)
        let right = columns.map { column in
            var value = column.value.withNullable(column.nullable)
            value.name = column.name
            return RowOperand(expression: subquery, known: value)
        }
        return compareRows(op, left, right, scope, at: location)
    }

    /// A parameter untyped when its row was read but typed by an earlier pair since (`(a, b) >
    /// (@x, @x)`): PostgreSQL coerces that use to its counterpart's type, which must then be the
    /// parameter's very type.
    private mutating func reportLateTypedParameter(_ operand: RowOperand, comparedWith other: RowOperand) {
        guard operand.known == nil, case .parameter(let node) = operand.expression.kind, let index = parameters.index(of: node),
              parameters.type(of: index) != nil, let otherType = other.known?.type, otherType != .unknown else { return }
        reportConflictingParameterType(index, node, OperandContext(type: otherType, coercion: .exact))
    }

    /// Compares two rows element by element with `op` (make_row_comparison_op).
    private mutating func compareRows(_ op: String, _ left: [RowOperand], _ right: [RowOperand], _ scope: Scope,
                                      at location: SourceLocation) -> TypedValue {
        guard left.count == right.count else {
            error("unequal number of entries in row expressions", at: location)
            return TypedValue(type: .bool, nullable: true)
        }
        guard !left.isEmpty else {
            error("cannot compare rows of zero length", at: location)
            return TypedValue(type: .bool, nullable: true)
        }
        var nullable = false
        var resolved = true
        for (leftOperand, rightOperand) in zip(left, right) {
            // PostgreSQL stops at the first pair without an operator: the others are only read.
            if !resolved {
                for operand in [leftOperand, rightOperand] where operand.known == nil { _ = infer(operand.expression, scope) }
                continue
            }
            reportLateTypedParameter(leftOperand, comparedWith: rightOperand)
            reportLateTypedParameter(rightOperand, comparedWith: leftOperand)
            let call = inferOperatorCall(op, leftOperand.expression, rightOperand.expression, scope, at: location,
                                         known: [leftOperand.known, rightOperand.known])
            nullable = nullable || call.operands.contains { $0.nullable } || !call.isStrict || call.mayReturnNull
            guard let result = call.result else { resolved = false; continue }
            if result != .bool {
                error("row comparison operator must yield type boolean, not type \(result.formatName)", at: location)
                return TypedValue(type: .bool, nullable: true)
            }
        }
        if resolved, left.count > 1, !rowComparisonOperators.contains(op) {
            error("could not determine interpretation of row comparison operator \(op)", at: location)
        }
        return TypedValue(type: .bool, nullable: nullable)
    }
}

/// One element of a row being compared: its expression and, when it was inferred already (a
/// typed element, a subquery's column), its value.
struct RowOperand {
    let expression: Expression
    let known: TypedValue?
}

/// The operators a row comparison of more than one element accepts (btree comparisons).
private let rowComparisonOperators: Set<String> = ["=", "<>", "!=", "<", "<=", ">", ">="]
