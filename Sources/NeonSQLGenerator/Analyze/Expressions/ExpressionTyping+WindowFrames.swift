// The offsets of a window frame's bounds, typed as PostgreSQL's transformFrameOffset types them.

extension ExpressionTyping {
    /// Types the `n PRECEDING` / `n FOLLOWING` offsets of `frame`, the frame of `window` whose
    /// first ORDER BY key has type `sortType` (nil when the window orders by none of its own).
    mutating func analyzeFrameOffsets(_ frame: WindowFrame, of window: WindowSpecification, sortType: SQLType?, _ scope: Scope) {
        let offsetType: SQLType?
        switch frame.mode {
        case .rows, .groups:
            // ROWS and GROUPS count rows: the offset is coerced to bigint.
            offsetType = .int8
        case .range:
            offsetType = (sortType ?? namedWindowSortType(window, scope)).flatMap(Self.rangeOffsetType)
        }
        for offset in frame.offsets { _ = infer(offset, scope, OperandContext(type: offsetType)) }
    }

    /// `OVER (w RANGE ...)`: the type of the first ORDER BY key of window `w`, when that key is a
    /// column (the frame of `w`'s ordering).
    private mutating func namedWindowSortType(_ window: WindowSpecification, _ scope: Scope) -> SQLType? {
        guard let name = window.name?.name, let named = scope.level.windows[name],
              let key = named.orderBy.first?.expression.withoutParentheses, case .column = key.kind else { return nil }
        return infer(key, scope).type
    }

    /// The offset type of RANGE over a sort key of `sortType` as PostgreSQL picks it for an
    /// untyped offset: among the in_range support functions of the key's type, the one whose
    /// offset type is the key's type, else the only one (`interval` for dates and times).
    static func rangeOffsetType(_ sortType: SQLType) -> SQLType? {
        guard let typname = sortType.baseType.typname else { return nil }
        let offsets = (BuiltinCatalog.shared.functions["in_range"] ?? []).filter { $0.arguments.count > 2 && $0.arguments[0] == typname }.map { $0.arguments[2] }
        if offsets.contains(typname) { return SQLType.catalogType(typname) }
        return offsets.count == 1 ? offsets.first.map(SQLType.catalogType) : nil
    }
}
