// Calls of functions created by CREATE FUNCTION. They are resolved together with the built-in
// overloads of the same name by PostgreSQL's rules (`CallResolver`), as PostgreSQL does for every
// function on the search path. Their bodies are not analyzed, so results are nullable.

extension CallTyping where Self: ExpressionTyping & FromClauseAnalyzing & SelectAnalyzing & GroupingChecking & ParameterConflictReporting {
    /// Resolves a call among the visible user functions of its name and the built-in overloads;
    /// with `procedures`, among the visible procedures alone (`CALL p(...)`).
    mutating func resolveUserFunctionCall(_ call: FunctionCall, _ scope: Scope, procedures: Bool) -> UserFunctionResolution {
        guard let name = call.name.name?.name else { return .notUserFunction(inferred: []) }
        let schema = call.name.qualifier.last?.name
        let visible = schema == "pg_catalog" ? [] : catalog.userFunctions(name, schema: schema)
        let overloads = catalog.userCallOverloads(named: name, schema: schema, procedures: procedures)
        // `f(*)` and WITHIN GROUP are an aggregate's (CREATE AGGREGATE) or a built-in's.
        if call.isStar || !call.withinGroup.isEmpty, !overloads.contains(where: \.isAggregate) { return .notUserFunction(inferred: []) }
        if !procedures, overloads.isEmpty, !visible.isEmpty, catalog.functionCandidates(named: name).isEmpty {
            // PostgreSQL: "p(integer) is a procedure" (To call a procedure, use CALL).
            let types = call.arguments.map { infer($0, scope).type }
            let text = types.map { $0 == .unknown ? "unknown" : $0.formatName }.joined(separator: ", ")
            error("\(call.name.parts.map(\.name).joined(separator: "."))(\(text)) is a procedure; call it with CALL", at: call.name.location)
            return .failed
        }
        guard !overloads.isEmpty else { return .notUserFunction(inferred: []) }
        if call.argumentNames.contains(where: { $0 != nil }) { return resolveNamedNotationCall(call, overloads, scope) }
        // An ordered-set aggregate's WITHIN GROUP inputs follow its direct arguments.
        let expressions = call.arguments + call.withinGroup.map(\.expression)
        var values = [TypedValue?](repeating: nil, count: expressions.count)
        var hadError = false
        for (index, argument) in expressions.enumerated() where !isUnknownInput(argument) {
            let value = infer(argument, scope)
            if value.type == .unknown { hadError = true }
            values[index] = value
        }
        let inputs = values.map { $0?.type ?? .unknown }
        let resolvable = catalog.userCallCandidates(named: name, schema: schema, procedures: procedures, argumentCount: inputs.count)
        let outcome = catalog.resolveFunction(resolvable.candidates, inputs: inputs)
        guard case .resolved(let resolution) = outcome else {
            if !hadError {
                let written = call.name.parts.map(\.name).joined(separator: ".")
                let text = inputs.map { $0 == .unknown ? "unknown" : $0.formatName }.joined(separator: ", ")
                let noun = procedures ? "procedure" : "function"
                if case .ambiguous = outcome {
                    error("\(noun) \(written)(\(text)) is not unique", at: call.name.location)
                } else {
                    error("\(noun) \(written)(\(text)) does not exist", at: call.name.location)
                }
            }
            for (index, argument) in expressions.enumerated() where values[index] == nil { _ = infer(argument, scope) }
            return .failed
        }
        // The built-in overloads come first: the user functions follow them, in `overloads`' order.
        let builtinCount = resolvable.signatures.count - overloads.count
        guard resolution.index >= builtinCount else { return .notUserFunction(inferred: values) }
        let function = overloads[resolution.index - builtinCount]
        let inputArguments = function.inputArguments
        for (index, argument) in expressions.enumerated() where values[index] == nil {
            let parameterName = index < inputArguments.count ? inputArguments[index].name : nil
            values[index] = infer(argument, scope, OperandContext(type: resolution.arguments[index], name: parameterName))
        }
        return .resolved(UserFunctionCall(function: function, arguments: values.map { $0 ?? TypedValue(type: .unknown, nullable: true) },
                                          userCasts: catalog.userTypes.casts))
    }

    /// The value of a call in an expression (`SELECT f(x)`): nullable, as the body may return NULL.
    func userFunctionValue(_ call: UserFunctionCall) -> TypedValue {
        TypedValue(type: call.concrete(call.function.valueType), nullable: !call.function.neverReturnsNull, elementNullable: true,
                   name: call.function.name)
    }
}

/// A call resolved to a user function, with its arguments typed.
struct UserFunctionCall {
    let function: UserFunction
    let arguments: [TypedValue]
    /// The schema's casts, for `anycompatible` resolution (implicit ones count).
    var userCasts: UserCasts = [:]

    /// `type` with a polymorphic type of the declaration (`anyelement`, `anyarray`,
    /// `anycompatible` ...) resolved from the arguments' types, as PostgreSQL resolves it.
    func concrete(_ type: SQLType) -> SQLType {
        guard TypeRules.isPolymorphic(type) else { return type }
        let declared = function.inputArguments.prefix(arguments.count).map(\.type)
        let inputs = arguments.prefix(declared.count).map(\.type)
        return PolymorphicResolver.resolve(inputs: Array(inputs), declared: Array(declared), result: type, userCasts: userCasts)?.result ?? .unknown
    }
}

/// What `resolveUserFunctionCall` found.
enum UserFunctionResolution {
    /// No user function of that name is visible, or a built-in overload is the better match:
    /// the call is typed as a built-in, reusing the argument values already inferred (by
    /// index; nil where not inferred) so nested calls are not inferred twice.
    case notUserFunction(inferred: [TypedValue?])
    case resolved(UserFunctionCall)
    /// No overload matches (reported, with PostgreSQL's message).
    case failed
}
