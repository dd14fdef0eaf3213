/// Typing of operator and function calls by PostgreSQL's resolution rules over the catalog: the
/// typed arguments are inferred first, the call is resolved (`CallResolver`), and untyped
/// arguments (parameters, string constants, NULL) then take the chosen candidate's types.
/// Types operator and function calls (built-in and user functions, named arguments, version
/// requirements). Owns `callShapes` (the result shape of each resolved call), which other parts
/// read through ``recordedCallShape(at:)``; besides it changes only the shared state (parameter
/// table, diagnostics). Calls `ExpressionTyping`, `FromClauseAnalyzing` (call shapes of user and
/// built-in results), `SelectAnalyzing` and `ParameterConflictReporting` (its extension's `where`
/// clause).
protocol CallTyping: StatementAnalysisContext {
    /// The result shape of each resolved function call, by the offset of its name.
    var callShapes: [Int: CallShape] { get set }

    /// An operand PostgreSQL types from the call it is passed to.
    func isUnknownInput(_ expression: Expression) -> Bool
    /// Resolves `lhs op rhs` (or prefix `op rhs`); `known[i]` is operand i's value when it was
    /// inferred already.
    mutating func inferOperatorCall(_ op: String, _ lhs: Expression?, _ rhs: Expression, _ scope: Scope,
                                    at location: SourceLocation, known: [TypedValue?]) -> OperatorCall
    /// Both operands of a comparison-like construct, typed against each other.
    mutating func inferPair(_ lhs: Expression, _ rhs: Expression, _ scope: Scope, op: String) -> (TypedValue, TypedValue)
    mutating func inferBinary(_ op: String, _ lhs: Expression, _ rhs: Expression, _ scope: Scope) -> TypedValue
    /// A prefix operator written at `location`.
    mutating func inferUnary(_ op: String, _ operand: Expression, _ scope: Scope, _ context: OperandContext?, at location: SourceLocation) -> TypedValue
    mutating func inferFunction(_ call: FunctionCall, _ scope: Scope, _ context: OperandContext?, insideCast: Bool) -> TypedValue
    /// Resolves a call among the visible user functions and the built-in overloads; with
    /// `procedures`, among the visible procedures alone (`CALL p(...)`).
    mutating func resolveUserFunctionCall(_ call: FunctionCall, _ scope: Scope, procedures: Bool) -> UserFunctionResolution
}

extension CallTyping {
    /// `inferOperatorCall` with no operand inferred yet.
    mutating func inferOperatorCall(_ op: String, _ lhs: Expression?, _ rhs: Expression, _ scope: Scope,
                                    at location: SourceLocation) -> OperatorCall {
        inferOperatorCall(op, lhs, rhs, scope, at: location, known: [])
    }

    /// `resolveUserFunctionCall` of a function call (not `CALL`).
    mutating func resolveUserFunctionCall(_ call: FunctionCall, _ scope: Scope) -> UserFunctionResolution {
        resolveUserFunctionCall(call, scope, procedures: false)
    }

    /// The result shape recorded for the function call whose name starts at `offset`, once the
    /// call was resolved; nil before or when it was not.
    func recordedCallShape(at offset: Int) -> CallShape? {
        callShapes[offset]
    }
}

extension CallTyping where Self: ExpressionTyping & FromClauseAnalyzing & SelectAnalyzing & GroupingChecking & ParameterConflictReporting {
    /// An operand PostgreSQL types from the call it is passed to: an untyped parameter, a string
    /// constant, NULL or an empty ARRAY[] (an ARRAY[] of untyped elements is text[]).
    func isUnknownInput(_ expression: Expression) -> Bool {
        switch expression.kind {
        case .arrayLiteral(let elements): return elements.isEmpty
        case .parenthesized(let inner): return isUnknownInput(inner)
        default: return isUntyped(expression)
        }
    }

    /// `format_type` spelling of call inputs for messages (`integer, unknown`).
    private func signatureText(_ inputs: [SQLType]) -> String {
        inputs.map { $0 == .unknown ? "unknown" : $0.formatName }.joined(separator: ", ")
    }

