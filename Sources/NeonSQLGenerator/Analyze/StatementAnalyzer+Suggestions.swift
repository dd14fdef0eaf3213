// "Did you mean ...?" candidates for names the analyzer cannot resolve: what is in scope or in the
// catalog at the point of the error (the matching itself is `NameSuggestions`).
extension StatementAnalyzer {
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

    /// The functions `FunctionCatalog` types, for suggestions (taken from its cases; when the
    /// catalog comes from pg_proc, suggest from that instead).
    static let knownFunctionNames: [String] = [
        "abs", "age", "array_agg", "array_append", "array_cat", "array_length", "array_lower", "array_ndims",
        "array_position", "array_prepend", "array_remove", "array_to_json", "array_to_string", "array_upper",
        "ascii", "avg", "bit_and", "bit_length", "bit_or", "bool_and", "bool_or", "btrim", "cardinality",
        "cbrt", "ceil", "ceiling", "char_length", "character_length", "clock_timestamp", "coalesce", "concat",
        "concat_ws", "count", "cume_dist", "current_database", "current_setting", "date_part", "date_trunc",
        "decode", "dense_rank", "div", "every", "exp", "extract", "first_value", "floor", "format",
        "gen_random_uuid", "generate_series", "greatest", "grouping", "initcap", "isfinite", "json_agg",
        "json_array_elements_text", "json_array_length", "json_build_array", "json_build_object",
        "json_extract_path", "json_extract_path_text", "json_object", "json_object_agg", "json_object_keys",
        "json_typeof", "jsonb_agg", "jsonb_array_elements", "jsonb_array_elements_text", "jsonb_array_length",
        "jsonb_build_array", "jsonb_build_object", "jsonb_each", "jsonb_extract_path",
        "jsonb_extract_path_text", "jsonb_insert", "jsonb_object", "jsonb_object_agg", "jsonb_object_keys",
        "jsonb_pretty", "jsonb_set", "jsonb_strip_nulls", "jsonb_typeof", "justify_days", "justify_hours",
        "justify_interval", "lag", "last_value", "lead", "least", "left", "length", "ln", "log", "lower",
        "ltrim", "make_date", "make_interval", "max", "md5", "min", "mod", "mode", "now", "nth_value",
        "ntile", "nullif", "num_nonnulls", "num_nulls", "octet_length", "percent_rank", "percentile_cont",
        "percentile_disc", "pg_typeof", "position", "pow", "power", "quote_nullable", "random", "rank",
        "regexp_match", "replace", "right", "round", "row_number", "row_to_json", "rtrim", "sign", "sqrt",
        "starts_with", "statement_timestamp", "stddev", "stddev_pop", "stddev_samp", "string_agg",
        "string_to_array", "strpos", "substr", "substring", "sum", "timezone", "to_char", "to_date",
        "to_json", "to_jsonb", "to_number", "to_timestamp", "transaction_timestamp", "trim", "trunc",
        "unnest", "upper", "uuid_generate_v4", "var_pop", "var_samp", "variance", "version",
    ]

    /// `; did you mean 'morning'?` for a string constant that is not a label of `enumType`.
    func invalidEnumLabel(_ text: String, for type: SQLType) -> String? {
        guard case .enumeration(let name) = type, let value = catalog.enumType(formatName: name),
              !value.labels.contains(text) else { return nil }
        return "invalid input value for enum \(name): \"\(text)\"" + NameSuggestions.suffix(for: text, among: value.labels)
    }
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
