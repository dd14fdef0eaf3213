// GROUP BY, ORDER BY and DISTINCT ON items that are constants, as PostgreSQL's
// findTargetlistEntrySQL92 reads them: an integer is a select-list position, any other constant
// is refused ("non-integer constant in ORDER BY").

extension GroupingChecking {
    /// The constant rule of PostgreSQL's findTargetlistEntrySQL92 for a GROUP BY, ORDER BY or
    /// DISTINCT ON item (`clause`): an integer constant (negated by a minus, in parentheses or
    /// not) is a select-list position, reported when out of range; any other constant (a string,
    /// NULL, a boolean, a bit string, a number with a point or past int4) is "non-integer
    /// constant". True when `item` was such a constant (it needs no typing).
    mutating func checkedConstantReference(_ item: Expression, clause: String, _ scope: Scope) -> Bool {
        switch TargetListConstant.of(item) {
        case nil:
            return false
        case .position(let position)?:
            if position < 1 || position > scope.outputColumns.count {
                error("\(clause) position \(position) is not in select list", at: item.location)
            }
        case .nonInteger?:
            error("non-integer constant in \(clause)", at: item.location)
        }
        return true
    }
}

/// A constant as a GROUP BY, ORDER BY or DISTINCT ON item: a position, or a constant PostgreSQL refuses there.
enum TargetListConstant: Equatable {
    case position(Int)
    case nonInteger

    /// What findTargetlistEntrySQL92 sees in `expression`: the grammar folds a minus into the
    /// numeric constant after it (doNegate) and keeps no node for parentheses.
    static func of(_ expression: Expression) -> TargetListConstant? {
        switch expression.kind {
        case .parenthesized(let inner):
            return of(inner)
        case .literal(.integer(let digits)):
            return Int32(digits).map { .position(Int($0)) } ?? .nonInteger
        case .literal:
            return .nonInteger
        case .unary(op: "-", let operand):
            switch of(operand) {
            case .position(let position)?: return .position(-position)
            case .nonInteger?:
                // Only numbers fold; `-'x'` is an operator call on a string.
                var number = operand
                while case .parenthesized(let inner) = number.kind { number = inner }
                switch number.kind {
                case .literal(.numeric), .literal(.integer): return .nonInteger  // past int4: a float constant
                default: return nil
                }
            case nil: return nil
            }
        default:
            return nil
        }
    }
}
