/// What the analyzer knows about functions beyond PostgreSQL's catalog: when a result is NULL.
///
/// Types come from the catalog (`CallResolver` over `BuiltinCatalog`); nullability follows
/// `pg_proc.proisstrict` (a strict function is NULL exactly when an argument is) except for the
/// functions listed here (`listedNullBehaviors`), whose rule the catalog cannot say:
/// - `neverNull`: non-strict functions that always return a value (count, concat, format,
///   array_append, json_build_object, row_number, num_nulls ...);
/// - `nullable`: functions that can return NULL on non-NULL input (regexp_match without a match,
///   array_length of '{}', lag, jsonb_extract_path of a missing key ...);
/// - `allArgumentsNull`: NULL only when every argument is (COALESCE, GREATEST, LEAST).
/// Aggregates are `nullable` (no input row gives NULL, count excepted); over a set known to hold
/// a row (a group of a GROUP BY, a window frame holding the current row) and without FILTER,
/// `overNonEmptyInput` says what they do instead. Non-strict functions not listed are nullable.
enum BuiltinFunctionBehavior {
    /// When a function's result is NULL.
    enum NullBehavior: Sendable, Hashable {
        /// NULL exactly when an argument is NULL (PostgreSQL's STRICT functions).
        case strict
        /// Never NULL (count, now(), concat, array_append, row_number...).
        case neverNull
        /// May be NULL whatever the input (min/max/sum over no rows, lag, array_length of '{}').
        case nullable
        /// NULL only when every argument is NULL (COALESCE, GREATEST, LEAST).
        case allArgumentsNull
    }

    enum Kind: Sendable, Hashable { case scalar, aggregate, window }

    /// Whether `name` is an aggregate (needs grouping) or a window-only function, per the catalog.
    static func kind(of name: String) -> Kind {
        switch BuiltinCatalog.shared.functions[name]?.first?.kind {
        case .aggregate?: .aggregate
        case .window?: .window
        default: .scalar
        }
    }

    /// Whether `call` (without OVER) may be an aggregate: a built-in aggregate, a call with an
    /// aggregate's syntax (`*`, DISTINCT, ORDER BY, WITHIN GROUP, FILTER), or a function the
    /// built-in catalog does not list (a user's aggregate, say). COALESCE, GREATEST, LEAST and
    /// NULLIF are grammar, never aggregates.
    static func mayAggregate(_ call: FunctionCall) -> Bool {
        if call.isConditionalForm { return false }
        if call.isStar || call.isDistinct || !call.orderBy.isEmpty || !call.withinGroup.isEmpty || call.filter != nil { return true }
        guard let name = call.name.name?.name, let overloads = BuiltinCatalog.shared.functions[name] else { return true }
        return overloads.contains { $0.kind == .aggregate }
    }

    /// Whether every overload of `name` returns a set of rows (possibly none): a query with one in
    /// its select list does not return exactly one row.
    static func isSetReturning(_ name: String) -> Bool {
        BuiltinCatalog.shared.functions[name]?.contains(where: \.returnsSet) ?? false
    }

    /// What is listed for one function: its rule, or for some argument counts another.
    struct ListedNullBehavior: Sendable, Hashable {
        let behavior: NullBehavior
        var byArgumentCount: [Int: NullBehavior] = [:]
    }

