/// The SQL of a query whose shape a call chooses (`-- @optional`, `-- @patch`): the fragments the analyzer
/// checked, as the runtime's `NeonSQL.SQLTemplate` assembles them. Parameters keep their `$n` of
/// the query as written; a call's SQL numbers the ones it sends densely.
indirect enum TemplatePart: Sendable, Hashable {
    /// SQL text sent as written.
    case text(String)
    /// The query's parameter `$n`.
    case parameter(Int)
    /// A `WHERE`, `HAVING` or `JOIN ... ON` condition whose conjuncts may be left out.
    case clause(TemplateClause)
    /// `ORDER BY @order` of a `-- @sort`: the keys' SQL, one chosen per call (index into
    /// ``QueryTemplate/sorts``).
    case choice(Int, [[TemplatePart]])
}

/// A `-- @sort` of a query: the parameter that chooses and the keys it chooses among.
struct TemplateSort: Sendable, Hashable {
    /// As written in `ORDER BY @order` (`order`).
    let name: String
    /// Each key's SQL as written (`xp DESC`, `total_xp DESC, display_name`), the first the default.
    let keys: [String]
}

/// A condition's conjuncts or a SET list's assignments, some sent only when their switches are on.
struct TemplateClause: Sendable, Hashable {
    /// The keyword up to the first conjunct (`WHERE `).
    let prefix: [TemplatePart]
    let items: [TemplateItem]
    /// Sent when every item is left out: nothing, `ON TRUE` for a join, `SET col = col` for a SET list.
    let whenEmpty: [TemplatePart]
}

/// One conjunct of a ``TemplateClause``.
struct TemplateItem: Sendable, Hashable {
    /// Positions in ``QueryTemplate/switchParameters`` that must all be on for it to be sent.
    let switches: [Int]
    /// The text joining it to the conjunct before it (` AND `).
    let separator: [TemplatePart]
    let body: [TemplatePart]
}

/// A query's template and the parameters that switch its parts.
struct QueryTemplate: Sendable, Hashable {
    let parts: [TemplatePart]
    /// The `$n` of the parameters that switch parts (`-- @optional` and `-- @patch`), in order of
    /// first appearance in the SQL: switch `i` is on when `switchParameters[i]` is given (set).
    let switchParameters: [Int]
    /// Those of them named by `-- @patch` (the others are optional filters).
    let patchParameters: Set<Int>
    /// The `-- @sort` choices, in order of appearance in the SQL.
    var sorts: [TemplateSort] = []
    /// The defaulted parameters in order of first appearance in the SQL: switches (by `$n`) and
    /// sorts (by position in ``sorts``), the order they take after the required ones.
    var defaultedOrder: [DefaultedParameter] = []
}

/// A parameter a call may leave at its default, in ``QueryTemplate/defaultedOrder``.
enum DefaultedParameter: Sendable, Hashable {
    /// An optional filter or a patched value, by `$n`.
    case bound(Int)
    /// A sort choice, by position in ``QueryTemplate/sorts``.
    case sort(Int)
}
