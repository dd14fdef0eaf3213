/// What the lock file reads from a statement's tokens, where it has no syntax tree: the parameter
/// occurrences of a statement the parser cannot read (numbered and written as `$n` as the
/// analyzer's are, by `ParameterTable` and `SQLRewriter`), the `!`/`?` markers of quoted aliases,
/// `sqlc.embed` (which an entry cannot describe; sqlc sends it as `t.*`) and the statement's words.
struct StatementTokens {
    /// Parameter occurrences as the parser records them (`sqlc.slice` after `IN` spans from `IN` or
    /// `NOT` to its closing parenthesis, with the template `= ANY($n)` or `<> ALL($n)`).
    private(set) var parameters: [ParameterNode] = []
    /// The `!`/`?` of each `AS "name!"` alias: one byte to leave out of the SQL sent.
    private(set) var aliasMarkers: [(offset: Int, length: Int)] = []
    /// Where the statement uses `sqlc.embed`.
    private(set) var embed: SourceLocation?
    /// Each `sqlc.embed(t)` call with the text sqlc sends for it, `t.*`.
    private(set) var embedItems: [(offset: Int, length: Int, text: String)] = []
    /// The unquoted words, lower-cased, in order.
    private(set) var words: [String] = []

    init(_ tokens: ArraySlice<Token>, _ source: SourceFile) {
        let tokens = Array(tokens)
        words = tokens.filter { $0.kind == .word }.map(\.value)
        var index = 0
        func token(_ at: Int) -> Token? { at < tokens.count ? tokens[at] : nil }
        while index < tokens.count {
            let current = tokens[index]
            switch current.kind {
            case .positionalParameter:
                if let number = Int(current.value) { parameters.append(Self.node(.positional(number), current, endOffset: current.end)) }
            case .namedParameter:
                parameters.append(Self.node(.named(current.value), current, endOffset: current.end))
            case .quotedIdentifier where index > 0 && tokens[index - 1].isWord("as")
                && (current.value.hasSuffix("!") || current.value.hasSuffix("?")) && current.end - current.start >= 3:
                // The marker is the last character before the closing quote.
                aliasMarkers.append((current.end - 2, 1))
            case .word where current.value == "sqlc" && token(index + 1)?.kind == .dot:
                if let consumed = macro(at: index, tokens, source) {
                    index += consumed
                    continue
                }
            default:
                break
            }
            index += 1
        }
    }

    private static func node(_ reference: ParameterReference, _ token: Token, endOffset: Int) -> ParameterNode {
        ParameterNode(reference: reference, location: token.location, range: SourceRange(start: token.location, endOffset: endOffset))
    }

    /// Reads `sqlc.arg(name)`, `sqlc.narg(name)` or `sqlc.slice(name)` at `index` (the `sqlc`
    /// token): the number of tokens it spans, or nil when it is none of them (`sqlc.embed` is
    /// remembered).
    private mutating func macro(at index: Int, _ tokens: [Token], _ source: SourceFile) -> Int? {
        func token(_ at: Int) -> Token? { at < tokens.count ? tokens[at] : nil }
        let current = tokens[index]
        guard let macro = token(index + 2), token(index + 3)?.kind == .leftParen, let nameToken = token(index + 4),
              let close = token(index + 5), close.kind == .rightParen else { return nil }
        if macro.isWord("embed") {
            embed = current.location
            embedItems.append((current.start, close.end - current.start, source.text(from: nameToken.start, to: nameToken.end) + ".*"))
            return nil
        }
        guard macro.isWord("arg") || macro.isWord("narg") || macro.isWord("slice") else { return nil }
        let name: String
        switch nameToken.kind {
        case .word: name = source.text(from: nameToken.start, to: nameToken.end)
        case .quotedIdentifier, .string: name = nameToken.value
        default: return nil
        }
        let reference: ParameterReference = macro.isWord("narg") ? .nullableNamed(name) : .named(name)
        // `x [NOT] IN (sqlc.slice(ids))` is sent as `x = ANY($n)` (`<> ALL($n)`), as the parser does.
        if macro.isWord("slice"), index >= 2, tokens[index - 1].kind == .leftParen, tokens[index - 2].isWord("in"),
           let outer = token(index + 6), outer.kind == .rightParen {
            let negated = index >= 3 && tokens[index - 3].isWord("not")
            let start = tokens[index - (negated ? 3 : 2)]
            var node = ParameterNode(reference: reference, location: nameToken.location,
                                     range: SourceRange(start: start.location, endOffset: outer.end))
            node.template = negated ? "<> ALL($n)" : "= ANY($n)"
            parameters.removeAll { $0.range.start.offset >= start.start }
            parameters.append(node)
            return 7
        }
        parameters.append(Self.node(reference, current, endOffset: close.end))
        return 6
    }
}
