@_spi(NeonSQLInternal) import NeonSQLShared

/// Prints the arguments every statement factory of a query passes after its bindings: `tables:`
/// (the query's table effects) and, for `-- @cache max-age`, `cacheMaxAge:`.
///
/// The effects are JSON in a raw string literal that the runtime parses once per process
/// (`NeonSQL.TableEffects.declared(_:)`): a literal inside the factory's body costs the module's
/// interface nothing, where a file-level constant per query had its initializer type-checked on
/// every build of the module (BENCHMARKS.md, "Edit-rebuild loop").
enum TableEffectsRenderer {
    /// `, tables: .declared(#"{...}"#)[, cacheMaxAge: .seconds(600)]`: appended to a factory call's
    /// arguments, written as UTF-8 bytes (no strings concatenated: a query prints it for each of
    /// its factories).
    static func factoryArguments(for named: NamedQuery) -> CodeLine {
        let json = jsonBytes(named.query.tables)
        var arguments: [UInt8] = []
        arguments.reserveCapacity(json.count + 64)
        append(", tables: .declared(", to: &arguments)
        RawStringLiteral.appendSingleLine(json, to: &arguments)
        arguments.append(UInt8(ascii: ")"))
        if let seconds = named.query.cacheMaxAgeSeconds {
            append(", cacheMaxAge: .seconds(", to: &arguments)
            arguments.append(contentsOf: String(seconds).utf8)
            arguments.append(UInt8(ascii: ")"))
        }
        return CodeLine(utf8: arguments)
    }

    /// `{"reads":[...],"writes":[...]}` with `"readsUnknown":true` / `"writesUnknown":true` when so:
    /// the compact JSON of that object (`JSONDocument.compactText()`'s bytes).
    static func json(_ tables: TableEffectsDescription) -> String {
        String(decoding: jsonBytes(tables), as: UTF8.self)
    }

    /// ``json(_:)`` as UTF-8, written straight to bytes by the shared compact writer (every
    /// statement factory prints it: a document per query cost ~6,000 instructions).
    private static func jsonBytes(_ tables: TableEffectsDescription) -> [UInt8] {
        var object = JSONDocument.CompactObjectWriter(
            reservingCapacity: 32 + 24 * (tables.reads.count + tables.writes.count))
        object.append("reads", strings: tables.reads)
        object.append("writes", strings: tables.writes)
        if tables.readsUnknown { object.append("readsUnknown", bool: true) }
        if tables.writesUnknown { object.append("writesUnknown", bool: true) }
        return object.finish()
    }

    private static func append(_ text: StaticString, to output: inout [UInt8]) {
        text.withUTF8Buffer { output.append(contentsOf: $0) }
    }
}