    /// Resolves `lhs op rhs` (or prefix `op rhs` when `lhs` is nil). `known[i]` is operand i's
    /// value when it was inferred already (a row element, a subquery's column): it is not
    /// inferred again.
    mutating func inferOperatorCall(_ op: String, _ lhs: Expression?, _ rhs: Expression, _ scope: Scope,
                                    at location: SourceLocation, known: [TypedValue?]) -> OperatorCall {
        // `OPERATOR(schema.op)` is looked up in that schema alone.
        let (schema, bareName) = QualifiedOperatorLookup.split(op)
        let name = bareName == "!=" ? "<>" : bareName
        let expressions = lhs.map { [$0, rhs] } ?? [rhs]
        var values = [TypedValue?](repeating: nil, count: expressions.count)
        var hadError = false
        for (index, expression) in expressions.enumerated() {
            let preset = index < known.count ? known[index] : nil
            if preset == nil, isUnknownInput(expression) { continue }
            let value = preset ?? infer(expression, scope)
            if value.type == .unknown { hadError = true }
            values[index] = value
        }
        let inputs = values.map { $0?.type ?? .unknown }
        let (signatures, candidates) = schema.flatMap { QualifiedOperatorLookup.overloads(catalog, schema: $0, named: name, prefix: lhs == nil) }
            ?? catalog.operatorOverloads(named: name, prefix: lhs == nil)
        // A composite type (CREATE TYPE ... AS, a table's row) is binary-coercible to record:
        // its comparisons are record's (`p = ROW(1, 'a')::pair`, `t = t`).
        let resolutionInputs = catalog.compositesAsRecords(inputs)
        // Resolution depends on the candidates (the catalog's, by name) and the input types only.
        let outcome = catalog.derivedValue(OperatorResolutionKey(name: schema.map { $0 + "." + name } ?? name, prefix: lhs == nil,
                                                                 inputs: resolutionInputs)) {
            CallResolver.resolveOperator(candidates, inputs: resolutionInputs, userCasts: catalog.userTypes.casts)
        }
        var call = OperatorCall(operands: [])
        var declared: [SQLType] = inputs
        switch outcome {
        case .resolved(let resolution):
            declared = resolution.arguments
            call.result = resolution.result
            call.isStrict = signatures[resolution.index].isStrict
            call.mayReturnNull = signatures[resolution.index].mayReturnNull
        case .noMatch, .ambiguous, .undeterminedPolymorphic:
            if !hadError {
                let written = lhs == nil ? "\(op) \(signatureText(inputs))"
                    : "\(inputs[0] == .unknown ? "unknown" : inputs[0].formatName) \(op) \(inputs[1] == .unknown ? "unknown" : inputs[1].formatName)"
                if case .ambiguous = outcome {
                    error("operator is not unique: \(written)", at: location)
                } else if case .undeterminedPolymorphic = outcome {
                    error("could not determine polymorphic type because input has type unknown", at: location)
                } else {
                    error("operator does not exist: \(written)", at: location)
                    let isComparison = ["=", "<>", "<", ">", "<=", ">="].contains(name)
                    noteParametersTypedElsewhere(expressions, otherTypes: isComparison ? inputs.reversed() : [])
                }
            }
        }
        for (index, expression) in expressions.enumerated() where values[index] == nil {
            let other = expressions.count == 2 ? values[1 - index] : nil
            let expected = declared[index] == .unknown ? nil : declared[index]
            values[index] = infer(expression, scope, OperandContext(type: expected, elementNullable: other?.elementNullable ?? false,
                                                                    name: other?.name, origin: other?.origin))
        }
        call.operands = values.map { $0 ?? TypedValue(type: .unknown, nullable: true) }
        return call
    }

    /// Infers two operands compared with `op` (IS DISTINCT FROM): an untyped one takes the
    /// type the operator resolution gives it.
    mutating func inferPair(_ lhs: Expression, _ rhs: Expression, _ scope: Scope, op: String) -> (TypedValue, TypedValue) {
        let call = inferOperatorCall(op, lhs, rhs, scope, at: operatorLocation(after: lhs))
        let left = call.operands.first ?? TypedValue(type: .unknown, nullable: true)
        let right = call.operands.count > 1 ? call.operands[1] : left
        return (left, right)
    }

