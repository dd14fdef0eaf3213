// CREATE AGGREGATE registered in the catalog as a user function that aggregates: calls resolve as
// other functions' do, and the analyzer counts them as aggregates (grouping, FILTER, OVER).
// DROP AGGREGATE and ALTER AGGREGATE go through the function steps (ObjectDrops, FunctionDefinitions+Alter).

extension FunctionDefinitions {
    mutating func createAggregate(_ create: CreateAggregateStatement) {
        guard let (schema, name) = split(create.name) else { return }
        // Until the aggregate is registered, it counts as left out (each early return below):
        // DROP and ALTER of it are then accepted unchecked.
        let leftOutKey = Catalog.key(schema: schema, name: name)
        let otherOverloadLeftOut = !catalog.userTypes.functionsLeftOut.insert(leftOutKey).inserted
        var arguments: [UserFunction.Argument] = []
        for parameter in create.arguments + (create.orderedArguments ?? []) {
            guard let type = aggregateType(parameter.type) else { return }
            arguments.append(UserFunction.Argument(name: parameter.name?.name, type: type,
                                                   mode: parameter.mode == .variadic ? .variadic : .in, hasDefault: false))
        }
        guard let stateTypeName = create.stateType, let stateType = aggregateType(stateTypeName) else { return }
        if reportTransitionMisfit(create, arguments: arguments, state: stateType) {
            if !otherOverloadLeftOut { catalog.userTypes.functionsLeftOut.remove(leftOutKey) }
            return
        }
        // PostgreSQL: the final function's return type, or the state type without one.
        var resultType = stateType
        if let final = create.finalFunction {
            // An ordered-set aggregate's final function takes the direct arguments; with
            // FINALFUNC_EXTRA every function takes the aggregated ones too.
            let direct = create.orderedArguments == nil ? 0 : create.arguments.count
            let extra = Array(arguments.map(\.type).prefix(create.finalFunctionExtra ? arguments.count : direct))
            guard let type = catalog.resultType(ofFunction: final, inputs: [stateType] + extra)
                    ?? internalStateFinalResult(final, state: stateType, extra: extra) else { return }
            resultType = type
        }
        var aggregate = UserFunction(schema: schema, name: name, arguments: arguments, result: .scalar(resultType, columnName: name),
                                     returnsSet: false, isStrict: false, isProcedure: false)
        aggregate.isAggregate = true
        aggregate.isOrderedSet = create.orderedArguments != nil
        if !create.orReplace, catalog.userFunctions(name, schema: schema).contains(where: { $0.signature == aggregate.signature }) {
            error("function \"\(name)\" already exists with same argument types", at: create.name.location)
            if !otherOverloadLeftOut { catalog.userTypes.functionsLeftOut.remove(leftOutKey) }
            return
        }
        catalog.setFunction(aggregate)
        if !otherOverloadLeftOut { catalog.userTypes.functionsLeftOut.remove(leftOutKey) }
    }
}

extension FunctionDefinitions {
    /// An aggregate's argument or state type: also the pseudo-types `"any"` (an argument of any
    /// type, `count("any")`-style) and `internal` (a state only C functions read).
    func aggregateType(_ name: TypeName) -> SQLType? {
        if name.schema == nil || name.schema == "pg_catalog", name.arrayDimensions == 0, name.name == "any" || name.name == "internal" {
            return .catalogType(name.name)
        }
        return functionType(name)
    }

    /// The result of a built-in final function of an `internal` state (`numeric_avg`,
    /// `percentile_disc_final`), resolved against the arguments it takes after the state.
    func internalStateFinalResult(_ final: QualifiedName, state: SQLType, extra: [SQLType]) -> SQLType? {
        guard state == .catalogType("internal"), let name = final.name?.name,
              final.qualifier.isEmpty || final.qualifier.last?.name == "pg_catalog" else { return nil }
        let candidates = CallCandidate.functionCandidates(InternalStateFinalFunctions.signatures(named: name), count: extra.count)
        guard case .resolved(let resolution) = catalog.resolveFunction(candidates, inputs: extra) else { return nil }
        return resolution.result
    }
}

extension Catalog {
    /// The return type of function `name` taking `inputs` (an aggregate's final function, an
    /// operator's function): the user function of that signature (or the only one of the name),
    /// else the built-in one PostgreSQL's resolution picks.
    func resultType(ofFunction name: QualifiedName, inputs: [SQLType]) -> SQLType? {
        guard let last = name.name?.name else { return nil }
        let schema = name.qualifier.last?.name
        let user = userFunctions(last, schema: schema).filter { !$0.isProcedure && !$0.isAggregate }
        if let match = user.first(where: { $0.signature == inputs }) ?? (user.count == 1 ? user.first : nil) { return match.valueType }
        let resolvable = userCallCandidates(named: last, schema: schema, procedures: false, argumentCount: inputs.count)
        guard case .resolved(let resolution) = resolveFunction(resolvable.candidates, inputs: inputs) else { return nil }
        return resolution.result
    }

    /// Whether a call of `name` (in `schema`, else on the search path) is of a user aggregate:
    /// the visible user functions of the name are all aggregates, and no built-in function of
    /// the name is an ordinary one.
    func isUserAggregate(_ name: String, schema: String?) -> Bool {
        guard schema != "pg_catalog" else { return false }
        let visible = userFunctions(name, schema: schema)
        guard !visible.isEmpty, visible.allSatisfy(\.isAggregate) else { return false }
        return schema != nil || functionCandidates(named: name).allSatisfy { $0.kind == .aggregate }
    }
}
