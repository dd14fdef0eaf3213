// Structural walks over expressions that the analyzer's nullability rules need.
extension Expression {
    /// The direct subexpressions of this level (not those inside subqueries, which are other
    /// query levels).
    var children: [Expression] {
        switch kind {
        case .literal, .typedLiteral, .column, .qualifiedStar, .parameter, .valueFunction, .defaultValue,
             .arraySubquery, .scalarSubquery, .exists:
            return []
        case .unary(_, let operand), .isNull(let operand, _), .isTruth(let operand, _, _), .isDocument(let operand, _), .cast(let operand, _),
             .fieldSelection(let operand, _), .fieldStar(let operand), .collate(let operand, _), .parenthesized(let operand):
            return [operand]
        case .binary(_, let lhs, let rhs), .isDistinctFrom(let lhs, let rhs, _), .quantified(_, let lhs, _, let rhs),
             .atTimeZone(let lhs, let rhs):
            return [lhs, rhs]
        case .like(let value, let pattern, let escape, _, _, _):
            return [value, pattern] + (escape.map { [$0] } ?? [])
        case .between(let value, let low, let high, _):
            return [value, low, high]
        case .inList(let value, let list, _):
            return [value] + list
        case .inSubquery(let value, _, _), .quantifiedSubquery(_, let value, _, _):
            return [value]
        case .function(let call):
            return call.arguments + call.orderBy.map(\.expression) + call.withinGroup.map(\.expression)
                + (call.filter.map { [$0] } ?? [])
        case .caseWhen(let operand, let branches, let elseResult):
            return (operand.map { [$0] } ?? []) + branches.flatMap { [$0.condition, $0.result] } + (elseResult.map { [$0] } ?? [])
        case .arrayLiteral(let elements), .row(let elements):
            return elements
        case .arraySubscript(let base, let lower, let upper, _):
            return [base] + (lower.map { [$0] } ?? []) + (upper.map { [$0] } ?? [])
        }
    }

    /// Every function call of this query level, outermost first.
    var functionCalls: [FunctionCall] {
        var calls: [FunctionCall] = []
        var stack = [self]
        while let expression = stack.popLast() {
            if case .function(let call) = expression.kind { calls.append(call) }
            stack.append(contentsOf: expression.children.reversed())
        }
        return calls
    }

    /// The constant `true`, possibly parenthesized (`ON true`).
    var isTrueLiteral: Bool {
        switch kind {
        case .literal(.boolean(true)): return true
        case .parenthesized(let inner): return inner.isTrueLiteral
        default: return false
        }
    }

    /// The column a GROUP BY item groups by: the item itself, possibly parenthesized (a cast
    /// groups by the cast value, which may merge values of the column).
    var groupedColumn: QualifiedName? {
        switch kind {
        case .column(let name): return name
        case .parenthesized(let inner): return inner.groupedColumn
        default: return nil
        }
    }

    /// The column this expression is, under parentheses and casts (casts are strict).
    var underlyingColumn: QualifiedName? {
        switch kind {
        case .column(let name): return name
        case .parenthesized(let inner), .cast(let inner, _), .collate(let inner, _): return inner.underlyingColumn
        default: return nil
        }
    }

    /// Columns that cannot be NULL in a row for which this condition is true: the operands of
    /// strict comparisons and `IS NOT NULL` among the top-level AND terms.
    var columnsProvedNotNull: [QualifiedName] {
        switch kind {
        case .parenthesized(let inner):
            return inner.columnsProvedNotNull
        case .binary("and", let lhs, let rhs):
            return lhs.columnsProvedNotNull + rhs.columnsProvedNotNull
        case .isNull(let operand, negated: true):
            return operand.underlyingColumn.map { [$0] } ?? []
        case .binary(let op, let lhs, let rhs) where ["=", "<>", "<", ">", "<=", ">="].contains(op):
            return [lhs.underlyingColumn, rhs.underlyingColumn].compactMap { $0 }
        case .like(let value, let pattern, _, _, _, _):
            return [value.underlyingColumn, pattern.underlyingColumn].compactMap { $0 }
        case .between(let value, let low, let high, let negated):
            // `x NOT BETWEEN NULL AND 5` is true for x = 10: only x is proved then.
            return ([value.underlyingColumn] + (negated ? [] : [low.underlyingColumn, high.underlyingColumn])).compactMap { $0 }
        case .inList(let value, _, negated: false), .inSubquery(let value, _, negated: false), .quantified(_, let value, .any, _),
             .quantifiedSubquery(_, let value, .any, _):
            // `x IN (...)` / `x = ANY(...)` is false or NULL for a NULL x.
            return value.underlyingColumn.map { [$0] } ?? []
        default:
            return []
        }
    }
}
