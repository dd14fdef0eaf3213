/// One annotated statement of a query file as the lock file sees it: its annotation, its text as
/// written, and the SQL with `$n` placeholders, found from the tokens alone, so that a statement
/// the parser or the analyzer cannot read still has one. `neon-sql-gen prepare` describes these
/// statements; the generator builds a query from a lock-file entry with them.
struct LockableStatement: Sendable {
    let annotation: AnnotationParser.Annotation
    /// True when the statement has no annotation (the only one of its file): its kind follows from
    /// whether it returns rows.
    let inferKind: Bool
    let source: SourceFile
    let range: SourceRange
    /// The statement as written, from its first token to its last: what ``QueryFingerprint/queryHash(of:)`` hashes.
    let text: String
    /// The SQL prepared by `neon-sql-gen prepare`: parameters as `$n`; `"name!"`/`"name?"` aliases
    /// keep their marker, so the column name PostgreSQL reports still carries it.
    let preparedSQL: String
    /// The SQL sent at run time: as ``preparedSQL`` without the alias markers.
    let sentSQL: String
    /// The parameters, numbered by sqlc's rule (as the analyzer numbers them).
    let parameters: ParameterTable
    /// Set when the statement uses something a lock-file entry cannot describe (`sqlc.embed`).
    let unsupported: (message: String, location: SourceLocation)?
    /// The statement's unquoted words, lower-cased.
    let words: Set<String>
    let firstWord: String

    /// Whether a NOT NULL table column could still come out NULL for all the tokens can tell: an
    /// outer join, a UNION arm or a grouping set can NULL-extend it, and each needs one of these words.
    var mayNullTableColumns: Bool {
        !words.isDisjoint(with: ["left", "right", "full", "outer", "union", "rollup", "cube", "grouping"])
    }

    /// A query that cannot write (no data-modifying statement, no row locks, no SELECT INTO).
    var isReadOnlyQuery: Bool {
        ["select", "values", "table", "with"].contains(firstWord)
            && words.isDisjoint(with: ["insert", "update", "delete", "merge", "into", "share"])
    }

    /// Every annotated statement of `file` (and the only statement of a file without annotations),
    /// parsed or not, in source order. Problems with annotations are the analyzer's to report.
    static func statements(in file: ParsedFile) -> [LockableStatement] {
        var scratch = DiagnosticCollector()
        let segments = (file.statements.map { ($0.range, $0.leadingComments) }
            + file.unparsedStatements.map { ($0.range, $0.leadingComments) }).sorted { $0.0.start.offset < $1.0.start.offset }
        let tokens = Lexer.tokenize(file.source, diagnostics: &scratch).tokens
        var result: [LockableStatement] = []
        for (range, comments) in segments {
            let annotation: AnnotationParser.Annotation
            var inferKind = false
            switch AnnotationParser.parse(comments, file.source, &scratch) {
            case .annotated(let read):
                annotation = read
            case .none where segments.count == 1:
                annotation = AnnotationParser.Annotation(
                    name: IdentifierWords.upperCamelCase(QueryFileAnalyzer.fileStem(file.source.path)), kind: .many,
                    location: range.start, documentation: AnnotationParser.documentation(comments))
                inferKind = true
            case .none, .invalid:
                continue
            }
            let statementTokens = tokens.filter { $0.start >= range.start.offset && $0.end <= range.endOffset && $0.kind != .eof }
            result.append(make(annotation, inferKind: inferKind, file.source, range, statementTokens))
        }
        return result
    }

