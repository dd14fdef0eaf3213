/// Reads sqlc's annotation language from the comments in front of a query:
/// `-- name: FetchX :many` or `/* name: FetchX :many */`, the doc comment lines under it, and
/// `-- @param name optional|required` and `-- @optional name, ...` directives.
enum AnnotationParser {
    /// A query's annotation with what follows it.
    struct Annotation: Sendable, Hashable {
        let name: String
        let kind: QueryKind
        /// Where the annotation comment starts.
        let location: SourceLocation
        /// The comment lines after the annotation (and a block annotation's further lines): the
        /// Swift doc comment.
        let documentation: [String]
        var parameterDirectives: [ParameterDirective] = []
        /// `-- @optional category_id, min_xp`: parameters whose filters are left out when not given.
        var optionalParameters: [NamedDirectiveArgument] = []
        /// `-- @patch display_name, bio`: SET assignments a call may leave out (`Patch.keep`).
        var patchParameters: [NamedDirectiveArgument] = []
        /// `-- @sort order: title, xp DESC`: the orders a call chooses among for `ORDER BY @order`.
        var sorts: [SortDirective] = []
        /// `-- @page size 500 by id`: the query is also read page by page.
        var page: PageDirective?
        /// `-- @cache max-age 10m`: its results may be cached, fresh that long.
        var cache: CacheDirective?
        /// `-- @deprecated Use FetchJourneysV2`: the query's Swift API is deprecated, with the
        /// message after the keyword (nil: no directive; empty: no message).
        var deprecation: DeprecationDirective?
    }

    /// `-- @deprecated <message>` under the annotation.
    struct DeprecationDirective: Sendable, Hashable {
        /// The text after the keyword, blanks trimmed; empty when none is given.
        let message: String
        let location: SourceLocation
    }

    /// A parameter named by a directive (`category_id` in `-- @optional category_id`): its SQL
    /// name as written (`@category_id`, `sqlc.arg(category_id)`) or `$n`.
    struct NamedDirectiveArgument: Sendable, Hashable {
        let name: String
        let location: SourceLocation
    }

    /// `-- @param display_name optional` / `-- @param user_id required` under the annotation:
    /// forces a parameter's nullability where inference cannot know the intent.
    struct ParameterDirective: Sendable, Hashable {
        /// The name as written in SQL (`display_name`), its Swift name (`displayName`) or `$n`.
        let parameter: String
        let nullable: Bool
        let location: SourceLocation
    }

    /// What the comments in front of a statement say.
    enum Result: Sendable, Hashable {
        /// No annotation.
        case none
        case annotated(Annotation)
        /// An annotation with an error (reported): the statement is skipped.
        case invalid
    }

    /// The text after `name:` when the comment is an annotation (a block comment's first line).
    static func annotationText(_ comment: Comment) -> Substring? {
        let text = comment.text.drop { $0 == " " || $0 == "\t" || (comment.isBlock && ($0 == "\n" || $0 == "\r")) }
        guard let afterPrefix = indexAfterNamePrefix(text) else { return nil }
        var rest = text[afterPrefix...]
        if comment.isBlock, let newline = rest.firstIndex(of: "\n") { rest = rest[..<newline] }
        return rest
    }

    /// Where the text after a leading `name:` starts; nil when `text` does not start with it (as
    /// characters: a combining mark after the colon makes another character). Compared as UTF-8
    /// bytes, which decides it unless a non-ASCII byte follows the colon: comparing characters
    /// cost about a thousand instructions per comment (issue 28).
    private static func indexAfterNamePrefix(_ text: Substring) -> Substring.Index? {
        let prefix = "name:".utf8
        guard text.utf8.starts(with: prefix) else { return nil }
        let end = text.utf8.index(text.startIndex, offsetBy: prefix.count)
        if end < text.endIndex, text.utf8[end] >= 0x80, !text.hasPrefix("name:") { return nil }
        return end
    }

