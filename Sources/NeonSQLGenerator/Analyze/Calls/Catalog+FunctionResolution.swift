// Function resolution against the schema: its casts, and composites passed where `record` is taken.

extension Catalog {
    /// `CallResolver.resolveFunction` with the schema's casts. When no candidate matches and an
    /// input is a composite (a table's or view's row, a `CREATE TYPE ... AS (...)` value), the
    /// call is resolved again with those inputs as `record`: PostgreSQL coerces every composite to
    /// a `record` parameter (parse_coerce.c's can_coerce_type), which a user type's category does
    /// not show (`row_to_json(t)`, `record_eq(a, b)`, `hstore(t)`). Polymorphic candidates
    /// (`to_jsonb(anyelement)`) match first and keep the composite as their resolved type.
    func resolveFunction(_ candidates: [CallCandidate], inputs: [SQLType]) -> CallResolver.Outcome {
        let outcome = CallResolver.resolveFunction(candidates, inputs: inputs, userCasts: userTypes.casts)
        guard case .noMatch = outcome else { return outcome }
        let asRecords = compositesAsRecords(inputs)
        guard asRecords != inputs else { return outcome }
        return CallResolver.resolveFunction(candidates, inputs: asRecords, userCasts: userTypes.casts)
    }

    /// `inputs` with each composite (a table's or view's row, a `CREATE TYPE ... AS (...)` value)
    /// as `record`, to which PostgreSQL coerces every composite.
    func compositesAsRecords(_ inputs: [SQLType]) -> [SQLType] {
        inputs.map { compositeFields(of: $0) == nil ? $0 : .builtin(.record) }
    }
}
