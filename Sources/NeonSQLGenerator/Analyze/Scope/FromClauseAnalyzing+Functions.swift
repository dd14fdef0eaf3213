// Function calls as FROM items (PostgreSQL's addRangeTableEntryForFunction): a scalar result is
// one column named after the function (the alias renames it, unless it is a named OUT
// parameter); a record with OUT columns or a composite result expands to its columns; a `record`
// without OUT columns takes its columns from a column definition list (`AS t(a int, b text)`),
// which only such a function may have. `unnest(a, b)` zips its arrays; `ROWS FROM (f(), g())`
// puts the functions' columns side by side; WITH ORDINALITY adds a bigint `ordinality` column.

extension FromClauseAnalyzing where Self: ExpressionTyping & CallTyping & NameResolving & SelectAnalyzing & GroupingChecking {
    /// `f(args) [WITH ORDINALITY] [AS alias[(cols)]]`.
    mutating func addFunctionItem(_ call: FunctionCall, alias: TableAlias?, withOrdinality: Bool, location: SourceLocation,
                                  _ scope: Scope) {
        let definitions = alias?.isColumnDefinitionList == true ? alias : nil
        let item: FunctionItemColumns
        if call.name.name?.name == "unnest", call.arguments.count > 1, call.name.qualifier.allSatisfy({ $0.name == "pg_catalog" }) {
            if let definitions {
                error("UNNEST() with multiple arguments cannot have a column definition list", at: definitions.columns[0].location)
            }
            item = zippedUnnestColumns(call, scope)
        } else {
            guard let columns = functionColumns(call, definitions: definitions, location: location, scope) else {
                hasUnresolvedRelation = true
                return
            }
            item = columns
        }
        addFunctionEntry(item, name: call.name.name?.name ?? "function", alias: alias, withOrdinality: withOrdinality,
                         location: location, scope)
    }

    /// `ROWS FROM (f(...) [AS (c type, ...)], ...) [WITH ORDINALITY] [AS alias[(cols)]]`.
    mutating func addRowsFromItem(_ functions: [RowsFromFunction], alias: TableAlias?, withOrdinality: Bool,
                                  location: SourceLocation, _ scope: Scope) {
        let aliasDefinitions = alias?.isColumnDefinitionList == true ? alias : nil
        if let aliasDefinitions, functions.count > 1 {
            error("ROWS FROM() with multiple functions cannot have a column definition list", at: aliasDefinitions.columns[0].location)
        }
        var item = FunctionItemColumns(columns: [], rowType: nil, scalarTakesAlias: false)
        for function in functions {
            let definitions = function.columnDefinitions ?? (functions.count == 1 ? aliasDefinitions : nil)
            guard let columns = functionColumns(function.call, definitions: definitions, location: function.location, scope) else {
                hasUnresolvedRelation = true
                return
            }
            if functions.count == 1 {
                item = columns
            } else {
                // The functions' rows are zipped: a shorter result is padded with NULLs.
                item.columns += columns.columns.map { column in
                    var padded = column
                    padded.value.nullable = true
                    return padded
                }
            }
        }
        addFunctionEntry(item, name: functions.first?.call.name.name?.name ?? "rows", alias: alias,
                         withOrdinality: withOrdinality, location: location, scope)
    }

    /// Adds the ordinality column, applies the alias, and adds the entry to `scope`.
    private mutating func addFunctionEntry(_ item: FunctionItemColumns, name: String, alias: TableAlias?, withOrdinality: Bool,
                                           location: SourceLocation, _ scope: Scope) {
        var columns = item.columns
        if withOrdinality { columns.append(ScopeColumn(name: "ordinality", value: TypedValue(type: .int8, nullable: false, name: "ordinality"))) }
        if let alias, !alias.isColumnDefinitionList {
            if !alias.columns.isEmpty {
                columns = rename(columns, alias, at: location)
            } else if item.scalarTakesAlias, let first = columns.first {
                columns[0] = ScopeColumn(name: alias.name.name, value: first.value.renamed(alias.name.name))
            }
        }
        var entry = RangeEntry(name: alias?.name.name ?? name, columns: columns, relationKey: nil, uniqueColumns: [],
                               nameLocation: alias?.name.location ?? location)
        if !withOrdinality { entry.rowType = item.rowType }
        scope.entries.append(entry)
    }

