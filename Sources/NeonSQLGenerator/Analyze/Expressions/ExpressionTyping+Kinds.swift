// The typing of the expression kinds `infer` dispatches to: literals, parameters, quantified
// comparisons, casts (and the column names they give), CASE, common types of several values,
// array literals, SQL value functions, and type names.

extension ExpressionTyping where Self: CallTyping & RowComparing & NameResolving & SelectAnalyzing & GroupingChecking & ParameterConflictReporting {
    mutating func inferLiteral(_ literal: LiteralValue, _ context: OperandContext?) -> TypedValue {
        switch literal {
        case .integer(let digits):
            return TypedValue(type: TypeRules.integerLiteralType(digits), nullable: false)
        case .numeric:
            return TypedValue(type: .numeric, nullable: false)
        case .string:
            if let type = context?.type, type != .unknown { return TypedValue(type: type, nullable: false) }
            return .unknownLiteral(nullable: false)
        case .bitString:
            return TypedValue(type: .builtin(.bit), nullable: false)
        case .boolean:
            return TypedValue(type: .bool, nullable: false)
        case .null:
            if let type = context?.type, type != .unknown { return TypedValue(type: type, nullable: true) }
            return .unknownLiteral(nullable: true)
        }
    }

    mutating func inferParameter(_ node: ParameterNode, _ context: OperandContext?) -> TypedValue {
        guard let index = parameters.index(of: node) else {
            return TypedValue(type: .unknown, nullable: false)
        }
        if let context {
            reportConflictingParameterType(index, node, context)
            let wasTyped = parameters.noteContext(index, context, at: node.location)
            if !wasTyped { reportNullTestBeforeType(index) }
        }
        let slot = parameters.slots[index]
        return TypedValue(type: slot?.type ?? .unknown, nullable: slot?.explicitlyNullable ?? false,
                          elementNullable: slot?.elementNullable ?? false)
    }

    mutating func inferQuantified(_ op: String, _ lhs: Expression, _ rhs: Expression, _ scope: Scope) -> TypedValue {
        if isUntyped(lhs) && !isUntyped(rhs) {
            let array = infer(rhs, scope)
            let left = infer(lhs, scope, OperandContext(type: array.type.elementType ?? array.type, name: array.name))
            return TypedValue(type: .bool, nullable: left.nullable || array.nullable || array.elementNullable)
        }
        let left = infer(lhs, scope)
        let hint = left.name.map { $0.hasSuffix("s") ? $0 : $0 + "s" }
        // An array parameter typed by an earlier use keeps its type (`id = ANY(@ids) AND score =
        // ANY(@ids)`: the operator then compares integer with bigint).
        let arrayType: SQLType? = left.type == .unknown || !isUnknownInput(rhs) ? nil : .array(left.type)
        let array = infer(rhs, scope, OperandContext(type: arrayType, name: hint, origin: left.origin, originIsElement: true))
        if left.type != .unknown, let element = TypeRules.arrayElement(array.type),
           let message = QualifiedOperatorLookup.unresolved(op, catalog.compositesAsRecords([left.type, element]), catalog) {
            error(message, at: operatorLocation(after: lhs))
        }
        return TypedValue(type: .bool, nullable: left.nullable || array.nullable || array.elementNullable)
    }

    /// `x [NOT] IN (a, b, ...)` (transformAExprIn): PostgreSQL compares `x` with the items as one
    /// `= ANY (ARRAY[...])` of their common type when two or more have one, else with each item on
    /// its own, by `=` (`<>` for NOT IN); an item without such an operator is its error, at IN (NOT).
    /// `values` are the typed left side and items, `untyped` tells which were untyped.
    mutating func reportInListItemWithoutOperator(_ value: Expression, _ values: [TypedValue], untyped: [Bool], negated: Bool) {
        guard let left = values.first?.type, left != .unknown, untyped.first == false else { return }
        let typed = zip(values, untyped).filter { !$0.1 && $0.0.type != .unknown }.map(\.0.type)
        // Types of different categories have no common type; with one, the items may be compared as an array.
        guard values.count == 2 || TypeRules.unmatchableTypes(typed, userCasts: catalog.userTypes.casts) != nil else { return }
        for type in typed.dropFirst() {
            if let message = QualifiedOperatorLookup.unresolved(negated ? "<>" : "=", catalog.compositesAsRecords([left, type]), catalog) {
                error(message, at: operatorLocation(after: value))
                return
            }
        }
    }

