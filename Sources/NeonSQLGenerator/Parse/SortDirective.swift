// `-- @sort order: title_en, xp DESC, (total_xp DESC, display_name), created_at DESC NULLS LAST`:
// the orders a call may choose for `ORDER BY @order`. Each key is one ORDER BY item, or several in
// parentheses; its text is parsed where it is written, so errors about it point into the comment.

/// One `-- @sort` line: the parameter it names and its keys.
struct SortDirective: Sendable, Hashable {
    /// The parameter as written in `ORDER BY @order` (`order`).
    let name: String
    let location: SourceLocation
    let keys: [SortKey]
}

/// One key of a `-- @sort` line.
struct SortKey: Sendable, Hashable {
    /// As written, without a key's enclosing parentheses (`total_xp DESC, display_name`): the SQL
    /// that replaces `@order` when the key is chosen.
    let text: String
    /// Where `text` starts in the query file.
    let location: SourceLocation
    /// Its ORDER BY items, parsed with their positions in the file (empty after a syntax error,
    /// which is reported).
    let items: [OrderItem]
}

enum SortDirectiveParser {
    /// Reads `text` (the comment after `--`, starting at `@sort`) of `comment`.
    static func parse(_ text: Substring, _ comment: Comment, _ source: SourceFile,
                      _ diagnostics: inout DiagnosticCollector) -> SortDirective? {
        let textStart = comment.location.offset + 2 + (comment.text.utf8.count - text.utf8.count)
        let body = text.dropFirst("@sort".count)
        guard body.first.map({ $0 == " " || $0 == "\t" }) == true, let colon = body.firstIndex(of: ":") else {
            diagnostics.error("'-- @sort' reads '-- @sort order: key, key DESC, (key1, key2)'", in: source, at: comment.location)
            return nil
        }
        let name = String(body[..<colon].drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
            .drop { $0 == "@" }
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
            diagnostics.error("'-- @sort' names the parameter of 'ORDER BY @order' before ':': '-- @sort order: title, xp DESC'",
                              in: source, at: comment.location)
            return nil
        }
        var keys: [SortKey] = []
        var keyStart = textStart + text.utf8.distance(from: text.startIndex, to: body.index(after: colon))
        var depth = 0
        var current: [UInt8] = []
        var failed = false
        func finishKey() {
            let leading = current.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
            var trimmed = Array(current.dropFirst(leading))
            while let last = trimmed.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") || last == UInt8(ascii: "\r") { trimmed.removeLast() }
            var start = keyStart + leading
            if trimmed.first == UInt8(ascii: "("), trimmed.last == UInt8(ascii: ")") {
                trimmed = Array(trimmed.dropFirst().dropLast())
                start += 1
            }
            let keyText = String(decoding: trimmed, as: UTF8.self)
            if keyText.allSatisfy({ $0 == " " || $0 == "\t" }) {
                diagnostics.error("'-- @sort' has an empty key", in: source, at: source.location(ofOffset: start))
                failed = true
            } else if let items = items(of: keyText, at: start, source, &diagnostics) {
                keys.append(SortKey(text: keyText, location: source.location(ofOffset: start), items: items))
            } else {
                failed = true
            }
            keyStart += current.count + 1
            current = []
        }
        for byte in body[body.index(after: colon)...].utf8 {
            if byte == UInt8(ascii: "(") { depth += 1 }
            if byte == UInt8(ascii: ")") { depth -= 1 }
            if byte == UInt8(ascii: ","), depth == 0 {
                finishKey()
            } else {
                current.append(byte)
            }
        }
        finishKey()
        return failed ? nil : SortDirective(name: String(name), location: comment.location, keys: keys)
    }

    /// The ORDER BY items of a key written at `offset` of `source`, parsed in place (positions are
    /// the file's), or nil after reporting a syntax error.
    private static func items(of text: String, at offset: Int, _ source: SourceFile, _ diagnostics: inout DiagnosticCollector) -> [OrderItem]? {
        // The file with everything but the key blanked: byte offsets, lines and columns stay.
        var bytes = source.bytes.map { $0 == UInt8(ascii: "\n") ? $0 : UInt8(ascii: " ") }
        let keyBytes = Array(text.utf8)
        guard offset >= 0, offset + keyBytes.count <= bytes.count else { return nil }
        bytes.replaceSubrange(offset..<(offset + keyBytes.count), with: keyBytes)
        let blanked = SourceFile(path: source.path, text: String(decoding: bytes, as: UTF8.self))
        var local = DiagnosticCollector()
        let lexed = Lexer.tokenize(blanked, diagnostics: &local)
        guard let end = lexed.tokens.last, !local.hasErrors else {
            diagnostics.append(contentsOf: local.diagnostics)
            return nil
        }
        let cursor = TokenCursor(source: blanked, tokens: lexed.tokens.dropLast(), terminator: end)
        do {
            let items = try SelectParser(cursor: cursor).parseOrderItems()
            guard cursor.current.kind == .eof else {
                diagnostics.error("unexpected '\(cursor.current.value)' in a '-- @sort' key; separate keys with ','", in: source,
                                  at: cursor.current.location)
                return nil
            }
            return items
        } catch {
            diagnostics.error(error.message, in: source, at: error.location)
            return nil
        }
    }
}
