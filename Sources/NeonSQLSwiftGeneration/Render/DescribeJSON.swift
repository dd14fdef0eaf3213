@_spi(NeonSQLInternal) import NeonSQLShared

/// The `describe` JSON: a public contract (see `docs/describe-json.md`), whose values are the
/// types of Render/DescribeContract.swift. Keys print in their declared order, pretty-printed with
/// two-space indentation; extend it, never break it.
package enum DescribeJSON {
    /// The JSON document for a model: every query of every file in input order, then every diagnostic.
    package static func render(_ model: NamedModel) -> String {
        json(document(model)).prettyPrinted() + "\n"
    }

    /// The model as the contract's values.
    static func document(_ model: NamedModel) -> DescribeDocument {
        DescribeDocument(
            queries: model.queries.map(described),
            diagnostics: model.diagnostics.map(described),
            enums: model.enums.map { value in
                DescribedEnum(name: value.sqlName, swiftType: value.typeName, labels: value.cases.map(\.label),
                              frozen: value.fallbackCaseName == nil)
            })
    }

    /// One query as JSON.
    static func query(_ named: NamedQuery) -> JSONDocument { json(described(named)) }

    /// One query as the contract's value.
    package static func described(_ named: NamedQuery) -> DescribedQuery {
        let query = named.query
        var result = DescribedQuery(
            name: named.functionName, file: query.file, line: query.line, kind: query.kind.rawValue, sql: query.sql,
            params: named.boundParameters.sorted { $0.index < $1.index }.map(described),
            columns: named.columns.map { Self.described($0, embeds: named.embeds, override: Self.override(of: $0, in: query)) },
            returns: named.signature.describedResultType,
            tables: DescribedTables(reads: query.tables.reads, writes: query.tables.writes,
                                    readsUnknown: query.tables.readsUnknown, writesUnknown: query.tables.writesUnknown))
        result.cacheMaxAge = query.cacheMaxAgeSeconds
        if !named.sorts.isEmpty {
            result.sorts = named.sorts.map { sort in
                DescribedSort(name: sort.sqlName, swiftType: sort.typeName,
                              keys: sort.cases.map { DescribedSort.Key(sql: $0.key, caseName: $0.name) })
            }
        }
        if let paging = query.paging {
            result.page = DescribedPage(size: paging.size, by: paging.keyColumns.map { named.columns[$0].sqlName },
                                           descending: paging.descending, firstPageSQL: paging.firstPageSQL,
                                           nextPageSQL: paging.nextPageSQL)
        }
        return result
    }

    static func described(_ parameter: NamedValue) -> DescribedParameter {
        // A parameter bound to a domain column is the domain in PREPARE's parameter types.
        DescribedParameter(index: parameter.index, name: parameter.name, pgType: parameter.pgType, domain: domainName(parameter.type),
                           nullable: parameter.nullable, swiftType: parameter.swiftType,
                           isOptionalFilter: parameter.isOptionalFilter, isPatch: parameter.isPatch)
    }

    /// The domain's name, only for a value whose type is a domain.
    private static func domainName(_ type: PostgresTypeDescription) -> String? {
        guard case .domain(let name, _) = type else { return nil }
        return name
    }

    /// The `!`/`?` of a column's alias (its index is its 1-based position).
    private static func override(of column: NamedValue, in query: QueryDescription) -> Bool? {
        column.index >= 1 && column.index <= query.columns.count ? query.columns[column.index - 1].nullabilityOverride : nil
    }

    static func described(_ column: NamedValue, embeds: [NamedEmbed], override: Bool?) -> DescribedColumn {
        var embed: DescribedEmbed?
        if let index = column.embed, index < embeds.count {
            let item = embeds[index]
            embed = DescribedEmbed(property: item.propertyName, sqlName: item.sqlName, swiftType: item.typeName + (item.optional ? "?" : ""))
        }
        return DescribedColumn(name: column.name, sqlName: column.sqlName, pgType: column.pgType, domain: domainName(column.type),
                               nullable: column.nullable, swiftType: column.swiftType,
                               nullabilityOverride: override.map { $0 ? "?" : "!" }, embed: embed)
    }

    static func described(_ diagnostic: Diagnostic) -> DescribedDiagnostic {
        DescribedDiagnostic(file: diagnostic.file, line: diagnostic.line, column: diagnostic.column,
                            severity: diagnostic.severity.rawValue, message: diagnostic.message)
    }

    // MARK: The contract as JSON: members in their declared order, optional ones only when present.

    static func json(_ document: DescribeDocument) -> JSONDocument {
        typealias Key = DescribeDocument.CodingKeys
        return .object([
            (Key.queries.stringValue, .array(document.queries.map(json))),
            (Key.diagnostics.stringValue, .array(document.diagnostics.map(json))),
            (Key.enums.stringValue, .array((document.enums ?? []).map(json))),
        ])
    }

    static func json(_ query: DescribedQuery) -> JSONDocument {
        typealias Key = DescribedQuery.CodingKeys
        var members: [(key: String, value: JSONDocument)] = [
            (Key.name.stringValue, .string(query.name)),
            (Key.file.stringValue, .string(query.file)),
            (Key.line.stringValue, .number(String(query.line))),
            (Key.kind.stringValue, .string(query.kind)),
            (Key.sql.stringValue, .string(query.sql)),
            (Key.params.stringValue, .array(query.params.map(json))),
            (Key.columns.stringValue, .array(query.columns.map(json))),
        ]
        if let returns = query.returns { members.append((Key.returns.stringValue, .string(returns))) }
        if let tables = query.tables {
            typealias TablesKey = DescribedTables.CodingKeys
            members.append((Key.tables.stringValue, .object([
                (TablesKey.reads.stringValue, .array(tables.reads.map { .string($0) })),
                (TablesKey.writes.stringValue, .array(tables.writes.map { .string($0) })),
                (TablesKey.readsUnknown.stringValue, .bool(tables.readsUnknown)),
                (TablesKey.writesUnknown.stringValue, .bool(tables.writesUnknown)),
            ])))
        }
        // Only on queries with `-- @cache`.
        if let maxAge = query.cacheMaxAge { members.append((Key.cacheMaxAge.stringValue, .number(String(maxAge)))) }
        // Only on queries with `-- @sort`, so other queries' JSON is unchanged.
        if let sorts = query.sorts {
            typealias SortKey = DescribedSort.CodingKeys
            typealias EntryKey = DescribedSort.Key.CodingKeys
            members.append((Key.sorts.stringValue, .array(sorts.map { sort in
                .object([
                    (SortKey.name.stringValue, .string(sort.name)),
                    (SortKey.swiftType.stringValue, .string(sort.swiftType)),
                    (SortKey.keys.stringValue, .array(sort.keys.map { entry in
                        .object([(EntryKey.sql.stringValue, .string(entry.sql)), (EntryKey.caseName.stringValue, .string(entry.caseName))])
                    })),
                ])
            })))
        }
        // Only on queries with `-- @page`.
        if let page = query.page {
            typealias PageKey = DescribedPage.CodingKeys
            members.append((Key.page.stringValue, .object([
                (PageKey.size.stringValue, .number(String(page.size))),
                (PageKey.by.stringValue, .array(page.by.map { .string($0) })),
                (PageKey.descending.stringValue, .bool(page.descending)),
                (PageKey.firstPageSQL.stringValue, .string(page.firstPageSQL)),
                (PageKey.nextPageSQL.stringValue, .string(page.nextPageSQL)),
            ])))
        }
        return .object(members)
    }

    static func json(_ parameter: DescribedParameter) -> JSONDocument {
        typealias Key = DescribedParameter.CodingKeys
        var members: [(key: String, value: JSONDocument)] = [
            (Key.index.stringValue, .number(String(parameter.index))),
            (Key.name.stringValue, .string(parameter.name)),
            (Key.pgType.stringValue, .string(parameter.pgType)),
        ]
        // Only for a domain, so other JSON is unchanged.
        if let domain = parameter.domain { members.append((Key.domain.stringValue, .string(domain))) }
        members += [
            (Key.swiftType.stringValue, .string(parameter.swiftType)),
            (Key.nullable.stringValue, .bool(parameter.nullable)),
        ]
        // Only on `-- @optional` and `-- @patch` parameters, so other queries' JSON is unchanged.
        if parameter.isOptionalFilter { members.append((Key.isOptionalFilter.stringValue, .bool(true))) }
        if parameter.isPatch { members.append((Key.isPatch.stringValue, .bool(true))) }
        return .object(members)
    }

    static func json(_ column: DescribedColumn) -> JSONDocument {
        typealias Key = DescribedColumn.CodingKeys
        var members: [(key: String, value: JSONDocument)] = [
            (Key.name.stringValue, .string(column.name)),
            (Key.sqlName.stringValue, .string(column.sqlName)),
            (Key.pgType.stringValue, .string(column.pgType)),
        ]
        if let domain = column.domain { members.append((Key.domain.stringValue, .string(domain))) }
        members += [
            (Key.swiftType.stringValue, .string(column.swiftType)),
            (Key.nullable.stringValue, .bool(column.nullable)),
        ]
        // Only on a column whose alias forces its nullability (`AS "x!"`, `AS "x?"`).
        if let override = column.nullabilityOverride { members.append((Key.nullabilityOverride.stringValue, .string(override))) }
        // Only on a `sqlc.embed(t)` item's columns, so other queries' JSON is unchanged.
        if let embed = column.embed {
            typealias EmbedKey = DescribedEmbed.CodingKeys
            members.append((Key.embed.stringValue, .object([
                (EmbedKey.property.stringValue, .string(embed.property)),
                (EmbedKey.sqlName.stringValue, .string(embed.sqlName)),
                (EmbedKey.swiftType.stringValue, .string(embed.swiftType)),
            ])))
        }
        return .object(members)
    }

    static func json(_ value: DescribedEnum) -> JSONDocument {
        typealias Key = DescribedEnum.CodingKeys
        return .object([
            (Key.name.stringValue, .string(value.name)),
            (Key.swiftType.stringValue, .string(value.swiftType)),
            (Key.labels.stringValue, .array(value.labels.map { .string($0) })),
            (Key.frozen.stringValue, .bool(value.frozen)),
        ])
    }

    static func json(_ diagnostic: DescribedDiagnostic) -> JSONDocument {
        typealias Key = DescribedDiagnostic.CodingKeys
        return .object([
            (Key.file.stringValue, .string(diagnostic.file)),
            (Key.line.stringValue, .number(String(diagnostic.line))),
            (Key.column.stringValue, .number(String(diagnostic.column))),
            (Key.severity.stringValue, .string(diagnostic.severity)),
            (Key.message.stringValue, .string(diagnostic.message)),
        ])
    }
}
