// `OPERATOR(schema.op)`: an operator named with its schema is looked up in that schema alone
// (PostgreSQL's OpernameGetCandidates with a qualified name), not along the search path.

/// The operators a schema-qualified operator name can resolve to.
enum QualifiedOperatorLookup {
    /// The operator text split at its schema: `public.+` is (`public`, `+`); an unqualified
    /// operator has no schema (operator characters include no dot).
    static func split(_ op: String) -> (schema: String?, name: String) {
        guard let dot = op.lastIndex(of: ".") else { return (nil, op) }
        return (String(op[..<dot]), String(op[op.index(after: dot)...]))
    }

    /// `left op ANY (array)` (`op` possibly `OPERATOR(schema.op)`) of operand types `inputs`
    /// (left, array element): PostgreSQL's error when no operator `op` takes them; nil when one
    /// does (or the choice is not clear-cut).
    static func unresolved(_ op: String, _ inputs: [SQLType], _ catalog: Catalog) -> String? {
        let (schema, name) = split(op)
        guard inputs.count == 2 else { return nil }
        let overloads = schema.flatMap { Self.overloads(catalog, schema: $0, named: name, prefix: false) }
            ?? catalog.operatorOverloads(named: name, prefix: false)
        guard case .noMatch = CallResolver.resolveOperator(overloads.candidates, inputs: inputs, userCasts: catalog.userTypes.casts) else { return nil }
        return "operator does not exist: \(inputs[0].formatName) \(op) \(inputs[1].formatName)"
    }

    /// The binary (or, with `prefix`, prefix) operators `name` of `schema` and their resolution
    /// candidates: for pg_catalog the built-in ones; for another schema the ones it created
    /// (CREATE OPERATOR) and, since the generator does not know which schema an extension was
    /// installed in, every extension's. Nil for a schema the catalog does not know (one the
    /// platform provides, say): the caller then looks the operator up as if unqualified.
    static func overloads(_ catalog: Catalog, schema: String, named name: String,
                          prefix: Bool) -> (signatures: [OperatorSignature], candidates: [CallCandidate])? {
        guard schema == "pg_catalog" || catalog.schemas.contains(schema) else { return nil }
        let created = (catalog.userTypes.operators[name] ?? []).filter { ($0.signature.left == nil) == prefix }
        let builtin = catalog.builtinOperatorOverloads(named: name, prefix: prefix).signatures
        let signatures: [OperatorSignature]
        if schema == "pg_catalog" {
            signatures = builtin.filter { $0.extensionName == nil }
        } else {
            signatures = builtin.filter { $0.extensionName != nil } + created.filter { $0.schema == schema }.map(\.signature)
        }
        return (signatures, CallCandidate.operatorCandidates(signatures))
    }
}
