/// Types expressions: each expression kind's type, nullability and name, the context an untyped
/// operand (a parameter, a string constant) takes its type from, and the hooks into the other
/// parts (calls, row comparisons, names, subqueries). Owns no state: changes the parameter table
/// (a parameter's type and facts), the diagnostics and (discarding the star expansions of an
/// `EXISTS` subquery) the edits to the SQL sent, all of `StatementAnalysisContext`. Calls
/// `CallTyping`, `RowComparing`, `NameResolving`, `SelectAnalyzing` and
/// `ParameterConflictReporting` (its extension's `where` clause).
protocol ExpressionTyping: StatementAnalysisContext {
    /// The type, nullability and name of `expression` in `scope`; `context` is what its place
    /// expects of an untyped operand.
    mutating func infer(_ expression: Expression, _ scope: Scope, _ context: OperandContext?) -> TypedValue
    /// An untyped operand takes its type from its context.
    func isUntyped(_ expression: Expression) -> Bool
    /// The parameter an expression is, if it is one (possibly parenthesized).
    func parameterIndex(of expression: Expression) -> Int?
    /// The parameter under parentheses and casts (`@p::integer IS NULL` tests `@p`).
    func underlyingParameterIndex(of expression: Expression) -> Int?
    /// Values of expressions that share one type (CASE results, VALUES columns, IN lists).
    mutating func inferCommon(_ expressions: [Expression], _ scope: Scope, name: String?) -> [TypedValue]
    /// The type a type name stands for; nil (reported) when there is none.
    mutating func resolveType(_ name: TypeName) -> SQLType?
    /// The value of a FROM item's whole-row reference (`t` or `t.*` as a value).
    func wholeRowValue(of entry: RangeEntry, name: String?) -> TypedValue
}

extension ExpressionTyping {
    /// `infer` where the place expects nothing of an untyped operand.
    mutating func infer(_ expression: Expression, _ scope: Scope) -> TypedValue {
        infer(expression, scope, nil)
    }

    /// A condition PostgreSQL's coerce_to_boolean takes (WHERE, HAVING, JOIN/ON, CASE/WHEN, an
    /// operand of AND, OR, NOT, FILTER, IS TRUE...): its value must be a boolean (or untyped).
    /// `clause` names the place as PostgreSQL's error does.
    @discardableResult
    mutating func inferCondition(_ expression: Expression, _ scope: Scope, clause: String) -> TypedValue {
        let value = infer(expression, scope, .type(.bool))
        if value.type != .unknown, value.type.baseType != .bool,
           !TypeRules.canCoerceImplicitly(value.type, to: .bool, userCasts: catalog.userTypes.casts) {
            error("argument of \(clause) must be type boolean, not type \(value.type.formatName)", at: expression.leftmostLocation)
        }
        return value
    }

    /// `inferCommon` of values without a shared name.
    mutating func inferCommon(_ expressions: [Expression], _ scope: Scope) -> [TypedValue] {
        inferCommon(expressions, scope, name: nil)
    }
}

extension ExpressionTyping where Self: CallTyping & RowComparing & NameResolving & SelectAnalyzing & GroupingChecking & ParameterConflictReporting {
    /// An untyped operand takes its type from its context.
    func isUntyped(_ expression: Expression) -> Bool {
        switch expression.kind {
        case .literal(.string), .literal(.null):
            return true
        case .parameter(let node):
            guard let index = parameters.index(of: node) else { return false }
            let type = parameters.type(of: index)
            return type == nil || type == .unknown
        case .parenthesized(let inner):
            return isUntyped(inner)
        case .arrayLiteral(let elements):
            return !elements.isEmpty && elements.allSatisfy(isUntyped) || elements.isEmpty
        default:
            return false
        }
    }

    /// The parameter an expression is, if it is one (possibly parenthesized).
    func parameterIndex(of expression: Expression) -> Int? {
        switch expression.kind {
        case .parameter(let node): return parameters.index(of: node)
        case .parenthesized(let inner): return parameterIndex(of: inner)
        default: return nil
        }
    }

    /// The parameter under parentheses and casts (`@p::integer IS NULL` tests `@p`).
    func underlyingParameterIndex(of expression: Expression) -> Int? {
        switch expression.kind {
        case .cast(let inner, _): return underlyingParameterIndex(of: inner)
        case .parenthesized(let inner): return underlyingParameterIndex(of: inner)
        default: return parameterIndex(of: expression)
        }
    }