    private static func make(_ annotation: AnnotationParser.Annotation, inferKind: Bool, _ source: SourceFile, _ range: SourceRange,
                             _ tokens: [Token]) -> LockableStatement {
        var nodes: [ParameterNode] = []
        var markerEdits: [(offset: Int, length: Int, replacement: String)] = []
        var unsupported: (message: String, location: SourceLocation)?
        var index = 0
        func token(_ at: Int) -> Token? { at < tokens.count ? tokens[at] : nil }
        while index < tokens.count {
            let current = tokens[index]
            switch current.kind {
            case .positionalParameter:
                if let number = Int(current.value) {
                    nodes.append(ParameterNode(reference: .positional(number), location: current.location,
                                               range: SourceRange(start: current.location, endOffset: current.end)))
                }
            case .namedParameter:
                nodes.append(ParameterNode(reference: .named(current.value), location: current.location,
                                           range: SourceRange(start: current.location, endOffset: current.end)))
            case .quotedIdentifier where index > 0 && tokens[index - 1].isWord("as")
                && (current.value.hasSuffix("!") || current.value.hasSuffix("?")):
                let name = String(current.value.dropLast()).replacing("\"", with: "\"\"")
                markerEdits.append((current.start, current.end - current.start, "\"" + name + "\""))
            case .word where current.value == "sqlc" && token(index + 1)?.kind == .dot:
                guard let macro = token(index + 2), token(index + 3)?.kind == .leftParen, let nameToken = token(index + 4),
                      token(index + 5)?.kind == .rightParen else { break }
                if macro.isWord("embed") {
                    unsupported = ("sqlc.embed is not available to a query described by the lock file; list the table's columns instead",
                                   current.location)
                    break
                }
                guard macro.isWord("arg") || macro.isWord("narg") || macro.isWord("slice") else { break }
                let name: String
                switch nameToken.kind {
                case .word: name = source.text(from: nameToken.start, to: nameToken.end)
                case .quotedIdentifier, .string: name = nameToken.value
                default: index += 1; continue
                }
                let reference: ParameterReference = macro.isWord("narg") ? .nullableNamed(name) : .named(name)
                // `x [NOT] IN (sqlc.slice(ids))` is sent as `x = ANY($n)` (`<> ALL($n)`), as the parser does.
                if macro.isWord("slice"), index >= 2, tokens[index - 1].kind == .leftParen, tokens[index - 2].isWord("in"),
                   let close = token(index + 6), close.kind == .rightParen {
                    let negated = index >= 3 && tokens[index - 3].isWord("not")
                    let start = tokens[index - (negated ? 3 : 2)]
                    var node = ParameterNode(reference: reference, location: nameToken.location,
                                             range: SourceRange(start: start.location, endOffset: close.end))
                    node.template = negated ? "<> ALL($n)" : "= ANY($n)"
                    nodes.removeAll { $0.range.start.offset >= start.start }
                    nodes.append(node)
                    index += 7
                    continue
                }
                nodes.append(ParameterNode(reference: reference, location: current.location,
                                           range: SourceRange(start: current.location, endOffset: tokens[index + 5].end)))
                index += 6
                continue
            default:
                break
            }
            index += 1
        }
        let table = ParameterTable(occurrences: nodes)
        var placeholders: [(offset: Int, length: Int, replacement: String)] = []
        for node in nodes {
            guard let number = table.index(of: node) else { continue }
            let placeholder = "$\(number)"
            placeholders.append((node.range.start.offset, node.range.endOffset - node.range.start.offset,
                                 node.template.map { $0.replacing("$n", with: placeholder) } ?? placeholder))
        }
        let words = tokens.filter { $0.kind == .word }.map(\.value)
        return LockableStatement(
            annotation: annotation, inferKind: inferKind, source: source, range: range,
            text: source.text(from: range.start.offset, to: range.endOffset),
            preparedSQL: apply(placeholders, to: source, range),
            sentSQL: apply(placeholders + markerEdits, to: source, range),
            parameters: table, unsupported: unsupported, words: Set(words), firstWord: words.first ?? "")
    }

    /// The text of `range` with the edits (sorted, non-overlapping) applied.
    private static func apply(_ edits: [(offset: Int, length: Int, replacement: String)], to source: SourceFile, _ range: SourceRange) -> String {
        var output = ""
        var cursor = range.start.offset
        for edit in edits.sorted(by: { $0.offset < $1.offset }) where edit.offset >= cursor && edit.offset + edit.length <= range.endOffset {
            output += source.text(from: cursor, to: edit.offset)
            output += edit.replacement
            cursor = edit.offset + edit.length
        }
        return output + source.text(from: cursor, to: range.endOffset)
    }
}
