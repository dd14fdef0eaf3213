/// Statements of a query file that have no `-- name:` annotation (in a file of several
/// statements). sqlc skips them without a word, and real projects rely on it: schema statements
/// kept next to the queries, a statement left after a query, a misspelt annotation. They are
/// skipped here too, with a warning that says so and why it may matter.
enum UnannotatedStatements {
    /// Reports `parsed` as skipped. `previous` is the annotation of the query just before it when
    /// nothing (no annotation of its own) separates them.
    static func warn(_ parsed: ParsedStatement, after previous: AnnotationParser.Annotation?, _ source: SourceFile,
                     _ diagnostics: inout DiagnosticCollector) {
        let skipped = "is not generated (sqlc skips it too)"
        let message: String
        if let misspelt = parsed.leadingComments.last(where: looksLikeAnnotation) {
            let text = misspelt.text.trimmingTrailingWhitespace().drop { $0 == " " || $0 == "\t" }
            message = "statement has no '-- name:' annotation and \(skipped); the comment '\(text.prefix(60))' looks like a misspelt one: "
                + "write '-- name: <Name> :<kind>'"
        } else if QueryFileAnalyzer.isSchemaStatement(parsed.statement) {
            message = "\(head(of: parsed, source)) statement has no '-- name:' annotation and \(skipped); "
                + "schema statements change the catalog only from the schema files"
        } else if let previous {
            message = "statement after query '\(previous.name)' (line \(previous.location.line)) has no '-- name:' annotation of its own and \(skipped); "
                + "a query is one statement: give this one its own annotation, or combine them with a CTE"
        } else {
            message = "statement has no '-- name: <Name> :<kind>' annotation and \(skipped); a file with several queries names each"
        }
        diagnostics.warning(message, in: source, at: parsed.range.start)
    }

    /// A comment that is not an annotation but reads like one: `-- nmae: X :one`, `-- name X :many`,
    /// `-- Name: X :exec` (sqlc takes only `-- name:`).
    static func looksLikeAnnotation(_ comment: Comment) -> Bool {
        guard !AnnotationParser.isAnnotation(comment) else { return false }
        let firstLine = comment.text.split(separator: "\n").first.map(String.init) ?? ""
        let words = firstLine.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
        guard words.count >= 2, words.count <= 4 else { return false }
        let kinds = Set(AnnotationParser.kinds(except: nil))
        return words.dropFirst().contains { kinds.contains(String($0)) }
    }

    /// `CREATE TABLE`, `ALTER TABLE`, `GRANT`: the statement's first words, as it names itself.
    private static func head(of parsed: ParsedStatement, _ source: SourceFile) -> String {
        let text = source.text(from: parsed.range.start.offset, to: parsed.range.endOffset)
        let words = text.split(whereSeparator: { $0.isWhitespace }).prefix(4).map { $0.uppercased() }
        guard let first = words.first else { return "this" }
        guard ["CREATE", "ALTER", "DROP", "COMMENT"].contains(first) else { return first }
        let qualifiers: Set<String> = ["OR", "REPLACE", "UNLOGGED", "TEMP", "TEMPORARY", "UNIQUE", "MATERIALIZED", "ON"]
        let object = words.dropFirst().first { !qualifiers.contains($0) } ?? ""
        return (first + " " + object.filter { $0.isLetter }).trimmingTrailingWhitespace()
    }
}
