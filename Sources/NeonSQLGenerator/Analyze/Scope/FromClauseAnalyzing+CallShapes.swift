// The shape of a function call's result: the named columns of a record or composite result.
// A FROM item expands a call to them; `(f(x)).field` and `(f(x)).*` select from them. The
// columns come from OUT, INOUT and TABLE parameters (a built-in's from pg_proc, through
// `FunctionSignature.outputColumns`), or from the named composite or table type the call
// returns; polymorphic ones take the types the call's arguments give them.

/// What a resolved function call yields, beyond its type.
struct CallShape: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        /// One value of a non-composite type. A FROM item calls its column `columnName` (a named
        /// OUT parameter's name, which an alias does not replace, else the function's name).
        case scalar(columnName: String, isOutParameter: Bool)
        /// `record` with the columns of the function's OUT, INOUT or TABLE parameters.
        case outputParameters([ScopeColumn])
        /// A named composite or table row type, with its fields.
        case composite([ScopeColumn])
        /// `record` with no OUT parameters: its columns are what a column definition list says.
        case undescribedRecord
    }

    /// The call's type (`record`, a composite type, a scalar type).
    let type: SQLType
    let kind: Kind

    /// The named columns of the result; nil for a scalar or an undescribed record.
    var columns: [ScopeColumn]? {
        switch kind {
        case .outputParameters(let columns), .composite(let columns): columns
        case .scalar, .undescribedRecord: nil
        }
    }
}

extension FromClauseAnalyzing where Self: ExpressionTyping & CallTyping & NameResolving & SelectAnalyzing & GroupingChecking {
    /// The shape of a call of a built-in overload, resolved to `declared` argument types.
    func builtinCallShape(_ signature: FunctionSignature, declared: [SQLType], resultType: SQLType) -> CallShape {
        if !signature.outputColumns.isEmpty {
            let pairs = Array(zip(declared, signature.argumentTypes))
            let columns = signature.outputColumns.map { column in
                var type = column.type
                if TypeRules.isPolymorphic(type) {
                    type = PolymorphicResolver.resolve(inputs: pairs.map(\.0), declared: pairs.map(\.1), result: type, userCasts: catalog.userTypes.casts)?.result ?? .unknown
                }
                return Self.resultColumn(column.name, type)
            }
            return CallShape(type: resultType, kind: .outputParameters(columns))
        }
        return shapeOfValue(resultType, columnName: signature.name, isOutParameter: false)
    }

    /// The shape of a call of a user function.
    func userCallShape(_ call: UserFunctionCall) -> CallShape {
        let function = call.function
        switch function.result {
        case .scalar(let type, let columnName):
            let named = columnName != function.name || function.arguments.contains(where: \.isOutput)
            return shapeOfValue(call.concrete(type), columnName: columnName, isOutParameter: named)
        case .columns(let columns, let rowType):
            if rowType == .builtin(.record) {
                return CallShape(type: rowType, kind: .outputParameters(columns.map { Self.resultColumn($0.name, call.concrete($0.type)) }))
            }
            // `RETURNS [SETOF] table` or a composite type: the row is that type as it is now, as in
            // PostgreSQL, where a later ALTER TABLE adds or drops the function's result columns.
            if let fields = catalog.compositeFields(of: rowType) {
                return CallShape(type: rowType, kind: .composite(fields.map { Self.resultColumn($0.name, $0.type) }))
            }
            return CallShape(type: rowType, kind: .composite(columns.map { Self.resultColumn($0.name, call.concrete($0.type)) }))
        case .none:
            return CallShape(type: .builtin(.void), kind: .scalar(columnName: function.name, isOutParameter: false))
        }
    }

    /// A result of one type: a composite or table row type has its fields, `record` none known.
    private func shapeOfValue(_ type: SQLType, columnName: String, isOutParameter: Bool) -> CallShape {
        if type == .builtin(.record) { return CallShape(type: type, kind: .undescribedRecord) }
        if let fields = catalog.compositeFields(of: type) {
            return CallShape(type: type, kind: .composite(fields.map { Self.resultColumn($0.name, $0.type) }))
        }
        return CallShape(type: type, kind: .scalar(columnName: columnName, isOutParameter: isOutParameter))
    }

    /// The shape recorded for `expression` when it is a resolved function call (in parentheses or not).
    func callShape(of expression: Expression) -> CallShape? {
        var inner = expression
        while case .parenthesized(let nested) = inner.kind { inner = nested }
        guard case .function(let call) = inner.kind else { return nil }
        return recordedCallShape(at: call.name.location.offset)
    }
}

extension FromClauseAnalyzing {
    /// A column of a function's result: NULL whenever the function body says so.
    static func resultColumn(_ name: String, _ type: SQLType) -> ScopeColumn {
        ScopeColumn(name: name, value: TypedValue(type: type, nullable: true, elementNullable: true, name: name))
    }
}
