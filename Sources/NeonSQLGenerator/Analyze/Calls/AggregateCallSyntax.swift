/// What PostgreSQL's ParseFuncOrColumn rejects in a call once it knows what the called function
/// is: aggregate syntax (`*`, DISTINCT, WITHIN GROUP, ORDER BY, FILTER) on a plain function, OVER
/// on one that is neither a window function nor an aggregate, a window function without OVER,
/// an ordered-set aggregate without WITHIN GROUP or with OVER, and the aggregate syntax window
/// functions do not implement.
enum AggregateCallSyntax {
    /// PostgreSQL's error for `call` of a built-in resolved to `signature`; nil when it has none.
    static func error(_ call: FunctionCall, _ signature: FunctionSignature) -> String? {
        let name = call.name.parts.map(\.name).joined(separator: ".")
        switch signature.kind {
        case .function:
            if call.isStar { return "\(name)(*) specified, but \(name) is not an aggregate function" }
            if call.isDistinct { return "DISTINCT specified, but \(name) is not an aggregate function" }
            if !call.withinGroup.isEmpty { return "WITHIN GROUP specified, but \(name) is not an aggregate function" }
            if !call.orderBy.isEmpty { return "ORDER BY specified, but \(name) is not an aggregate function" }
            if call.filter != nil { return "FILTER specified, but \(name) is not an aggregate function" }
            if call.over != nil { return "OVER specified, but \(name) is not a window function nor an aggregate function" }
            return nil
        case .aggregate:
            if signature.isOrderedSet {
                if call.withinGroup.isEmpty { return "WITHIN GROUP is required for ordered-set aggregate \(name)" }
                if call.over != nil { return "OVER is not supported for ordered-set aggregate \(name)" }
            } else if !call.withinGroup.isEmpty {
                return "\(name) is not an ordered-set aggregate, so it cannot have WITHIN GROUP"
            }
            return call.over == nil ? nil : windowError(call, isAggregate: true)
        case .window:
            if call.over == nil { return "window function \(name) requires an OVER clause" }
            if !call.withinGroup.isEmpty { return "window function \(name) cannot have WITHIN GROUP" }
            return windowError(call, isAggregate: false)
        }
    }

    /// A call with OVER: what a window function does not implement.
    private static func windowError(_ call: FunctionCall, isAggregate: Bool) -> String? {
        if call.isDistinct { return "DISTINCT is not implemented for window functions" }
        if !call.orderBy.isEmpty { return "aggregate ORDER BY is not implemented for window functions" }
        if call.filter != nil, !isAggregate { return "FILTER is not implemented for non-aggregate window functions" }
        return nil
    }
}
