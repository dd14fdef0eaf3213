/// One annotated statement of a query file as the lock file sees it: its annotation, its text as
/// written, and the SQL with `$n` placeholders (written by `SQLRewriter`, numbered by
/// `ParameterTable`, as the analyzer's), so that a statement the parser or the analyzer cannot
/// read still has one. `neon-sql-gen prepare` describes these
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
    /// The SQL sqlc sends: as ``preparedSQL`` with each `sqlc.embed(t)` as `t.*` (what the
    /// differentials ask PostgreSQL about, through `neon-sql-gen statements`).
    let sqlcSQL: String
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
    /// parsed or not, in source order, as the front end (`QueryFileStatements`) reads them.
    /// Problems with annotations are the analyzer's to report.
    static func statements(in file: ParsedFile) -> [LockableStatement] {
        var scratch = DiagnosticCollector()
        return QueryFileStatements.statements(of: file, diagnostics: &scratch).compactMap { statement in
            guard let annotation = statement.annotation else { return nil }
            return make(statement, annotation, file)
        }
    }

    private static func make(_ statement: QueryFileStatement, _ annotation: AnnotationParser.Annotation, _ file: ParsedFile) -> LockableStatement {
        let range = statement.range
        let source = file.source
        let read = StatementTokens(tokens(of: range, in: file.tokens), source)
        // The parser's occurrences where it read the statement's expressions (those the analyzer
        // numbers); the tokens' for a statement it could not read or skipped (`.ignored`).
        var parameters = read.parameters
        if let parsed = statement.parsed {
            if case .ignored = parsed.statement {} else { parameters = parsed.parameters }
        }
        let table = ParameterTable(occurrences: parameters)
        let unsupported = read.embed.map {
            (message: "sqlc.embed is not available to a query described by the lock file; list the table's columns instead", location: $0)
        }
        return LockableStatement(
            annotation: annotation, inferKind: statement.infersKind, source: source, range: range,
            text: source.text(from: range.start.offset, to: range.endOffset),
            preparedSQL: SQLRewriter.rewrittenSQL(range, in: source, parameters: parameters, table, replacing: []),
            sentSQL: SQLRewriter.rewrittenSQL(range, in: source, parameters: parameters, table,
                                              replacing: read.aliasMarkers.map { ($0.offset, $0.length, "") }),
            sqlcSQL: SQLRewriter.rewrittenSQL(range, in: source, parameters: parameters, table, replacing: read.embedItems),
            parameters: table, unsupported: unsupported, words: Set(read.words), firstWord: read.words.first ?? "")
    }

    /// The tokens within `range` (`tokens` is in source order).
    private static func tokens(of range: SourceRange, in tokens: [Token]) -> ArraySlice<Token> {
        var low = 0
        var high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].start < range.start.offset { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < tokens.count, tokens[end].end <= range.endOffset, tokens[end].kind != .eof { end += 1 }
        return tokens[low..<end]
    }
}
