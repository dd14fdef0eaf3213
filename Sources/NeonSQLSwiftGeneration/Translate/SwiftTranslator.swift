/// The one Swift naming step: turns the analyzer's SQL names and PostgreSQL types into Swift
/// identifiers and types, applies the user's type overrides, and resolves every collision, so
/// that whatever names the schema and queries use, the generated code compiles.
///
/// The rules, applied in this order for determinism:
/// - words are ASCII letters and digits (anything else separates words); an empty result falls
///   back to a positional name (`p2`, `column3`, `value1`, `Enum`, `query`);
/// - a leading digit gets `_`; a name backticks cannot make usable (`self`, `Type`, `init`...)
///   or one the generated code gives a meaning of its own gets `_` appended;
/// - names that are equal after camel-casing (`default` and `Default`, `user_id` and `userId`)
///   are numbered in order of appearance: `default`, `default2`;
/// - module-level types share one namespace with the names the generated code refers to
///   (`Swift`, `Foundation`, `NeonSQL`) and the target's own `Queries`/`Statements`/client;
///   table models claim theirs last (`TableModels.claimTypeName`).
/// Runtime and standard types are always spelled qualified (`Swift.Int`, `NeonSQL.Statement`), so
/// a schema type named `Statement`, `Date` or `String` shadows nothing.
package struct SwiftTranslator {
    let overrides: TypeOverrides
    let typeNames: GeneratedTypeNames
    /// Enums without a fallback case (`frozenEnums` in `neon-sql.json`).
    let frozenEnums: Bool

    /// Module names the generated code qualifies with.
    static let moduleNames: Set<String> = ["Swift", "Foundation", "NeonSQL", "_Concurrency"]
    /// Members of `Queries`, `Statements` and the client that a query's function may not take.
    static let reservedFunctionNames: Set<String> = [
        "executor", "live", "liveValue", "testValue", "previewValue", "preview", "queries", "observe",
        // The dependency client's storage (Render/ClientRenderer.swift).
        "neonSQLState", "neonSQLMode", "neonSQLOverrides", "neonSQLResolve", "neonSQLClient",
    ]
    /// Members a row struct has besides its columns (protocol requirements and synthesized members).
    static let reservedColumnNames: Set<String> = ["columns", "hashValue", "hash", "encode", "decode", "_neonSQLFields"]
    /// Members an argument-set struct (`Sendable, Hashable`) has besides its properties.
    static let argumentSetReservedNames: Set<String> = ["hashValue", "hash"]
    /// The case a generated enum decodes a label it does not know into (`undocumented("new")`).
    static let fallbackCaseName = "undocumented"
    /// Members an enum has besides its cases (`RawRepresentable`, `CaseIterable`, `PostgresEnum`).
    static let reservedCaseNames: Set<String> = [
        "allCases", "rawValue", "hashValue", "hash", "encode", "decode", "postgresText", "postgresType",
    ]

    /// Names the model with the project's options (`neon-sql.json`: `overrides`, `names`,
    /// `frozenEnums`); problems with the configured names and overrides are error diagnostics on
    /// `configPath`. Unless `frozenEnums`, each enum gets a fallback case for labels it does not know.
    package static func name(_ model: GenerationModel, overrides: TypeOverrides, typeNames: GeneratedTypeNames, configPath: String,
                             frozenEnums: Bool) -> NamedModel {
        var diagnostics: [Diagnostic] = []
        for (key, name) in [("queries", typeNames.queries), ("statements", typeNames.statements), ("client", typeNames.client)] {
            if !SwiftIdentifiers.isUsable(name) || SwiftIdentifiers.keywords.contains(name) || moduleNames.contains(name) {
                diagnostics.append(Diagnostic(file: configPath, line: 1, column: 1, severity: .error,
                                              message: "names.\(key) '\(name)' is not a usable Swift type name"))
            }
        }
        if Set([typeNames.queries, typeNames.statements, typeNames.client]).count < 3 {
            diagnostics.append(Diagnostic(file: configPath, line: 1, column: 1, severity: .error,
                                          message: "names.queries, names.statements and names.client must differ"))
        }
        // Overrides naming a column are checked against the schema the queries were analyzed with.
        var overrideDiagnostics = DiagnosticCollector()
        overrides.validate(against: model.relations, configPath: configPath, diagnostics: &overrideDiagnostics)
        return SwiftTranslator(overrides: overrides, typeNames: typeNames, frozenEnums: frozenEnums)
            .name(model, overrideDiagnostics: overrideDiagnostics.diagnostics, configDiagnostics: diagnostics)
    }

    private func name(_ model: GenerationModel, overrideDiagnostics: [Diagnostic], configDiagnostics: [Diagnostic]) -> NamedModel {
        var types = UniqueNames(taken: Self.moduleNames.union([typeNames.queries, typeNames.statements, typeNames.client]))
        var claimedEnumNames: [String: String] = [:]
        let enums = model.enums.map { description -> NamedEnum in
            let unqualified = Self.unqualifiedTypeName(description.sqlName)
            let typeName = types.claim(Self.usable(SwiftIdentifiers.upperCamelCase(unqualified), fallback: "Enum"))
            claimedEnumNames[description.sqlName] = typeName
            var cases = UniqueNames(taken: Self.reservedCaseNames)
            let named = description.labels.enumerated().map { position, label in
                (label: label, name: cases.claim(Self.usable(SwiftIdentifiers.lowerCamelCase(label), fallback: "value\(position + 1)")))
            }
            // Claimed last: a label spelled like the fallback keeps its name, the fallback moves.
            let fallback = frozenEnums ? nil : cases.claim(Self.fallbackCaseName)
            return NamedEnum(sqlName: description.sqlName, typeName: typeName, cases: named, fallbackCaseName: fallback)
        }
        let enumNames = claimedEnumNames
        let enumName: @Sendable (String) -> String = { sqlName in
            enumNames[sqlName] ?? Self.usable(SwiftIdentifiers.upperCamelCase(Self.unqualifiedTypeName(sqlName)), fallback: "Enum")
        }

        var namingWarnings = DiagnosticCollector()
        namingWarnings.append(contentsOf: model.diagnostics)
        namingWarnings.append(contentsOf: overrideDiagnostics)
        // Names unique across the target are claimed in input order, on one thread; everything
        // else a query's names and types need reads only that query, so the files are named on
        // the machine's cores (ParallelWork), their warnings kept in input order.
        let claims = targetWideNames(of: model.files, types: &types)
        let namer = self
        let relations = model.relations
        let drafts = ParallelWork.map(Array(zip(model.files, claims))) { file, claims in
            namer.nameFile(file, claims: claims, relations: relations, enumName: enumName)
        }
        for draft in drafts { namingWarnings.append(contentsOf: draft.warnings) }
        // Table models name last, so that they never rename an enum, row or sort type.
        let models = tableModels(drafts, relations: relations, types: &types, enumName: enumName)
        // Last: every name is final, so each query's signature is spelled once (per file, on the
        // machine's cores: a signature reads only its own query).
        let signed = ParallelWork.map(drafts) { draft in
            // Changed in place: each query is copied once (with the array), not once per step.
            var queries = draft.file.queries
            for index in queries.indices {
                queries[index].useTableModels(for: draft.modelUses[index], models: models.byKey)
                queries[index].sign()
            }
            return NamedFile(path: draft.file.path, queries: queries)
        }
        return NamedModel(
            files: signed,
            enums: enums.sorted { ($0.typeName, $0.sqlName) < ($1.typeName, $1.sqlName) },
            typeNames: typeNames,
            diagnostics: namingWarnings.sorted + configDiagnostics,
            tableModels: models.sorted
        )
    }

    /// The names of each query that must be unique across the target (functions, row, argument
    /// set and sort types), claimed in input order.
    private func targetWideNames(of files: [QueryFileDescription], types: inout UniqueNames) -> [[TargetWideNames]] {
        var functions = UniqueNames(taken: Self.reservedFunctionNames)
        return files.map { file in
            file.queries.map { query in
                var names = TargetWideNames()
                names.functionName = functions.claim(Self.usable(SwiftIdentifiers.lowerCamelCase(query.annotationName), fallback: "query"))
                let rowBase = SwiftIdentifiers.upperCamelCase(query.annotationName)
                names.rowTypeName = types.claim(Self.usable((rowBase.isEmpty ? "Query" : rowBase) + "Row", fallback: "QueryRow"))
                names.argumentsTypeName = query.kind.takesArgumentSets
                    ? types.claim(Self.usable((rowBase.isEmpty ? "Query" : rowBase) + "Params", fallback: "QueryParams")) : ""
                var sortWarnings = DiagnosticCollector()
                names.sorts = Self.sorts(of: query, rowBase: rowBase, types: &types, warnings: &sortWarnings)
                names.sortWarnings = sortWarnings.diagnostics
                if query.paging != nil {
                    names.pageFactoryName = functions.claim(names.functionName + "Page")
                    names.pagesMethodName = functions.claim(names.functionName + "Pages")
                }
                return names
            }
        }
    }

    /// One file's queries with every name and type that reads only the query itself, and the
    /// relations each returns or embeds whole.
    private func nameFile(_ file: QueryFileDescription, claims: [TargetWideNames], relations: SchemaRelations,
                          enumName: (String) -> String) -> NamedFileDraft {
        var warnings = DiagnosticCollector()
        var modelUses: [TableModelUse] = []
        modelUses.reserveCapacity(file.queries.count)
        let queries = zip(file.queries, claims).map { query, claim in
            warnings.append(contentsOf: claim.sortWarnings)
            var named = name(query, functionName: claim.functionName, rowTypeName: claim.rowTypeName, enumName: enumName,
                             sorts: claim.sorts, warnings: &warnings)
            named.argumentsTypeName = claim.argumentsTypeName
            named.sorts = claim.sorts
            named.pageFactoryName = claim.pageFactoryName
            named.pagesMethodName = claim.pagesMethodName
            modelUses.append(TableModelUse(query, relations: relations))
            return named
        }
        return NamedFileDraft(file: NamedFile(path: file.path, queries: queries), modelUses: modelUses, warnings: warnings.diagnostics)
    }

    private func name(_ query: QueryDescription, functionName: String, rowTypeName: String,
                      enumName: (String) -> String, sorts: [NamedSort], warnings: inout DiagnosticCollector) -> NamedQuery {
        // Argument sets are structs (`XParams`): their properties avoid `Hashable`'s members as columns do.
        var parameterNames = UniqueNames(taken: query.kind.takesArgumentSets ? Self.argumentSetReservedNames : [])
        let sortedParameters = query.parameters.sorted { $0.index < $1.index }
        let names = sortedParameters.map { parameterNames.claim(Self.usable(SwiftIdentifiers.lowerCamelCase($0.sqlName ?? ""), fallback: "p\($0.index)")) }
        // `-- @param userId2 nullable`: a directive that names a parameter by its Swift name.
        var directedNullable: [Int: Bool] = [:]
        for directive in query.pendingParameterDirectives {
            if let position = names.firstIndex(of: directive.name) {
                directedNullable[sortedParameters[position].index] = directive.nullable
            } else {
                warnings.append(directive.unmatched)
            }
        }
        var parameters = zip(sortedParameters, names).map { parameter, name in
            // An optional filter is `T?`: nil leaves its conjuncts out (NULL is never bound for it).
            let nullable = (directedNullable[parameter.index] ?? parameter.nullable) || parameter.isOptionalFilter
            var swift = swiftType(parameter.type, nullable: nullable, elementNullable: parameter.elementNullable,
                                  origin: parameter.origin, originIsElement: parameter.originIsElement, enumName: enumName)
            // A patched value is set or kept: `Patch<String?>` for a nullable column (`.set(nil)` writes NULL).
            if parameter.isPatch { swift = SwiftTypeUsage(.generic(.patch, argument: swift)) }
            var named = NamedValue(
                name: name, typeUsage: swift,
                type: parameter.type, pgType: parameter.pgType, index: parameter.index, sqlName: parameter.sqlName ?? "", nullable: nullable,
                elementNullable: parameter.elementNullable)
            named.isOptionalFilter = parameter.isOptionalFilter
            named.isPatch = parameter.isPatch
            return named
        }
        // Required parameters first, in SQL order; then the defaulted ones (optional filters,
        // patched values, sorts) in order of first appearance.
        if let template = query.template {
            let bound = parameters
            let defaulted = template.defaultedOrder.compactMap { defaulted -> NamedValue? in
                switch defaulted {
                case .bound(let index):
                    return bound.first { $0.index == index }
                case .sort(let position):
                    guard position < sorts.count else { return nil }
                    let sort = sorts[position]
                    var value = NamedValue(
                        name: parameterNames.claim(Self.usable(SwiftIdentifiers.lowerCamelCase(sort.sqlName), fallback: "order")),
                        typeUsage: .named(.unqualified(sort.typeName)), type: .unknown, pgType: "", index: 0,
                        sqlName: sort.sqlName, nullable: false, elementNullable: false)
                    value.sortIndex = position
                    value.sortDefaultCase = sort.cases.first?.name
                    return value
                }
            }
            parameters = parameters.filter { $0.defaultArgument == nil } + defaulted
        }
        let columnNames = Self.columnNames(query, warnings: &warnings)
        var columns = query.columns.enumerated().map { position, column in
            let ownNullable = column.embed?.nullable ?? column.nullable
            let swift = swiftType(column.type, nullable: ownNullable, elementNullable: column.elementNullable,
                                  origin: column.origin, originIsElement: false, enumName: enumName)
            return NamedValue(
                name: columnNames[position], typeUsage: swift,
                type: column.type, pgType: column.pgType, index: position + 1, sqlName: column.sqlName, nullable: column.nullable,
                elementNullable: column.elementNullable)
        }
        let embeds = Self.embeds(query, columns: &columns, columnNames: columnNames)
        let isIdentifiable = columns.contains { $0.name == "id" && $0.embed == nil && query.uniqueColumns.contains($0.sqlName) }
        var named = NamedQuery(query: query, functionName: functionName, rowTypeName: rowTypeName,
                               parameters: parameters, columns: columns, isIdentifiable: isIdentifiable)
        named.embeds = embeds
        return named
    }

    /// The Swift type of a value: the user's override if one applies (as written, optional when
    /// the value is), else the default mapping (``SwiftTypeMapping``).
    func swiftType(_ type: PostgresTypeDescription, nullable: Bool, elementNullable: Bool, origin: ColumnOrigin?,
                   originIsElement: Bool, enumName: (String) -> String) -> SwiftTypeUsage {
        if !overrides.isEmpty {
            if !originIsElement, let override = overrides.swiftType(for: type, origin: origin) {
                return .named(.unqualified(override), optional: nullable)
            }
            if case .array(let element) = type, let override = overrides.swiftType(for: element, origin: origin) {
                return SwiftTypeUsage(.array(element: .named(.unqualified(override), optional: elementNullable)), optional: nullable)
            }
        }
        return SwiftTypeMapping.swiftType(for: type, nullable: nullable, elementNullable: elementNullable, enumName: enumName)
    }

    /// The last part of a `format_type` name: `shop.order_status` -> `order_status`,
    /// `"my.schema"."Odd ""name"""` -> `Odd "name"` (dots inside quotes do not separate).
    static func unqualifiedTypeName(_ sqlName: String) -> String {
        var parts: [String] = [""]
        var quoted = false
        var characters = sqlName.makeIterator()
        var pending = characters.next()
        while let character = pending {
            pending = characters.next()
            if character == "\"" {
                if quoted, pending == "\"" {
                    parts[parts.count - 1].append("\"")
                    pending = characters.next()
                } else {
                    quoted.toggle()
                }
            } else if character == ".", !quoted {
                parts.append("")
            } else {
                parts[parts.count - 1].append(character)
            }
        }
        return parts.last ?? sqlName
    }

    /// A camel-cased name made usable: `fallback` when empty, `_` before a leading digit, `_`
    /// after a name backticks cannot rescue. The fallback (`column3`, `p2`) is spelled only when
    /// the name is empty, not for every name (issue 28).
    static func usable(_ name: String, fallback: @autoclosure () -> String) -> String {
        var result = name.isEmpty ? fallback() : name
        if let first = result.unicodeScalars.first, IdentifierWords.isASCIIDigit(first) { result = "_" + result }
        if SwiftIdentifiers.unescapable.contains(result) { result += "_" }
        return result
    }
}

/// The names of one query that are unique across the target, claimed in input order before the
/// files are named on the cores (``SwiftTranslator``).
private struct TargetWideNames: Sendable {
    var functionName = ""
    var rowTypeName = ""
    var argumentsTypeName = ""
    var sorts: [NamedSort] = []
    /// Two sort keys named alike (reported with the query's other naming warnings).
    var sortWarnings: [Diagnostic] = []
    var pageFactoryName = ""
    var pagesMethodName = ""
}

/// One file named before its table models are applied: the queries, the relations each returns
/// or embeds whole, and the file's naming warnings in the order one thread makes them.
struct NamedFileDraft: Sendable {
    let file: NamedFile
    /// One per query, in order.
    let modelUses: [TableModelUse]
    let warnings: [Diagnostic]
}