    mutating func inferBinary(_ op: String, _ lhs: Expression, _ rhs: Expression, _ scope: Scope) -> TypedValue {
        if op == "and" || op == "or" {
            let left = inferCondition(lhs, scope, clause: op.uppercased())
            let right = inferCondition(rhs, scope, clause: op.uppercased())
            return TypedValue(type: .bool, nullable: left.nullable || right.nullable)
        }
        let call = inferOperatorCall(op, lhs, rhs, scope, at: operatorLocation(after: lhs))
        let name = QualifiedOperatorLookup.split(op).name
        // JSON field and path extraction is NULL when the key or element is missing.
        let alwaysNullable = ["->", "->>", "#>", "#>>"].contains(name)
        // A strict operator is NULL when an operand is; the non-strict ones (array || element)
        // only when both are.
        let nullable = call.isStrict ? call.operands.contains { $0.nullable } : call.operands.allSatisfy { $0.nullable }
        let type = call.result ?? .unknown
        return TypedValue(type: type, nullable: alwaysNullable || call.mayReturnNull || nullable,
                          elementNullable: BuiltinFunctionBehavior.resultElementNullable(name: name == "||" ? "array_append" : name,
                                                                                 arguments: call.operands, resultType: type))
    }

    mutating func inferUnary(_ op: String, _ operand: Expression, _ scope: Scope, _ context: OperandContext?, at location: SourceLocation) -> TypedValue {
        if op == "not" {
            let value = inferCondition(operand, scope, clause: "NOT")
            return TypedValue(type: .bool, nullable: value.nullable)
        }
        if op == "-", case .literal(let literal) = operand.kind {
            // The parser folds a minus sign into a numeric constant.
            switch literal {
            case .integer(let digits): return TypedValue(type: TypeRules.integerLiteralType("-" + digits), nullable: false)
            case .numeric: return TypedValue(type: .numeric, nullable: false)
            default: break
            }
        }
        let call = inferOperatorCall(op, nil, operand, scope, at: location)
        let value = call.operands.first ?? TypedValue(type: .unknown, nullable: true)
        return TypedValue(type: call.result ?? .unknown, nullable: value.nullable || !call.isStrict || call.mayReturnNull)
    }

    // MARK: Functions

    /// COALESCE, GREATEST, LEAST and NULLIF are grammar, not catalog functions: their arguments
    /// share one common type (`select_common_type`), which untyped arguments take.
    private mutating func inferConditional(_ name: String, _ call: FunctionCall, _ scope: Scope, _ context: OperandContext?) -> TypedValue {
        var values = [TypedValue?](repeating: nil, count: call.arguments.count)
        for (index, argument) in call.arguments.enumerated() where !isUntyped(argument) {
            values[index] = infer(argument, scope)
        }
        let typed = values.compactMap { $0?.type }.filter { $0 != .unknown }
        // All inputs untyped (parameters not typed yet, string literals, NULL): PostgreSQL resolves
        // them as text (select_common_type), whatever the context outside the call, so
        // `COALESCE(@p, NULL) IS NULL` makes @p a text parameter (a later `@p::boolean` casts it).
        let common: SQLType? = typed.isEmpty ? .text : (name == "nullif" ? typed.first : TypeRules.commonType(typed, userCasts: catalog.userTypes.casts))
        let hint = name == "coalesce" ? values.compactMap { $0?.name }.first : nil
        for (index, argument) in call.arguments.enumerated() where values[index] == nil {
            let nullMeaningful = name == "coalesce" && index < call.arguments.count - 1
            values[index] = infer(argument, scope, OperandContext(type: common, name: hint, nullMeaningful: nullMeaningful))
        }
        if name == "coalesce" {
            for argument in call.arguments.dropLast() {
                if let index = underlyingParameterIndex(of: argument) { parameters.markNullMeaningful(index) }
            }
        }
        let arguments = values.map { $0 ?? TypedValue(type: .unknown, nullable: true) }
        if name != "nullif", let mismatch = TypeRules.unmatchableTypes(arguments.map(\.type), userCasts: catalog.userTypes.casts) {
            error("\(name.uppercased()) types \(mismatch.first.formatName) and \(mismatch.other.formatName) cannot be matched",
                  at: call.arguments[mismatch.index].location)
        }
        let type: SQLType
        if name == "nullif" {
            type = arguments.first.map { $0.type == .unknown ? .text : $0.type } ?? .text
        } else {
            type = TypeRules.commonType(arguments.map(\.type), userCasts: catalog.userTypes.casts)
        }
        let nullable = name == "nullif" ? true : arguments.isEmpty || arguments.allSatisfy(\.nullable)
        let elementNullable = name == "nullif" ? (arguments.first?.elementNullable ?? false) : arguments.contains { $0.elementNullable }
        return TypedValue(type: type, nullable: nullable, elementNullable: elementNullable, name: name)
    }

