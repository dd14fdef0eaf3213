/// The Swift spellings derived from one named query: its function declaration, call, DocC
/// reference and result types, shared by the `Queries` method, the `Statements` factory and the
/// client closure.
struct QuerySignature {
    /// `fetchJourneyDuas(journeyId: Swift.Int)`
    let declaration: String
    /// `fetchJourneyDuas(journeyId: journeyId)`
    let call: String
    /// `fetchJourneyDuas(journeyId: $0)`, for a closure whose arguments are the parameters.
    let closureCall: String
    /// `fetchJourneyDuas(journeyId:)`, for ``Queries/...`` links.
    let symbolReference: String
    /// `(_ journeyId: Swift.Int)`, the client closure's parameter list.
    let closureParameters: String
    /// `NeonSQL.Statement<[FetchJourneyDuasRow]>`
    let statementType: String
    /// What the `Queries` method returns (`[FetchJourneyDuasRow]`), nil for `:exec`.
    let resultType: String?
    /// Whether the query has a row struct (`:many` and `:one`).
    let hasRow: Bool
    /// The local holding the bound parameters: `bindings`, unless a parameter already has that name.
    let bindingsVariable: String
    /// `many`, `one`, `exec`, `execRows`: the runtime's `Statement` factory.
    let factory: String

    init(_ named: NamedQuery) {
        let parameters = named.parameters
        let function = SwiftNaming.escaped(named.functionName)
        declaration = function + "(" + parameters.map { "\(SwiftNaming.escaped($0.name)): \($0.codeType)" }.joined(separator: ", ") + ")"
        call = function + "(" + parameters.map { "\(SwiftNaming.argumentLabel($0.name)): \(SwiftNaming.escaped($0.name))" }
            .joined(separator: ", ") + ")"
        closureCall = function + "(" + parameters.enumerated().map { "\(SwiftNaming.argumentLabel($1.name)): $\($0)" }
            .joined(separator: ", ") + ")"
        symbolReference = named.functionName + "(" + parameters.map { $0.name + ":" }.joined() + ")"
        closureParameters = "(" + parameters.map { "_ \(SwiftNaming.escaped($0.name)): \($0.codeType)" }.joined(separator: ", ") + ")"
        switch named.query.kind {
        case .many:
            resultType = "[\(named.rowTypeName)]"
            hasRow = true
            factory = "many"
        case .one:
            resultType = "\(named.rowTypeName)?"
            hasRow = true
            factory = "one"
        case .exec:
            resultType = nil
            hasRow = false
            factory = "exec"
        case .execrows:
            resultType = "Swift.Int"
            hasRow = false
            factory = "execRows"
        }
        statementType = "NeonSQL.Statement<\(resultType ?? "Swift.Void")>"
        let names = Set(parameters.map(\.name))
        var variable = "bindings"
        while names.contains(variable) { variable += "_" }
        bindingsVariable = variable
    }
}
