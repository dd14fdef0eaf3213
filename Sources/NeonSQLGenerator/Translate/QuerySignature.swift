/// The Swift spellings derived from one named query: its function declarations, calls, DocC
/// reference and result types, shared by the `Queries` method, the `Statements` factory and the
/// client closure.
///
/// For `:batchexec`/`:batchone`/`:batchmany` the factory builds one argument set's statement and
/// the method takes `[XParams]`; for `:copyfrom` both take the rows (`[XParams]`).
struct QuerySignature {
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

    init(_ named: NamedQuery) {
        let parameters = named.parameters
        let kind = named.query.kind
        let function = SwiftNaming.escaped(named.functionName)
        // A defaulted parameter (optional filter, patch) keeps its default in the method and the
        // factory (a closure has no defaults).
        let parameterList = parameters.map { "\(SwiftNaming.escaped($0.name)): \($0.codeType)\($0.defaultArgument.map { " = " + $0 } ?? "")" }
            .joined(separator: ", ")
        call = function + "(" + parameters.map { "\(SwiftNaming.argumentLabel($0.name)): \(SwiftNaming.escaped($0.name))" }
            .joined(separator: ", ") + ")"
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
            declaration = function + "(" + parameterList + ")"
            closureCall = function + "(" + parameters.enumerated().map { "\(SwiftNaming.argumentLabel($1.name)): $\($0)" }
                .joined(separator: ", ") + ")"
            symbolReference = named.functionName + "(" + parameters.map { $0.name + ":" }.joined() + ")"
            closureParameters = "(" + parameters.map { "_ \(SwiftNaming.escaped($0.name)): \($0.codeType)" }.joined(separator: ", ") + ")"
            closureArity = parameters.count
        }
        statementDeclaration = kind == .copyfrom
            ? function + "(_ rows: some Swift.Collection<\(setType)>)"
            : function + "(" + parameterList + ")"
        let setResult: String?
        switch kind {
        case .many, .batchmany:
            setResult = "[\(named.rowTypeName)]"
            factory = "many"
        case .one, .batchone:
            setResult = "\(named.rowTypeName)?"
            factory = "one"
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
        let names = Set(parameters.map(\.name))
        var variable = "bindings"
        while names.contains(variable) { variable += "_" }
        bindingsVariable = variable
    }
}