    /// The listed rules by function name: what `pg_proc.proisstrict` cannot say.
    static let listedNullBehaviors: [String: ListedNullBehavior] = {
        var table: [String: ListedNullBehavior] = [:]
        func list(_ behavior: NullBehavior, _ names: [String]) {
            for name in names { table[name] = ListedNullBehavior(behavior: behavior) }
        }
        list(.neverNull, [
            "count", "row_number", "rank", "dense_rank", "percent_rank", "cume_dist", "ntile", "grouping",
            "concat", "format", "quote_nullable", "num_nulls", "num_nonnulls", "pg_typeof",
            "array_append", "array_prepend", "array_cat",
            "json_build_object", "json_build_array", "jsonb_build_object", "jsonb_build_array", "json_object", "jsonb_object",
            "generate_series", "generate_subscripts", "jsonb_array_elements", "json_array_elements", "jsonb_each", "json_each",
            "now", "transaction_timestamp", "statement_timestamp", "clock_timestamp", "version", "current_database",
            "gen_random_uuid",
        ])
        // int4range(NULL, 5) is a range unbounded below: range constructors never return NULL.
        list(.neverNull, Array(rangeConstructors))
        list(.nullable, [
            "first_value", "last_value", "nth_value",
            "array_length", "array_upper", "array_lower", "array_position", "array_ndims", "array_dims",
            "regexp_match", "unnest", "current_setting",
            "jsonb_extract_path", "jsonb_extract_path_text", "json_extract_path", "json_extract_path_text",
            "jsonb_path_query_first", "json_object_field", "jsonb_object_field", "json_object_field_text",
            "jsonb_object_field_text", "json_array_element", "jsonb_array_element", "json_array_element_text",
            "jsonb_array_element_text", "jsonb_array_elements_text", "json_array_elements_text",
            "jsonb_object_keys", "json_object_keys",
            "to_regclass", "to_regtype", "to_regproc", "to_regprocedure", "to_regoper", "to_regoperator",
            "to_regnamespace", "to_regrole", "to_regcollation", "nullif",
            // PostgreSQL 17: NULL for a UUID of another version or variant, an invalid type, an
            // unTOASTed value.
            "uuid_extract_version", "uuid_extract_timestamp", "to_regtypemod", "pg_basetype", "pg_column_toast_chunk_id",
            "range_lower", "range_upper", "inet_client_addr", "inet_client_port", "inet_server_addr", "inet_server_port",
        ])
        list(.allArgumentsNull, ["coalesce", "greatest", "least"])
        list(.strict, ["concat_ws", "string_to_array", "array_remove", "array_replace", "to_json", "to_jsonb", "row_to_json", "array_to_json"])
        // random() is never NULL; random(min, max) (PostgreSQL 17) is strict.
        table["random"] = ListedNullBehavior(behavior: .strict, byArgumentCount: [0: .neverNull])
        // Outside the partition the default is returned: NULL only when the value or the default is.
        for name in ["lag", "lead"] { table[name] = ListedNullBehavior(behavior: .nullable, byArgumentCount: [3: .strict]) }
        return table
    }()

    /// The listed rule for `name` called with `argumentCount` arguments, or nil when the
    /// catalog's strictness decides.
    static func listedNullBehavior(_ name: String, argumentCount: Int) -> NullBehavior? {
        guard let listed = listedNullBehaviors[name] else { return nil }
        return listed.byArgumentCount[argumentCount] ?? listed.behavior
    }

    /// The constructors of the built-in range and multirange types.
    static let rangeConstructors: Set<String> = Set(BuiltinCatalog.shared.rangeSubtypes.keys)
        .union(BuiltinCatalog.shared.multirangeRanges.keys)

    /// What a `nullable` aggregate (or first_value/last_value) returns over a non-empty set of
    /// rows with no FILTER: nil when it can still be NULL (stddev of one row, percentiles).
    static func overNonEmptyInput(_ name: String) -> NullBehavior? {
        switch name {
        case "min", "max", "sum", "avg", "bool_and", "bool_or", "every", "bit_and", "bit_or", "bit_xor", "string_agg",
             "first_value", "last_value", "any_value":
            // NULL only when every input value is NULL: strict in the value argument.
            return .strict
        case "array_agg", "json_agg", "jsonb_agg", "json_object_agg", "jsonb_object_agg":
            return .neverNull
        default:
            return nil
        }
    }

    /// Whether an array result may hold NULL elements, given the arguments.
    static func resultElementNullable(name: String, arguments: [TypedValue], resultType: SQLType) -> Bool {
        guard case .array = resultType else { return false }
        switch name {
        case "regexp_match", "string_to_array", "regexp_split_to_array":
            return true
        case "array_agg":
            if case .array = arguments.first?.type { return arguments.first?.elementNullable ?? false }
            return arguments.first?.nullable ?? true
        case "array_append", "array_prepend":
            return arguments.contains { value in
                if case .array = value.type { return value.elementNullable }
                return value.nullable
            }
        default:
            // Polymorphic results carry the elements of the arrays they were made from.
            return arguments.contains { $0.type == resultType && $0.elementNullable }
        }
    }
}
