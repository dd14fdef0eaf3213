/// Turns the annotated statements of one query file into query descriptions: reads the
/// `-- name: X :kind` annotations and doc comments, analyzes each statement, names parameters and
/// columns, and rewrites the SQL so that it carries `$n` placeholders only. Swift names are chosen
/// later, by the naming step in Render.
enum QueryFileAnalyzer {
    /// A `-- name: FetchX :many` annotation.
    struct Annotation {
        let name: String
        let kind: QueryDescription.Kind
        let location: SourceLocation
        let documentation: [String]
        var parameterDirectives: [ParameterDirective] = []
    }

    /// `-- @param display_name optional` / `-- @param user_id required` under the annotation:
    /// forces a parameter's nullability where inference cannot know the intent.
    struct ParameterDirective {
        /// The name as written in SQL (`display_name`), its Swift name (`displayName`) or `$n`.
        let parameter: String
        let nullable: Bool
        let location: SourceLocation
    }

    static func analyze(_ file: ParsedFile, catalog: Catalog, diagnostics: inout DiagnosticCollector) -> QueryFileDescription {
        var queries: [QueryDescription] = []
        let statements = file.statements
        var previousAnnotation: Annotation?
        for parsed in statements {
            let annotation = readAnnotation(parsed.leadingComments, file.source, &diagnostics)
            let resolved: Annotation
            if let annotation {
                resolved = annotation
            } else if statements.count == 1 {
                resolved = Annotation(name: SwiftNaming.upperCamelCase(fileStem(file.source.path)), kind: .many,
                                      location: parsed.range.start, documentation: documentation(parsed.leadingComments))
            } else if let previous = previousAnnotation, !parsed.leadingComments.contains(where: { annotationText($0) != nil }) {
                // `UPDATE a ...; UPDATE b ...;` under one annotation: a query is one statement.
                diagnostics.error("query '\(previous.name)' (line \(previous.location.line)) holds several statements; "
                                  + "a query is one statement: give this one its own '-- name:' annotation, or combine them with a CTE",
                                  in: file.source, at: parsed.range.start)
                continue
            } else {
                diagnostics.error("query has no '-- name: <Name> :<many|one|exec|execrows>' annotation (a file with several queries names each)",
                                  in: file.source, at: parsed.range.start)
                previousAnnotation = nil
                continue
            }
            previousAnnotation = annotation
            if let query = analyzeQuery(parsed, resolved, inferKind: annotation == nil, file.source, catalog, &diagnostics) {
                queries.append(query)
            }
        }
        for comment in file.trailingComments where annotationText(comment) != nil {
            diagnostics.error("annotation is not followed by a query", in: file.source, at: comment.location)
        }
        return QueryFileDescription(path: file.source.path, queries: queries)
    }

    /// `fetch_journey_duas.sql` -> `fetch_journey_duas`.
    static func fileStem(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.hasSuffix(".sql") ? String(name.dropLast(4)) : name
    }

    private static func annotationText(_ comment: Comment) -> Substring? {
        guard !comment.isBlock else { return nil }
        let text = comment.text.drop { $0 == " " || $0 == "\t" }
        guard text.hasPrefix("name:") else { return nil }
        return text.dropFirst("name:".count)
    }

