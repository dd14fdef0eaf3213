/// Turns a type as a lock file spells it (`format_type(oid, NULL)`: `integer`, `text[]`,
/// `time_slot`, `shop.mood`, `int4range`) back into the generator's `SQLType`, so that a locked
/// query's values map to Swift exactly as an analyzed query's do.
enum LockedTypeResolver {
    static func type(named formatName: String, in catalog: Catalog) -> SQLType {
        if formatName.hasSuffix("[]") {
            return .array(type(named: String(formatName.dropLast(2)), in: catalog))
        }
        if let builtin = BuiltinType.allCases.first(where: { $0.formatName == formatName }) {
            return .builtin(builtin)
        }
        if catalog.enumType(formatName: formatName) != nil {
            return .enumeration(formatName)
        }
        let (schema, name) = qualifiedName(formatName)
        if let domain = catalog.domain(name, schema: schema) {
            return .domain(catalog.formatName(schema: domain.schema, name: domain.name), base: domain.base)
        }
        if let info = BuiltinCatalog.shared.types.values.first(where: { $0.formatName == formatName }) {
            return SQLType.catalogType(info.name)
        }
        return .named(formatName)
    }

    /// `shop.mood` -> (`shop`, `mood`); `"My Type"` -> (nil, `My Type`). Quotes are removed.
    private static func qualifiedName(_ text: String) -> (schema: String?, name: String) {
        var parts: [String] = []
        var current = ""
        var quoted = false
        var previousWasQuote = false
        for character in text {
            if character == "\"" {
                if quoted, previousWasQuote { current.append("\"") }
                quoted.toggle()
                previousWasQuote = !quoted
                continue
            }
            previousWasQuote = false
            if character == ".", !quoted {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        return parts.count == 2 ? (parts[0], parts[1]) : (nil, text)
    }
}
