// The Swift side of `-- @sort`: an enum per sort (`SearchDuasOrder`) with a case per key, named
// from the key's words without table qualifiers (`c.slug DESC` -> `slugDesc`), and the parameter
// that takes it (`order: SearchDuasOrder = .titleEn`).

extension SwiftTranslator {
    /// The enum type name of a query's sort: `<Query>Order` for `order`, else `<Query><Name>`.
    static func sortTypeBase(query rowBase: String, sortName: String) -> String {
        let base = rowBase.isEmpty ? "Query" : rowBase
        return sortName == "order" ? base + "Order" : base + SwiftIdentifiers.upperCamelCase(sortName)
    }

    /// `c.slug DESC` -> `slugDesc`, `total_xp DESC, display_name` -> `totalXpDescDisplayName`.
    static func sortCaseName(_ key: String) -> String {
        var words: [String] = []
        var current = ""
        for character in key + " " {
            if character.isLetter || character.isNumber || character == "_" || character == "." || character == "\"" {
                current.append(character)
                continue
            }
            if !current.isEmpty {
                // A qualified name keeps its last part: `c.slug` -> `slug`.
                words.append(String(current.split(separator: ".").last ?? Substring(current)))
                current = ""
            }
        }
        return SwiftIdentifiers.lowerCamelCase(words.joined(separator: "_"))
    }

    /// The named sorts of a query, and a diagnostic (at the annotation) for two keys named alike.
    static func sorts(of query: QueryDescription, rowBase: String, types: inout UniqueNames,
                      warnings: inout DiagnosticCollector) -> [NamedSort] {
        guard let template = query.template else { return [] }
        return template.sorts.map { sort in
            let typeName = types.claim(usable(sortTypeBase(query: rowBase, sortName: sort.name), fallback: "QueryOrder"))
            var seen: [String: String] = [:]
            var cases = UniqueNames(taken: ["rawValue", "allCases", "hashValue", "hash", "init"])
            let named = sort.keys.enumerated().map { position, key in
                let base = usable(sortCaseName(key), fallback: "key\(position + 1)")
                if let other = seen[base] {
                    warnings.append(Diagnostic(file: query.file, line: query.line, column: 1, severity: .error,
                                               message: "sort keys '\(other)' and '\(key)' of '-- @sort \(sort.name)' would both be "
                                                   + "the case '\(base)' of \(typeName); write one differently (ASC, NULLS LAST, ...)"))
                }
                seen[base] = key
                return (key: key, name: cases.claim(base))
            }
            return NamedSort(sqlName: sort.name, typeName: typeName, cases: named)
        }
    }
}

/// A `-- @sort` with its Swift names: the enum the parameter takes.
package struct NamedSort: Sendable {
    /// The parameter as written (`order`).
    package let sqlName: String
    /// `SearchDuasOrder`.
    let typeName: String
    /// The keys in order with their (bare) case names; the first is the default.
    package let cases: [(key: String, name: String)]
}