    /// `text` split into words at spaces, tabs and carriage returns, as characters: `\r\n` is one
    /// character and no separator, nor is a space that a combining mark follows. In ASCII text
    /// without a carriage return each character is one byte, and splitting the bytes costs a
    /// tenth of splitting the characters (issue 28).
    private static func words(of text: Substring) -> [Substring] {
        guard text.utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) else {
            return text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
        }
        return text.utf8.split(whereSeparator: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }).map { Substring($0) }
    }

    static func isAnnotation(_ comment: Comment) -> Bool { annotationText(comment) != nil }

    /// Reads the last annotation among a statement's leading comments, with the comments after it.
    static func parse(_ comments: [Comment], _ source: SourceFile, _ diagnostics: inout DiagnosticCollector) -> Result {
        // The last comment that is an annotation, and its text (read once).
        var found: (index: Int, text: Substring)?
        for index in comments.indices.reversed() {
            if let text = annotationText(comments[index]) { found = (index, text); break }
        }
        guard let (index, text) = found else { return .none }
        let comment = comments[index]
        let words = Self.words(of: text)
        guard let nameWord = words.first else {
            diagnostics.error("annotation needs a query name: '-- name: FetchJourneys :many'", in: source, at: comment.location)
            return .invalid
        }
        let name = String(nameWord)
        guard isValidName(name) else {
            diagnostics.error("query name '\(name)' is not a valid identifier", in: source, at: comment.location)
            return .invalid
        }
        guard words.count >= 2 else {
            diagnostics.error("annotation needs a kind: '-- name: \(name) :many' (or \(kinds(except: .many).joined(separator: ", ")))",
                              in: source, at: comment.location)
            return .invalid
        }
        let word = words[1]
        if word == ":execlastid" {
            diagnostics.error("PostgreSQL has no last insert id for ':execlastid'; add 'RETURNING id' to the statement and use ':one'",
                              in: source, at: comment.location)
            return .invalid
        }
        guard word.hasPrefix(":"), let kind = QueryKind(rawValue: String(word.dropFirst())) else {
            diagnostics.error("unknown query kind '\(word)'; use \(kindList)", in: source, at: comment.location)
            return .invalid
        }
        if words.count > 2 {
            diagnostics.warning("ignoring '\(words[2...].joined(separator: " "))' after the query kind", in: source, at: comment.location)
        }
        var documentationComments: [Comment] = []
        // A block annotation's lines after its first are documentation.
        if comment.isBlock, let newline = comment.text.firstIndex(of: "\n") {
            documentationComments.append(Comment(text: String(comment.text[comment.text.index(after: newline)...]),
                                                 location: comment.location, isBlock: true))
        }
        var directives: [ParameterDirective] = []
        var optionalParameters: [NamedDirectiveArgument] = []
        var patchParameters: [NamedDirectiveArgument] = []
        var sorts: [SortDirective] = []
        var page: PageDirective?
        var cache: CacheDirective?
        var deprecation: DeprecationDirective?
        for following in comments[(index + 1)...] {
            let text = following.text.drop { $0 == " " || $0 == "\t" }
            // A directive is its keyword and a space; other `-- @word` lines (`-- @sort_order: ASC or
            // DESC`, as apps document their parameters) are documentation.
            if !following.isBlock, isDirective(text, "@optional") {
                optionalParameters += namesDirective("@optional", text, following, source, &diagnostics)
                continue
            }
            if !following.isBlock, isDirective(text, "@sort") {
                if let sort = SortDirectiveParser.parse(text, following, source, &diagnostics) { sorts.append(sort) }
                continue
            }
            if !following.isBlock, isDirective(text, "@page") {
                if page != nil {
                    diagnostics.error("a query has at most one '-- @page' line", in: source, at: following.location)
                } else {
                    page = PageDirectiveParser.parse(text, following, source, &diagnostics)
                }
                continue
            }
            if !following.isBlock, isDirective(text, "@cache") {
                if cache != nil {
                    diagnostics.error("a query has at most one '-- @cache' line", in: source, at: following.location)
                } else {
                    cache = CacheDirectiveParser.parse(text, following, source, &diagnostics)
                }
                continue
            }
            if !following.isBlock, isDirective(text, "@deprecated") {
                if deprecation != nil {
                    diagnostics.error("a query has at most one '-- @deprecated' line", in: source, at: following.location)
                } else {
                    let message = text.dropFirst("@deprecated".count).drop { $0 == " " || $0 == "\t" }
                    deprecation = DeprecationDirective(message: String(message).trimmingTrailingWhitespace(), location: following.location)
                }
                continue
            }
            if !following.isBlock, isDirective(text, "@patch") {
                patchParameters += namesDirective("@patch", text, following, source, &diagnostics)
                continue
            }
            guard !following.isBlock, isDirective(text, "@param") else {
                documentationComments.append(following)
                continue
            }
            let words = Self.words(of: text)
            guard words.count == 3, words[2] == "optional" || words[2] == "required" else {
                diagnostics.error("parameter directive must read '-- @param <name> optional' or '-- @param <name> required'",
                                  in: source, at: following.location)
                continue
            }
            directives.append(ParameterDirective(parameter: String(words[1]), nullable: words[2] == "optional", location: following.location))
        }
        var annotation = Annotation(name: name, kind: kind, location: comment.location,
                                    documentation: documentation(documentationComments), parameterDirectives: directives)
        annotation.optionalParameters = optionalParameters
        annotation.patchParameters = patchParameters
        annotation.sorts = sorts
        annotation.page = page
        annotation.cache = cache
        annotation.deprecation = deprecation
        return .annotated(annotation)
    }

    /// Whether `name` is a valid query name: a letter or `_`, then letters, digits and `_`.
    private static func isValidName(_ name: String) -> Bool {
        // An ASCII name (nearly every one) is checked byte by byte: `Character`'s Unicode
        // properties cost hundreds of instructions a character (issue 28). For ASCII they agree:
        // the letters are A-Z and a-z, the numbers 0-9.
        let utf8 = name.utf8
        if let first = utf8.first, utf8.allSatisfy({ $0 < 0x80 }) {
            let isLetter = { (byte: UInt8) in (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
            let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
            return (isLetter(first) || first == UInt8(ascii: "_")) && utf8.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }
        }
        return name.first.map({ $0.isLetter || $0 == "_" }) == true && name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
    }

    /// Whether a comment's text (leading blanks dropped) is the directive `keyword`: the keyword,
    /// then a blank or the end.
    static func isDirective(_ text: Substring, _ keyword: String) -> Bool {
        guard text.hasPrefix(keyword) else { return false }
        let next = text.dropFirst(keyword.count).first
        return next == nil || next == " " || next == "\t"
    }

    /// `-- @optional a, b` / `-- @patch a, b`: the names, each located at itself in the comment.
    private static func namesDirective(_ keyword: String, _ text: Substring, _ comment: Comment, _ source: SourceFile,
                                       _ diagnostics: inout DiagnosticCollector) -> [NamedDirectiveArgument] {
        // The comment's text starts after `--`; its location is the `--`.
        let textStart = comment.location.offset + 2 + (comment.text.utf8.count - text.utf8.count)
        var result: [NamedDirectiveArgument] = []
        var offset = textStart + keyword.utf8.count
        for piece in text.dropFirst(keyword.count).split(separator: ",", omittingEmptySubsequences: false) {
            let leading = piece.prefix { $0 == " " || $0 == "\t" }.utf8.count
            let name = String(piece.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
            let location = source.location(ofOffset: offset + leading)
            offset += piece.utf8.count + 1
            let bare = name.hasPrefix("@") ? String(name.dropFirst()) : name
            guard !bare.isEmpty, bare.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }) else {
                diagnostics.error("'-- \(keyword)' takes parameter names separated by commas: '-- \(keyword) category_id, min_xp'",
                                  in: source, at: location)
                return []
            }
            result.append(NamedDirectiveArgument(name: bare, location: location))
        }
        return result
    }

    /// `[":one", ":exec", ...]`: every kind but `except`, as written in an annotation.
    static func kinds(except: QueryKind?) -> [String] {
        QueryKind.allCases.filter { $0 != except }.map { ":" + $0.rawValue }
    }

    /// `:many, :one, ... or :copyfrom`.
    static var kindList: String {
        let all = kinds(except: nil)
        return all.dropLast().joined(separator: ", ") + " or " + (all.last ?? "")
    }

    /// Line comments become doc comment lines (one leading space dropped); block comments too.
    static func documentation(_ comments: [Comment]) -> [String] {
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
}

extension String {
    func trimmingTrailingWhitespace() -> String {
        var copy = self
        while let last = copy.last, last == " " || last == "\t" || last == "\r" { copy.removeLast() }
        return copy
    }
}
