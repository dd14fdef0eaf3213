/// Prints a query's table effects as static data of its file (`private let <function>_tables =
/// NeonSQL.TableEffects(...)`) and the arguments every statement factory of the query passes:
/// `tables:` and, for `-- @cache max-age`, `cacheMaxAge:`.
enum TableEffectsRenderer {
    /// The file-level name of a query's table effects: `<function>_tables` (no generated function
    /// name has an underscore after its first letter, so no query's factory can shadow it), made
    /// different from every parameter name of the query.
    static func constantName(for named: NamedQuery) -> String {
        var name = named.functionName + "_tables"
        while named.parameters.contains(where: { $0.name == name }) { name += "_" }
        return name
    }

    /// `private let fetchDuas_tables = NeonSQL.TableEffects(reads: [...], writes: [...], ...)`.
    static func printDeclaration(for named: NamedQuery, into printer: inout CodePrinter) {
        let tables = named.query.tables
        printer.docComment(["The tables `\(named.functionName)` reads and can change: what a result cache invalidates by."])
        printer.line("private let \(constantName(for: named)) = NeonSQL.TableEffects("
                     + "reads: \(list(tables.reads)), writes: \(list(tables.writes)), "
                     + "readsUnknown: \(tables.readsUnknown), writesUnknown: \(tables.writesUnknown))")
    }

    /// `, tables: fetchDuas_tables[, cacheMaxAge: .seconds(600)]`: appended to a factory call's arguments.
    static func factoryArguments(for named: NamedQuery) -> String {
        var arguments = ", tables: \(constantName(for: named))"
        if let seconds = named.query.cacheMaxAgeSeconds { arguments += ", cacheMaxAge: .seconds(\(seconds))" }
        return arguments
    }

    private static func list(_ tables: [String]) -> String {
        "[" + tables.map(SwiftTypeMapping.stringLiteral).joined(separator: ", ") + "]"
    }
}
