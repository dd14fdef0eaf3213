// "Did you mean ...?" candidates for names the analyzer cannot resolve: what is in scope or in the
// catalog at the point of the error (the matching itself is `NameSuggestions`).
extension NameResolving where Self: ExpressionTyping & CallTyping & FromClauseAnalyzing {
    /// Every column name visible unqualified from `scope` (FROM items, USING-merged columns, and
    /// output aliases where ORDER BY may use them), innermost level first.
    func columnNamesInScope(_ scope: Scope) -> [String] {
        var names: [String] = []
        var current: Scope? = scope
        while let level = current {
            if level.allowOutputAliases { names += level.outputColumns.map(\.name) }
            names += level.mergedColumns.map(\.name)
            for entry in level.entries { names += entry.columns.map(\.name) }
            current = level.parent
        }
        return names
    }

    /// Every relation a FROM item can name here: the catalog's tables and views (qualified outside
    /// the search path) and the common table expressions in scope.
    func relationNames(_ scope: Scope?) -> [String] {
        var names = catalog.relationNames
        var current = scope
        while let level = current {
            names += level.commonTables.keys
            current = level.parent
        }
        return names
    }

    /// Every table alias or name a qualified column can use here.
    func rangeEntryNames(_ scope: Scope) -> [String] {
        var names: [String] = []
        var current: Scope? = scope
        while let level = current {
            names += level.entries.compactMap(\.name)
            current = level.parent
        }
        return names
    }

    /// The type names `::type` and `CAST` accept that are close to a misspelled one: the built-in
    /// types' SQL spellings and the catalog's enums.
    func typeNames() -> [String] {
        Array(TypeResolver.builtinAliases.keys) + Array(TypeResolver.serialAliases.keys) + catalog.enumNames
    }

    /// `; did you mean 'morning'?` for a string constant that is not a label of `enumType`.
    func invalidEnumLabel(_ text: String, for type: SQLType) -> String? {
        guard case .enumeration(let name) = type, let value = catalog.enumType(formatName: name),
              !value.labels.contains(text) else { return nil }
        return "invalid input value for enum \(name): \"\(text)\"" + NameSuggestions.suffix(for: text, among: value.labels)
    }
}

/// Every function the built-in catalog (pg_proc) knows, for suggestions.
enum KnownFunctionNames {
    static let all: [String] = BuiltinCatalog.shared.functions.keys.sorted()
}

extension Catalog {
    /// Names of every table and view: bare on the search path, else `schema.name`.
    var relationNames: [String] {
        relations.values.flatMap { relation -> [String] in
            let qualified = relation.schema + "." + relation.name
            return searchPath.contains(relation.schema) ? [relation.name, qualified] : [qualified]
        }
    }

    /// Names of every enum, as `format_type` prints them.
    var enumNames: [String] {
        enums.values.map { formatName(ofEnum: $0) }
    }
}
