/// The Swift spellings of what `-- @page` adds to a query (docs/generated-code.md), printed by
/// `Render/PageRenderer.swift`: the page factory of `Statements` and the pages method of `Queries`.
struct PageSignature: Sendable {
    /// `listDuasPage(journeyId: Swift.Int, after pageCursor: ListDuasRow?) -> NeonSQL.Statement<[ListDuasRow]>`.
    let factoryDeclaration: String
    /// `listDuasPages(journeyId: Swift.Int) -> Swift.AsyncThrowingStream<[ListDuasRow], any Swift.Error>`.
    let methodDeclaration: String
    /// `listDuasPage(journeyId: journeyId, after: $0)`: the factory called for the page after `$0`.
    let factoryCall: String
    /// The factory's cursor parameter: `pageCursor`, unless a parameter already has that name.
    let cursorVariable: String
    /// The factory's local holding the bound parameters: `bindings`, unless a parameter already has that name.
    let bindingsVariable: String

    init(_ named: NamedQuery) {
        let parameters = named.parameters
        let cursor = QuerySignature.unusedLocal("pageCursor", among: parameters)
        cursorVariable = cursor
        bindingsVariable = QuerySignature.unusedLocal("bindings", among: parameters)
        let row = named.rowTypeName
        let parameterList = parameters.map { "\(SwiftIdentifiers.escaped($0.name)): \($0.codeType)" }
        let arguments = parameters.map { "\(SwiftIdentifiers.argumentLabel($0.name)): \(SwiftIdentifiers.escaped($0.name))" }
        let factory = SwiftIdentifiers.escaped(named.pageFactoryName)
        factoryDeclaration = factory + "(" + (parameterList + ["after \(cursor): \(row)?"]).joined(separator: ", ")
            + ") -> NeonSQL.Statement<[\(row)]>"
        methodDeclaration = SwiftIdentifiers.escaped(named.pagesMethodName) + "(" + parameterList.joined(separator: ", ")
            + ") -> Swift.AsyncThrowingStream<[\(row)], any Swift.Error>"
        factoryCall = factory + "(" + (arguments + ["after: $0"]).joined(separator: ", ") + ")"
    }
}
