/// How values written to a target are typed, where PostgreSQL types them by the target rather
/// than by themselves: the target columns an `INSERT ... SELECT`'s select list is inserted into,
/// the untyped parameters of the select list being analyzed (made text only at the end of its
/// SELECT), and the number of the INSERT value list or UPDATE SET list being typed
/// (``ParameterCoercion/assignment(list:)``). Owned by `SelectAnalyzing`, which
/// `ModificationAnalyzing` asks for insert targets and assignment lists.
struct TargetTyping {
    /// An untyped parameter of a select list, with the alias of its output column.
    typealias DeferredParameter = (node: ParameterNode, alias: String?)

    /// The deferred parameters of the select list a nested one interrupts, from
    /// ``beginSelectList()``, given back to ``endSelectList(_:)``.
    struct SelectListMark {
        fileprivate let enclosing: [DeferredParameter]?
    }

    /// Set by INSERT ... SELECT for the SELECT's own select list: PostgreSQL types an untyped
    /// output (a parameter, a string constant) by the target column it is inserted into.
    private var insertTargets: [OperandContext]?
    /// Untyped parameters of the select list being analyzed: PostgreSQL makes them text only at
    /// the end of the SELECT, after WHERE, GROUP BY and HAVING had their chance to type them
    /// (resolveTargetListUnknowns). nil outside a select list (RETURNING resolves at once).
    private var deferredParameters: [DeferredParameter]?
    /// The number of the INSERT value list or UPDATE SET list being typed.
    private(set) var assignmentList = 0

    /// The next SELECT's select list is inserted into `targets`, in order.
    mutating func expectInsertTargets(_ targets: [OperandContext]) {
        insertTargets = targets
    }

    /// No select list is inserted into targets any more.
    mutating func clearInsertTargets() {
        insertTargets = nil
    }

    /// The insert targets of the select list about to be analyzed (nil when there are none),
    /// taken so that a nested SELECT does not see them.
    mutating func takeInsertTargets() -> [OperandContext]? {
        defer { insertTargets = nil }
        return insertTargets
    }

    /// Starts deferring the untyped parameters of a select list.
    mutating func beginSelectList() -> SelectListMark {
        defer { deferredParameters = [] }
        return SelectListMark(enclosing: deferredParameters)
    }

    /// The untyped parameters deferred since `mark`, and the enclosing select list's back in place.
    mutating func endSelectList(_ mark: SelectListMark) -> [DeferredParameter] {
        defer { deferredParameters = mark.enclosing }
        return deferredParameters ?? []
    }

    /// True inside a select list, whose untyped parameters wait for the end of their SELECT.
    var defersTextParameters: Bool { deferredParameters != nil }

    /// Defers an untyped parameter of the select list being analyzed.
    mutating func deferTextParameter(_ node: ParameterNode, alias: String?) {
        deferredParameters?.append((node, alias))
    }

    /// Starts typing the next INSERT value list or UPDATE SET list.
    mutating func beginAssignmentList() {
        assignmentList += 1
    }
}
