/// Renders the target's dependency client: a `Sendable` struct with one `@Sendable` async closure
/// per query, `live(_:)` running them with an executor, `testValue` whose every closure throws
/// `NeonSQL.UnimplementedQueryError` until a test replaces it, and `preview(...)` returning rows the
/// caller gives. It needs no dependency library; the README shows how to register it with one.
enum ClientRenderer {
    static func render(_ model: NamedModel, into printer: inout CodePrinter) {
        let names = model.typeNames
        let client = names.client
        let queries = model.queries.map { (named: $0, signature: QuerySignature($0)) }
        let previewLabels = queries.filter { $0.signature.resultType != nil }.map { $0.named.functionName + ":" }.joined()
        printer.docComment([
            "This module's queries as a dependency: one closure per query.",
            "",
            "Use ``live(_:)`` in the app, ``testValue`` in tests (override the closures a test expects;",
            "every other one throws `NeonSQL.UnimplementedQueryError`) and ``preview(\(previewLabels))``",
            "for previews.",
        ])
        printer.block("public struct \(client): Swift.Sendable") { printer in
            for (named, signature) in queries {
                // A reference, not the SQL comment: editing a comment rewrites only its query's file.
                printer.docComment(["Runs ``\(names.queries)/\(signature.symbolReference)``."])
                printer.line("public var \(SwiftNaming.escaped(named.functionName)): \(closureType(signature))")
            }
            if !queries.isEmpty { printer.blankLine() }
            printer.docComment(["Creates a client from one closure per query."])
            let parameters = queries.map { "\(SwiftNaming.escaped($0.named.functionName)): @escaping \(closureType($0.signature))" }
            if parameters.isEmpty {
                printer.line("public init() {}")
            } else {
                printer.line("public init(")
                printer.indented { printer in
                    for (position, parameter) in parameters.enumerated() {
                        printer.line(parameter + (position == parameters.count - 1 ? "" : ","))
                    }
                }
                printer.line(") {")
            }
            printer.indented { printer in
                for (named, _) in queries {
                    let name = SwiftNaming.escaped(named.functionName)
                    printer.line("self.\(name) = \(name)")
                }
            }
            if !parameters.isEmpty { printer.line("}") }
            printer.blankLine()
            printer.docComment(["The client that runs every query with `executor` (a `NeonSQL.NeonClient`)."])
            printer.block("public static func live(_ executor: any NeonSQL.QueryExecutor) -> \(client)") { printer in
                printer.line("let queries = \(names.queries)(executor)")
                construct(client, queries.map { ($0.named, "{ try await queries.\($0.signature.closureCall) }") }, into: &printer)
            }
            printer.blankLine()
            printer.docComment([
                "A client whose every closure throws `NeonSQL.UnimplementedQueryError` (`unimplemented: <QueryName>`):",
                "a test overrides the closures it expects to be called.",
            ])
            printer.block("public static var testValue: \(client)") { printer in
                construct(client, queries.map { named, signature in
                    (named, "{ \(ignoredArguments(signature))throw NeonSQL.UnimplementedQueryError(\(SwiftTypeMapping.stringLiteral(named.query.annotationName))) }")
                }, into: &printer, returns: false)
            }
            printer.blankLine()
            printer.docComment([
                "A client returning the given rows (no rows, `nil` or 0 unless given) for previews.",
            ])
            let previewParameters = queries.compactMap { named, signature in
                signature.resultType.map { type in
                    "\(SwiftNaming.escaped(named.functionName)): \(type) = \(defaultValue(named.query.kind))"
                }
            }
            printer.block("public static func preview(\(previewParameters.joined(separator: ", "))) -> \(client)") { printer in
                construct(client, queries.map { named, signature in
                    let value = signature.resultType == nil ? "" : SwiftNaming.escaped(named.functionName) + " "
                    return (named, "{ \(ignoredArguments(signature))\(value)}")
                }, into: &printer)
            }
        }
    }

    /// `@Sendable (_ journeyId: Swift.Int) async throws -> [FetchJourneyDuasRow]`
    private static func closureType(_ signature: QuerySignature) -> String {
        "@Sendable \(signature.closureParameters) async throws -> \(signature.resultType ?? "Swift.Void")"
    }

    /// `_, _ in ` for a closure that ignores its two arguments; empty without parameters.
    private static func ignoredArguments(_ signature: QuerySignature) -> String {
        signature.closureArity == 0 ? "" : Array(repeating: "_", count: signature.closureArity).joined(separator: ", ") + " in "
    }

    /// The preview's default result of a query of `kind` (kinds without a result have no preview parameter).
    static func defaultValue(_ kind: QueryDescription.Kind) -> String {
        switch kind {
        case .many, .batchone, .batchmany: return "[]"
        case .one: return "nil"
        case .exec, .execrows, .batchexec, .copyfrom: return "0"
        case .execresult: return "NeonSQL.ExecResult(rowsAffected: 0, command: \"\")"
        }
    }

    /// `return Client(a: { ... }, b: { ... })` (or without `return`), one argument per line.
    private static func construct(_ client: String, _ arguments: [(NamedQuery, String)], into printer: inout CodePrinter,
                                  returns: Bool = true) {
        let prefix = returns ? "return " : ""
        guard !arguments.isEmpty else {
            printer.line("\(prefix)\(client)()")
            return
        }
        printer.line("\(prefix)\(client)(")
        printer.indented { printer in
            for (position, (named, closure)) in arguments.enumerated() {
                let comma = position == arguments.count - 1 ? "" : ","
                printer.line("\(SwiftNaming.argumentLabel(named.functionName)): \(closure)\(comma)")
            }
        }
        printer.line(")")
    }
}
