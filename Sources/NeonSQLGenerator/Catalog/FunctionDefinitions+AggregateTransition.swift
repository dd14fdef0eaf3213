// CREATE AGGREGATE's state type and transition function, checked as PostgreSQL's AggregateCreate
// and lookup_agg_function do: a polymorphic state type needs an argument of its family to be
// deduced from, and SFUNC must be a function taking the state type and the aggregated
// arguments, resolved as a call of those types (the polymorphic pseudo-types included: since
// PostgreSQL 14 `array_append` takes anycompatiblearray, which an anyarray state does not match).

extension FunctionDefinitions {
    /// The polymorphic types of the first family, deduced from each other's actual types.
    private static let anyFamily: Set<String> = ["anyelement", "anyarray", "anynonarray", "anyenum", "anyrange", "anymultirange"]
    /// The anycompatible family, deduced from the arguments' common type.
    private static let anycompatibleFamily: Set<String> = [
        "anycompatible", "anycompatiblearray", "anycompatiblenonarray", "anycompatiblerange", "anycompatiblemultirange",
    ]

    /// Reports PostgreSQL's error for an aggregate whose state type cannot be deduced or whose
    /// transition function does not take `(state, aggregated arguments...)`; true when one was
    /// reported (PostgreSQL then creates no aggregate). A function name the generator does not
    /// know, an `internal` or `"any"` type, or a VARIADIC argument is left to PostgreSQL.
    mutating func reportTransitionMisfit(_ create: CreateAggregateStatement, arguments: [UserFunction.Argument], state: SQLType) -> Bool {
        let argumentTypes = arguments.map(\.type)
        if let detail = Self.undeducedPolymorphicResult(state, from: argumentTypes) {
            error("cannot determine transition data type: \(detail)", at: create.stateType?.location ?? create.name.location)
            return true
        }
        guard let function = create.transitionFunction, let name = function.name?.name,
              !arguments.contains(where: { $0.mode == .variadic }) else { return false }
        // An ordered-set aggregate's transition function takes its aggregated arguments alone.
        let aggregated = create.orderedArguments.map { argumentTypes.suffix($0.count) } ?? argumentTypes[...]
        let inputs = [state] + aggregated
        guard !inputs.contains(where: { $0 == .catalogType("internal") || $0 == .catalogType("any") }) else { return false }
        let schema = function.qualifier.last?.name
        let candidates = schema == "pg_catalog"
            ? CallCandidate.functionCandidates(catalog.functionCandidates(named: name), count: inputs.count)
            : catalog.userCallCandidates(named: name, schema: schema, procedures: false, argumentCount: inputs.count).candidates
        // A name the generator knows no function of, or one of whose functions it left out, is PostgreSQL's to judge.
        let builtins = schema == nil || schema == "pg_catalog" ? catalog.functionCandidates(named: name) : []
        let users = schema == "pg_catalog" ? [] : catalog.userFunctions(name, schema: schema)
        guard !builtins.isEmpty || !users.isEmpty,
              !catalog.userTypes.functionsLeftOut.contains(where: { $0.hasSuffix("." + name) }) else { return false }
        let matches: Bool
        if inputs.contains(where: \.isPolymorphic) {
            matches = candidates.contains { mayMatch(inputs, $0.arguments) }
        } else if case .noMatch = catalog.resolveFunction(candidates, inputs: inputs) {
            matches = false
        } else {
            matches = true
        }
        guard !matches else { return false }
        let written = function.parts.map(\.name).joined(separator: ".")
        error("function \(written)(\(inputs.map(\.formatName).joined(separator: ", "))) does not exist", at: function.location)
        return true
    }

    /// check_valid_polymorphic_signature: why a polymorphic `result` cannot be deduced from
    /// arguments of types `arguments` (PostgreSQL's DETAIL), nil when it can or is not polymorphic.
    static func undeducedPolymorphicResult(_ result: SQLType, from arguments: [SQLType]) -> String? {
        guard result.isPolymorphic else { return nil }
        let resultName = result.formatName
        let names = arguments.map(\.formatName)
        let requirement: (names: Set<String>, text: String)
        if resultName == "anyrange" || resultName == "anymultirange" {
            requirement = (["anyrange", "anymultirange"], "anyrange or anymultirange")
        } else if resultName == "anycompatiblerange" || resultName == "anycompatiblemultirange" {
            requirement = (["anycompatiblerange", "anycompatiblemultirange"], "anycompatiblerange or anycompatiblemultirange")
        } else if anyFamily.contains(resultName) {
            requirement = (anyFamily, "anyelement, anyarray, anynonarray, anyenum, anyrange, or anymultirange")
        } else if anycompatibleFamily.contains(resultName) {
            requirement = (anycompatibleFamily, "anycompatible, anycompatiblearray, anycompatiblenonarray, anycompatiblerange, or anycompatiblemultirange")
        } else {
            return nil
        }
        if names.contains(where: requirement.names.contains) { return nil }
        return "A result of type \(resultName) requires at least one input of type \(requirement.text)."
    }

    /// Whether a function declared with `declared` may take arguments of types `inputs`, some of
    /// them polymorphic pseudo-types (can_coerce_type): false only when PostgreSQL's rules
    /// certainly refuse. A pseudo-type coerces to no other concrete type, and once a polymorphic
    /// parameter takes another type (check_generic_type_consistency), a parameter asking for an
    /// array, range or enum (anyarray but for an anyarray input) cannot read one from a pseudo-type.
    private func mayMatch(_ inputs: [SQLType], _ declared: [SQLType]) -> Bool {
        guard inputs.count == declared.count else { return false }
        if inputs == declared { return true }
        var generic = false
        for (input, target) in zip(inputs, declared) where input != target && target != .catalogType("any") {
            if target.isPolymorphic {
                generic = true
            } else if input.isPolymorphic || !canPass(input, to: target) {
                return false
            }
        }
        guard generic else { return true }
        for (input, target) in zip(inputs, declared) where input.isPolymorphic && target.isPolymorphic {
            let name = target.formatName
            let asksForContainer = (name.hasSuffix("array") && !name.hasSuffix("nonarray")) || name.hasSuffix("range") || name == "anyenum"
            if asksForContainer, !(name == "anyarray" && input == target) { return false }
        }
        return true
    }

    /// Whether an argument of type `input` may be passed for a parameter of type `target` (the
    /// resolution of a call of one parameter): implicitly, or without a cast at all.
    private func canPass(_ input: SQLType, to target: SQLType) -> Bool {
        if case .noMatch = catalog.resolveFunction([CallCandidate(arguments: [target], result: target, index: 0)], inputs: [input]) { return false }
        return true
    }
}
