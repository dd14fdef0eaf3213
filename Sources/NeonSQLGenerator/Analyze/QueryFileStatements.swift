/// The one front end over a query file: every statement in source order, those the parser read
/// and those it could not, each with its annotation read once by `Parse/AnnotationParser` and the
/// name of a file's only, unannotated statement. The analyzer (`QueryFileAnalyzer`) and the lock
/// file (`Lock/LockableStatement`: `neon-sql-gen prepare` and the entries the generator uses)
/// take statements, annotations and names from here, so they cannot disagree about them.
struct QueryFileStatement: Sendable {
    typealias Annotation = AnnotationParser.Annotation

    /// What the comments in front of a statement make of it.
    enum Naming: Sendable {
        /// `-- name: FetchX :many`.
        case annotated(Annotation)
        /// The only statement of a file, with no annotation (and not a schema statement): named
        /// after the file; its kind follows from whether it returns rows.
        case namedAfterFile(Annotation)
        /// No annotation, in a file of several statements (or a schema statement alone): skipped.
        case unannotated
        /// An annotation with an error (reported for a statement the parser read): skipped.
        case invalid
    }

    /// From the statement's first token to its last (the terminating `;` excluded).
    let range: SourceRange
    let leadingComments: [Comment]
    /// The syntax tree; nil for a statement the parser could not read.
    let parsed: ParsedStatement?
    let naming: Naming

    /// The annotation the statement is generated under, written or named after the file.
    var annotation: Annotation? {
        switch naming {
        case .annotated(let annotation), .namedAfterFile(let annotation): return annotation
        case .unannotated, .invalid: return nil
        }
    }

    /// True for the file's only statement without annotation: its kind follows from whether it returns rows.
    var infersKind: Bool {
        if case .namedAfterFile = naming { return true }
        return false
    }
}

/// Reads a parsed query file into ``QueryFileStatement``s.
enum QueryFileStatements {
    /// Every statement of `file`, parsed or not, in source order. Problems with the annotation of a
    /// statement the parser read are reported to `diagnostics`; a statement that does not parse has
    /// its syntax error, and nothing more is said about its comments.
    static func statements(of file: ParsedFile, diagnostics: inout DiagnosticCollector) -> [QueryFileStatement] {
        let parsed = file.statements
        let unparsed = file.unparsedStatements
        let count = parsed.count + unparsed.count
        var result: [QueryFileStatement] = []
        result.reserveCapacity(count)
        var parsedIndex = 0
        var unparsedIndex = 0
        var scratch = DiagnosticCollector()
        while parsedIndex < parsed.count || unparsedIndex < unparsed.count {
            let takeParsed = unparsedIndex == unparsed.count
                || (parsedIndex < parsed.count && parsed[parsedIndex].range.start.offset < unparsed[unparsedIndex].range.start.offset)
            let statement: ParsedStatement?
            let range: SourceRange
            let comments: [Comment]
            if takeParsed {
                statement = parsed[parsedIndex]
                range = parsed[parsedIndex].range
                comments = parsed[parsedIndex].leadingComments
                parsedIndex += 1
            } else {
                statement = nil
                range = unparsed[unparsedIndex].range
                comments = unparsed[unparsedIndex].leadingComments
                unparsedIndex += 1
            }
            let read = statement == nil
                ? AnnotationParser.parse(comments, file.source, &scratch)
                : AnnotationParser.parse(comments, file.source, &diagnostics)
            let naming: QueryFileStatement.Naming
            switch read {
            case .annotated(let annotation):
                naming = .annotated(annotation)
            case .invalid:
                naming = .invalid
            case .none where count == 1 && !(statement.map { QueryFileAnalyzer.isSchemaStatement($0.statement) } ?? false):
                naming = .namedAfterFile(AnnotationParser.Annotation(
                    name: IdentifierWords.upperCamelCase(fileStem(file.source.path)), kind: .many,
                    location: range.start, documentation: AnnotationParser.documentation(comments)))
            case .none:
                naming = .unannotated
            }
            result.append(QueryFileStatement(range: range, leadingComments: comments, parsed: statement, naming: naming))
        }
        return result
    }

    /// `fetch_journey_duas.sql` -> `fetch_journey_duas`.
    static func fileStem(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.hasSuffix(".sql") ? String(name.dropLast(4)) : name
    }
}
