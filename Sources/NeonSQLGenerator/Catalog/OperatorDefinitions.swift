// CREATE OPERATOR, DROP OPERATOR and ALTER OPERATOR ... SET SCHEMA: the operators a schema adds
// to the built-in ones, resolved with them by PostgreSQL's rules (`Catalog.operatorOverloads`).

/// An operator a schema created: its schema and the signature calls resolve against.
struct UserOperator: Sendable, Hashable {
    let schema: String
    let signature: OperatorSignature

    /// The operators an unqualified name finds along `searchPath` (OpernameGetCandidates), the
    /// `builtin` ones being pg_catalog's: pg_catalog first unless the path names it, never
    /// pg_temp, and a schema off the path not at all (`OPERATOR(s.op)` reaches those). One with
    /// the operand types of an operator found earlier on the path is hidden by it.
    static func visible(_ created: [UserOperator], builtin: [OperatorSignature], searchPath: [String]) -> [OperatorSignature] {
        let path = (searchPath.contains("pg_catalog") ? [] : ["pg_catalog"]) + searchPath.filter { $0 != "pg_temp" }
        var signatures: [OperatorSignature] = []
        var found: Set<[SQLType]> = []
        for schema in path {
            let inSchema = schema == "pg_catalog" ? builtin : created.filter { $0.schema == schema }.map(\.signature)
            signatures += inSchema.filter { !found.contains($0.operandTypes) }
            found.formUnion(inSchema.map(\.operandTypes))
        }
        return signatures
    }
}

/// The catalog builder's step for CREATE, DROP and ALTER OPERATOR.
struct OperatorDefinitions: CatalogBuildingStep {
    let source: SourceFile
    let analysis: any DefinitionAnalysis
    var catalog: Catalog
    var diagnostics: DiagnosticCollector
}

extension OperatorDefinitions {
    /// Records, removes or moves the operator. One whose types or function the catalog cannot
    /// resolve is not recorded; PostgreSQL's own errors about the definition are left to it.
    mutating func apply(_ statement: OperatorStatement) {
        guard let right = statement.right.flatMap({ TypeResolver.resolve($0, in: catalog)?.type }) else { return }
        var left: SQLType?
        if let leftName = statement.left {
            guard let resolved = TypeResolver.resolve(leftName, in: catalog)?.type else { return }
            left = resolved
        }
        let operands = (left.map { [$0] } ?? []) + [right]
        let schema = statement.schema ?? catalog.creationSchema ?? "public"
        func isThisOne(_ existing: UserOperator) -> Bool {
            (statement.schema == nil || existing.schema == schema) && existing.signature.operandTypes == operands
        }
        switch statement.action {
        case .create(let function):
            guard let result = catalog.resultType(ofFunction: function, inputs: operands) else { return }
            var signature = OperatorSignature(name: statement.name, left: left?.formatName, right: right.formatName,
                                              result: result.formatName, isStrict: false, extensionName: nil)
            // The function's body is not analyzed: it may return NULL whatever the operands.
            signature.mayReturnNull = true
            signature.operandTypes = operands
            signature.resultType = result
            catalog.userTypes.operators[statement.name, default: []].removeAll { $0.schema == schema && $0.signature.operandTypes == operands }
            catalog.userTypes.operators[statement.name, default: []].append(UserOperator(schema: schema, signature: signature))
        case .drop:
            catalog.userTypes.operators[statement.name]?.removeAll(where: isThisOne)
        case .setSchema(let newSchema):
            guard let index = catalog.userTypes.operators[statement.name]?.firstIndex(where: isThisOne),
                  let moved = catalog.userTypes.operators[statement.name]?[index] else { return }
            catalog.userTypes.operators[statement.name]?[index] = UserOperator(schema: newSchema.name, signature: moved.signature)
        }
    }
}
