// The Swift names of a query's result columns and of its `sqlc.embed(t)` items: unnamed and
// repeated columns get generated names (with a warning), each embed a property and a nested type
// that shadows nothing the row's code mentions.

extension SwiftTranslator {
    /// The Swift property names of a query's result columns. PostgreSQL accepts a column with no
    /// name (an expression its FigureColname does not name, reported as `?column?`) and the same
    /// name twice (`SELECT a.id, b.id`); each then gets a generated name (`column<N>` by
    /// position; `id`, `id2`, ... in order, like any other collision) and a warning at the column
    /// that says which, so that the user can name it with AS.
    static func columnNames(_ query: QueryDescription, warnings: inout DiagnosticCollector) -> [String] {
        var names = UniqueNames(taken: reservedColumnNames, expected: query.columns.count)
        var embedNames: [Int: UniqueNames] = [:]
        // The fields read in place: a `ColumnDescription` copy retains its strings and embed.
        return query.columns.indices.map { position in
            let number = position + 1
            let sqlName = query.columns[position].sqlName
            if let embed = query.columns[position].embed {
                // A field of the nested struct: unique within it (a table's columns already are).
                if embedNames[embed.start] == nil {
                    embedNames[embed.start] = UniqueNames(taken: reservedColumnNames.union(embeddedReservedNames))
                    _ = names.claim(usable(SwiftIdentifiers.lowerCamelCase(embed.name), fallback: "embedded"))
                }
                return embedNames[embed.start]?.claim(usable(SwiftIdentifiers.lowerCamelCase(sqlName), fallback: "column\(number)"))
                    ?? "column\(number)"
            }
            let unnamed = sqlName == "?column?"
            let base = unnamed ? "column\(number)" : usable(SwiftIdentifiers.lowerCamelCase(sqlName), fallback: "column\(number)")
            let name = names.claim(base)
            let message: String
            if unnamed {
                message = "result column \(number) has no name (PostgreSQL calls it \"?column?\"); it is generated as '\(name)': name it with AS"
            } else if name != base, let first = firstNumber(of: sqlName, before: position, in: query.columns) {
                // A repeated name always renames: the first column took (or found taken) the same base.
                message = "result column \(number) repeats the name \"\(sqlName)\" of column \(first); it is generated as '\(name)': name it with AS"
            } else {
                return name
            }
            let location = query.columns[position].location
            warnings.append(Diagnostic(file: query.file, line: location.line, column: location.column,
                                       severity: .warning, message: message))
            return name
        }
    }

    /// The 1-based number of the first result column before `position` named `sqlName`, outside
    /// any `sqlc.embed` item (the column whose name a later one repeats). Looked up only for a
    /// renamed column: most columns are not renamed, and a dictionary of every name cost more.
    private static func firstNumber(of sqlName: String, before position: Int, in columns: [ColumnDescription]) -> Int? {
        columns[..<position].firstIndex { $0.embed == nil && $0.sqlName == sqlName }.map { $0 + 1 }
    }

    /// Members of an embedded struct besides its columns.
    static let embeddedReservedNames: Set<String> = ["decodeIfPresent"]

    /// The `sqlc.embed` items of a query, with the row-level property names ``columnNames(_:warnings:)``
    /// claimed for them (replayed here in the same order), and their columns marked.
    static func embeds(_ query: QueryDescription, columns: inout [NamedValue], columnNames: [String]) -> [NamedEmbed] {
        guard query.columns.contains(where: { $0.embed != nil }) else { return [] }
        // Replay the row-level claims so each embed gets the property name columnNames reserved for it.
        var names = UniqueNames(taken: reservedColumnNames)
        var propertyNames: [Int: String] = [:]
        for (position, column) in query.columns.enumerated() {
            if let embed = column.embed {
                if propertyNames[embed.start] == nil {
                    propertyNames[embed.start] = names.claim(usable(SwiftIdentifiers.lowerCamelCase(embed.name), fallback: "embedded"))
                }
            } else {
                _ = names.claim(columnNames[position])
            }
        }
        // The nested type must not shadow a type the row's code mentions, nor share a name with
        // a property of the row (`_1` for both a table `1` and its embed would be ambiguous).
        var mentioned = moduleNames.union(["Self", "Type", "Protocol", "Any", "AnyObject", "CodingKeys", "ID"])
        mentioned.formUnion(propertyNames.values)
        mentioned.formUnion(query.columns.indices.filter { query.columns[$0].embed == nil }.map { columnNames[$0] })
        for column in columns { mentioned.formUnion(SwiftIdentifiers.namesMentioned(inTypeText: column.codeType)) }
        var typeNames = UniqueNames(taken: mentioned)
        var embeds: [NamedEmbed] = []
        var indexByStart: [Int: Int] = [:]
        for (position, column) in query.columns.enumerated() {
            guard let embed = column.embed else { continue }
            if let index = indexByStart[embed.start] {
                embeds[index] = NamedEmbed(propertyName: embeds[index].propertyName, typeName: embeds[index].typeName,
                                           optional: embeds[index].optional,
                                           positions: embeds[index].positions.lowerBound..<(position + 1), sqlName: embed.name)
                columns[position].embed = index
                continue
            }
            let propertyName = propertyNames[embed.start] ?? "embedded"
            let typeName = typeNames.claim(usable(SwiftIdentifiers.upperCamelCase(embed.name), fallback: "Embedded"))
            indexByStart[embed.start] = embeds.count
            columns[position].embed = embeds.count
            embeds.append(NamedEmbed(propertyName: propertyName, typeName: typeName, optional: embed.optional,
                                     positions: position..<(position + 1), sqlName: embed.name))
        }
        return embeds
    }
}
