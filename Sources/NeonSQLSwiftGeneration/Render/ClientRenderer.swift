/// Renders the target's dependency client: a `Sendable` struct whose every query is a settable
/// `@Sendable` closure property. `live(_:)` runs the queries with an executor, `testValue` throws
/// `NeonSQL.UnimplementedQueryError` for every query a test did not set, `previewValue` returns
/// empty results unless a preview sets one. It needs no dependency library; the README shows how
/// to register it with one.
///
/// The struct itself (in the shared file) does not depend on the queries: each query file declares
/// its queries' properties in an extension of a protocol of its own (``QueryFileTypes``) that the
/// struct conforms to, so adding, removing or re-typing a query recompiles only that file (the
/// edit-rebuild loop of a large target stays one file's work).
enum ClientRenderer {
    /// The shared part: the struct, its modes, the override storage and `observe`.
    static func render(_ model: NamedModel, into printer: inout CodePrinter) {
        let names = model.typeNames
        let client = names.client
        printer.docComment([
            "This module's queries as a dependency: every query is a `@Sendable` closure property.",
            "",
            "Use ``live(_:)`` in the app, ``testValue`` in tests (set the closures a test expects;",
            "every other one throws `NeonSQL.UnimplementedQueryError`) and ``previewValue`` for previews",
            "(every query returns no rows, `nil` or 0 until set): `var client = \(client).previewValue;",
            "client.someQuery = { _ in rows }`. Each query file declares its queries' properties.",
        ])
        printer.block("public struct \(client): Swift.Sendable, NeonSQL.GeneratedQueryClient") { printer in
            printer.docComment([
                "The client's mode and the closures set (generated code's storage: set a query's property instead).",
            ])
            printer.line("public var neonSQLState: NeonSQL.QueryClientState")
            printer.blankLine()
            printer.block("init(mode: NeonSQL.QueryClientState.Mode)") { printer in
                printer.line("self.neonSQLState = NeonSQL.QueryClientState(mode: mode)")
            }
            printer.blankLine()
            printer.docComment(["The client that runs every query with `executor` (a `NeonSQL.NeonClient`)."])
            printer.block("public static func live(_ executor: any NeonSQL.QueryExecutor) -> \(client)") { printer in
                printer.line("\(client)(mode: .live(executor))")
            }
            printer.blankLine()
            printer.docComment([
                "A client whose every query throws `NeonSQL.UnimplementedQueryError` (`unimplemented: <QueryName>`)",
                "until a test sets its closure.",
            ])
            printer.line("public static var testValue: \(client) { \(client)(mode: .unimplemented) }")
            printer.blankLine()
            printer.docComment([
                "A client whose every query returns no rows, `nil` or 0 until a preview sets its closure (a query",
                "PostgreSQL always answers with one row, `count(*)`, throws `NeonSQL.UnimplementedQueryError` until set).",
            ])
            printer.line("public static var previewValue: \(client) { \(client)(mode: .preview) }")
            printer.blankLine()
            printer.docComment([
                "The read queries as observations (`for try await rows in client.observe.someQuery(...)`): live",
                "through the executor's cache; in tests and previews, the query's closure once unless set.",
            ])
            printer.block("public var observe: Observe") { printer in
                printer.line("get { Observe(neonSQLState: neonSQLState) }")
                printer.line("set { neonSQLState = newValue.neonSQLState }")
            }
            printer.blankLine()
            printer.docComment(["The read queries as `NeonSQL.QueryObservation` closures (see ``observe``)."])
            printer.block("public struct Observe: Swift.Sendable, NeonSQL.GeneratedQueryClient") { printer in
                printer.docComment(["The client's state (generated code's storage)."])
                printer.line("public var neonSQLState: NeonSQL.QueryClientState")
            }
        }
    }

    /// A query's part, in its query file: its closure property (the closure set, else the mode's)
    /// and, for a read, its observation.
    static func renderQuery(_ named: NamedQuery, signature: QuerySignature, typeNames: GeneratedTypeNames, fileTypes: QueryFileTypes,
                            into printer: inout CodePrinter) {
        let name = SwiftIdentifiers.escaped(named.functionName)
        let key = SwiftStringLiteral.quoted(named.functionName)
        let closure = closureType(signature)
        let ignored = ignoredArguments(signature)
        // Interpolated into the lines that print them (not built as strings first).
        let queryName = SwiftStringLiteral.quoted(named.query.annotationName)
        // A result PostgreSQL always has (`count(*)`) has no empty value: a preview sets it.
        let previewIsUnimplemented = named.query.kind == .one && named.query.returnsExactlyOneRow
        if !signature.hasArgumentSets {
            renderStatementQuery(named, signature: signature, typeNames: typeNames, fileTypes: fileTypes,
                                 previewIsUnimplemented: previewIsUnimplemented, into: &printer)
            return
        }
        printer.block("extension \(fileTypes.client)") { printer in
            printer.docComment(["Runs ``\(typeNames.queries)/\(signature.symbolReference)``; set it to replace the query (tests, previews)."])
            printer.availability(signature.availability)
            printer.block("public var \(name): \(closure)") { printer in
                printer.block("get") { printer in
                    printer.line("if let closure = neonSQLState.overrides[\(key)] as? \(closure) { return closure }")
                    printer.line("switch neonSQLState.mode {")
                    printer.line("case .live(let executor): return { try await \(fileTypes.runner)(executor: executor).\(signature.closureCall) }")
                    printer.line("case .unimplemented: return { \(ignored)throw NeonSQL.UnimplementedQueryError(\(queryName)) }")
                    if previewIsUnimplemented {
                        printer.line("case .preview: return { \(ignored)throw NeonSQL.UnimplementedQueryError(\(queryName)) }")
                    } else {
                        printer.line("case .preview: return { \(ignored)\(defaultValue(named.query.kind)) }")
                    }
                    printer.line("}")
                }
                printer.line("set { neonSQLState.overrides[\(key)] = newValue }")
            }
        }
        // A query of argument sets (`:batch*`, `:copyfrom`) is no read of one statement: no observation.
    }

