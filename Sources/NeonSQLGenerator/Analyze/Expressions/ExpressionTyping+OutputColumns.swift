// Field selection from a built-in that returns a record through OUT columns, in the select list:
// `(jsonb_each(doc)).key` is text, `(pg_stat_get_activity(NULL)).pid` is integer. The columns
// come from pg_proc (`FunctionSignature.outputColumns`); FROM items use them in their own code.

extension ExpressionTyping where Self: CallTyping & RowComparing & NameResolving & SelectAnalyzing & GroupingChecking & ParameterConflictReporting {
    /// The type of field `field` of `base` when `base` calls a built-in (no user function of that
    /// name) whose overloads with OUT columns agree on that field's type, and it is not polymorphic;
    /// nil otherwise (the caller reports what it cannot type).
    func builtinOutputColumnType(_ base: Expression, field: String, baseType: SQLType) -> SQLType? {
        var expression = base
        while case .parenthesized(let inner) = expression.kind { expression = inner }
        guard baseType == .builtin(.record), case .function(let call) = expression.kind, let name = call.name.name?.name,
              call.name.qualifier.allSatisfy({ $0.name == "pg_catalog" }),
              catalog.userFunctions(name, schema: nil).isEmpty else { return nil }
        let types = Set(catalog.functionCandidates(named: name).compactMap { signature in
            signature.outputColumns.first { $0.name == field }?.type
        })
        guard types.count == 1, let type = types.first, !TypeRules.isPolymorphic(type) else { return nil }
        return type
    }
}