    mutating func inferFunction(_ call: FunctionCall, _ scope: Scope, _ context: OperandContext?, insideCast: Bool) -> TypedValue {
        let name = call.name.name?.name ?? ""
        let schema = call.name.qualifier.last?.name
        var inferred: [TypedValue?] = []
        switch resolveUserFunctionCall(call, scope) {
        case .resolved(let resolved):
            callShapes[call.name.location.offset] = userCallShape(resolved)
            // A function of the schema with OVER may be a window function (CREATE FUNCTION ... WINDOW).
            let overload = resolved.function.overload
            if overload.kind == .aggregate || call.over == nil, let message = AggregateCallSyntax.error(call, overload) {
                error(message, at: call.name.location)
            }
            // A user aggregate's ORDER BY, FILTER and window.
            for item in call.orderBy { _ = infer(item.expression, scope) }
            if let filter = call.filter { inferCondition(filter, scope, clause: "FILTER") }
            if let over = call.over { analyzeWindow(over, scope) }
            return userFunctionValue(resolved)
        case .failed: return TypedValue(type: .unknown, nullable: true, name: name)
        case .notUserFunction(let values): inferred = values
        }
        // Functions an extension keeps in its own schema (pg_session_jwt's auth.user_id()) are
        // listed under their qualified name.
        let qualifiedName = schema.map { $0 + "." + name } ?? name
        let isOtherSchema = schema != nil && schema != "pg_catalog" && schema != "public"
        if isOtherSchema, catalog.functionCandidates(named: qualifiedName).isEmpty {
            error("function \(call.name.parts.map(\.name).joined(separator: ".")) is not known to the generator; cast its result (::type)", at: call.name.location)
        }
        if call.isConditionalForm {
            return inferConditional(name, call, scope, context)
        }
        if schema == nil, name == "merge_action", call.name.name?.quoted == false, call.arguments.isEmpty,
           catalog.postgresVersion.map({ $0 >= 17 }) ?? true {
            // merge_action(): `INSERT`, `UPDATE` or `DELETE`, the action a MERGE took for the row
            // RETURNING reports (PostgreSQL 17's grammar, not in pg_proc; transformMergeSupportFunc).
            guard scope.isInsideMergeReturning else {
                error("MERGE_ACTION() can only be used in the RETURNING list of a MERGE command", at: call.name.location)
                return TypedValue(type: .unknown, nullable: true, name: name)
            }
            return TypedValue(type: .text, nullable: false, name: name)
        }
        if schema == nil, name == "grouping" {
            // grouping(a, b): a bit mask of the arguments a grouping set does not group by; an
            // integer in every row, super-aggregate rows included (grammar, not in pg_proc).
            for argument in call.arguments { _ = infer(argument, scope) }
            return TypedValue(type: .int4, nullable: false, name: name)
        }
        // An ordered-set aggregate's WITHIN GROUP inputs follow its direct arguments.
        let expressions = call.arguments + call.withinGroup.map(\.expression)
        var values = [TypedValue?](repeating: nil, count: expressions.count)
        var hadError = false
        for (index, argument) in expressions.enumerated() where !isUnknownInput(argument) {
            let value = (index < inferred.count ? inferred[index] : nil) ?? infer(argument, scope)
            if value.type == .unknown { hadError = true }
            values[index] = value
        }
        let inputs = values.map { $0?.type ?? .unknown }
        let overloads = catalog.functionOverloads(named: isOtherSchema ? qualifiedName : name, argumentCount: inputs.count)
        let signatures = overloads.signatures
        var declared = inputs
        var resultType: SQLType?
        var signature: FunctionSignature?
        if signatures.isEmpty {
            if FunctionCall.conditionalForms.contains(name) {
                // `"coalesce"(a, b)`, `pg_catalog.nullif(a, b)`: a function call, of none of pg_proc.
                error("function \(call.name.parts.map(\.name).joined(separator: "."))(\(signatureText(inputs))) does not exist", at: call.name.location)
            } else if reportVersionRequirement(name, inputs: inputs, at: call.name.location) {
                // A function of another PostgreSQL version than the project's (postgresVersion).
            } else if !insideCast {
                let suggestion = NameSuggestions.closest(to: name, among: KnownFunctionNames.all).map { "did you mean '\($0)'? or " } ?? ""
                error("function \(name)(\(signatureText(inputs))) is not known to the generator; \(suggestion)cast its result (\(name)(...)::type)", at: call.name.location)
            }
        } else if call.argumentNames.contains(where: { $0 != nil }) {
            if let named = resolveBuiltinNamedNotation(call, signatures, inputs: inputs, reportErrors: !hadError) {
                declared = named.declared
                resultType = named.result
                signature = named.signature
            }
        } else if let target = functionStyleCastTarget(name, schema: schema, inputs: inputs, arguments: expressions, signatures: signatures) {
            // `text($1)`, `varchar(x)`: a type name called like a function is a cast.
            declared = [target]
            resultType = target
            signature = FunctionSignature(name: name, arguments: [target.typname ?? name], result: target.typname ?? name, isStrict: true,
                                          returnsSet: false, isVariadic: false, kind: .function, isOrderedSet: false,
                                          defaultCount: 0, variadicElement: nil, extensionName: nil)
        } else {
            switch catalog.resolveFunction(overloads.candidates, inputs: inputs) {
            case .resolved(let resolution):
                declared = resolution.arguments
                resultType = resolution.result
                signature = signatures[resolution.index]
                if let message = AggregateCallSyntax.error(call, signatures[resolution.index]) { error(message, at: call.name.location) }
            case .ambiguous where !hadError:
                error("function \(qualifiedName)(\(signatureText(inputs))) is not unique", at: call.name.location)
            case .undeterminedPolymorphic where !hadError:
                error("could not determine polymorphic type because input has type unknown", at: call.name.location)
            case .noMatch where !hadError:
                if reportVersionRequirement(name, inputs: inputs, at: call.name.location) { break }
                // Named as written, with its schema (func_signature_string).
                error("function \(qualifiedName)(\(signatureText(inputs))) does not exist", at: call.name.location)
                noteParametersTypedElsewhere(expressions, otherTypes: [])
            default:
                break
            }
        }
        if signature?.isHypothetical == true {
            declared = HypotheticalArguments.unified(declared, inputs: inputs, directCount: call.arguments.count)
        }
        for (index, argument) in expressions.enumerated() where values[index] == nil {
            // An untyped argument where the function takes "any" (concat, format) stays untyped:
            // a constant is text, a parameter needs a type from elsewhere.
            let isAny = declared[index] == .unknown || declared[index] == .named("any")
            let expected: SQLType? = isAny ? (parameterIndex(of: argument) == nil ? .text : nil) : declared[index]
            values[index] = infer(argument, scope, OperandContext(type: expected))
        }
        for item in call.orderBy { _ = infer(item.expression, scope) }
        if let filter = call.filter { inferCondition(filter, scope, clause: "FILTER") }
        if let over = call.over { analyzeWindow(over, scope) }
        var arguments = values.map { $0 ?? TypedValue(type: .unknown, nullable: true) }
        guard let resultType, let signature else {
            return TypedValue(type: .unknown, nullable: true, name: name)
        }
        callShapes[call.name.location.offset] = builtinCallShape(signature, declared: declared, resultType: resultType)
        var behavior = nullBehavior(of: signature, declared: declared, argumentCount: call.arguments.count)
        if behavior == .nullable, call.filter == nil, call.withinGroup.isEmpty, seesAtLeastOneRow(call, scope),
           let overRows = BuiltinFunctionBehavior.overNonEmptyInput(name) {
            // Over a non-empty group or frame an aggregate is NULL only when its input values are.
            behavior = overRows
            arguments = Array(arguments.prefix(1))
        }
        let nullable: Bool
        switch behavior {
        case .strict: nullable = arguments.contains { $0.nullable }
        case .neverNull: nullable = false
        case .nullable: nullable = true
        case .allArgumentsNull: nullable = arguments.isEmpty || arguments.allSatisfy(\.nullable)
        }
        return TypedValue(type: resultType, nullable: nullable,
                          elementNullable: BuiltinFunctionBehavior.resultElementNullable(name: name, arguments: arguments, resultType: resultType),
                          name: name)
    }

