/// The Swift spellings derived from one named query: its function declarations, calls, DocC
/// reference and result types, shared by the `Queries` method, the `Statements` factory and the
/// client closure.
///
/// For `:batchexec`/`:batchone`/`:batchmany` the factory builds one argument set's statement and
/// the method takes `[XParams]`; for `:copyfrom` both take the rows (`[XParams]`).
///
/// A class: made once per query and read by every renderer, it is shared by reference. As a
/// struct, its twenty-odd strings were retained and released on every copy of its ``NamedQuery``
/// and every renderer's local copy (issue 28: tens of thousands of copies a generate). Every
/// property is a `let`: a signature never changes once made.
final class QuerySignature: Sendable {
    /// The `Queries` method: `fetchJourneyDuas(journeyId: Swift.Int)`, or
    /// `insertDuas(_ arguments: [InsertDuasParams])` for the kinds taking argument sets.
    let declaration: String
    /// The `Statements` factory: `fetchJourneyDuas(journeyId: Swift.Int)`, or
    /// `insertDuas(_ rows: some Swift.Collection<InsertDuasParams>)` for `:copyfrom`.
    let statementDeclaration: String
    /// `fetchJourneyDuas(journeyId: journeyId)`: the factory called with the method's parameters
    /// (the kinds without argument sets).
    let call: String
    /// `fetchJourneyDuas(journeyId: $0)`, for a closure whose arguments are the parameters.
    let closureCall: String
    /// `fetchJourneyDuas(journeyId:)`, for ``Queries/...`` links.
    let symbolReference: String
    /// `(_ journeyId: Swift.Int)`, the client closure's parameter list.
    let closureParameters: String
    /// The number of arguments the client closure takes.
    let closureArity: Int
    /// `NeonSQL.Statement<[FetchJourneyDuasRow]>`: what the factory returns.
    let statementType: String
    /// What the `Queries` method returns (`[FetchJourneyDuasRow]`), nil for `:exec` and `:batchexec`.
    let resultType: String?
    /// Whether the query has a row struct (`:many`, `:one`, `:batchone`, `:batchmany`).
    let hasRow: Bool
    /// Whether the query has an argument-set struct (`:batch*`, `:copyfrom`).
    let hasArgumentSets: Bool
    /// The local holding the bound parameters: `bindings`, unless a parameter already has that name.
    let bindingsVariable: String
    /// The `Queries` method's array of argument sets (`arguments`), or `:copyfrom`'s rows (`rows`).
    let argumentsVariable: String
    /// `many`, `one`, `exec`, `execRows`, `execResult`, `copyFrom`: the runtime's `Statement` factory.
    let factory: String
    /// What follows the factory call to give the result its shape: `.map(...)` to the one column's
    /// values, `.exactlyOne()` for a `:one` PostgreSQL always answers with one row; empty otherwise.
    let resultMapping: String
    /// The factory's own statement type (`NeonSQL.Statement<[FetchCountsRow]>`) when a mapping
    /// follows it (the call cannot infer it from the return type then); nil otherwise.
    let factoryStatementType: String?
    /// The local holding the factory's statement before its mapping: `statement`, unless a
    /// parameter already has that name.
    let statementVariable: String
    /// The result as `describe` prints it (`[FetchDuasRow]`, `Int`, `String?`, `Void`): unqualified.
    let describedResultType: String
    /// For the kinds taking argument sets: the factory called with one set (`$0`) inside the
    /// method's `map`, `insertDuas(journeyId: $0.journeyId)`; `insertDuas($0)` for `:copyfrom`'s
    /// rows. Empty for the other kinds.
    let argumentSetCall: String
    /// The argument-set struct's initializer parameters, `journeyId: Swift.Int, note: Swift.String? = nil`.
    let argumentSetInitParameters: String
    /// With `-- @page`: the page factory's and the pages method's spellings.
    let page: PageSignature?

    /// What a ``NamedQuery`` holds until the translate stage signs it (``NamedQuery/sign()``).
    static let unsigned = QuerySignature()

