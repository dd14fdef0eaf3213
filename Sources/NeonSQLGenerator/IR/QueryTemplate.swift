import NeonSQLShared

/// The SQL of a query whose shape a call chooses (`-- @optional`, `-- @patch`, `-- @sort`): the
/// fragments the analyzer checked, the very type the runtime's `NeonSQL.SQLTemplate` assembles
/// (`NeonSQLShared`). Parameters keep their `$n` of the query as written; a call's SQL numbers the
/// ones it sends densely.
typealias TemplatePart = SQLTemplateAssembly.Part

/// A `-- @sort` of a query: the parameter that chooses and the keys it chooses among.
struct TemplateSort: Sendable, Hashable {
    /// As written in `ORDER BY @order` (`order`).
    let name: String
    /// Each key's SQL as written (`xp DESC`, `total_xp DESC, display_name`), the first the default.
    let keys: [String]
}

/// A condition's conjuncts or a SET list's assignments, some sent only when their switches are on
/// (positions in ``QueryTemplate/switchParameters``).
typealias TemplateClause = SQLTemplateAssembly.Clause

/// One conjunct of a ``TemplateClause``.
typealias TemplateItem = SQLTemplateAssembly.Item

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
