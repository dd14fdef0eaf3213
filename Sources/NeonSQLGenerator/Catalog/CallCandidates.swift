// What a call of a function or operator can resolve to, as PostgreSQL's resolution rules
// (Analyze/CallResolver.swift) compare it: each overload with argument types for exactly the
// call's argument count. The catalog builds the candidates of a name once per argument count and
// keeps them (CallCandidateCache.swift), so a call does not filter and expand the name's overloads
// again.

/// One overload as resolution sees it: argument types for exactly the call's argument count
/// (after VARIADIC expansion and default arguments) and the declared result.
struct CallCandidate: Sendable {
    let arguments: [SQLType]
    let result: SQLType
    /// Index into the overload list the candidates were built from.
    let index: Int

    /// The overloads of `signatures` callable with `count` arguments.
    static func functionCandidates(_ signatures: [FunctionSignature], count: Int) -> [CallCandidate] {
        var candidates: [CallCandidate] = []
        var expanded: [CallCandidate] = []
        for (index, signature) in signatures.enumerated() {
            let declared = signature.argumentTypes
            let result = signature.resultType
            if signature.isVariadic, let variadic = signature.variadicElementType, count >= declared.count {
                let fixed = declared.dropLast()
                expanded.append(CallCandidate(arguments: Array(fixed) + Array(repeating: variadic, count: count - fixed.count),
                                              result: result, index: index))
            } else if declared.count == count {
                candidates.append(CallCandidate(arguments: declared, result: result, index: index))
            } else if count < declared.count, count >= declared.count - signature.defaultCount {
                candidates.append(CallCandidate(arguments: Array(declared.prefix(count)), result: result, index: index))
            }
        }
        // A VARIADIC expansion identical to an ordinary overload loses to it (jsonb_delete(jsonb, text)).
        return candidates + expanded.filter { variadic in !candidates.contains { $0.arguments == variadic.arguments } }
    }

    static func operatorCandidates(_ signatures: [OperatorSignature]) -> [CallCandidate] {
        signatures.enumerated().map { index, signature in
            CallCandidate(arguments: signature.operandTypes, result: signature.resultType, index: index)
        }
    }
}

/// The overloads a function call of one name and argument count resolves among, and their
/// candidates (`candidates[i].index` indexes `signatures`).
struct FunctionOverloads: Sendable {
    let signatures: [FunctionSignature]
    let candidates: [CallCandidate]
}

/// The operators of one name visible to the schema, and their candidates.
struct VisibleOperators: Sendable {
    let signatures: [OperatorSignature]
    let candidates: [CallCandidate]
}

extension Catalog {
    /// The built-in (and created extensions') overloads of function `name` and their candidates
    /// for `argumentCount` arguments; built on the first call and kept for this catalog.
    func functionOverloads(named name: String, argumentCount: Int) -> FunctionOverloads {
        callCandidates.functions(.init(name: name, schema: nil, routines: .builtIn, argumentCount: argumentCount)) {
            let signatures = functionCandidates(named: name)
            return FunctionOverloads(signatures: signatures, candidates: CallCandidate.functionCandidates(signatures, count: argumentCount))
        }
    }

    /// The overloads a call of `name` (`schema.name` when qualified) with `argumentCount`
    /// arguments resolves among when user functions of the name are visible: for an unqualified
    /// function call the built-in overloads first, then the user functions
    /// (``userCallOverloads(named:schema:procedures:)``), or the procedures with `procedures`.
    /// Built on the first call and kept for this catalog.
    func userCallCandidates(named name: String, schema: String?, procedures: Bool, argumentCount: Int) -> FunctionOverloads {
        let key = CallCandidateCache.Key(name: name, schema: schema, routines: procedures ? .procedures : .userFunctions,
                                         argumentCount: argumentCount)
        return callCandidates.functions(key) {
            let builtins = schema == nil && !procedures ? functionCandidates(named: name) : []
            let signatures = builtins + userCallOverloads(named: name, schema: schema, procedures: procedures).map(\.overload)
            return FunctionOverloads(signatures: signatures, candidates: CallCandidate.functionCandidates(signatures, count: argumentCount))
        }
    }

    /// The user functions (or, with `procedures`, the procedures) a call of `name` can resolve to.
    /// A procedure's OUT arguments are part of its signature: CALL passes them (NULL, usually).
    func userCallOverloads(named name: String, schema: String?, procedures: Bool) -> [UserFunction] {
        let visible = schema == "pg_catalog" ? [] : userFunctions(name, schema: schema)
        return visible.filter { $0.isProcedure == procedures }.map { procedures ? $0.outputsPassedByCaller : $0 }
    }
}
