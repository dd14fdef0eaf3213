// The built-in final functions of aggregates whose state is `internal` (`numeric_avg`,
// `percentile_disc_final`, ...). The built-in catalog data leaves out functions that take
// `internal` (no SQL call can pass one), but `CREATE AGGREGATE ... (STYPE = internal, FINALFUNC =
// numeric_avg)` reuses them, and the aggregate's type is its final function's result. Read from
// PostgreSQL 15 with `query` (InternalStateFinalFunctionsDifferentialTests runs it and compares).

/// The final functions of PostgreSQL's aggregates with an `internal` state, by name.
enum InternalStateFinalFunctions {
    /// What `data` holds, from pg_proc: `name|arguments after the state|result|v when VARIADIC`.
    static let query = """
        SELECT p.proname,
               array_to_string(ARRAY(SELECT t.typname FROM unnest(p.proargtypes[1:]) WITH ORDINALITY AS a(oid, n)
                                     JOIN pg_type t ON t.oid = a.oid ORDER BY a.n), ' '),
               (SELECT typname FROM pg_type WHERE oid = p.prorettype),
               CASE WHEN p.provariadic <> 0 THEN 'v' ELSE '' END
        FROM pg_proc p
        WHERE p.oid IN (SELECT aggfinalfn FROM pg_aggregate) AND p.proargtypes[0] = 'internal'::regtype
        ORDER BY 1, 2
        """

    /// PostgreSQL 15's answer to `query`, one function per line.
    static let data = """
        array_agg_array_finalfn|anyarray|anyarray|
        array_agg_finalfn|anynonarray|anyarray|
        bytea_string_agg_finalfn||bytea|
        cume_dist_final|any|float8|v
        dense_rank_final|any|int8|v
        json_agg_finalfn||json|
        json_object_agg_finalfn||json|
        jsonb_agg_finalfn||jsonb|
        jsonb_object_agg_finalfn||jsonb|
        mode_final|anyelement|anyelement|
        multirange_agg_finalfn|anymultirange|anymultirange|
        numeric_avg||numeric|
        numeric_poly_avg||numeric|
        numeric_poly_stddev_pop||numeric|
        numeric_poly_stddev_samp||numeric|
        numeric_poly_sum||numeric|
        numeric_poly_var_pop||numeric|
        numeric_poly_var_samp||numeric|
        numeric_stddev_pop||numeric|
        numeric_stddev_samp||numeric|
        numeric_sum||numeric|
        numeric_var_pop||numeric|
        numeric_var_samp||numeric|
        percent_rank_final|any|float8|v
        percentile_cont_float8_final|float8|float8|
        percentile_cont_float8_multi_final|_float8|_float8|
        percentile_cont_interval_final|float8|interval|
        percentile_cont_interval_multi_final|_float8|_interval|
        percentile_disc_final|float8 anyelement|anyelement|
        percentile_disc_multi_final|_float8 anyelement|anyarray|
        range_agg_finalfn|anyrange|anymultirange|
        rank_final|any|int8|v
        string_agg_finalfn||text|
        """

    /// The signatures named `name`, without their leading `internal` argument: a final function
    /// resolves against the aggregate's direct (and, with FINALFUNC_EXTRA, aggregated) arguments.
    static func signatures(named name: String) -> [FunctionSignature] { byName[name] ?? [] }

    private static let byName: [String: [FunctionSignature]] = {
        var functions: [String: [FunctionSignature]] = [:]
        for line in data.split(separator: "\n") {
            let fields = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4 else { continue }
            let isVariadic = fields[3] == "v"
            let arguments = fields[1].split(separator: " ").map(String.init)
            var signature = FunctionSignature(
                name: fields[0], arguments: arguments, result: fields[2], isStrict: false, returnsSet: false,
                isVariadic: isVariadic, kind: .function, isOrderedSet: false, defaultCount: 0,
                variadicElement: isVariadic ? arguments.last : nil, extensionName: nil)
            signature.argumentTypes = arguments.map(SQLType.catalogType)
            signature.resultType = .catalogType(fields[2])
            signature.variadicElementType = signature.variadicElement.map(SQLType.catalogType)
            functions[fields[0], default: []].append(signature)
        }
        return functions
    }()
}
