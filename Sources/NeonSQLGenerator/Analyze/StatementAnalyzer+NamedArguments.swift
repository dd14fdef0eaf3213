// Calls of user functions in named or mixed notation (`f('a', uppercase => true, b => 'x')`):
// as PostgreSQL does, the names are matched against each overload's parameter names, the
// parameters left out must have defaults, and the call resolves to the one overload that fits.
// (Built-in functions carry no parameter names in the embedded catalog: their calls stay positional.)

extension StatementAnalyzer {
    /// For each argument of `call`, the index of the parameter of `function` it binds; nil when the
    /// call does not fit (an unknown or repeated name, a positional argument after a named one,
    /// too many arguments, or a parameter left out that has no default).
    static func namedArgumentPositions(_ call: FunctionCall, _ function: UserFunction) -> [Int]? {
        let inputs = function.inputArguments
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
        return .resolved(UserFunctionCall(function: function, arguments: values.map { $0 ?? TypedValue(type: .unknown, nullable: true) }))
    }
}
