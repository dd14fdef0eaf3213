/// Prints what `-- @page size N by key` adds to a query (docs/generated-code.md): a page factory in
/// the target's `Statements` (the first page without a cursor, a later one after a row) and a
/// `...Pages` method of its `Queries` returning the pages as they are read, each in the query
/// file's own protocol extensions (``QueryFileTypes``). The spellings are the translate stage's
/// (``PageSignature``).
enum PageRenderer {
    static func print(_ named: NamedQuery, paging: QueryPaging, page: PageSignature, availability: String?, fileTypes: QueryFileTypes,
                      into printer: inout CodePrinter) {
        let parameters = named.parameters
        let cursor = page.cursorVariable
        let bindings = page.bindingsVariable
        let keys = paging.keyColumns.map { named.columns[$0] }
        let keyList = keys.map(\.sqlName).joined(separator: ", ")
        let name = SwiftStringLiteral.quoted(named.query.annotationName)

        // The table effects both factories pass, written once.
        let effects = TableEffectsRenderer.factoryArguments(for: named)
        printer.blankLine()
        printer.block("extension \(fileTypes.statements)") { printer in
            printer.docComment([
                "A page of `\(named.query.annotationName)`: at most \(paging.size) rows, the first page when `after` is nil,",
                "else the rows after that row by (\(keyList)).",
            ])
            printer.availability(availability)
            printer.block("public static func \(page.factoryDeclaration)") { printer in
                printer.line("var \(bindings) = NeonSQL.Bindings(capacity: \(parameters.count + keys.count))")
                for parameter in parameters {
                    printer.line("\(bindings).append(\(SwiftIdentifiers.escaped(parameter.name)), as: \(parameter.runtimeType))")
                }
                printer.block("guard let \(cursor) else") { printer in
                    RawStringLiteral.print(paging.firstPageSQL, prefix: "return .many(name: \(name), sql: ",
                                           suffix: ", bindings: \(bindings), readOnly: true\(effects))", into: &printer)
                }
                for key in keys {
                    printer.line("\(bindings).append(\(cursor).\(SwiftIdentifiers.escaped(key.name)), as: \(key.runtimeType))")
                }
                RawStringLiteral.print(paging.nextPageSQL, prefix: "return .many(name: \(name), sql: ",
                                       suffix: ", bindings: \(bindings), readOnly: true\(effects))", into: &printer)
            }
        }
        printer.blankLine()
        printer.block("extension \(fileTypes.queries)") { printer in
            printer.docComment([
                "Every row of `\(named.query.annotationName)`, in pages of at most \(paging.size) rows, one request each",
                "(after the previous page's last row by (\(keyList)); never OFFSET). Pages are read as you iterate.",
            ])
            printer.availability(availability)
            printer.block("public func \(page.methodDeclaration)") { printer in
                printer.line("self.executor.pages(pageSize: \(paging.size)) { \(fileTypes.factories).\(page.factoryCall) }")
            }
        }
    }
}