    /// Infers several expressions that must share one type (IN lists, BETWEEN, VALUES columns):
    /// the typed ones first, then the untyped ones with their common type.
    mutating func inferCommon(_ expressions: [Expression], _ scope: Scope, name: String?) -> [TypedValue] {
        var values = [TypedValue?](repeating: nil, count: expressions.count)
        for (index, expression) in expressions.enumerated() where !isUntyped(expression) {
            values[index] = infer(expression, scope)
        }
        let typed = values.compactMap { $0 }
        let common = typed.isEmpty ? nil : TypeRules.commonType(typed.map(\.type), userCasts: catalog.userTypes.casts)
        let hint = name ?? typed.first?.name
        for (index, expression) in expressions.enumerated() where values[index] == nil {
            var context = OperandContext(type: common, name: hint, origin: typed.first?.origin)
            // A parameter typed by a later item since (`id IN (@x, @x + 1)`): PostgreSQL coerces
            // this use to the common type, which must then be its very type.
            if parameterIndex(of: expression) != nil, !isUntyped(expression) { context.coercion = .exact }
            values[index] = infer(expression, scope, context)
        }
        return values.map { $0 ?? TypedValue(type: .unknown, nullable: true) }
    }

    mutating func inferCast(_ inner: Expression, _ typeName: TypeName, _ scope: Scope) -> TypedValue {
        guard let type = resolveType(typeName) else {
            _ = infer(inner, scope)
            return TypedValue(type: .unknown, nullable: true)
        }
        let value: TypedValue
        if case .function(let call) = inner.kind {
            value = inferFunction(call, scope, nil, insideCast: true)
        } else {
            value = infer(inner, scope, OperandContext(type: type, coercion: .explicit))
        }
        // FigureColname: a cast keeps a name of strength 2 (a column, a call), else takes the type's.
        let keepsName = value.name != nil && !value.nameIsFallback
        var result = TypedValue(type: type, nullable: value.nullable, elementNullable: value.elementNullable,
                                name: keepsName ? value.name : castColumnName(type, typeName))
        result.nameIsFallback = !keepsName
        if case .array = type, case .arrayLiteral = inner.kind {
            result.elementNullable = value.elementNullable
        }
        return result
    }

    /// PostgreSQL names a cast of an unnamed value after the type (`1::int` is column `int4`).
    func castColumnName(_ type: SQLType, _ typeName: TypeName) -> String {
        switch type {
        case .builtin(let builtin): return builtin.rawValue
        case .array(let element): return castColumnName(element, typeName)
        default: return typeName.name
        }
    }


    mutating func inferCase(_ operand: Expression?, _ branches: [CaseBranch], _ elseResult: Expression?,
                                    _ scope: Scope, _ context: OperandContext?) -> TypedValue {
        if let operand {
            // An untyped CASE operand is text (transformCaseExpr), whatever the WHEN values are.
            let subject = infer(operand, scope, isUnknownInput(operand) ? .type(.text) : nil)
            // Each WHEN value is compared as `operand = value` (make_op in transformCaseExpr), so a
            // value that cannot be compared is PostgreSQL's "operator does not exist", at its WHEN.
            // PostgreSQL stops at the first; so does the report (the rest are typed as before).
            var reported = false
            for branch in branches {
                guard !reported else {
                    _ = infer(branch.condition, scope, OperandContext(type: subject.type, name: subject.name))
                    continue
                }
                let errorsBefore = diagnostics.errorCount
                _ = inferOperatorCall("=", operand, branch.condition, scope, at: branch.whenLocation, known: [subject, nil])
                reported = diagnostics.errorCount > errorsBefore
            }
        } else {
            for branch in branches { inferCondition(branch.condition, scope, clause: "CASE/WHEN") }
        }
        let results = branches.map(\.result) + (elseResult.map { [$0] } ?? [])
        let values = inferCommonType(results, scope)
        // select_common_type sees the ELSE result first (transformCaseExpr puts it in front).
        let order = elseResult == nil ? Array(values.indices) : [values.count - 1] + Array(values.indices.dropLast())
        if let mismatch = TypeRules.unmatchableTypes(order.map { values[$0].type }, userCasts: catalog.userTypes.casts) {
            error("CASE types \(mismatch.first.formatName) and \(mismatch.other.formatName) cannot be matched",
                  at: results[order[mismatch.index]].location)
        }
        let type = TypeRules.commonType(values.map(\.type), userCasts: catalog.userTypes.casts)
        let nullable = elseResult == nil || values.contains { $0.nullable }
        // FigureColname: a CASE is named after its ELSE result when that has a name of strength 2.
        let elseValue = elseResult == nil ? nil : values.last
        let elseName = elseValue.flatMap { $0.nameIsFallback ? nil : $0.name }
        var result = TypedValue(type: type == .unknown ? .text : type, nullable: nullable,
                                elementNullable: values.contains { $0.elementNullable }, name: elseName ?? "case")
        result.nameIsFallback = elseName == nil
        return result
    }

