/// Prints a query's template (`-- @optional`, `-- @patch`) as the runtime's `NeonSQL.SQLTemplate`, and the
/// statement factory body that asks it for a call's SQL and binds the parameters that SQL sends.
enum SQLTemplateRenderer {
    /// `private let <name> = NeonSQL.SQLTemplate([...], switchCount: n)`, one part per line.
    static func printDeclaration(name: String, of named: NamedQuery, template: QueryTemplate, into printer: inout CodePrinter) {
        printer.docComment(["The fragments the SQL of `\(named.functionName)` is assembled from per call."])
        printer.line("private let \(name) = NeonSQL.SQLTemplate([")
        printer.indented { printParts(template.parts, into: &$0) }
        printer.line("], switchCount: \(template.switchParameters.count))")
    }

    private static func printParts(_ parts: [TemplatePart], into printer: inout CodePrinter) {
        for part in parts {
            switch part {
            case .text(let text):
                printer.line(".text(\(SwiftStringLiteral.quoted(text))),")
            case .parameter(let index):
                printer.line(".parameter(\(index)),")
            case .clause(let clause):
                printer.line(".clause(NeonSQL.SQLTemplate.Clause(")
                printer.indented { printer in
                    printList("prefix", clause.prefix, into: &printer)
                    printer.line("items: [")
                    printer.indented { printer in
                        for item in clause.items {
                            let switches = "switches: [\(item.switches.map(String.init).joined(separator: ", "))]"
                            if let separator = inline(item.separator), let body = inline(item.body) {
                                let line = "NeonSQL.SQLTemplate.Item(\(switches), separator: \(separator), body: \(body)),"
                                if line.count <= 140 {
                                    printer.line(line)
                                    continue
                                }
                            }
                            printer.line("NeonSQL.SQLTemplate.Item(")
                            printer.indented { printer in
                                printer.line(switches + ",")
                                printList("separator", item.separator, into: &printer)
                                printList("body", item.body, into: &printer, last: true)
                            }
                            printer.line("),")
                        }
                    }
                    printer.line("],")
                    printList("whenEmpty", clause.whenEmpty, into: &printer, last: true)
                }
                printer.line(")),")
            case .choice(let index, let alternatives):
                let inlined = alternatives.map(inline)
                if inlined.allSatisfy({ $0 != nil }) {
                    let line = ".choice(\(index), [\(inlined.compactMap { $0 }.joined(separator: ", "))]),"
                    if line.count <= 140 {
                        printer.line(line)
                        continue
                    }
                }
                printer.line(".choice(\(index), [")
                printer.indented { printer in
                    for alternative in alternatives {
                        printer.line("[")
                        printer.indented { printParts(alternative, into: &$0) }
                        printer.line("],")
                    }
                }
                printer.line("]),")
            }
        }
    }

    /// `[.text("..."), .parameter(1)]` when the parts hold no clause and fit on a line.
    private static func inline(_ parts: [TemplatePart]) -> String? {
        var items: [String] = []
        for part in parts {
            switch part {
            case .text(let text): items.append(".text(\(SwiftStringLiteral.quoted(text)))")
            case .parameter(let index): items.append(".parameter(\(index))")
            case .clause, .choice: return nil
            }
        }
        let list = "[" + items.joined(separator: ", ") + "]"
        return list.count <= 100 ? list : nil
    }

    private static func printList(_ label: String, _ parts: [TemplatePart], into printer: inout CodePrinter, last: Bool = false) {
        let end = last ? "]" : "],"
        if let inline = inline(parts) {
            printer.line("\(label): \(inline)" + (last ? "" : ","))
            return
        }
        printer.line("\(label): [")
        printer.indented { printParts(parts, into: &$0) }
        printer.line(end)
    }

