// ALTER FUNCTION / PROCEDURE / ROUTINE applied to the user function catalog, and the lookup
// DROP and ALTER share: the overload named by an argument list, or the only one of its name.

extension FunctionDefinitions {
    /// The function `reference` names, reporting PostgreSQL's error when there is none, or when
    /// the name alone does not pick one overload.
    mutating func findFunction(_ reference: FunctionSignatureReference, kind: AlterFunctionStatement.Kind,
                               ifExists: Bool) -> UserFunction? {
        guard let last = reference.name.name else { return nil }
        let schemaName = reference.name.qualifier.last?.name
        let overloads = catalog.userFunctions(last.name, schema: schemaName)
        let noun = kind == .procedure ? "procedure" : "function"
        // A function the catalog does not model (left out at CREATE, built in, of an extension):
        // whatever the statement names may exist, so nothing is reported.
        let unmodelled = isUnmodelledFunction(last.name, schema: schemaName)
        guard let signature = reference.argumentTypes else {
            let candidates = overloads.filter { kind == .routine || $0.isProcedure == (kind == .procedure) }
            if candidates.isEmpty {
                if !ifExists, !unmodelled { error("could not find a \(noun) named \"\(last.name)\"", at: reference.name.location) }
                return nil
            }
            if candidates.count > 1 {
                error("\(noun) name \"\(last.name)\" is not unique; specify the argument list to select the \(noun) unambiguously",
                      at: reference.name.location)
                return nil
            }
            return candidates.first
        }
        var types: [SQLType] = []
        for typeName in signature {
            guard let type = functionType(typeName) else {
                if !ifExists, !unmodelled { error("type \"\(typeName.name)\" does not exist", at: typeName.location) }
                return nil
            }
            types.append(type)
        }
        let written = last.name + "(" + types.map(\.formatName).joined(separator: ", ") + ")"
        guard let function = overloads.first(where: { $0.signature == types }) else {
            if !ifExists, !unmodelled { error("\(noun) \(written) does not exist", at: reference.name.location) }
            return nil
        }
        if kind == .procedure, !function.isProcedure {
            error("\(written) is not a procedure", at: reference.name.location)
            return nil
        }
        if kind == .function, function.isProcedure {
            error("\(written) is not a function", at: reference.name.location)
            return nil
        }
        return function
    }

    /// Whether functions named `name` exist that the user function catalog does not hold.
    func isUnmodelledFunction(_ name: String, schema: String?) -> Bool {
        let schemas = schema.map { [$0] } ?? catalog.searchPath
        if schemas.contains(where: { catalog.userTypes.functionsLeftOut.contains(Catalog.key(schema: $0, name: name)) }) { return true }
        return schema == nil || schema == "pg_catalog" ? !catalog.functionCandidates(named: name).isEmpty : false
    }

    mutating func alterFunction(_ alter: AlterFunctionStatement) {
        guard let function = findFunction(alter.function, kind: alter.kind, ifExists: false) else {
            // A renamed or moved function the catalog left out stays unchecked under its new name.
            if let last = alter.function.name.name, isUnmodelledFunction(last.name, schema: alter.function.name.qualifier.last?.name) {
                let schema = alter.function.name.qualifier.last?.name ?? catalog.creationSchema ?? "public"
                switch alter.action {
                case .renameTo(let newName): catalog.userTypes.functionsLeftOut.insert(Catalog.key(schema: schema, name: newName.name))
                case .setSchema(let newSchema): catalog.userTypes.functionsLeftOut.insert(Catalog.key(schema: newSchema.name, name: last.name))
                case .setStrict, .other: break
                }
            }
            return
        }
        var changed = function
        switch alter.action {
        case .renameTo(let newName):
            changed = function.moved(schema: function.schema, name: newName.name)
            if !checkNoFunction(like: changed, at: newName.location) { return }
        case .setSchema(let schema):
            guard requireSchema(schema.name, at: schema.location) else { return }
            changed = function.moved(schema: schema.name, name: function.name)
            if !checkNoFunction(like: changed, at: schema.location) { return }
        case .setStrict(let isStrict):
            changed = function.withStrictness(isStrict)
        case .other:
            return
        }
        catalog.removeFunctions(schema: function.schema, name: function.name, signature: function.signature)
        catalog.setFunction(changed)
    }

    /// False (reported) when `function`'s schema already has a function of its name and argument types.
    private mutating func checkNoFunction(like function: UserFunction, at location: SourceLocation) -> Bool {
        guard catalog.userFunctions(function.name, schema: function.schema).contains(where: { $0.signature == function.signature }) else {
            return true
        }
        let noun = function.isProcedure ? "procedure" : "function"
        let written = function.name + "(" + function.signature.map(\.formatName).joined(separator: ", ") + ")"
        error("\(noun) \(written) already exists in schema \"\(function.schema)\"", at: location)
        return false
    }
}

extension UserFunction {
    /// The same function under another schema or name.
    func moved(schema: String, name: String) -> UserFunction {
        var copy = UserFunction(schema: schema, name: name, arguments: arguments, result: result, returnsSet: returnsSet,
                                isStrict: isStrict, isProcedure: isProcedure)
        copy.neverReturnsNull = neverReturnsNull
        copy.isAggregate = isAggregate
        copy.isOrderedSet = isOrderedSet
        return copy
    }

    func withStrictness(_ isStrict: Bool) -> UserFunction {
        var copy = UserFunction(schema: schema, name: name, arguments: arguments, result: result, returnsSet: returnsSet,
                            isStrict: isStrict, isProcedure: isProcedure)
        copy.neverReturnsNull = neverReturnsNull
        copy.isAggregate = isAggregate
        copy.isOrderedSet = isOrderedSet
        return copy
    }

    /// Whether `other` returns what this function returns (CREATE OR REPLACE may not change it):
    /// the same type, set-ness and, for a row of OUT parameters, the same columns.
    func returnsSameType(as other: UserFunction) -> Bool {
        guard valueType == other.valueType, returnsSet == other.returnsSet else { return false }
        if case .columns(let mine, _) = result, case .columns(let theirs, _) = other.result {
            return mine.map(\.name) == theirs.map(\.name) && mine.map(\.type) == theirs.map(\.type)
        }
        return true
    }
}