    /// The columns of one call in FROM; nil when it did not resolve (reported).
    private mutating func functionColumns(_ call: FunctionCall, definitions: TableAlias?, location: SourceLocation,
                                          _ scope: Scope) -> FunctionItemColumns? {
        let functionName = call.name.name?.name ?? "function"
        let value = infer(Expression(.function(call), location: location, range: SourceRange(start: location, endOffset: location.offset)), scope)
        let shape: CallShape
        if let recorded = recordedCallShape(at: call.name.location.offset) {
            shape = recorded
        } else if value.type != .unknown {
            // COALESCE, GREATEST and the other calls the grammar types: one value.
            shape = CallShape(type: value.type, kind: .scalar(columnName: functionName, isOutParameter: false))
        } else {
            // Not resolved (reported): a column definition list still says what it yields.
            return definitions.map { FunctionItemColumns(columns: definitionColumns($0), rowType: nil, scalarTakesAlias: false) }
        }
        switch shape.kind {
        case .undescribedRecord:
            guard let definitions else {
                error("a column definition list is required for functions returning \"record\"", at: call.name.location)
                return nil
            }
            return FunctionItemColumns(columns: definitionColumns(definitions), rowType: nil, scalarTakesAlias: false)
        case .outputParameters(let columns):
            if let definitions {
                error("a column definition list is redundant for a function with OUT parameters", at: definitions.columns[0].location)
            }
            return FunctionItemColumns(columns: columns, rowType: nil, scalarTakesAlias: false)
        case .composite(let columns):
            if let definitions {
                error("a column definition list is redundant for a function returning a named composite type", at: definitions.columns[0].location)
            }
            return FunctionItemColumns(columns: columns, rowType: shape.type, scalarTakesAlias: false)
        case .scalar(let columnName, let isOutParameter):
            if let definitions {
                error("a column definition list is only allowed for functions returning \"record\"", at: definitions.columns[0].location)
            }
            var column = value.renamed(columnName)
            column.origin = nil
            if functionName == "unnest", call.arguments.count == 1, let array = call.arguments.first {
                // unnest's elements are NULL where the array's elements are.
                column.nullable = infer(array, scope).elementNullable
            }
            return FunctionItemColumns(columns: [ScopeColumn(name: columnName, value: column)], rowType: nil,
                                       scalarTakesAlias: !isOutParameter)
        }
    }

    /// The columns a column definition list declares.
    private mutating func definitionColumns(_ definitions: TableAlias) -> [ScopeColumn] {
        zip(definitions.columns, definitions.columnTypes).map { name, typeName in
            Self.resultColumn(name.name, resolveType(typeName) ?? .unknown)
        }
    }

    /// `unnest(a, b, ...)` (ROWS FROM of one unnest per array): one column per array, each named
    /// unnest, NULL where an array is shorter.
    private mutating func zippedUnnestColumns(_ call: FunctionCall, _ scope: Scope) -> FunctionItemColumns {
        let columns = call.arguments.map { argument in
            let array = infer(argument, scope)
            let element = array.type.elementType ?? .text
            return ScopeColumn(name: "unnest", value: TypedValue(type: element, nullable: true, name: "unnest"))
        }
        return FunctionItemColumns(columns: columns, rowType: nil, scalarTakesAlias: false)
    }
}

/// The columns one function of a FROM item yields.
private struct FunctionItemColumns {
    var columns: [ScopeColumn]
    /// The type of the item's whole-row reference when it is a named composite or table type.
    var rowType: SQLType?
    /// One scalar column that takes the item's alias as its name.
    var scalarTakesAlias: Bool
}