    /// `public enum SearchDuasOrder: Int`: a case per `-- @sort` key, its raw value the key's position.
    static func printSortEnums(_ named: NamedQuery, symbolReference: String, into printer: inout CodePrinter) {
        for sort in named.sorts {
            printer.blankLine()
            printer.docComment(["The orders ``\(symbolReference)`` can sort by (`-- @sort \(CodePrinter.sanitizedCommentText(sort.sqlName))`)."])
            printer.block("public enum \(sort.typeName): Swift.Int, Swift.Sendable, Swift.Hashable, Swift.CaseIterable") { printer in
                for (position, entry) in sort.cases.enumerated() {
                    printer.docComment(["`ORDER BY \(CodePrinter.sanitizedCommentText(entry.key))`"])
                    printer.line("case \(SwiftIdentifiers.escaped(entry.name)) = \(position)")
                }
            }
        }
    }

    /// The factory body: the variant for the given filters, each parameter it sends bound in its order.
    static func printStatementBody(_ named: NamedQuery, template: QueryTemplate, templateName: String, signature: QuerySignature,
                                   into printer: inout CodePrinter) {
        let taken = Set(named.parameters.map(\.name))
        func local(_ base: String) -> String {
            var name = base
            while taken.contains(name) { name += "_" }
            return name
        }
        let variant = local("variant")
        let parameter = local("parameter")
        let bindings = signature.bindingsVariable
        let switches = template.switchParameters.compactMap { index in
            named.parameters.first { $0.index == index }.map { SwiftIdentifiers.escaped($0.name) + ($0.isPatch ? ".isSet" : " != nil") }
        }
        let choices = named.parameters.filter { $0.sortIndex != nil }.sorted { ($0.sortIndex ?? 0) < ($1.sortIndex ?? 0) }
            .map { SwiftIdentifiers.escaped($0.name) + ".rawValue" }
        let choiceArgument = choices.isEmpty ? "" : ", choices: [\(choices.joined(separator: ", "))]"
        printer.line("let \(variant) = \(templateName).variant([\(switches.joined(separator: ", "))]\(choiceArgument))")
        printer.line("var \(bindings) = NeonSQL.Bindings(capacity: \(variant).parameters.count)")
        printer.block("for \(parameter) in \(variant).parameters") { printer in
            printer.line("switch \(parameter) {")
            for value in named.boundParameters.sorted(by: { $0.index < $1.index }) {
                let type = value.runtimeType
                if value.isPatch {
                    printer.line("case \(value.index): if case .set(let value) = \(SwiftIdentifiers.escaped(value.name)) { \(bindings).append(value, as: \(type)) }")
                } else {
                    printer.line("case \(value.index): \(bindings).append(\(SwiftIdentifiers.escaped(value.name)), as: \(type))")
                }
            }
            printer.line("default: break")
            printer.line("}")
        }
        let queryName = SwiftStringLiteral.quoted(named.query.annotationName)
        let effects = TableEffectsRenderer.factoryArguments(for: named)
        printer.line("\(factoryCallStart(signature))(name: \(queryName), sql: \(variant).sql, bindings: \(bindings), readOnly: \(named.query.isReadOnly)\(effects))")
        printResultMapping(signature, into: &printer)
    }

    /// `return .many` or, when the result is mapped, `let statement: NeonSQL.Statement<[XRow]> = .many`.
    static func factoryCallStart(_ signature: QuerySignature) -> String {
        guard let type = signature.factoryStatementType else { return "return .\(signature.factory)" }
        return "let \(signature.statementVariable): \(type) = .\(signature.factory)"
    }

    /// `return statement.map(...)` after a factory call whose result is mapped; nothing otherwise.
    static func printResultMapping(_ signature: QuerySignature, into printer: inout CodePrinter) {
        guard signature.factoryStatementType != nil else { return }
        printer.line("return \(signature.statementVariable)\(signature.resultMapping)")
    }

    /// The file-level name of a query's template: `<function>SQLTemplate`, made different from
    /// every parameter name of the query (a parameter would shadow it in the factory).
    static func templateName(for named: NamedQuery) -> String {
        var name = named.functionName + "SQLTemplate"
        while named.parameters.contains(where: { $0.name == name }) { name += "_" }
        return name
    }
}
