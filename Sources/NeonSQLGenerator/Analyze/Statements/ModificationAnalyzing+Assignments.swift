// A column's new value PostgreSQL cannot coerce to the column's type, in INSERT ... VALUES,
// INSERT ... SELECT, UPDATE SET and INSERT ... ON CONFLICT DO UPDATE SET: transformAssignedExpr
// (src/backend/parser/parse_target.c) coerces it with COERCION_ASSIGNMENT and fails with
// "column "c" is of type T but expression is of type S" (AssignmentCoercion.swift has the rule).
extension ModificationAnalyzing where Self: ExpressionTyping & FromClauseAnalyzing & SelectAnalyzing & GroupingChecking & CallTyping {
    /// An untyped constant (`'x'`, `NULL`) or a parameter, possibly parenthesized: PostgreSQL gives
    /// the constant the column's type, and a parameter's earlier type is checked where it is
    /// used (Expressions/ParameterConflictReporting.swift).
    func isUntypedAssignedValue(_ expression: Expression) -> Bool {
        switch expression.withoutParentheses.kind {
        case .literal(.string), .literal(.null), .parameter: return true
        default: return false
        }
    }

    /// Reports a value of `value`'s type written into `column` when PostgreSQL has no assignment
    /// coercion between the two, at `location` (the value's, inside any parentheses). Only types
    /// whose casts are certain take part (with the casts the schema created), and none when a
    /// schema's CREATE CAST names a type the catalog cannot resolve: a wrong verdict would be an
    /// error PostgreSQL does not give.
    mutating func reportUnassignableValue(_ value: TypedValue, to column: CatalogColumn, at location: SourceLocation) {
        let source = value.type
        let target = column.type
        guard !catalog.userTypes.hasUnresolvedCasts, source != .unknown,
              AssignmentCoercion.isCertain(source), AssignmentCoercion.isCertain(target),
              !namesSchemaType(source), !namesSchemaType(target),
              !AssignmentCoercion.canCoerce(source, to: target, in: catalog) else { return }
        error("column \"\(column.name)\" is of type \(target.formatName) but expression is of type \(source.formatName)", at: location)
    }

    /// INSERT ... SELECT and `SET (a, b) = (SELECT ...)`: each output column against its target
    /// column. An output typed text only for want of another type is left alone: PostgreSQL types
    /// it by its column in INSERT ... SELECT, and by the other branch in a set operation.
    /// A column written through a `.field` or `[subscript]` (`steps`, per column) takes a part of its
    /// type, which is not checked.
    mutating func reportUnassignableOutputs(_ outputs: [OutputColumn], to columns: [CatalogColumn],
                                            through steps: [[AssignmentIndirection]] = []) {
        for (index, (output, column)) in zip(outputs, columns).enumerated() where !output.isUnknownAsText {
            if index < steps.count, !steps[index].isEmpty { continue }
            reportUnassignableValue(output.value, to: column, at: output.valueLocation ?? output.location)
        }
    }

    /// A `.named` type that is also a composite type or a table of the schema (whose row type it
    /// may be): not the catalog type of that name.
    private func namesSchemaType(_ type: SQLType) -> Bool {
        switch type {
        case .named(let name):
            return catalog.composite(name, schema: nil) != nil || catalog.relation(name, schema: nil) != nil
        case .array(let element):
            return namesSchemaType(element)
        case .domain(_, let base):
            return namesSchemaType(base)
        default:
            return false
        }
    }
}
