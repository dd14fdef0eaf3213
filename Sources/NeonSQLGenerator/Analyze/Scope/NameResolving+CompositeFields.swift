// Fields of composite values whose columns the analyzer knows: `(p).*` and `(p).col` where `p`
// names a FROM item (PostgreSQL expands it as `p.*`), `(f(x)).*` and `(f(x)).col` of a function
// returning a record with OUT columns or a composite type, and `(t.col).*` of a composite- or
// table-typed value. A field of a composite value may be NULL (the value or the field may be).

extension NameResolving where Self: ExpressionTyping & CallTyping & FromClauseAnalyzing {
    /// `(base).*` in a select list: one output column per field.
    mutating func expandFieldStar(_ base: Expression, _ scope: Scope, at location: SourceLocation) -> [OutputColumn] {
        if let entry = wholeRowEntry(base, scope) {
            recordFieldStarExpansion(at: location, base: base, fields: entry.columns)
            return entry.columns.map { OutputColumn(name: $0.name, value: $0.value, nullabilityOverride: nil, location: location) }
        }
        let value = infer(base, scope)
        guard let fields = knownFields(of: base, value) else {
            if value.type != .unknown {
                error("the fields of a value of type \(value.type.formatName) are not known to the generator; "
                      + "select them from a FROM item (FROM f(...) AS t) or cast the value to a composite type", at: base.location)
            }
            return []
        }
        recordFieldStarExpansion(at: location, base: base, fields: fields)
        return fields.map { OutputColumn(name: $0.name, value: $0.value, nullabilityOverride: nil, location: location) }
    }

    /// `(base).field` when `base` is a FROM item's whole row or a call with known result columns;
    /// nil when it is neither (the caller types other composite values).
    mutating func recordFieldValue(_ base: Expression, _ field: Identifier, _ scope: Scope) -> TypedValue? {
        let fields: [ScopeColumn]
        var namedType: SQLType?
        if let entry = wholeRowEntry(base, scope) {
            fields = entry.columns
        } else if let shape = callShape(of: base), let columns = shape.columns {
            fields = columns
            if shape.type != .builtin(.record) { namedType = shape.type }
        } else {
            return nil
        }
        guard let match = fields.first(where: { $0.name == field.name }) else {
            if let namedType {
                // A call returning a table's or composite type's row (`(rows_of_t()).x`).
                error("column \"\(field.name)\" not found in data type \(namedType.formatName)", at: field.location)
            } else {
                error("could not identify column \"\(field.name)\" in record data type", at: field.location)
            }
            return TypedValue(type: .unknown, nullable: true, name: field.name)
        }
        var value = match.value
        value.name = field.name
        return value
    }

    /// The fields of a value: a call's result columns, or a composite or table type's fields.
    private func knownFields(of expression: Expression, _ value: TypedValue) -> [ScopeColumn]? {
        if let columns = callShape(of: expression)?.columns { return columns }
        return catalog.compositeFields(of: value.type)?.map { Self.resultColumn($0.name, $0.type) }
    }

    /// The FROM item a bare name (`p`, `(p)`) refers to as a whole row: the name is no column of
    /// the query level that has an item of that name (PostgreSQL tries columns first).
    func wholeRowEntry(_ expression: Expression, _ scope: Scope) -> RangeEntry? {
        var inner = expression
        while case .parenthesized(let nested) = inner.kind { inner = nested }
        guard case .column(let name) = inner.kind, name.qualifier.isEmpty, let column = name.name?.name else { return nil }
        var current: Scope? = scope
        while let level = current {
            let isColumn = level.mergedColumns.contains { $0.name == column }
                || level.entries.contains { entry in
                    !entry.hiddenUnqualified.contains(column) && entry.columns.contains { $0.name == column }
                }
            if isColumn { return nil }
            if let entry = level.entries.last(where: { $0.name == column }) { return entry }
            current = level.parent
        }
        return nil
    }
}
