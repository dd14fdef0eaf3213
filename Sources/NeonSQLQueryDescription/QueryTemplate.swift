import NeonSQLShared

/// The SQL of a query whose shape a call chooses (`-- @optional`, `-- @patch`, `-- @sort`): the
/// fragments the analyzer checked, the very type the runtime's `NeonSQL.SQLTemplate` assembles
/// (`NeonSQLShared`). Parameters keep their `$n` of the query as written; a call's SQL numbers the
/// ones it sends densely.
package typealias TemplatePart = SQLTemplateAssembly.Part

/// A `-- @sort` of a query: the parameter that chooses and the keys it chooses among.
package struct TemplateSort: Sendable, Hashable {
    /// As written in `ORDER BY @order` (`order`).
    package let name: String
    /// Each key's SQL as written (`xp DESC`, `total_xp DESC, display_name`), the first the default.
    package let keys: [String]

    /// Every stored property, as the memberwise initializer takes them.
    package init(name: String, keys: [String]) {
        self.name = name
        self.keys = keys
    }
}

/// A condition's conjuncts or a SET list's assignments, some sent only when their switches are on
/// (positions in ``QueryTemplate/switchParameters``).
package typealias TemplateClause = SQLTemplateAssembly.Clause

/// One conjunct of a ``TemplateClause``.
package typealias TemplateItem = SQLTemplateAssembly.Item

/// A query's template and the parameters that switch its parts.
package struct QueryTemplate: Sendable, Hashable {
    package let parts: [TemplatePart]
    /// The `$n` of the parameters that switch parts (`-- @optional` and `-- @patch`), in order of
    /// first appearance in the SQL: switch `i` is on when `switchParameters[i]` is given (set).
    package let switchParameters: [Int]
    /// Those of them named by `-- @patch` (the others are optional filters).
    package let patchParameters: Set<Int>
    /// The `-- @sort` choices, in order of appearance in the SQL.
    package var sorts: [TemplateSort] = []
    /// The defaulted parameters in order of first appearance in the SQL: switches (by `$n`) and
    /// sorts (by position in ``sorts``), the order they take after the required ones.
    package var defaultedOrder: [DefaultedParameter] = []

    /// Every stored property, as the memberwise initializer takes them.
    package init(parts: [TemplatePart], switchParameters: [Int], patchParameters: Set<Int>, sorts: [TemplateSort] = [],
                 defaultedOrder: [DefaultedParameter] = []) {
        self.parts = parts
        self.switchParameters = switchParameters
        self.patchParameters = patchParameters
        self.sorts = sorts
        self.defaultedOrder = defaultedOrder
    }
}

/// A parameter a call may leave at its default, in ``QueryTemplate/defaultedOrder``.
package enum DefaultedParameter: Sendable, Hashable {
    /// An optional filter or a patched value, by `$n`.
    case bound(Int)
    /// A sort choice, by position in ``QueryTemplate/sorts``.
    case sort(Int)
}
