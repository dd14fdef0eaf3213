// `CALL procedure(arguments)` in a query file: the arguments (parameters among them) are typed
// from the procedure's signature, resolved as PostgreSQL resolves a call, and the procedure's
// INOUT and OUT arguments are the one row CALL returns.

extension ModificationAnalyzing where Self: ExpressionTyping & FromClauseAnalyzing & SelectAnalyzing & GroupingChecking & CallTyping {
    /// The result columns of `CALL call`: the procedure's output arguments, nullable (its body is
    /// not analyzed); none when it has none.
    mutating func analyzeCall(_ call: FunctionCall) -> [OutputColumn] {
        // A procedure may write (and may COMMIT): never a read-only statement.
        isReadOnly = false
        let scope = Scope(parent: nil)
        switch resolveUserFunctionCall(call, scope, procedures: true) {
        case .resolved(let resolved):
            let outputs = resolved.function.arguments.filter(\.isOutput)
            return outputs.enumerated().map { index, argument in
                let name = argument.name ?? "column\(index + 1)"
                return OutputColumn(name: name, value: TypedValue(type: argument.type, nullable: true, elementNullable: true, name: name),
                                    nullabilityOverride: nil, location: call.name.location)
            }
        case .notUserFunction:
            for argument in call.arguments { _ = infer(argument, scope) }
            let written = call.name.parts.map(\.name).joined(separator: ".")
            error("procedure \(written) does not exist (CALL runs a procedure created by CREATE PROCEDURE)", at: call.name.location)
            return []
        case .failed:
            return []
        }
    }
}
