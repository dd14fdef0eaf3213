/// The Swift spellings derived from one query: its function declaration, call, DocC reference and
/// result types.
struct QuerySignature {
    /// `fetchJourneyDuas(journeyId: Int)`
    let declaration: String
    /// `fetchJourneyDuas(journeyId: journeyId)`
    let call: String
    /// `fetchJourneyDuas(journeyId:)`, for ``Queries/...`` links.
    let symbolReference: String
    /// `Statement<[FetchJourneyDuasRow]>`
    let statementType: String
    /// What the `Queries` method returns (`[FetchJourneyDuasRow]`), nil for `:exec`.
    let resultType: String?
    /// Whether the query has a row struct (`:many` and `:one`).
    let hasRow: Bool
    /// The local holding the bound parameters: `bindings`, unless a parameter already has that name.
    let bindingsVariable: String

    init(_ query: QueryDescription) {
        let parameters = query.parameters.sorted { $0.index < $1.index }
        declaration = query.name + "(" + parameters.map { "\($0.name): \($0.swiftType)" }.joined(separator: ", ") + ")"
        call = query.name + "(" + parameters.map { "\(Self.argumentLabel($0.name)): \($0.name)" }.joined(separator: ", ") + ")"
        symbolReference = SwiftNaming.bare(query.name) + "("
            + parameters.map { SwiftNaming.bare($0.name) + ":" }.joined() + ")"
        switch query.kind {
        case .many:
            resultType = "[\(query.rowTypeName)]"
            hasRow = true
        case .one:
            resultType = "\(query.rowTypeName)?"
            hasRow = true
        case .exec:
            resultType = nil
            hasRow = false
        case .execrows:
            resultType = "Int"
            hasRow = false
        }
        statementType = "Statement<\(resultType ?? "Void")>"
        let names = Set(parameters.map { SwiftNaming.bare($0.name) })
        var variable = "bindings"
        while names.contains(variable) { variable += "_" }
        bindingsVariable = variable
    }

    /// An argument label at a call site: keywords need no backticks there (Swift warns about
    /// them), except `inout`, `var` and `let`.
    static func argumentLabel(_ identifier: String) -> String {
        let bare = SwiftNaming.bare(identifier)
        return ["inout", "var", "let"].contains(bare) ? identifier : bare
    }
}
