// `-- @page size 500 by created_at, id`: a `:many` query read in requests of at most `size` rows,
// each after the last row of the one before by the key columns (keyset pagination, never OFFSET).

/// One `-- @page` line.
struct PageDirective: Sendable, Hashable {
    /// Rows per request.
    let size: Int
    /// The result columns of the key, in ORDER BY order, each located in the comment.
    let keys: [AnnotationParser.NamedDirectiveArgument]
    let location: SourceLocation

    /// The largest page the directive accepts (Neon answers at most 64 MB per response anyway).
    static let maximumSize = 100_000
}

enum PageDirectiveParser {
    static let usage = "'-- @page' reads '-- @page size 500 by id' or '-- @page size 100 by created_at, id'"

    /// Reads `text` (the comment after `--`, starting at `@page`) of `comment`.
    static func parse(_ text: Substring, _ comment: Comment, _ source: SourceFile,
                      _ diagnostics: inout DiagnosticCollector) -> PageDirective? {
        let textStart = comment.location.offset + 2 + (comment.text.utf8.count - text.utf8.count)
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
        guard words.count >= 5, words[0] == "@page", words[1] == "size", words[3] == "by" else {
            diagnostics.error(usage, in: source, at: comment.location)
            return nil
        }
        guard let size = Int(words[2]), size >= 1, size <= PageDirective.maximumSize else {
            diagnostics.error("'-- @page size' is a number of rows from 1 to \(PageDirective.maximumSize)", in: source,
                              at: source.location(ofOffset: textStart + text.utf8.distance(from: text.startIndex, to: words[2].startIndex)))
            return nil
        }
        // The key list: everything after `by`, split at commas.
        let listStart = words[3].endIndex
        var keys: [AnnotationParser.NamedDirectiveArgument] = []
        var offset = textStart + text.utf8.distance(from: text.startIndex, to: listStart)
        for piece in text[listStart...].split(separator: ",", omittingEmptySubsequences: false) {
            let leading = piece.prefix { $0 == " " || $0 == "\t" }.utf8.count
            let name = String(piece.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
            let location = source.location(ofOffset: offset + leading)
            offset += piece.utf8.count + 1
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }) else {
                diagnostics.error("'-- @page ... by' takes result column names separated by commas: 'by created_at, id'",
                                  in: source, at: location)
                return nil
            }
            keys.append(AnnotationParser.NamedDirectiveArgument(name: name, location: location))
        }
        return PageDirective(size: size, keys: keys, location: comment.location)
    }
}