    private init() {
        declaration = ""
        statementDeclaration = ""
        call = ""
        closureCall = ""
        symbolReference = ""
        closureParameters = ""
        closureArity = 0
        statementType = ""
        resultType = nil
        hasRow = false
        hasArgumentSets = false
        bindingsVariable = ""
        argumentsVariable = ""
        factory = ""
        resultMapping = ""
        factoryStatementType = nil
        statementVariable = ""
        describedResultType = ""
        argumentSetCall = ""
        argumentSetInitParameters = ""
        page = nil
    }

    init(_ named: NamedQuery) {
        let parameters = named.parameters
        let kind = named.query.kind
        let function = SwiftNaming.escaped(named.functionName)
        let lists = ParameterLists(parameters)
        // A defaulted parameter (optional filter, patch) keeps its default in the method and the
        // factory (a closure has no defaults).
        let parameterDeclaration = function + "(" + lists.declarations + ")"
        call = function + "(" + lists.callArguments + ")"
        hasRow = kind.returnsRows
        hasArgumentSets = kind.takesArgumentSets
        let setType = named.argumentsTypeName
        argumentsVariable = kind == .copyfrom ? "rows" : "arguments"
        if hasArgumentSets {
            declaration = function + "(_ \(argumentsVariable): [\(setType)])"
            closureCall = function + "($0)"
            symbolReference = named.functionName + "(_:)"
            closureParameters = "(_ \(argumentsVariable): [\(setType)])"
            closureArity = 1
        } else {
            declaration = parameterDeclaration
            closureCall = function + "(" + lists.closureCallArguments + ")"
            symbolReference = named.functionName + "(" + lists.symbolLabels + ")"
            closureParameters = "(" + lists.closureParameters + ")"
            closureArity = parameters.count
        }
        statementDeclaration = kind == .copyfrom ? function + "(_ rows: some Swift.Collection<\(setType)>)" : parameterDeclaration
        let setResult: String?
        let shape = ResultShape(named)
        var mapping = ""
        var describedSet: String?
        switch kind {
        case .many, .batchmany:
            setResult = "[\(shape.codeType)]"
            describedSet = "[\(shape.describedType)]"
            factory = "many"
            if let column = shape.column { mapping = ".map(rowCount: { $0.count }) { $0.map(\\.\(column)) }" }
        case .one, .batchone:
            let optional = shape.exactlyOne ? "" : "?"
            setResult = shape.codeType + optional
            describedSet = shape.describedType + optional
            factory = "one"
            if shape.exactlyOne { mapping = ".exactlyOne()" }
            if let column = shape.column {
                mapping += shape.exactlyOne ? ".map(rowCount: { _ in 1 }) { $0.\(column) }"
                    : ".map(rowCount: { $0 == nil ? 0 : 1 }) { $0?.\(column) }"
            }
        case .exec, .batchexec:
            setResult = nil
            factory = "exec"
        case .execrows:
            setResult = "Swift.Int"
            factory = "execRows"
        case .execresult:
            setResult = "NeonSQL.ExecResult"
            factory = "execResult"
        case .copyfrom:
            setResult = "Swift.Int"
            factory = "copyFrom"
        }
        statementType = "NeonSQL.Statement<\(setResult ?? "Swift.Void")>"
        resultType = kind.isBatch ? setResult.map { "[\($0)]" } : setResult
        resultMapping = mapping
        let rowResult = kind == .one ? "\(named.rowTypeName)?" : "[\(named.rowTypeName)]"
        factoryStatementType = mapping.isEmpty ? nil : "NeonSQL.Statement<\(rowResult)>"
        switch kind {
        case .many, .one: describedResultType = describedSet ?? "Void"
        case .batchmany, .batchone: describedResultType = describedSet.map { "[\($0)]" } ?? "Void"
        case .exec, .batchexec: describedResultType = "Void"
        case .execrows, .copyfrom: describedResultType = "Int"
        case .execresult: describedResultType = "ExecResult"
        }
        let names = Set(parameters.map(\.name))
        var variable = "bindings"
        while names.contains(variable) { variable += "_" }
        bindingsVariable = variable
        var statement = "statement"
        while names.contains(statement) { statement += "_" }
        statementVariable = statement
        page = named.query.paging == nil ? nil : PageSignature(named)
        switch kind {
        case .batchexec, .batchone, .batchmany:
            argumentSetCall = function + "(" + parameters.map { "\(SwiftNaming.argumentLabel($0.name)): $0.\(SwiftNaming.escaped($0.name))" }
                .joined(separator: ", ") + ")"
        case .copyfrom:
            argumentSetCall = function + "($0)"
        case .many, .one, .exec, .execrows, .execresult:
            argumentSetCall = ""
        }
        argumentSetInitParameters = hasArgumentSets ? lists.declarations : ""
    }
}