    mutating func infer(_ expression: Expression, _ scope: Scope, _ context: OperandContext?) -> TypedValue {
        defer { leaveNestedExpression() }
        guard enterNestedExpression(at: expression.location) else { return TypedValue(type: .unknown, nullable: true) }
        switch expression.kind {
        case .literal(let literal):
            if case .string(let text) = literal, let type = context?.type, let message = invalidEnumLabel(text, for: type) {
                error(message, at: expression.location)
            }
            // An array type's input function reads the constant at parse time (box's delimiter is `;`).
            if case .string(let text) = literal, let element = context?.type?.baseType.elementType, element.baseType.typname != "box" {
                if let message = ArrayLiteralSyntax.error(text)
                    ?? ArrayLiteralElements.firstError(text, element: element, postgresVersion: catalog.postgresVersion) {
                    error(message, at: expression.location)
                }
            }
            if case .string(let text) = literal, let type = context?.type, let message = ScalarLiteralInput.error(text, for: type, postgresVersion: catalog.postgresVersion) {
                error(message, at: expression.location)
            }
            return inferLiteral(literal, context)
        case .typedLiteral(let typeName, let text, let valueLocation):
            guard let type = resolveType(typeName) else { return TypedValue(type: .unknown, nullable: false) }
            if typeName.arrayDimensions == 0, let message = ScalarLiteralInput.error(text, for: type, postgresVersion: catalog.postgresVersion) {
                error(message, at: valueLocation)
            }
            var value = TypedValue(type: type, nullable: false, name: castColumnName(type, typeName))
            value.nameIsFallback = true
            return value
        case .column(let name):
            // FigureColname: a column reference is named by its last identifier with strength 2,
            // whatever named the column where it was made (`'x'::text AS kind`, then `kind::text`).
            var value = resolveColumn(name, scope) ?? TypedValue(type: .unknown, nullable: true)
            value.name = name.name?.name ?? value.name
            value.nameIsFallback = false
            return value
        case .qualifiedStar(let name):
            guard let entry = findEntry(named: name.name?.name ?? "", scope) else {
                error("missing FROM-clause entry for table \"\(name.name?.name ?? "")\"", at: name.location)
                return TypedValue(type: .builtin(.record), nullable: false, name: name.name?.name)
            }
            return wholeRowValue(of: entry, name: name.name?.name)
        case .parameter(let node):
            return inferParameter(node, context)
        case .unary(let op, let operand):
            return inferUnary(op, operand, scope, context, at: expression.location)
        case .binary(let op, let lhs, let rhs):
            if op != "and", op != "or", let value = inferRowOperator(op, lhs, rhs, scope) { return value }
            return inferBinary(op, lhs, rhs, scope)
        case .like(let value, let pattern, let escape, let caseInsensitive, let similar, let negated):
            // LIKE is the operator ~~ (ILIKE ~~*): citext and bytea have their own.
            return inferPatternMatch(value, pattern: pattern, escape: escape, caseInsensitive: caseInsensitive,
                                     similar: similar, negated: negated, scope)
        case .isNull(let operand, _):
            if let index = underlyingParameterIndex(of: operand) { parameters.markNullMeaningful(index) }
            if let index = parameterIndex(of: operand) { parameters.noteUntypedNullTest(index, operand.location) }
            _ = infer(operand, scope)
            return TypedValue(type: .bool, nullable: false)
        case .isTruth(let operand, let truth, let negated):
            inferCondition(operand, scope, clause: "IS " + (negated ? "NOT " : "") + (truth.map { $0 ? "TRUE" : "FALSE" } ?? "UNKNOWN"))
            return TypedValue(type: .bool, nullable: false)
        case .isDocument(let operand, _):
            let xml = SQLType.builtin(.xml)
            let value = infer(operand, scope, .type(xml))
            if value.type != .unknown, value.type.baseType != xml, !TypeRules.canCoerceImplicitly(value.type, to: xml, userCasts: catalog.userTypes.casts) {
                error("argument of IS DOCUMENT must be type xml, not type \(value.type.formatName)", at: operand.location)
            }
            return TypedValue(type: .bool, nullable: value.nullable)
        case .isDistinctFrom(let lhs, let rhs, _):
            if let value = inferRowDistinct(lhs, rhs, scope) { return value }
            let (left, right) = inferPair(lhs, rhs, scope, op: "=")
            if let index = underlyingParameterIndex(of: lhs), right.nullable { parameters.markNullMeaningful(index) }
            if let index = underlyingParameterIndex(of: rhs), left.nullable { parameters.markNullMeaningful(index) }
            return TypedValue(type: .bool, nullable: false)
        case .between(let value, let low, let high, let negated):
            return inferBetween(value, low: low, high: high, negated: negated, scope)
        case .inList(let value, let list, let negated):
            if let value = inferRowInList(value, list, negated: negated, scope) { return value }
            let untyped = ([value] + list).map(isUnknownInput)
            let values = inferCommon([value] + list, scope)
            reportInListItemWithoutOperator(value, values, untyped: untyped, negated: negated)
            return TypedValue(type: .bool, nullable: values.contains { $0.nullable })
        case .inSubquery(let value, let query, _):
            // NOT IN (SELECT ...) is NOT (x = ANY (SELECT ...)).
            return inferRowSubqueryComparison("=", value, query, scope)
        case .quantified(let op, let lhs, _, let rhs):
            return inferQuantified(op, lhs, rhs, scope)
        case .quantifiedSubquery(let op, let lhs, _, let query):
            return inferRowSubqueryComparison(op, lhs, query, scope)
        case .cast(let inner, let typeName):
            return inferCast(inner, typeName, scope)
        case .function(let call):
            return inferFunction(call, scope, context, insideCast: false)
        case .caseWhen(let operand, let branches, let elseResult):
            return inferCase(operand, branches, elseResult, scope, context)
        case .arrayLiteral(let elements):
            return inferArrayLiteral(elements, scope, context)
        case .arraySubquery(let query):
            let columns = analyzeSelect(query, outer: scope)
            if columns.count != 1 { error("subquery must return only one column", at: query.location) }
            let column = columns.first?.value ?? TypedValue(type: .text, nullable: true)
            let elementType = column.type == .unknown ? SQLType.text : column.type
            return TypedValue(type: .array(elementType), nullable: false, elementNullable: column.nullable, name: "array")
        case .arraySubscript(let base, let lower, let upper, let isSlice):
            let array = infer(base, scope)
            if let lower { _ = infer(lower, scope, OperandContext(type: TypeRules.isJSON(array.type) ? .text : .int4)) }
            if let upper { _ = infer(upper, scope, .type(.int4)) }
            if TypeRules.isJSON(array.type) { return TypedValue(type: array.type, nullable: true, name: array.name) }
            if isSlice { return TypedValue(type: array.type, nullable: true, elementNullable: array.elementNullable, name: array.name) }
            if let geometric = geometricSubscriptType(array.type) {
                // point[0] is x; lseg[0] and box[0] are points.
                return TypedValue(type: geometric, nullable: array.nullable, name: array.name)
            }
            guard let element = TypeRules.arrayElement(array.type) else {
                if array.type != .unknown { error("cannot subscript type \(array.type.formatName) because it does not support subscripting", at: expression.location) }
                return TypedValue(type: .unknown, nullable: true)
            }
            return TypedValue(type: element, nullable: true, name: array.name)
        case .fieldSelection(let base, let field):
            let composite = infer(base, scope)
            if let value = recordFieldValue(base, field, scope) { return value }
            if let fields = catalog.compositeFields(of: composite.type) {
                // (c).x of a composite type: its field's type, NULL when the value or the field is.
                guard let match = fields.first(where: { $0.name == field.name }) else {
                    error("column \"\(field.name)\" not found in data type \(composite.type.formatName)", at: field.location)
                    return TypedValue(type: .unknown, nullable: true, name: field.name)
                }
                return TypedValue(type: match.type, nullable: true, name: field.name)
            }
            if let type = builtinOutputColumnType(base, field: field.name, baseType: composite.type) {
                return TypedValue(type: type, nullable: true, name: field.name)
            }
            error("selecting field \"\(field.name)\" of a composite value is not supported; select the column directly", at: field.location)
            return TypedValue(type: .unknown, nullable: true, name: field.name)
        case .fieldStar(let base):
            // `(x).*` outside a select list (a function argument): the whole value.
            return infer(base, scope, context)
        case .scalarSubquery(let query):
            let columns = analyzeSelect(query, outer: scope)
            if columns.count != 1 { error("subquery must return only one column", at: query.location) }
            guard let column = columns.first else { return TypedValue(type: .unknown, nullable: true) }
            // No row means NULL, whatever the column, unless the subquery surely returns one row.
            var value = column.value.withNullable(returnsExactlyOneRow(query) ? column.nullable : true)
            value.name = column.name
            value.origin = nil
            if value.type == .unknown { value.type = .text }
            return value
        case .exists(let query):
            // Its select list is not returned: the SQL keeps its stars as written.
            let mark = sentSQL.starMark
            _ = analyzeSelect(query, outer: scope)
            sentSQL.discardStars(since: mark)
            return TypedValue(type: .bool, nullable: false, name: "exists")
        case .row(let elements):
            return inferRowConstructor(elements, scope, context)
        case .valueFunction(let function):
            return TypedValue(type: valueFunctionType(function), nullable: false, name: function.rawValue)
        case .atTimeZone(let value, let zone):
            let inner = infer(value, scope, isUntyped(value) ? .type(.builtin(.timestamptz)) : nil)
            let zoneValue = infer(zone, scope, OperandContext(type: .text, name: "time_zone"))
            let type: SQLType = inner.type == .builtin(.timestamptz) ? .builtin(.timestamp)
                : inner.type == .builtin(.timetz) || inner.type == .builtin(.time) ? .builtin(.timetz) : .builtin(.timestamptz)
            return TypedValue(type: type, nullable: inner.nullable || zoneValue.nullable, name: "timezone")
        case .collate(let value, _):
            return infer(value, scope, context)
        case .defaultValue:
            return TypedValue(type: context?.type ?? .unknown, nullable: true)
        case .parenthesized(let inner):
            return infer(inner, scope, context)
        }
    }
}