    /// The part of a query that runs one statement (every kind but `:batch*` and `:copyfrom`): its
    /// properties hand the statement factory to the runtime's generic `query` and `observation`
    /// (`QueryClientState+QueryClosures.swift`), which hold the `switch` over the client's mode and
    /// its closures once, for every query: the generated code per query is shorter and compiles
    /// faster (BENCHMARKS.md "First build of a large target's generated code").
    private static func renderStatementQuery(_ named: NamedQuery, signature: QuerySignature, typeNames: GeneratedTypeNames,
                                             fileTypes: QueryFileTypes, previewIsUnimplemented: Bool, into printer: inout CodePrinter) {
        let name = SwiftIdentifiers.escaped(named.functionName)
        let key = SwiftStringLiteral.quoted(named.functionName)
        let queryName = SwiftStringLiteral.quoted(named.query.annotationName)
        let preview = previewIsUnimplemented ? ".unimplemented" : ".value(\(defaultValue(named.query.kind)))"
        let arguments = "(\(key), \(queryName), preview: \(preview), \(factoryReference(named, signature: signature, fileTypes: fileTypes)))"
        printer.block("extension \(fileTypes.client)") { printer in
            printer.docComment(["Runs ``\(typeNames.queries)/\(signature.symbolReference)``; set it to replace the query (tests, previews)."])
            printer.availability(signature.availability)
            printer.block("public var \(name): \(closureType(signature))") { printer in
                printer.line("get { neonSQLQuery\(arguments) }")
                printer.line("set { neonSQLSetQuery(\(key), newValue) }")
            }
        }
        guard named.query.isReadOnly, [.many, .one].contains(named.query.kind), let result = signature.resultType else { return }
        printer.blankLine()
        printer.block("extension \(fileTypes.clientObserve)") { printer in
            printer.docComment(["Observes ``\(typeNames.queries)/\(signature.symbolReference)``; set it to replace the observation."])
            printer.availability(signature.availability)
            printer.block("public var \(name): @Sendable \(signature.closureParameters) -> NeonSQL.QueryObservation<\(result)>") { printer in
                printer.line("get { neonSQLObservation\(arguments) }")
                printer.line("set { neonSQLSetObservation(\(key), newValue) }")
            }
        }
    }

    /// `_JourneysStatementFactories.fetchJourneyDuas(journeyId:)`: the factory of a query that runs
    /// one statement as a function value.
    static func factoryReference(_ named: NamedQuery, signature: QuerySignature, fileTypes: QueryFileTypes) -> String {
        let labels = signature.closureArity == 0 ? "" : referenceLabels(String(signature.symbolReference.dropFirst(named.functionName.count)))
        return "\(fileTypes.factories).\(SwiftIdentifiers.escaped(named.functionName))\(labels)"
    }

    /// `_JourneysStatementFactories.fetchJourneyDuas(journeyId:), journeyId`: the factory and the
    /// method's arguments, for the runtime's generic method bodies (`neonSQLExecute`, `neonSQLObserve`).
    static func factoryArguments(_ named: NamedQuery, signature: QuerySignature, fileTypes: QueryFileTypes) -> String {
        var text = factoryReference(named, signature: signature, fileTypes: fileTypes)
        // Read in place: a `NamedValue` copy retains about ten strings.
        for index in named.parameters.indices {
            text += ", " + SwiftIdentifiers.escaped(named.parameters[index].name)
        }
        return text
    }

    /// `(journeyId:)` as a function reference spells it: a label as the declaration spells it
    /// (`inout` in backticks; escaping `var` or `let` there is a warning), the DocC reference bare.
    private static func referenceLabels(_ labels: String) -> String {
        let inner = labels.dropFirst().dropLast().split(separator: ":", omittingEmptySubsequences: false).dropLast()
        let escaped = inner.map { SwiftIdentifiers.argumentLabel(String($0)) + ":" }
        return "(" + escaped.joined() + ")"
    }

    /// `@Sendable (_ journeyId: Swift.Int) async throws -> [FetchJourneyDuasRow]`
    private static func closureType(_ signature: QuerySignature) -> String {
        "@Sendable \(signature.closureParameters) async throws -> \(signature.resultType ?? "Swift.Void")"
    }

    /// `_, _ in ` for a closure that ignores its two arguments; empty without parameters.
    private static func ignoredArguments(_ signature: QuerySignature) -> String {
        signature.closureArity == 0 ? "" : String(repeating: "_, ", count: signature.closureArity - 1) + "_ in "
    }

    /// The preview's result of a query of `kind`: no rows, `nil`, 0 or nothing.
    static func defaultValue(_ kind: QueryDescription.Kind) -> String {
        switch kind {
        case .many, .batchone, .batchmany: return "[]"
        case .one: return "nil"
        case .execrows, .copyfrom: return "0"
        case .exec, .batchexec: return "()"
        case .execresult: return "NeonSQL.ExecResult(rowsAffected: 0, command: \"\")"
        }
    }
}