/// The comma-separated lists of a query's parameters in its signature, built in one pass: each
/// list appended to in place, without an array of interpolated strings per list to join (issue 28:
/// about a third of the signature's instructions).
private struct ParameterLists {
    /// `journeyId: Swift.Int, limit: Swift.Int = 10`: the method's and the factory's parameters.
    var declarations = ""
    /// `journeyId: journeyId`: the factory called with the method's parameters.
    var callArguments = ""
    /// `journeyId: $0`: the factory called with a closure's arguments.
    var closureCallArguments = ""
    /// `journeyId:limit:`: the labels of a DocC symbol reference.
    var symbolLabels = ""
    /// `_ journeyId: Swift.Int`: the client closure's parameters.
    var closureParameters = ""

    init(_ parameters: [NamedValue]) {
        for (index, parameter) in parameters.enumerated() {
            let name = SwiftNaming.escaped(parameter.name)
            let label = SwiftNaming.argumentLabel(parameter.name)
            if index > 0 {
                declarations += ", "
                callArguments += ", "
                closureCallArguments += ", "
                closureParameters += ", "
            }
            declarations += name
            declarations += ": "
            declarations += parameter.codeType
            if let defaultArgument = parameter.defaultArgument {
                declarations += " = "
                declarations += defaultArgument
            }
            callArguments += label
            callArguments += ": "
            callArguments += name
            closureCallArguments += label
            closureCallArguments += ": $"
            closureCallArguments += String(index)
            symbolLabels += parameter.name
            symbolLabels += ":"
            closureParameters += "_ "
            closureParameters += name
            closureParameters += ": "
            closureParameters += parameter.codeType
        }
    }
}

/// The shape of a `:many`/`:one` result (Translate's choice, documented in docs/generated-code.md):
/// the row struct, or the values of its one column (as sqlc returns them); and whether a `:one`
/// is certain to have its row. `sqlc.embed`, `-- @page` and the `:batch*` kinds keep rows; a
/// `:one` of one nullable column keeps its row unless the row is certain (`T??` would hide
/// whether the row or the value is missing).
struct ResultShape {
    /// The column's Swift property when the result is its values, else nil.
    let column: String?
    /// The element type, qualified (`FetchDuasRow`, `Swift.Int`, `Swift.String?`).
    let codeType: String
    /// The element type as `describe` prints types (`FetchDuasRow`, `Int`, `String?`).
    let describedType: String
    /// A `:one` PostgreSQL answers with exactly one row.
    let exactlyOne: Bool

    init(_ named: NamedQuery) {
        let kind = named.query.kind
        exactlyOne = kind == .one && named.query.returnsExactlyOneRow
        let singleColumn = named.columns.count == 1 && named.embeds.isEmpty && named.query.paging == nil
            && (kind == .many || kind == .one)
        if singleColumn, let only = named.columns.first, kind == .many || exactlyOne || !only.nullable {
            column = SwiftNaming.escaped(only.name)
            codeType = only.codeType
            describedType = only.swiftType
        } else {
            column = nil
            codeType = named.rowTypeName
            describedType = named.rowTypeName
        }
    }
}
