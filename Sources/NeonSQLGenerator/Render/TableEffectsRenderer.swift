/// Prints the arguments every statement factory of a query passes after its bindings: `tables:`
/// (the query's table effects) and, for `-- @cache max-age`, `cacheMaxAge:`.
///
/// The effects are JSON in a raw string literal that the runtime parses once per process
/// (`NeonSQL.TableEffects.declared(_:)`): a literal inside the factory's body costs the module's
/// interface nothing, where a file-level constant per query had its initializer type-checked on
/// every build of the module (BENCHMARKS.md, "Edit-rebuild loop").
enum TableEffectsRenderer {
    /// `, tables: .declared(#"{...}"#)[, cacheMaxAge: .seconds(600)]`: appended to a factory call's arguments.
    static func factoryArguments(for named: NamedQuery) -> String {
        var arguments = ", tables: .declared(\(RawStringLiteral.singleLine(json(named.query.tables))))"
        if let seconds = named.query.cacheMaxAgeSeconds { arguments += ", cacheMaxAge: .seconds(\(seconds))" }
        return arguments
    }

    /// `{"reads":[...],"writes":[...]}` with `"readsUnknown":true` / `"writesUnknown":true` when so.
    static func json(_ tables: TableEffectsDescription) -> String {
        var members: [(String, JSONValue)] = [
            ("reads", .array(tables.reads.map(JSONValue.string))),
            ("writes", .array(tables.writes.map(JSONValue.string))),
        ]
        if tables.readsUnknown { members.append(("readsUnknown", .bool(true))) }
        if tables.writesUnknown { members.append(("writesUnknown", .bool(true))) }
        return JSONValue.object(members).compactText()
    }
}