    /// PostgreSQL's rule for `typename(x)` (func_get_detail): without an exact overload, a call
    /// of one argument whose name is a type is a cast when the argument is an untyped constant,
    /// binary-coercible to the type, or converted through text I/O (to or from a string type).
    private func functionStyleCastTarget(_ name: String, schema: String?, inputs: [SQLType], arguments: [Expression],
                                         signatures: [FunctionSignature]) -> SQLType? {
        guard inputs.count == 1, let input = inputs.first, schema == nil || schema == "pg_catalog",
              let info = catalog.builtinType(name), info.category != "P",
              !signatures.contains(where: { $0.arguments.count == 1 && SQLType.catalogType($0.arguments[0]) == input }) else { return nil }
        let target = SQLType.catalogType(info.name)
        if input == .unknown {
            if let argument = arguments.first, parameterIndex(of: argument) == nil { return target }
            return info.category == "S" ? target : nil
        }
        if input.baseType == target { return target }
        if let source = input.baseType.typname, let method = BuiltinCatalog.shared.castMethods[source]?[info.name] {
            return method == "b" || method == "i" ? target : nil
        }
        if case .array = input.baseType { return nil }
        return info.category == "S" || TypeRules.category(input) == "S" ? target : nil
    }

    /// The listed rule, else aggregates may be NULL (no rows), strict functions are NULL when an
    /// argument is, and other functions may return NULL.
    private func nullBehavior(of signature: FunctionSignature, declared: [SQLType], argumentCount: Int) -> BuiltinFunctionBehavior.NullBehavior {
        // substring(text FROM pattern): NULL when the pattern does not match.
        if signature.name == "substring", declared.count >= 2, TypeRules.category(declared[1]) == "S" { return .nullable }
        // lower/upper of a range: NULL for an empty or unbounded range.
        if ["lower", "upper"].contains(signature.name), let first = declared.first, TypeRules.category(first) == "R" {
            return .nullable
        }
        if let listed = BuiltinFunctionBehavior.listedNullBehavior(signature.name, argumentCount: argumentCount) { return listed }
        if signature.kind != .function { return .nullable }
        if signature.returnsSet { return .nullable }
        return signature.isStrict ? .strict : .nullable
    }
}

/// What an operator's resolution depends on besides the catalog.
private struct OperatorResolutionKey: Hashable {
    let name: String
    let prefix: Bool
    let inputs: [SQLType]
}

/// The result of a resolved operator: operand values and the result type (nil when
/// resolution failed, reported unless an operand's type is unknown after an earlier error).
struct OperatorCall {
    var operands: [TypedValue]
    var result: SQLType?
    var isStrict = true
    /// NULL may come whatever the operands (a user operator's function).
    var mayReturnNull = false
}
