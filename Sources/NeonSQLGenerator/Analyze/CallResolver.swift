/// Function and operator resolution with PostgreSQL's own rules (parse_func.c's
/// `func_get_detail`/`func_select_candidate`, parse_oper.c's `oper_select_candidate`,
/// parse_coerce.c's polymorphic type consistency), over candidates the catalog builds
/// (Catalog/CallCandidates.swift).
enum CallResolver {
    /// The chosen candidate, with the polymorphic types resolved: `arguments` is the type each
    /// argument is coerced to (what an untyped argument becomes) and `result` the result type.
    struct Resolution {
        let index: Int
        let arguments: [SQLType]
        let result: SQLType
    }

    enum Outcome {
        case resolved(Resolution)
        /// No candidate accepts the argument types.
        case noMatch
        /// Several candidates remain (PostgreSQL: "is not unique").
        case ambiguous
        /// The only candidates are polymorphic and every polymorphic input is untyped.
        case undeterminedPolymorphic
    }

    // MARK: Resolution

    /// Resolves a function call (`func_get_detail`): an exact match, else the candidates the
    /// inputs coerce to implicitly (by `pg_cast` and the schema's `userCasts`), narrowed by
    /// `func_select_candidate`.
    static func resolveFunction(_ candidates: [CallCandidate], inputs: [SQLType], userCasts: UserCasts = [:]) -> Outcome {
        if let exact = candidates.first(where: { $0.arguments == inputs }) {
            return finish(exact, inputs: inputs, userCasts: userCasts)
        }
        return select(candidates, inputs: inputs, userCasts: userCasts)
    }

    /// Resolves an operator (`oper_select_candidate` after `binary_oper_exact`): with one untyped
    /// operand, `x op unknown` is first tried as `x op x` (and the domain's base type).
    static func resolveOperator(_ candidates: [CallCandidate], inputs: [SQLType], userCasts: UserCasts = [:]) -> Outcome {
        if let exact = candidates.first(where: { $0.arguments == inputs }) {
            return finish(exact, inputs: inputs, userCasts: userCasts)
        }
        if inputs.count == 2, (inputs[0] == .unknown) != (inputs[1] == .unknown) {
            let known = inputs[0] == .unknown ? inputs[1] : inputs[0]
            for type in [known, known.baseType] {
                if let exact = candidates.first(where: { $0.arguments == [type, type] }) {
                    return finish(exact, inputs: inputs, userCasts: userCasts)
                }
            }
        }
        return select(candidates, inputs: inputs, userCasts: userCasts)
    }

    private static func select(_ all: [CallCandidate], inputs: [SQLType], userCasts: UserCasts) -> Outcome {
        let matching = all.filter { canCoerce(inputs, to: $0.arguments, userCasts: userCasts) }
        if matching.count == 1, let only = matching.first { return finish(only, inputs: inputs, userCasts: userCasts) }
        if matching.isEmpty { return .noMatch }
        guard let chosen = selectCandidate(matching, inputs: inputs) else { return .ambiguous }
        return finish(chosen, inputs: inputs, userCasts: userCasts)
    }

    private static func finish(_ candidate: CallCandidate, inputs: [SQLType], userCasts: UserCasts) -> Outcome {
        guard let resolved = PolymorphicResolver.resolve(inputs: inputs, declared: candidate.arguments, result: candidate.result,
                                                         userCasts: userCasts) else {
            return .undeterminedPolymorphic
        }
        return .resolved(Resolution(index: candidate.index, arguments: resolved.arguments, result: resolved.result))
    }

    /// `can_coerce_type` for a whole argument list, polymorphic targets checked together.
    static func canCoerce(_ inputs: [SQLType], to targets: [SQLType], userCasts: UserCasts = [:]) -> Bool {
        guard inputs.count == targets.count else { return false }
        var hasPolymorphic = false
        for (input, target) in zip(inputs, targets) {
            if TypeRules.isPolymorphic(target) {
                hasPolymorphic = true
            } else if !TypeRules.canCoerceImplicitly(input, to: target, userCasts: userCasts) {
                return false
            }
        }
        return !hasPolymorphic || PolymorphicResolver.isConsistent(inputs: inputs, declared: targets, userCasts: userCasts)
    }

