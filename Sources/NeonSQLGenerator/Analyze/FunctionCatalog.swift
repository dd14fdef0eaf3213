/// What the analyzer knows about a function: its result type from its arguments, and when the
/// result can be NULL.
///
/// The rule, for every entry:
/// - `resolve` gives the result type PostgreSQL's function resolution picks for the argument
///   types (after untyped arguments were typed by `argumentType`, which follows
///   func_select_candidate: an unknown argument prefers the string category, else the category
///   every remaining candidate accepts) and its `NullBehavior`: `strict` for PostgreSQL's STRICT
///   functions (NULL exactly when an argument is), `neverNull` for functions that always return
///   a value (count, now, concat, row_number), `nullable` for those that can return NULL on
///   non-NULL input (regexp substring without a match, array_length of '{}', lag, min over no
///   rows), `allArgumentsNull` for COALESCE/GREATEST/LEAST.
/// - Aggregates are `nullable` (no input row gives NULL), but over a set known to hold a row
///   (a group of a GROUP BY, a window frame holding the current row) and without FILTER,
///   `overNonEmptyInput` says what they do instead: `strict` (NULL only if every input value is
///   NULL: min, max, sum, avg, bool_and, string_agg ...) or `neverNull` (array_agg, json_agg ...
///   collect NULLs as elements).
/// - Ordered-set aggregates (percentile_disc, mode) take their type from WITHIN GROUP.
/// - Set-returning functions (`setReturning`) may yield no row at all.
/// A function not listed is reported with a hint to cast its result.
enum FunctionCatalog {
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

    struct Result: Sendable, Hashable {
        let type: SQLType
        let nullBehavior: NullBehavior
        var elementNullable: Bool = false
    }

    enum Kind: Sendable, Hashable { case scalar, aggregate, window }

    /// Whether `name` is an aggregate (needs grouping) or a window-only function.
    static func kind(of name: String) -> Kind {
        if aggregates.contains(name) { return .aggregate }
        if windowFunctions.contains(name) { return .window }
        return .scalar
    }

    static let aggregates: Set<String> = [
        "count", "sum", "avg", "min", "max", "bool_and", "bool_or", "every", "array_agg", "string_agg",
        "json_agg", "jsonb_agg", "json_object_agg", "jsonb_object_agg", "stddev", "stddev_samp", "stddev_pop",
        "variance", "var_samp", "var_pop", "bit_and", "bit_or", "percentile_cont", "percentile_disc", "mode",
    ]

    static let windowFunctions: Set<String> = [
        "row_number", "rank", "dense_rank", "percent_rank", "cume_dist", "ntile", "lag", "lead",
        "first_value", "last_value", "nth_value",
    ]

    /// What a `nullable` aggregate (or first_value/last_value) returns over a non-empty set of
    /// rows with no FILTER: nil when it can still be NULL (stddev of one row, percentiles).
    static func overNonEmptyInput(_ name: String) -> NullBehavior? {
        switch name {
        case "min", "max", "sum", "avg", "bool_and", "bool_or", "every", "bit_and", "bit_or", "string_agg",
             "first_value", "last_value":
            // NULL only when every input value is NULL: strict in the value argument.
            return .strict
        case "array_agg", "json_agg", "jsonb_agg", "json_object_agg", "jsonb_object_agg":
            return .neverNull
        default:
            return nil
        }
    }

    /// Functions that return a set of rows (possibly none): a query with one in its select list
    /// does not return exactly one row.
    static let setReturning: Set<String> = [
        "unnest", "generate_series", "generate_subscripts", "jsonb_array_elements", "jsonb_array_elements_text",
        "json_array_elements", "json_array_elements_text", "jsonb_each", "jsonb_each_text", "json_each", "json_each_text",
        "jsonb_object_keys", "json_object_keys", "regexp_matches", "regexp_split_to_table", "string_to_table",
        "jsonb_path_query",
    ]

    /// Functions of extensions outside `pg_catalog` that Neon provides, by schema: the `auth`
    /// functions of `pg_session_jwt` (Neon RLS), which return NULL without a JWT session:
    /// `auth.user_id()` (the `sub` claim, text) and `auth.session()` (every claim, jsonb).
    static func extensionFunction(schema: String, name: String, argumentCount: Int) -> Result? {
        guard schema == "auth", argumentCount == 0 else { return nil }
        switch name {
        case "user_id": return Result(type: .text, nullBehavior: .nullable)
        case "session": return Result(type: .builtin(.jsonb), nullBehavior: .nullable)
        default: return nil
        }
    }

