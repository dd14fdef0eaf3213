/// Compares a query the analyzer typed with PostgreSQL's description of it in the lock file: the
/// parameter types (as PREPARE reports them) and the result columns' names and types (as the wire
/// reports them: a domain as its base type). Nullability is not compared (PostgreSQL does not
/// report it for expressions).
enum LockComparison {
    /// What differs, in words naming both answers, or nil when they agree.
    static func disagreement(_ query: QueryDescription, _ entry: LockedQuery) -> String? {
        let ours = query.parameters.sorted { $0.index < $1.index }
        if ours.count != entry.parameters.count {
            return "the analyzer finds \(ours.count) parameter(s), PostgreSQL \(entry.parameters.count)"
        }
        for (parameter, locked) in zip(ours, entry.parameters.sorted { $0.index < $1.index }) where parameter.pgType != locked.type {
            return "parameter $\(parameter.index) is \(parameter.pgType) for the analyzer, \(locked.type) for PostgreSQL"
        }
        if query.columns.count != entry.columns.count {
            return "the analyzer finds \(query.columns.count) result column(s), PostgreSQL \(entry.columns.count)"
        }
        for (position, (column, locked)) in zip(query.columns, entry.columns).enumerated() {
            let name = LockedQueryBuilder.withoutMarker(locked.name).name
            if column.sqlName != name {
                return "result column \(position + 1) is \"\(column.sqlName)\" for the analyzer, \"\(name)\" for PostgreSQL"
            }
            if column.pgType != locked.type {
                return "result column \(position + 1) (\(name)) is \(column.pgType) for the analyzer, \(locked.type) for PostgreSQL"
            }
        }
        return nil
    }
}

/// Builds the description of a query the analyzer could not type from its lock-file entry: the
/// types PostgreSQL gave, the names the SQL gives (parameters as written, columns as reported),
/// and nullability from what PostgreSQL reports about each column's source.
enum LockedQueryBuilder {
    /// A reported column name without its `!`/`?` nullability marker, and the marker's meaning
    /// (true: forced optional, false: forced non-optional).
    static func withoutMarker(_ name: String) -> (name: String, forcedNullable: Bool?) {
        guard name.count > 1, let marker = name.last, marker == "!" || marker == "?" else { return (name, nil) }
        return (String(name.dropLast()), marker == "?")
    }

    static func query(_ statement: LockableStatement, _ entry: LockedQuery, catalog: Catalog,
                      _ diagnostics: inout DiagnosticCollector) -> QueryDescription? {
        let annotation = statement.annotation
        if let unsupported = statement.unsupported {
            diagnostics.error(unsupported.message, in: statement.source, at: unsupported.location)
            return nil
        }
        guard entry.parameters.count == statement.parameters.count else {
            diagnostics.error("'\(annotation.name)' has \(statement.parameters.count) parameter(s) but its lock-file entry \(entry.parameters.count); "
                              + "run prepare again", in: statement.source, at: annotation.location)
            return nil
        }
        let lockedTypes = Dictionary(entry.parameters.map { ($0.index, $0.type) }, uniquingKeysWith: { first, _ in first })
        var parameters: [ParameterDescription] = []
        for index in stride(from: 1, through: statement.parameters.count, by: 1) {
            guard let slot = statement.parameters.slots[index], let typeName = lockedTypes[index] else {
                diagnostics.error("parameter $\(index) of '\(annotation.name)' is not in its lock-file entry; run prepare again",
                                  in: statement.source, at: annotation.location)
                return nil
            }
            parameters.append(ParameterDescription(
                index: index, sqlName: slot.writtenName, type: LockedTypeResolver.type(named: typeName, in: catalog).described,
                nullable: slot.explicitlyNullable, elementNullable: false, origin: nil, originIsElement: false))
        }
        let columns = entry.columns.map { locked -> ColumnDescription in
            let (name, forced) = withoutMarker(locked.name)
            // Non-optional only for a NOT NULL table column that nothing in the statement can NULL-extend.
            let provedNotNull = locked.source?.notNull == true && !statement.mayNullTableColumns
            let type = LockedTypeResolver.type(named: locked.type, in: catalog).described
            return ColumnDescription(sqlName: name, type: type, nullable: forced ?? !provedNotNull, elementNullable: true, origin: nil)
        }
        let kind: QueryKind = statement.inferKind ? (columns.isEmpty ? .exec : .many) : annotation.kind
        if kind.returnsRows && columns.isEmpty {
            diagnostics.error("':\(kind.rawValue)' query returns no rows (PostgreSQL describes no result columns); use ':exec'",
                              in: statement.source, at: annotation.location)
            return nil
        }
        var query = QueryDescription(
            annotationName: annotation.name, file: statement.source.path, line: annotation.location.line, kind: kind,
            sql: statement.sentSQL, documentation: annotation.documentation, parameters: parameters, columns: columns,
            isReadOnly: statement.isReadOnlyQuery, uniqueColumns: [])
        // No syntax tree for a statement the analyzer cannot type: its tables come from its tokens.
        var effects = TableEffectsResolver(catalog: catalog)
        query.tables = effects.effects(of: SQLTextReferenceScanner.references(ofText: statement.sentSQL, catalog: catalog))
        guard WritingReads.agree(&query, annotation, statement.source, &diagnostics) else { return nil }
        query.deprecationMessage = annotation.deprecation?.message
        if let cache = annotation.cache {
            guard statement.isReadOnlyQuery else {
                diagnostics.error("'-- @cache' caches the results of a read; this statement changes rows", in: statement.source, at: cache.location)
                return nil
            }
            query.cacheMaxAgeSeconds = cache.maxAgeSeconds
        }
        return query
    }
}
