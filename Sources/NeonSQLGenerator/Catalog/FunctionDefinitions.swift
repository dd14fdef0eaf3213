// CREATE FUNCTION / PROCEDURE registered in the catalog, so queries can call them in FROM and in
// the select list.

/// The catalog builder's step for functions and procedures (ALTER in FunctionDefinitions+Alter.swift).
struct FunctionDefinitions: CatalogBuildingStep {
    let source: SourceFile
    let analysis: any DefinitionAnalysis
    var catalog: Catalog
    var diagnostics: DiagnosticCollector
}

extension FunctionDefinitions {
    /// Pseudo-types a function may return that give a query nothing to read.
    private static let noResultTypes: Set<String> = ["void", "trigger", "event_trigger"]

    mutating func createFunction(_ create: CreateFunctionStatement) {
        guard let (schema, name) = split(create.name) else { return }
        if reportPseudoTypeMisuse(create) { return }
        // Its body counts for table effects even when its signature cannot be registered.
        let writtenSignature = create.parameters.filter { $0.mode != .out }.map { parameter in
            (parameter.type.schema.map { $0 + "." } ?? "") + parameter.type.name + String(repeating: "[]", count: parameter.type.arrayDimensions)
        }
        catalog.changeTableEffects { $0.setFunctionBody(key: Catalog.key(schema: schema, name: name), TableEffectsCatalog.FunctionBody(
            signature: writtenSignature, language: create.language, source: create.body)) }
        // Until the function is registered, it counts as left out (each early return below).
        let leftOutKey = Catalog.key(schema: schema, name: name)
        let otherOverloadLeftOut = !catalog.userTypes.functionsLeftOut.insert(leftOutKey).inserted
        var arguments: [UserFunction.Argument] = []
        for parameter in create.parameters {
            // A type the generator cannot resolve: the function is left out rather than
            // rejecting a schema PostgreSQL accepts.
            guard let type = functionType(parameter.type) else { return }
            let mode: UserFunction.Argument.Mode = switch parameter.mode {
            case .in: .in
            case .out: .out
            case .inout: .inout
            case .variadic: .variadic
            }
            arguments.append(UserFunction.Argument(name: parameter.name?.name, type: type, mode: mode, hasDefault: parameter.hasDefault))
        }
        let outputs = arguments.filter(\.isOutput)
        var returnsSet = false
        let result: UserFunction.Result
        func outputColumns() -> UserFunction.Result {
            if outputs.count == 1, let only = outputs.first { return .scalar(only.type, columnName: only.name ?? name) }
            return .columns(outputs.enumerated().map { index, argument in
                CatalogColumn(name: argument.name ?? "column\(index + 1)", type: argument.type, isNotNull: false, elementNullable: true)
            }, rowType: .builtin(.record))
        }
        switch create.returns {
        case .none:
            result = create.isProcedure || outputs.isEmpty ? .none : outputColumns()
        case .table(let columns):
            returnsSet = true
            var resolved: [CatalogColumn] = []
            for column in columns {
                guard let type = functionType(column.type) else { return }
                resolved.append(CatalogColumn(name: column.name.name, type: type, isNotNull: false, elementNullable: true))
            }
            result = resolved.count == 1 ? .scalar(resolved[0].type, columnName: resolved[0].name) : .columns(resolved, rowType: .builtin(.record))
        case .type(let typeName), .setOf(let typeName):
            if case .setOf = create.returns { returnsSet = true }
            if typeName.schema == nil, Self.noResultTypes.contains(typeName.name) {
                result = .none
            } else if typeName.schema == nil, typeName.name == "record", typeName.arrayDimensions == 0 {
                // Without OUT parameters, a call in FROM needs a column definition list.
                result = outputs.isEmpty ? .scalar(.builtin(.record), columnName: name) : outputColumns()
            } else if typeName.arrayDimensions == 0, let relation = catalog.relation(typeName.name, schema: typeName.schema) {
                // RETURNS [SETOF] table: the table's row type.
                result = .columns(relation.columns.map { column in
                    var copy = column
                    copy.isNotNull = false
                    copy.hasDefault = false
                    copy.elementNullable = true
                    return copy
                }, rowType: .named(catalog.formatName(schema: relation.schema, name: relation.name)))
            } else if typeName.arrayDimensions == 0, let composite = catalog.composite(typeName.name, schema: typeName.schema) {
                // RETURNS [SETOF] composite type: its fields.
                result = .columns(composite.fields.map { field in
                    var copy = field
                    copy.isNotNull = false
                    copy.elementNullable = true
                    return copy
                }, rowType: .named(catalog.formatName(schema: composite.schema, name: composite.name)))
            } else {
                guard let type = functionType(typeName) else { return }
                result = .scalar(type, columnName: outputs.first?.name ?? name)
            }
        }
        let function = UserFunction(schema: schema, name: name, arguments: arguments, result: result, returnsSet: returnsSet,
                                    isStrict: create.isStrict, isProcedure: create.isProcedure)
        if let existing = catalog.userFunctions(name, schema: schema).first(where: { $0.signature == function.signature }) {
            if !create.orReplace {
                let noun = create.isProcedure ? "procedure" : "function"
                error("\(noun) \"\(name)\" already exists with same argument types", at: create.name.location)
                if !otherOverloadLeftOut { catalog.userTypes.functionsLeftOut.remove(leftOutKey) }
                return
            }
            if !existing.isProcedure, !create.isProcedure, !existing.returnsSameType(as: function) {
                let written = name + "(" + function.signature.map(\.formatName).joined(separator: ", ") + ")"
                error("cannot change return type of existing function; use DROP FUNCTION \(written) first", at: create.name.location)
                if !otherOverloadLeftOut { catalog.userTypes.functionsLeftOut.remove(leftOutKey) }
                return
            }
        }
        catalog.setFunction(function)
        if !otherOverloadLeftOut { catalog.userTypes.functionsLeftOut.remove(leftOutKey) }
    }

    /// A parameter or result type: a type name, a polymorphic pseudo-type, or `table.column%TYPE`.
    func functionType(_ name: TypeName) -> SQLType? {
        if name.name.hasSuffix("%type"), let table = name.schema {
            let column = String(name.name.dropLast("%type".count))
            guard let type = catalog.relation(table, schema: nil)?.column(named: column)?.type else { return nil }
            return name.arrayDimensions > 0 ? .array(type) : type
        }
        if let resolution = TypeResolver.resolve(name, in: catalog) { return resolution.type }
        // Polymorphic pseudo-types (anyelement, anyarray, anycompatible ...): each call resolves them.
        if name.schema == nil || name.schema == "pg_catalog", name.arrayDimensions == 0, SQLType.polymorphicNames.contains(name.name) {
            return .catalogType(name.name)
        }
        // A table's, view's or materialized view's row type (`f(p people)`, `RETURNS people`).
        if !name.name.hasSuffix("%type"), let relation = catalog.relation(name.name, schema: name.schema) {
            let rowType = SQLType.named(catalog.formatName(schema: relation.schema, name: relation.name))
            return name.arrayDimensions > 0 ? .array(rowType) : rowType
        }
        return nil
    }
}