    /// The type a parameter or untyped constant gets as argument `position` of `name`, given the
    /// already-typed arguments (nil entries are the untyped ones).
    static func argumentType(name: String, position: Int, arguments: [TypedValue?]) -> SQLType? {
        let typed = arguments.compactMap { $0?.type }.filter { $0 != .unknown }
        switch name {
        case "coalesce", "greatest", "least", "nullif":
            return typed.isEmpty ? nil : TypeRules.commonType(typed)
        case "array_append":
            if position == 1, case .array(let element)? = arguments.first??.type { return element }
            if position == 0, let second = arguments.count > 1 ? arguments[1]?.type : nil { return .array(second) }
            return nil
        case "array_prepend":
            if position == 0, let second = arguments.count > 1 ? arguments[1]?.type : nil, case .array(let e) = second { return e }
            if position == 1, let first = arguments.first??.type { return .array(first) }
            return nil
        case "array_remove", "array_position":
            if position == 1, case .array(let element)? = arguments.first??.type { return element }
            return nil
        case "array_cat":
            return typed.first
        case "array_length", "array_upper", "array_lower":
            return position == 1 ? .int4 : nil
        case "lower", "upper", "trim", "btrim", "ltrim", "rtrim", "length", "char_length", "character_length",
             "replace", "concat", "concat_ws", "left", "right", "md5", "initcap", "reverse", "split_part", "strpos",
             "position", "starts_with", "lpad", "rpad", "repeat", "regexp_replace", "regexp_match", "regexp_matches",
             "to_tsvector", "plainto_tsquery", "to_tsquery", "quote_ident", "quote_literal", "format", "string_to_array":
            if ["left", "right", "repeat", "lpad", "rpad"].contains(name), position == 1 { return .int4 }
            if name == "split_part", position == 2 { return .int4 }
            return .text
        case "substring":
            // substring(text, int[, int]) and substring(text, text[, text]) (regular expressions)
            // compete: an unknown argument prefers the string category, unless a typed integer
            // argument already picked the first form.
            if position == 0 { return .text }
            return arguments.dropFirst().contains { $0?.type.builtin?.numericRank != nil } ? .int4 : .text
        case "substr":
            return position == 0 ? .text : .int4
        case "date_trunc":
            return position == 0 ? .text : (typed.first { $0 != .text } ?? .builtin(.timestamptz))
        case "extract", "date_part":
            return position == 0 ? .text : (typed.first { $0 != .text } ?? .builtin(.timestamptz))
        case "to_char":
            return position == 0 ? (typed.first { $0 != .text } ?? .builtin(.timestamptz)) : .text
        case "to_date", "to_timestamp", "to_number":
            if name == "to_timestamp", arguments.count == 1 { return .float8 }
            return .text
        case "make_interval", "make_date":
            return .int4
        case "generate_series":
            return typed.first ?? .int4
        case "round", "trunc":
            return position == 1 ? .int4 : (typed.first ?? .numeric)
        case "abs", "ceil", "ceiling", "floor", "sign", "sqrt":
            return typed.first ?? .numeric
        case "jsonb_build_object", "json_build_object", "jsonb_build_array", "json_build_array":
            return .text
        case "jsonb_extract_path_text", "jsonb_extract_path", "json_extract_path_text", "json_extract_path":
            return position == 0 ? .builtin(.jsonb) : .text
        case "jsonb_set":
            switch position {
            case 0, 2: return .builtin(.jsonb)
            case 1: return .array(.text)
            default: return .bool
            }
        case "to_jsonb", "to_json":
            return nil
        case "percentile_cont", "percentile_disc":
            return .float8
        case "age":
            return .builtin(.timestamptz)
        case "unnest", "cardinality":
            return nil
        default:
            return nil
        }
    }