    private static func readAnnotation(_ comments: [Comment], _ source: SourceFile, _ diagnostics: inout DiagnosticCollector) -> Annotation? {
        guard let index = comments.lastIndex(where: { annotationText($0) != nil }),
              let text = annotationText(comments[index]) else { return nil }
        let comment = comments[index]
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
        guard let nameWord = words.first else {
            diagnostics.error("annotation needs a query name: '-- name: FetchJourneys :many'", in: source, at: comment.location)
            return nil
        }
        let name = String(nameWord)
        guard name.first.map({ $0.isLetter || $0 == "_" }) == true,
              name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
            diagnostics.error("query name '\(name)' is not a valid identifier", in: source, at: comment.location)
            return nil
        }
        var kind = QueryDescription.Kind.many
        if words.count >= 2 {
            let word = words[1]
            guard word.hasPrefix(":"), let parsed = QueryDescription.Kind(rawValue: String(word.dropFirst())) else {
                diagnostics.error("unknown query kind '\(word)'; use :many, :one, :exec or :execrows", in: source, at: comment.location)
                return nil
            }
            kind = parsed
        } else {
            diagnostics.error("annotation needs a kind: '-- name: \(name) :many' (or :one, :exec, :execrows)", in: source, at: comment.location)
            return nil
        }
        if words.count > 2 {
            diagnostics.warning("ignoring '\(words[2...].joined(separator: " "))' after the query kind", in: source, at: comment.location)
        }
        var documentationComments: [Comment] = []
        var directives: [ParameterDirective] = []
        for following in comments[(index + 1)...] {
            let text = following.text.drop { $0 == " " || $0 == "\t" }
            guard !following.isBlock, text.hasPrefix("@param") else {
                documentationComments.append(following)
                continue
            }
            let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            guard words.count == 3, words[2] == "optional" || words[2] == "required" else {
                diagnostics.error("parameter directive must read '-- @param <name> optional' or '-- @param <name> required'",
                                  in: source, at: following.location)
                continue
            }
            directives.append(ParameterDirective(parameter: String(words[1]), nullable: words[2] == "optional", location: following.location))
        }
        var annotation = Annotation(name: name, kind: kind, location: comment.location, documentation: documentation(documentationComments))
        annotation.parameterDirectives = directives
        return annotation
    }

    /// Line comments become doc comment lines (one leading space dropped); block comments too.
    private static func documentation(_ comments: [Comment]) -> [String] {
        var lines: [String] = []
        for comment in comments {
            for line in comment.text.split(separator: "\n", omittingEmptySubsequences: false) {
                var text = Substring(line)
                if text.hasPrefix(" ") { text = text.dropFirst() }
                lines.append(String(text).trimmingTrailingWhitespace())
            }
        }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    private static func analyzeQuery(_ parsed: ParsedStatement, _ annotation: Annotation, inferKind: Bool, _ source: SourceFile,
                                      _ catalog: Catalog, _ diagnostics: inout DiagnosticCollector) -> QueryDescription? {
        switch parsed.statement {
        case .select, .insert, .update, .delete:
            break
        default:
            diagnostics.error("a query file holds SELECT, INSERT, UPDATE and DELETE statements; schema statements belong in the schema folder",
                              in: source, at: parsed.range.start)
            return nil
        }
        var analyzer = StatementAnalyzer(catalog: catalog, source: source, parameters: ParameterTable(occurrences: parsed.parameters))
        let columns = analyzer.analyzeStatement(parsed.statement)
        var kind = annotation.kind
        if inferKind { kind = columns.isEmpty ? .exec : .many }
        if !analyzer.diagnostics.hasErrors {
            analyzer.warnAboutFragileShapes(parsed.statement, kind: kind, annotation: annotation.location)
            analyzer.noteOuterJoinNullability(parsed.statement, columns: columns)
        }
        var local = analyzer.diagnostics
        if (kind == .many || kind == .one) && columns.isEmpty && !local.hasErrors {
            local.error("':\(kind.rawValue)' query returns no rows; use ':exec' or ':execrows', or add RETURNING", in: source, at: annotation.location)
        }
        // After an error (an unknown column, say) a parameter's type is its consequence: not reported again.
        var parameterDiagnostics = DiagnosticCollector()
        var parameters = describeParameters(analyzer.parameters, source, &parameterDiagnostics)
        let hadErrors = local.hasErrors
        local.append(contentsOf: parameterDiagnostics.diagnostics.filter { !hadErrors || $0.severity != .error })
        parameters = applyDirectives(annotation.parameterDirectives, to: parameters, analyzer.parameters, source, &local)
        let outputs = describeColumns(columns, source, &local)
        let hasErrors = local.hasErrors
        diagnostics.append(contentsOf: local.diagnostics)
        guard !hasErrors else { return nil }

        let unique = columns.indices.filter { columns[$0].isUnique && !columns[$0].nullable }.map { outputs[$0].sqlName }
        return QueryDescription(
            annotationName: annotation.name,
            file: source.path,
            line: annotation.location.line,
            kind: kind,
            sql: rewrittenSQL(parsed, analyzer),
            documentation: annotation.documentation,
            parameters: parameters,
            columns: outputs,
            isReadOnly: analyzer.isReadOnly,
            uniqueColumn: unique.first { SwiftNaming.lowerCamelCase($0) == "id" } ?? unique.first
        )
    }

    private static func describeParameters(_ table: ParameterTable, _ source: SourceFile,
                                           _ diagnostics: inout DiagnosticCollector) -> [ParameterDescription] {
        var result: [ParameterDescription] = []
        for index in stride(from: 1, through: table.count, by: 1) {
            guard let slot = table.slots[index] else {
                let location = table.slots.values.map(\.location).min() ?? .unknown
                diagnostics.error("parameter $\(index) is never used; PostgreSQL cannot determine its type", in: source, at: location)
                continue
            }
            guard var type = slot.type, type != .unknown else {
                if slot.textByDefault {
                    result.append(describe(slot, type: .text))
                    continue
                }
                let written = slot.writtenName.map { "@" + $0 } ?? "$\(index)"
                diagnostics.error("could not determine the type of parameter \(written); add a cast such as \(written)::integer",
                                  in: source, at: slot.location)
                continue
            }
            if case .array(.unknown) = type { type = .array(.text) }
            result.append(describe(slot, type: type))
        }
        return result
    }

    /// Applies `-- @param` directives (naming a parameter by `$n`, its SQL name or its Swift
    /// name); a directive naming no parameter is an error.
    private static func applyDirectives(_ directives: [ParameterDirective], to parameters: [ParameterDescription], _ table: ParameterTable,
                                        _ source: SourceFile, _ diagnostics: inout DiagnosticCollector) -> [ParameterDescription] {
        var result = parameters
        for directive in directives {
            guard let position = result.firstIndex(where: { parameter in
                "$\(parameter.index)" == directive.parameter || parameter.sqlName == directive.parameter
                    || parameter.sqlName.map(SwiftNaming.lowerCamelCase) == directive.parameter
                    || table.slots[parameter.index]?.writtenName == directive.parameter
            }) else {
                diagnostics.error("@param directive names no parameter of this query: '\(directive.parameter)'", in: source, at: directive.location)
                continue
            }
            let parameter = result[position]
            result[position] = ParameterDescription(
                index: parameter.index, sqlName: parameter.sqlName, type: parameter.type, nullable: directive.nullable,
                elementNullable: parameter.elementNullable, origin: parameter.origin, originIsElement: parameter.originIsElement)
        }
        return result
    }

    private static func describe(_ slot: ParameterTable.Slot, type: SQLType) -> ParameterDescription {
        ParameterDescription(
            index: slot.index, sqlName: slot.writtenName ?? slot.contextName, type: type,
            nullable: slot.explicitlyNullable || slot.nullMeaningful, elementNullable: slot.elementNullable,
            origin: slot.contextOrigin, originIsElement: slot.contextOriginIsElement)
    }

    private static func describeColumns(_ columns: [OutputColumn], _ source: SourceFile,
                                        _ diagnostics: inout DiagnosticCollector) -> [ColumnDescription] {
        var result: [ColumnDescription] = []
        for column in columns {
            var type = column.value.type
            if type == .unknown { type = .text }
            if case .array(.unknown) = type { type = .array(.text) }
            result.append(ColumnDescription(
                sqlName: column.name, type: type, nullable: column.nullable,
                elementNullable: column.value.elementNullable, origin: column.value.origin, location: column.location))
        }
        return result
    }

    /// The statement's text with every parameter replaced by `$n` and `!`/`?` alias markers removed.
    private static func rewrittenSQL(_ parsed: ParsedStatement, _ analyzer: StatementAnalyzer) -> String {
        var edits: [(offset: Int, length: Int, replacement: String)] = []
        for node in parsed.parameters {
            guard let index = analyzer.parameters.index(of: node) else { continue }
            edits.append((node.range.start.offset, node.range.endOffset - node.range.start.offset, "$\(index)"))
        }
        for edit in analyzer.aliasEdits { edits.append((edit.offset, edit.length, "")) }
        edits.sort { $0.offset < $1.offset }
        let bytes = analyzer.source.bytes
        var output: [UInt8] = []
        var cursor = parsed.range.start.offset
        let end = min(parsed.range.endOffset, bytes.count)
        for edit in edits where edit.offset >= cursor && edit.offset + edit.length <= end {
            output += bytes[cursor..<edit.offset]
            output += Array(edit.replacement.utf8)
            cursor = edit.offset + edit.length
        }
        if cursor < end { output += bytes[cursor..<end] }
        return String(decoding: output, as: UTF8.self)
    }
}

extension String {
    func trimmingTrailingWhitespace() -> String {
        var copy = self
        while let last = copy.last, last == " " || last == "\t" || last == "\r" { copy.removeLast() }
        return copy
    }
}
