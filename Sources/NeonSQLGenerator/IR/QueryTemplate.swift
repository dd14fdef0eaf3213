/// The SQL of a query whose shape a call chooses (`-- @optional`): the fragments the analyzer
/// checked, as the runtime's `NeonSQL.SQLTemplate` assembles them. Parameters keep their `$n` of
/// the query as written; a call's SQL numbers the ones it sends densely.
indirect enum TemplatePart: Sendable, Hashable {
    /// SQL text sent as written.
    case text(String)
    /// The query's parameter `$n`.
    case parameter(Int)
    /// A `WHERE`, `HAVING` or `JOIN ... ON` condition whose conjuncts may be left out.
    case clause(TemplateClause)
}

/// A condition of conjuncts, some sent only when their optional parameters are given.
struct TemplateClause: Sendable, Hashable {
    /// The keyword up to the first conjunct (`WHERE `).
    let prefix: [TemplatePart]
    let items: [TemplateItem]
    /// Sent when every conjunct is left out: nothing, or `ON TRUE` for a join.
    let whenEmpty: [TemplatePart]
}

/// One conjunct of a ``TemplateClause``.
struct TemplateItem: Sendable, Hashable {
    /// Positions in ``QueryTemplate/optionalParameters`` that must all be given for it to be sent.
    let switches: [Int]
    /// The text joining it to the conjunct before it (` AND `).
    let separator: [TemplatePart]
    let body: [TemplatePart]
}

/// A query's template and the parameters that switch its conjuncts.
struct QueryTemplate: Sendable, Hashable {
    let parts: [TemplatePart]
    /// The optional parameters' `$n`, in order of first appearance in the SQL: switch `i` is on
    /// when the parameter `optionalParameters[i]` is given.
    let optionalParameters: [Int]
}
