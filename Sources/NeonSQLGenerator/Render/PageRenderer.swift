/// Prints what `-- @page size N by key` adds to a query (docs/generated-code.md): a page factory in
/// the target's `Statements` (the first page without a cursor, a later one after a row) and a
/// `...Pages` method of its `Queries` returning the pages as they are read, each in the query
/// file's own protocol extensions (``QueryFileTypes``).
enum PageRenderer {
    /// `listDuasPage` / `listDuasPages` (claimed by the translate stage, unique among the functions).
    static func factoryName(_ named: NamedQuery) -> String { named.pageFactoryName }
    static func methodName(_ named: NamedQuery) -> String { named.pagesMethodName }

    static func print(_ named: NamedQuery, paging: QueryPaging, fileTypes: QueryFileTypes, into printer: inout CodePrinter) {
        let parameters = named.parameters
        let names = Set(parameters.map(\.name))
        var cursor = "pageCursor"
        while names.contains(cursor) { cursor += "_" }
        var bindings = "bindings"
        while names.contains(bindings) { bindings += "_" }
        let row = named.rowTypeName
        let parameterList = parameters.map { "\(SwiftNaming.escaped($0.name)): \($0.codeType)" }
        let arguments = parameters.map { "\(SwiftNaming.argumentLabel($0.name)): \(SwiftNaming.escaped($0.name))" }
        let keys = paging.keyColumns.map { named.columns[$0] }
        let keyList = keys.map(\.sqlName).joined(separator: ", ")
        let name = SwiftTypeMapping.stringLiteral(named.query.annotationName)

        let declaration = (parameterList + ["after \(cursor): \(row)?"]).joined(separator: ", ")
        let factory = "\(SwiftNaming.escaped(factoryName(named)))(\(declaration)) -> NeonSQL.Statement<[\(row)]>"
        printer.blankLine()
        printer.block("extension \(fileTypes.statements)") { printer in
            printer.docComment([
                "A page of `\(named.query.annotationName)`: at most \(paging.size) rows, the first page when `after` is nil,",
                "else the rows after that row by (\(keyList)).",
            ])
            printer.block("public static func \(factory)") { printer in
                printer.line("var \(bindings) = NeonSQL.Bindings(capacity: \(parameters.count + keys.count))")
                for parameter in parameters {
                    printer.line("\(bindings).append(\(SwiftNaming.escaped(parameter.name)), as: \(parameter.runtimeType))")
                }
                printer.block("guard let \(cursor) else") { printer in
                    RawStringLiteral.print(paging.firstPageSQL, prefix: "return .many(name: \(name), sql: ",
                                           suffix: ", bindings: \(bindings), readOnly: true\(TableEffectsRenderer.factoryArguments(for: named)))", into: &printer)
                }
                for key in keys {
                    printer.line("\(bindings).append(\(cursor).\(SwiftNaming.escaped(key.name)), as: \(key.runtimeType))")
                }
                RawStringLiteral.print(paging.nextPageSQL, prefix: "return .many(name: \(name), sql: ",
                                       suffix: ", bindings: \(bindings), readOnly: true\(TableEffectsRenderer.factoryArguments(for: named)))", into: &printer)
            }
        }
        printer.blankLine()
        printer.block("extension \(fileTypes.queries)") { printer in
            printer.docComment([
                "Every row of `\(named.query.annotationName)`, in pages of at most \(paging.size) rows, one request each",
                "(after the previous page's last row by (\(keyList)); never OFFSET). Pages are read as you iterate.",
            ])
            printer.block("public func \(SwiftNaming.escaped(methodName(named)))(\(parameterList.joined(separator: ", "))) -> Swift.AsyncThrowingStream<[\(row)], any Swift.Error>") { printer in
                let call = (arguments + ["after: $0"]).joined(separator: ", ")
                printer.line("self.executor.pages(pageSize: \(paging.size)) { \(fileTypes.factories).\(SwiftNaming.escaped(factoryName(named)))(\(call)) }")
            }
        }
    }
}
