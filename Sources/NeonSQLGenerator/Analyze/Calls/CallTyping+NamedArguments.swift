// Calls in named or mixed notation (`f('a', uppercase => true, b => 'x')`,
// `make_interval(secs => $1)`), of user and built-in functions alike: as PostgreSQL does, the
// names are matched against each overload's parameter names (a built-in's from pg_proc's
// `proargnames`, in the embedded catalog), the parameters left out must have defaults, and the
// call resolves to the one overload that fits.

extension CallTyping where Self: ExpressionTyping & FromClauseAnalyzing & SelectAnalyzing & GroupingChecking & ParameterConflictReporting {
    /// For each argument of `call`, the index of the parameter of `function` it binds; nil when the
    /// call does not fit (an unknown or repeated name, a positional argument after a named one,
    /// too many arguments, or a parameter left out that has no default).
    static func namedArgumentPositions(_ call: FunctionCall, _ function: UserFunction) -> [Int]? {
        namedArgumentPositions(call, parameters: function.inputArguments.map { (name: $0.name, hasDefault: $0.hasDefault) })
    }

    /// `namedArgumentPositions` for a built-in overload: its `argumentNames`, the trailing
    /// `defaultCount` parameters with defaults.
    static func namedArgumentPositions(_ call: FunctionCall, _ signature: FunctionSignature) -> [Int]? {
        guard !signature.argumentNames.isEmpty, signature.argumentNames.count == signature.arguments.count else { return nil }
        let firstDefault = signature.arguments.count - signature.defaultCount
        return namedArgumentPositions(call, parameters: signature.argumentNames.enumerated().map { index, name in
            (name: name.isEmpty ? nil : name, hasDefault: index >= firstDefault)
        })
    }

    /// For each argument of `call`, the index of the parameter (of `parameters`, the input
    /// parameters in order) it binds; nil when the call does not fit.
    private static func namedArgumentPositions(_ call: FunctionCall, parameters inputs: [(name: String?, hasDefault: Bool)]) -> [Int]? {
        guard call.arguments.count <= inputs.count, call.argumentNames.count == call.arguments.count else { return nil }
        var positions: [Int] = []
        var seenNamed = false
        for (index, name) in call.argumentNames.enumerated() {
            if let name {
                seenNamed = true
                guard let position = inputs.firstIndex(where: { $0.name == name }) else { return nil }
                positions.append(position)
            } else {
                if seenNamed { return nil }
                positions.append(index)
            }
        }
        guard Set(positions).count == positions.count else { return nil }
        for (position, input) in inputs.enumerated() where !positions.contains(position) && !input.hasDefault { return nil }
        return positions
    }

    /// Resolves a call with named arguments among the visible user overloads of its name.
    mutating func resolveNamedNotationCall(_ call: FunctionCall, _ overloads: [UserFunction], _ scope: Scope) -> UserFunctionResolution {
        var values = [TypedValue?](repeating: nil, count: call.arguments.count)
        for (index, argument) in call.arguments.enumerated() where !isUnknownInput(argument) {
            values[index] = infer(argument, scope)
        }
        let fitting = overloads.compactMap { function in Self.namedArgumentPositions(call, function).map { (function, $0) } }
        // Several overloads fit the names: keep those whose parameters take the typed arguments as they are.
        let exact = fitting.filter { function, positions in
            zip(values, positions).allSatisfy { value, position in
                value.map { $0.type == function.inputArguments[position].type } ?? true
            }
        }
        guard let (function, positions) = fitting.count == 1 ? fitting.first : exact.count == 1 ? exact.first : nil else {
            let written = call.name.parts.map(\.name).joined(separator: ".")
            let text = zip(call.argumentNames, values).map { name, value in
                (name.map { $0 + " => " } ?? "") + (value.map { $0.type == .unknown ? "unknown" : $0.type.formatName } ?? "unknown")
            }.joined(separator: ", ")
            error("function \(written)(\(text)) " + (fitting.isEmpty ? "does not exist" : "is not unique"), at: call.name.location)
            for (index, argument) in call.arguments.enumerated() where values[index] == nil { _ = infer(argument, scope) }
            return .failed
        }
        for (index, argument) in call.arguments.enumerated() where values[index] == nil {
            let parameter = function.inputArguments[positions[index]]
            values[index] = infer(argument, scope, OperandContext(type: parameter.type, name: parameter.name))
        }
        return .resolved(UserFunctionCall(function: function, arguments: values.map { $0 ?? TypedValue(type: .unknown, nullable: true) },
                                          userCasts: catalog.userTypes.casts))
    }
}

/// A built-in call in named notation resolved to one overload (`resolveBuiltinNamedNotation`).
struct BuiltinNamedCall {
    let signature: FunctionSignature
    /// The parameter type each argument of the call binds, in the call's order.
    let declared: [SQLType]
    let result: SQLType
}

extension CallTyping where Self: ExpressionTyping & FromClauseAnalyzing & SelectAnalyzing & GroupingChecking & ParameterConflictReporting {
    /// Resolves a built-in call in named or mixed notation among `signatures`, given the types of
    /// the call's arguments in its order (`.unknown` for untyped ones): each overload whose
    /// parameter names fit is resolved with its parameters in their own order (a parameter left
    /// out counts as its declared type, an untyped argument as unknown), and the one that resolves (or the one taking the typed
    /// arguments exactly) wins. Reports PostgreSQL's error when none or several do.
    mutating func resolveBuiltinNamedNotation(_ call: FunctionCall, _ signatures: [FunctionSignature], inputs: [SQLType],
                                              reportErrors: Bool) -> BuiltinNamedCall? {
        var resolved: [(call: BuiltinNamedCall, isExact: Bool)] = []
        for signature in signatures {
            guard let positions = Self.namedArgumentPositions(call, signature) else { continue }
            var full = signature.argumentTypes
            for (index, position) in positions.enumerated() { full[position] = inputs[index] }
            let candidates = CallCandidate.functionCandidates([signature], count: full.count)
            guard case .resolved(let resolution) = catalog.resolveFunction(candidates, inputs: full) else { continue }
            let declared = positions.map { resolution.arguments[$0] }
            let isExact = zip(inputs, positions).allSatisfy { input, position in input == .unknown || input == signature.argumentTypes[position] }
            resolved.append((BuiltinNamedCall(signature: signature, declared: declared, result: resolution.result), isExact))
        }
        let exact = resolved.filter(\.isExact)
        if let only = resolved.count == 1 ? resolved.first : exact.count == 1 ? exact.first : nil { return only.call }
        if reportErrors {
            let name = call.name.parts.map(\.name).joined(separator: ".")
            let text = zip(call.argumentNames, inputs).map { name, type in
                (name.map { $0 + " => " } ?? "") + (type == .unknown ? "unknown" : type.formatName)
            }.joined(separator: ", ")
            error("function \(name)(\(text)) " + (resolved.isEmpty ? "does not exist" : "is not unique"), at: call.name.location)
        }
        return nil
    }
}