    /// The result of calling `name` with `arguments`; nil if the function is unknown.
    static func resolve(name: String, arguments: [TypedValue], isStar: Bool) -> Result? {
        let types = arguments.map(\.type)
        let first = types.first ?? .unknown
        switch name {
        // Aggregates
        case "count":
            return Result(type: .int8, nullBehavior: .neverNull)
        case "sum":
            switch first.builtin {
            case .int2, .int4: return Result(type: .int8, nullBehavior: .nullable)
            case .int8, .numeric: return Result(type: .numeric, nullBehavior: .nullable)
            case .float4: return Result(type: .builtin(.float4), nullBehavior: .nullable)
            case .interval: return Result(type: .builtin(.interval), nullBehavior: .nullable)
            case .money: return Result(type: .builtin(.money), nullBehavior: .nullable)
            default: return Result(type: .float8, nullBehavior: .nullable)
            }
        case "avg":
            switch first.builtin {
            case .float4, .float8: return Result(type: .float8, nullBehavior: .nullable)
            case .interval: return Result(type: .builtin(.interval), nullBehavior: .nullable)
            default: return Result(type: .numeric, nullBehavior: .nullable)
            }
        case "stddev", "stddev_samp", "stddev_pop", "variance", "var_samp", "var_pop":
            let floating = first.builtin == .float4 || first.builtin == .float8
            return Result(type: floating ? .float8 : .numeric, nullBehavior: .nullable)
        case "min", "max":
            return Result(type: first == .unknown ? .text : first, nullBehavior: .nullable,
                          elementNullable: arguments.first?.elementNullable ?? false)
        case "bool_and", "bool_or", "every":
            return Result(type: .bool, nullBehavior: .nullable)
        case "bit_and", "bit_or":
            return Result(type: first, nullBehavior: .nullable)
        case "array_agg":
            let element = first == .unknown ? SQLType.text : first
            if case .array = element { return Result(type: element, nullBehavior: .nullable) }
            return Result(type: .array(element), nullBehavior: .nullable, elementNullable: arguments.first?.nullable ?? true)
        case "string_agg":
            return Result(type: first == .builtin(.bytea) ? .builtin(.bytea) : .text, nullBehavior: .nullable)
        case "json_agg", "json_object_agg":
            return Result(type: .builtin(.json), nullBehavior: .nullable)
        case "jsonb_agg", "jsonb_object_agg":
            return Result(type: .builtin(.jsonb), nullBehavior: .nullable)
        case "percentile_cont":
            // Called with the WITHIN GROUP type as the only argument (see `resolveOrderedSet`).
            return Result(type: first == .builtin(.interval) ? .builtin(.interval) : .float8, nullBehavior: .nullable)
        case "percentile_disc", "mode":
            return Result(type: first == .unknown ? .text : first, nullBehavior: .nullable)
        // grouping(a, b): a bit mask of the arguments a grouping set does not group by; an
        // integer in every row, super-aggregate rows included.
        case "grouping":
            return Result(type: .int4, nullBehavior: .neverNull)
        // Window functions
        case "row_number", "rank", "dense_rank":
            return Result(type: .int8, nullBehavior: .neverNull)
        case "percent_rank", "cume_dist":
            return Result(type: .float8, nullBehavior: .neverNull)
        case "ntile":
            return Result(type: .int4, nullBehavior: .neverNull)
        case "lag" where arguments.count == 3, "lead" where arguments.count == 3:
            // Outside the partition the default is returned: NULL only when the value or the default is.
            return Result(type: first, nullBehavior: .strict, elementNullable: arguments.first?.elementNullable ?? false)
        case "lag", "lead", "first_value", "last_value", "nth_value":
            return Result(type: first, nullBehavior: .nullable, elementNullable: arguments.first?.elementNullable ?? false)
        // Conditional
        case "coalesce", "greatest", "least":
            return Result(type: TypeRules.commonType(types), nullBehavior: .allArgumentsNull,
                          elementNullable: arguments.contains { $0.elementNullable })
        case "nullif":
            return Result(type: first == .unknown ? .text : first, nullBehavior: .nullable)
        // Date and time
        case "now", "transaction_timestamp", "statement_timestamp", "clock_timestamp":
            return Result(type: .builtin(.timestamptz), nullBehavior: .neverNull)
        case "date_trunc":
            let source = types.dropFirst().first ?? .builtin(.timestamptz)
            return Result(type: source == .builtin(.date) ? .builtin(.timestamptz) : source, nullBehavior: .strict)
        case "extract":
            return Result(type: .numeric, nullBehavior: .strict)
        case "date_part":
            return Result(type: .float8, nullBehavior: .strict)
        case "age":
            return Result(type: .builtin(.interval), nullBehavior: .strict)
        case "to_char":
            return Result(type: .text, nullBehavior: .strict)
        case "to_date", "make_date":
            return Result(type: .builtin(.date), nullBehavior: .strict)
        case "to_timestamp":
            return Result(type: .builtin(.timestamptz), nullBehavior: .strict)
        case "to_number":
            return Result(type: .numeric, nullBehavior: .strict)
        case "make_interval", "justify_days", "justify_hours", "justify_interval":
            return Result(type: .builtin(.interval), nullBehavior: .strict)
        case "timezone":
            let source = types.dropFirst().first
            return Result(type: source == .builtin(.timestamptz) ? .builtin(.timestamp) : .builtin(.timestamptz), nullBehavior: .strict)
        case "isfinite":
            return Result(type: .bool, nullBehavior: .strict)
        // Strings
        case "substring" where arguments.count >= 2 && arguments.dropFirst().allSatisfy({ $0.type.builtin?.numericRank == nil }):
            // substring(text FROM pattern [FOR escape]): NULL when the pattern does not match.
            return Result(type: .text, nullBehavior: .nullable)
        case "lower", "upper", "trim", "btrim", "ltrim", "rtrim", "replace", "left", "right", "md5", "initcap",
             "reverse", "split_part", "lpad", "rpad", "repeat", "regexp_replace", "substring", "substr", "translate",
             "quote_ident", "quote_literal", "overlay", "chr", "encode":
            return Result(type: .text, nullBehavior: .strict)
        case "length", "char_length", "character_length", "octet_length", "bit_length", "strpos", "position", "ascii":
            return Result(type: .int4, nullBehavior: .strict)
        case "starts_with":
            return Result(type: .bool, nullBehavior: .strict)
        case "concat", "concat_ws":
            return Result(type: .text, nullBehavior: name == "concat" ? .neverNull : .strict)
        case "format":
            return Result(type: .text, nullBehavior: .neverNull)
        case "regexp_match":
            return Result(type: .array(.text), nullBehavior: .nullable, elementNullable: true)
        case "string_to_array":
            return Result(type: .array(.text), nullBehavior: .strict, elementNullable: true)
        case "array_to_string":
            return Result(type: .text, nullBehavior: .strict)
        case "decode":
            return Result(type: .builtin(.bytea), nullBehavior: .strict)
        case "quote_nullable":
            return Result(type: .text, nullBehavior: .neverNull)
        // Numbers
        case "abs", "ceil", "ceiling", "floor", "sign", "trunc", "round":
            let type = first == .unknown ? SQLType.numeric : first
            return Result(type: type.builtin?.numericRank == nil ? .numeric : type, nullBehavior: .strict)
        case "sqrt", "exp", "ln", "log", "power", "pow", "cbrt":
            return Result(type: first == .numeric ? .numeric : .float8, nullBehavior: .strict)
        case "random":
            return Result(type: .float8, nullBehavior: .neverNull)
        case "mod", "div":
            return Result(type: TypeRules.commonType(types), nullBehavior: .strict)
        // UUID
        case "gen_random_uuid", "uuid_generate_v4":
            return Result(type: .builtin(.uuid), nullBehavior: .neverNull)
        // Arrays
        case "array_append", "array_prepend", "array_cat":
            let arrayType = types.first { if case .array = $0 { return true } else { return false } }
                ?? .array(first == .unknown ? .text : first)
            let elementNullable = arguments.contains { $0.elementNullable } || (name != "array_cat" && arguments.contains { value in
                if case .array = value.type { return false } else { return value.nullable }
            })
            return Result(type: arrayType, nullBehavior: .neverNull, elementNullable: elementNullable)
        case "array_remove":
            return Result(type: first, nullBehavior: .strict, elementNullable: arguments.first?.elementNullable ?? false)
        case "array_length", "array_upper", "array_lower", "array_position":
            return Result(type: .int4, nullBehavior: .nullable)
        case "cardinality", "array_ndims":
            return Result(type: .int4, nullBehavior: .strict)
        case "unnest":
            return Result(type: first.elementType ?? .text, nullBehavior: .nullable)
        case "generate_series":
            let type = first == .builtin(.date) ? SQLType.builtin(.timestamptz) : (first == .unknown ? .int4 : first)
            return Result(type: type, nullBehavior: .neverNull)
        // JSON
        case "to_json", "row_to_json", "array_to_json", "json_build_object", "json_build_array", "json_object":
            return Result(type: .builtin(.json), nullBehavior: name == "to_json" || name == "row_to_json" || name == "array_to_json" ? .strict : .neverNull)
        case "to_jsonb", "jsonb_build_object", "jsonb_build_array", "jsonb_object":
            return Result(type: .builtin(.jsonb), nullBehavior: name == "to_jsonb" ? .strict : .neverNull)
        case "jsonb_set", "jsonb_strip_nulls", "jsonb_extract_path", "jsonb_insert":
            return Result(type: .builtin(.jsonb), nullBehavior: name == "jsonb_extract_path" ? .nullable : .strict)
        case "json_extract_path":
            return Result(type: .builtin(.json), nullBehavior: .nullable)
        case "jsonb_extract_path_text", "json_extract_path_text":
            return Result(type: .text, nullBehavior: .nullable)
        case "jsonb_array_length", "json_array_length":
            return Result(type: .int4, nullBehavior: .strict)
        case "jsonb_typeof", "json_typeof", "jsonb_pretty":
            return Result(type: .text, nullBehavior: .strict)
        case "jsonb_array_elements", "jsonb_each":
            return Result(type: .builtin(.jsonb), nullBehavior: .neverNull)
        case "jsonb_array_elements_text", "json_array_elements_text", "jsonb_object_keys", "json_object_keys":
            return Result(type: .text, nullBehavior: .nullable)
        // Misc
        case "current_setting":
            return Result(type: .text, nullBehavior: .nullable)
        case "pg_typeof":
            return Result(type: .builtin(.oid), nullBehavior: .neverNull)
        case "version", "current_database":
            return Result(type: .text, nullBehavior: .neverNull)
        case "num_nonnulls", "num_nulls":
            return Result(type: .int4, nullBehavior: .neverNull)
        default:
            return nil
        }
    }
}
