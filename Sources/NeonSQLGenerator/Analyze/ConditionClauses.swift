// The conditions of a statement at every query level (`WHERE`, `HAVING`, `JOIN ... ON`, those of
// subqueries and common table expressions included) and their top-level AND conjuncts: where an
// optional filter (`-- @optional`) may be left out.

/// A `WHERE`, `HAVING` or `JOIN ... ON` condition of some query level.
struct ConditionClause: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case whereClause, having, joinOn

        /// The keyword written before the condition.
        var keyword: String {
            switch self {
            case .whereClause: "where"
            case .having: "having"
            case .joinOn: "on"
            }
        }
    }

    let kind: Kind
    let condition: Expression

    /// The top-level AND terms, left to right (parentheses group: `(a AND b)` is one term).
    var conjuncts: [Expression] {
        var terms: [Expression] = []
        var stack = [condition]
        while let expression = stack.popLast() {
            if case .binary(let op, let lhs, let rhs) = expression.kind, op == "and" {
                stack.append(rhs)
                stack.append(lhs)
            } else {
                terms.append(expression)
            }
        }
        return terms
    }

    /// Every condition of `statement`, outer levels first.
    static func all(in statement: Statement) -> [ConditionClause] {
        var walker = Walker()
        walker.visit(statement)
        return walker.clauses
    }

    private struct Walker {
        var clauses: [ConditionClause] = []

        mutating func visit(_ statement: Statement) {
            switch statement {
            case .select(let select):
                visit(select)
            case .insert(let insert):
                visit(insert.with)
                switch insert.source {
                case .values(let rows): rows.joined().forEach { visit($0) }
                case .select(let select): visit(select)
                case .defaultValues: break
                }
                if let conflict = insert.onConflict {
                    if case .columns(let expressions, let condition) = conflict.target {
                        expressions.forEach { visit($0) }
                        if let condition { add(.whereClause, condition) }
                    }
                    if case .update(let set, let condition) = conflict.action {
                        set.forEach { visit($0.value) }
                        if let condition { add(.whereClause, condition) }
                    }
                }
                visit(insert.returning)
            case .update(let update):
                visit(update.with)
                update.set.forEach { visit($0.value) }
                update.from.forEach { visit($0) }
                if let condition = update.whereClause { add(.whereClause, condition) }
                visit(update.returning)
            case .delete(let delete):
                visit(delete.with)
                delete.using.forEach { visit($0) }
                if let condition = delete.whereClause { add(.whereClause, condition) }
                visit(delete.returning)
            default:
                break
            }
        }

        mutating func visit(_ with: WithClause?) {
            with?.tables.forEach { visit($0.statement) }
        }

        mutating func visit(_ select: SelectStatement) {
            visit(select.with)
            visit(select.body)
            select.orderBy.forEach { visit($0.expression) }
            if let limit = select.limit { visit(limit) }
            if let offset = select.offset { visit(offset) }
        }

        mutating func visit(_ body: SetExpression) {
            switch body {
            case .select(let core):
                visit(core.targets)
                core.from.forEach { visit($0) }
                if let condition = core.whereClause { add(.whereClause, condition) }
                core.groupBy.forEach { visit($0) }
                if let condition = core.having { add(.having, condition) }
            case .values(let rows, _):
                rows.joined().forEach { visit($0) }
            case .setOperation(_, _, let left, let right, _):
                visit(left)
                visit(right)
            case .nested(let select):
                visit(select)
            }
        }

        mutating func visit(_ targets: [SelectTarget]) {
            for case .expression(let expression, _) in targets { visit(expression) }
        }

        mutating func visit(_ reference: TableReference) {
            switch reference {
            case .table:
                break
            case .subquery(let select, _, _, _):
                visit(select)
            case .function(let call, _, _, _, _):
                call.arguments.forEach { visit($0) }
            case .rowsFrom(let functions, _, _, _, _):
                functions.flatMap(\.call.arguments).forEach { visit($0) }
            case .join(let join):
                visit(join.left)
                visit(join.right)
                if case .on(let condition) = join.condition { add(.joinOn, condition) }
            case .parenthesized(let inner, _):
                visit(inner)
            case .valueFunction(let expression, _):
                visit(expression)
            }
        }

        mutating func add(_ kind: ConditionClause.Kind, _ condition: Expression) {
            clauses.append(ConditionClause(kind: kind, condition: condition))
            visit(condition)
        }

        /// The query levels inside an expression (subqueries), at any depth.
        mutating func visit(_ expression: Expression) {
            var stack = [expression]
            while let current = stack.popLast() {
                switch current.kind {
                case .scalarSubquery(let select), .exists(let select), .arraySubquery(let select):
                    visit(select)
                case .inSubquery(let value, let select, _), .quantifiedSubquery(_, let value, _, let select):
                    stack.append(value)
                    visit(select)
                default:
                    stack.append(contentsOf: current.children.reversed())
                }
            }
        }
    }
}