    /// `func_select_candidate`: several candidates accept the inputs; keep those with the most
    /// exact matches, then the most exact-or-preferred matches, then resolve untyped inputs by
    /// category (preferring the string category), then assume untyped inputs have the type of
    /// the typed ones when those all agree. Nil when no step leaves exactly one.
    static func selectCandidate(_ initial: [CallCandidate], inputs: [SQLType]) -> CallCandidate? {
        let bases = inputs.map { $0 == .unknown ? SQLType.unknown : $0.baseType }
        var candidates = initial

        // 1: most exact matches on the typed inputs.
        candidates = keepBest(candidates) { candidate in
            zip(bases, candidate.arguments).filter { $0.0 != .unknown && $0.0 == $0.1 }.count
        }
        if candidates.count == 1 { return candidates.first }

        // 2: most exact matches or preferred types of the input's category.
        let inputCategories = bases.map { $0 == .unknown ? Character("X") : TypeRules.category($0) }
        candidates = keepBest(candidates) { candidate in
            var matches = 0
            for (position, input) in bases.enumerated() where input != .unknown {
                let argument = candidate.arguments[position]
                if input == argument || (TypeRules.isPreferred(argument) && TypeRules.category(argument) == inputCategories[position]) {
                    matches += 1
                }
            }
            return matches
        }
        if candidates.count == 1 { return candidates.first }

        // 3: untyped inputs: the category every candidate accepts there, the string category if
        // any candidate accepts it, and a preferred type of that category if any.
        let unknownPositions = bases.indices.filter { bases[$0] == .unknown }
        if unknownPositions.isEmpty { return nil }
        var slotCategory: [Int: Character] = [:]
        var slotPreferred: [Int: Bool] = [:]
        var resolvedUnknowns = true
        for position in unknownPositions {
            var category: Character?
            var preferred = false
            var conflict = false
            for candidate in candidates {
                let argument = candidate.arguments[position]
                let current = TypeRules.category(argument)
                let currentPreferred = TypeRules.isPreferred(argument)
                if category == nil {
                    category = current
                    preferred = currentPreferred
                } else if current == category {
                    preferred = preferred || currentPreferred
                } else if current == "S" {
                    category = "S"
                    preferred = currentPreferred
                } else if category != "S" {
                    conflict = true
                }
            }
            if conflict && category != "S" {
                resolvedUnknowns = false
                break
            }
            slotCategory[position] = category
            slotPreferred[position] = preferred
        }
        if resolvedUnknowns {
            let kept = candidates.filter { candidate in
                unknownPositions.allSatisfy { position in
                    let argument = candidate.arguments[position]
                    guard TypeRules.category(argument) == slotCategory[position] else { return false }
                    return !(slotPreferred[position] ?? false) || TypeRules.isPreferred(argument)
                }
            }
            if !kept.isEmpty { candidates = kept }
            if candidates.count == 1 { return candidates.first }
        }

        // 4: the typed inputs all have one type: assume the untyped ones have it too.
        if unknownPositions.count < bases.count {
            let known = Set(bases.filter { $0 != .unknown })
            if known.count == 1, let type = known.first {
                let assumed = Array(repeating: type, count: bases.count)
                let accepting = candidates.filter { canCoerce(assumed, to: $0.arguments) }
                if accepting.count == 1 { return accepting.first }
            }
        }
        return nil
    }

    private static func keepBest(_ candidates: [CallCandidate], score: (CallCandidate) -> Int) -> [CallCandidate] {
        let scores = candidates.map(score)
        guard let best = scores.max() else { return candidates }
        return zip(candidates, scores).filter { $0.1 == best }.map(\.0)
    }
}
