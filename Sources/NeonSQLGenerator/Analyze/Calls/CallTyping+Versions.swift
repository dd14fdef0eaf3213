// Calls of built-in functions that the project's PostgreSQL version lacks (Catalog+Versions.swift).

extension CallTyping where Self: ExpressionTyping & FromClauseAnalyzing & SelectAnalyzing & GroupingChecking & ParameterConflictReporting {
    /// Reports a call to a built-in function that the project's PostgreSQL version
    /// (`postgresVersion` in neon-sql.json) lacks but another version has:
    /// `any_value requires PostgreSQL 16 or later; this project targets 15 (postgresVersion in neon-sql.json)`,
    /// `random(integer, integer) requires PostgreSQL 17 or later; ...` when the name has overloads
    /// in the target version.
    /// Returns whether it reported one.
    mutating func reportVersionRequirement(_ name: String, inputs: [SQLType], at location: SourceLocation) -> Bool {
        guard let target = catalog.postgresVersion, let overload = overloadOfOtherVersion(named: name, inputs: inputs) else { return false }
        // Named with its arguments when the target version has other overloads (random(integer, integer)).
        let shown = catalog.functionCandidates(named: name).isEmpty
            ? name : name + "(" + overload.argumentTypes.map(\.formatName).joined(separator: ", ") + ")"
        error("\(shown) requires \(overload.versions.requirement); this project targets \(target) (postgresVersion in neon-sql.json)", at: location)
        return true
    }

    /// For a call that resolves in no overload of the target version: the overload of another
    /// version it would resolve to, and the versions that have it; nil when no version has one
    /// (or no version is targeted).
    private func overloadOfOtherVersion(named name: String, inputs: [SQLType]) -> FunctionSignature? {
        guard let visible = catalog.overloadsOfEveryVersion(named: name),
              case .resolved(let resolution) = CallResolver.resolveFunction(CallCandidate.functionCandidates(visible, count: inputs.count), inputs: inputs,
                                                                                   userCasts: catalog.userTypes.casts)
        else { return nil }
        return visible[resolution.index]
    }
}
