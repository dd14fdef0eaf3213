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
    /// the compact JSON of that object (`JSONValue.compactText()`'s bytes).
    static func json(_ tables: TableEffectsDescription) -> String {
        String(decoding: jsonBytes(tables), as: UTF8.self)
    }

    /// ``json(_:)`` as UTF-8, written straight to bytes (every statement factory prints it: a value
    /// tree per query cost ~6,000 instructions).
    private static func jsonBytes(_ tables: TableEffectsDescription) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(32 + 24 * (tables.reads.count + tables.writes.count))
        append(#"{"reads":"#, to: &output)
        appendArray(tables.reads, to: &output)
        append(#","writes":"#, to: &output)
        appendArray(tables.writes, to: &output)
        if tables.readsUnknown { append(#","readsUnknown":true"#, to: &output) }
        if tables.writesUnknown { append(#","writesUnknown":true"#, to: &output) }
        output.append(UInt8(ascii: "}"))
        return output
    }

    /// `["a","b"]`, each string escaped as JSON.
    private static func appendArray(_ strings: [String], to output: inout [UInt8]) {
        output.append(UInt8(ascii: "["))
        for (position, string) in strings.enumerated() {
            if position > 0 { output.append(UInt8(ascii: ",")) }
            JSONStringEscaping.appendQuoted(string, to: &output)
        }
        output.append(UInt8(ascii: "]"))
    }

    private static func append(_ text: StaticString, to output: inout [UInt8]) {
        text.withUTF8Buffer { output.append(contentsOf: $0) }
    }
}