    /// The values of a CASE's results (select_common_type): the typed ones first; the untyped
    /// ones (parameters not typed yet, string literals, NULL) then take their common type, and
    /// `text` when none is typed. The context outside the CASE does not reach into it: PostgreSQL
    /// resolves `CASE WHEN ... THEN 'stopping' ELSE @status END` to text before it is assigned or
    /// compared, so `@status` is a text parameter whatever the column's type.
    mutating func inferCommonType(_ expressions: [Expression], _ scope: Scope) -> [TypedValue] {
        var values = [TypedValue?](repeating: nil, count: expressions.count)
        for (index, expression) in expressions.enumerated() where !isUntyped(expression) {
            values[index] = infer(expression, scope)
        }
        let typed = values.compactMap { $0 }
        let common = typed.isEmpty ? nil : TypeRules.commonType(typed.map(\.type), userCasts: catalog.userTypes.casts)
        for (index, expression) in expressions.enumerated() where values[index] == nil {
            values[index] = infer(expression, scope, OperandContext(type: common ?? .text, name: nil))
        }
        return values.map { $0 ?? TypedValue(type: .unknown, nullable: true) }
    }

    mutating func inferArrayLiteral(_ elements: [Expression], _ scope: Scope, _ context: OperandContext?) -> TypedValue {
        let elementContext = context?.type?.elementType.map { OperandContext(type: $0, name: context?.name) }
        var values = [TypedValue?](repeating: nil, count: elements.count)
        for (index, element) in elements.enumerated() where !isUntyped(element) {
            values[index] = infer(element, scope)
        }
        let typed = values.compactMap { $0 }
        let common = typed.isEmpty ? elementContext?.type : TypeRules.commonType(typed.map(\.type), userCasts: catalog.userTypes.casts)
        for (index, element) in elements.enumerated() where values[index] == nil {
            values[index] = infer(element, scope, OperandContext(type: common ?? elementContext?.type ?? .text, name: context?.name))
        }
        let resolved = values.compactMap { $0 }
        var elementType = TypeRules.commonType(resolved.map(\.type), userCasts: catalog.userTypes.casts)
        if resolved.isEmpty { elementType = context?.type?.elementType ?? .unknown }
        // Nested ARRAY[[...]] is a multidimensional array of the same element type.
        if case .array = elementType {
            return TypedValue(type: elementType, nullable: false, elementNullable: resolved.contains { $0.elementNullable }, name: "array")
        }
        return TypedValue(type: .array(elementType), nullable: false, elementNullable: resolved.contains { $0.nullable }, name: "array")
    }

    /// What subscripting a geometric value gives: point -> double precision, lseg/box -> point.
    func geometricSubscriptType(_ type: SQLType) -> SQLType? {
        switch type.typname {
        case "point": .float8
        case "lseg", "box": .named("point")
        default: nil
        }
    }

    func valueFunctionType(_ function: SQLValueFunction) -> SQLType {
        switch function {
        case .currentDate: .builtin(.date)
        case .currentTime: .builtin(.timetz)
        case .currentTimestamp: .builtin(.timestamptz)
        case .localTime: .builtin(.time)
        case .localTimestamp: .builtin(.timestamp)
        case .currentUser, .sessionUser, .user, .currentRole, .currentSchema, .currentCatalog: .builtin(.name)
        }
    }

    mutating func resolveType(_ name: TypeName) -> SQLType? {
        if let resolution = TypeResolver.resolve(name, in: catalog) { return resolution.type }
        let written = (name.schema.map { $0 + "." } ?? "") + name.name
        error("type \"\(written)\" does not exist" + NameSuggestions.suffix(for: written, among: typeNames()), at: name.location)
        return nil
    }
}
