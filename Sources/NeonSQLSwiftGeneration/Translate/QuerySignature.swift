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
    /// With `-- @deprecated`: `@available(*, deprecated, message: "Use X")`, printed before every
    /// public declaration of the query; nil otherwise.
    let availability: String?

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
        availability = nil
    }

    init(_ named: NamedQuery) {
        let parameters = named.parameters
        let kind = named.query.kind
        let function = SwiftIdentifiers.escaped(named.functionName)
        let lists = ParameterLists(parameters, function: function, symbolName: named.functionName)
        // A defaulted parameter (optional filter, patch) keeps its default in the method and the
        // factory (a closure has no defaults).
        let parameterDeclaration = lists.declaration
        call = lists.call
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
            closureCall = lists.closureCall
            symbolReference = lists.symbolReference
            closureParameters = lists.closureParameters
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
        bindingsVariable = Self.unusedLocal("bindings", among: parameters)
        statementVariable = Self.unusedLocal("statement", among: parameters)
        page = named.query.paging == nil ? nil : PageSignature(named)
        switch kind {
        case .batchexec, .batchone, .batchmany:
            argumentSetCall = function + "(" + parameters.map { "\(SwiftIdentifiers.argumentLabel($0.name)): $0.\(SwiftIdentifiers.escaped($0.name))" }
                .joined(separator: ", ") + ")"
        case .copyfrom:
            argumentSetCall = function + "($0)"
        case .many, .one, .exec, .execrows, .execresult:
            argumentSetCall = ""
        }
        argumentSetInitParameters = hasArgumentSets ? lists.declarationList : ""
        availability = named.query.deprecationMessage.map(Self.deprecation)
    }

    /// `@available(*, deprecated, message: "...")`, or without `message:` for an empty message.
    static func deprecation(message: String) -> String {
        message.isEmpty ? "@available(*, deprecated)" : "@available(*, deprecated, message: \(SwiftStringLiteral.quoted(message)))"
    }

    /// `base`, with `_` appended until no parameter has that name: a local of the generated
    /// function body. A query has a handful of parameters: a scan costs less than a set of them.
    static func unusedLocal(_ base: String, among parameters: [NamedValue]) -> String {
        var name = base
        // The names compared in place (`contains(where:)` copied each `NamedValue`, ten strings).
        while parameters.indices.contains(where: { parameters[$0].name == name }) { name += "_" }
        return name
    }
}

/// The spellings of a query's function with its parameters, built in one pass: each one's UTF-8
/// appended to in place and made a `String` once (arrays of interpolated strings to join, then
/// `String` concatenations, cost about half of the signature's instructions; `String.append`
/// about three times a byte copy: issue 28).
private struct ParameterLists {
    /// `fetchJourneyDuas(journeyId: Swift.Int, limit: Swift.Int = 10)`: the method's and the
    /// factory's declaration.
    let declaration: String
    /// `fetchJourneyDuas(journeyId: journeyId)`: the factory called with the method's parameters.
    let call: String
    /// `fetchJourneyDuas(journeyId: $0)`: the factory called with a closure's arguments.
    let closureCall: String
    /// `fetchJourneyDuas(journeyId:limit:)`: a DocC symbol reference.
    let symbolReference: String
    /// `(_ journeyId: Swift.Int)`: the client closure's parameters.
    let closureParameters: String
    /// The length of ``declaration`` before its parameters (the function and `(`).
    private let declarationPrefixLength: Int

    /// `journeyId: Swift.Int, limit: Swift.Int = 10`: the parameters of ``declaration``.
    var declarationList: String {
        String(decoding: declaration.utf8.dropFirst(declarationPrefixLength).dropLast(), as: UTF8.self)
    }

    /// The lists of `parameters` for the function `function` (escaped), named `symbolName` in a
    /// symbol reference (bare).
    init(_ parameters: [NamedValue], function: String, symbolName: String) {
        // A parameter adds about 40 bytes to a list (`journeyId: Swift.Int, `): reserved at once.
        let capacity = function.utf8.count + 2 + 40 * parameters.count
        func reserved() -> [UInt8] {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(capacity)
            return bytes
        }
        var declaration = reserved(), call = reserved(), closureCall = reserved(), symbolReference = reserved()
        var closureParameters = reserved()
        declaration.appendUTF8(of: function)
        declaration.appendUTF8(of: "(")
        call.appendUTF8(of: function)
        call.appendUTF8(of: "(")
        closureCall.appendUTF8(of: function)
        closureCall.appendUTF8(of: "(")
        symbolReference.appendUTF8(of: symbolName)
        symbolReference.appendUTF8(of: "(")
        closureParameters.appendUTF8(of: "(")
        declarationPrefixLength = function.utf8.count + 1
        for index in parameters.indices {
            // The fields read in place: a `NamedValue` copy retains about ten strings.
            let bareName = parameters[index].name, codeType = parameters[index].codeType
            let name = SwiftIdentifiers.escaped(bareName)
            let label = SwiftIdentifiers.argumentLabel(bareName)
            if index > 0 {
                declaration.appendUTF8(of: ", ")
                call.appendUTF8(of: ", ")
                closureCall.appendUTF8(of: ", ")
                closureParameters.appendUTF8(of: ", ")
            }
            declaration.appendUTF8(of: name)
            declaration.appendUTF8(of: ": ")
            declaration.appendUTF8(of: codeType)
            if let defaultArgument = parameters[index].defaultArgument {
                declaration.appendUTF8(of: " = ")
                declaration.appendUTF8(of: defaultArgument)
            }
            call.appendUTF8(of: label)
            call.appendUTF8(of: ": ")
            call.appendUTF8(of: name)
            closureCall.appendUTF8(of: label)
            closureCall.appendUTF8(of: ": $")
            closureCall.appendUTF8(of: String(index))
            symbolReference.appendUTF8(of: bareName)
            symbolReference.appendUTF8(of: ":")
            closureParameters.appendUTF8(of: "_ ")
            closureParameters.appendUTF8(of: name)
            closureParameters.appendUTF8(of: ": ")
            closureParameters.appendUTF8(of: codeType)
        }
        declaration.appendUTF8(of: ")")
        call.appendUTF8(of: ")")
        closureCall.appendUTF8(of: ")")
        symbolReference.appendUTF8(of: ")")
        closureParameters.appendUTF8(of: ")")
        self.declaration = String(decoding: declaration, as: UTF8.self)
        self.call = String(decoding: call, as: UTF8.self)
        self.closureCall = String(decoding: closureCall, as: UTF8.self)
        self.symbolReference = String(decoding: symbolReference, as: UTF8.self)
        self.closureParameters = String(decoding: closureParameters, as: UTF8.self)
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
            column = SwiftIdentifiers.escaped(only.name)
            codeType = only.codeType
            describedType = only.swiftType
        } else {
            column = nil
            codeType = named.rowTypeName
            describedType = named.rowTypeName
        }
    }
}
