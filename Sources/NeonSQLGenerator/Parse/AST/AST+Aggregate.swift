// Syntax tree of CREATE AGGREGATE (CreateParser+Aggregate.swift).

/// `CREATE [OR REPLACE] AGGREGATE name (args [ORDER BY args]) (SFUNC = f, STYPE = t, FINALFUNC = f, ...)`
/// or the old form `CREATE AGGREGATE name (BASETYPE = t, SFUNC = f, STYPE = t, ...)`.
struct CreateAggregateStatement: Sendable, Hashable {
    let name: QualifiedName
    let orReplace: Bool
    /// The arguments (an ordered-set aggregate's direct ones); empty for `(*)`.
    var arguments: [FunctionParameterDefinition] = []
    /// An ordered-set aggregate's aggregated arguments (after ORDER BY); nil for a plain aggregate.
    var orderedArguments: [FunctionParameterDefinition]?
    /// STYPE: the state type, the result type without a final function.
    var stateType: TypeName?
    /// SFUNC: the transition function, which takes the state and the aggregated arguments.
    var transitionFunction: QualifiedName?
    /// FINALFUNC: its return type is the aggregate's result type.
    var finalFunction: QualifiedName?
    /// FINALFUNC_EXTRA: the final function takes the aggregated arguments after the state.
    var finalFunctionExtra = false
    let location: SourceLocation
}
