// The lexer: UTF-8 bytes of a `.sql` file -> tokens and comments, following PostgreSQL's scan.l:
// the main loop, comments, words, dollar signs, numbers and operators. String constants and quoted
// identifiers are in Lexer+Strings.swift.

/// The lexer's output for one file.
struct LexedFile: Sendable {
    /// Every token in order, ending with one `.eof` token at the end of the file.
    let tokens: [Token]
    /// Every comment in order.
    let comments: [Comment]
}

/// Splits a source file into tokens with PostgreSQL's rules: case-folded identifiers, quoted
/// identifiers, standard/escape/Unicode/dollar-quoted strings, numbers, multi-character operators,
/// `$n` and `@name` parameters, `--` and nested `/* */` comments. Errors (unterminated strings,
/// stray characters) are reported to the collector at the first character of the offending text and
/// produce an `.invalid` token, so the parser can leave that statement alone.
struct Lexer {
    private let source: SourceFile
    let bytes: [UInt8]
    var pos = 0
    private var tokens: [Token] = []
    private var comments: [Comment] = []
    var errors: [(message: String, offset: Int)] = []

    private init(source: SourceFile) {
        self.source = source
        self.bytes = source.bytes
    }

    /// Tokenizes `source`, reporting lexical errors to `diagnostics`.
    static func tokenize(_ source: SourceFile, diagnostics: inout DiagnosticCollector) -> LexedFile {
        var lexer = Lexer(source: source)
        lexer.run()
        for error in lexer.errors {
            diagnostics.error(error.message, in: source, at: source.location(ofOffset: error.offset))
        }
        return LexedFile(tokens: lexer.tokens, comments: lexer.comments)
    }

    // MARK: - Character classes

    func byte(_ offset: Int) -> UInt8? {
        offset >= 0 && offset < bytes.count ? bytes[offset] : nil
    }

    static func isWhitespace(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0C || c == 0x0B
    }

    static func isIdentifierStart(_ c: UInt8) -> Bool {
        (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || c == 0x5F || c >= 0x80
    }

    static func isIdentifierContinuation(_ c: UInt8) -> Bool {
        isIdentifierStart(c) || isDigit(c) || c == 0x24
    }

    static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    static func isHexDigit(_ c: UInt8) -> Bool {
        isDigit(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46)
    }

    private static let operatorCharacters: Set<UInt8> = Set("~!@#^&|`?+-*/%<>=".utf8)
    /// Characters that let a multi-character operator end in `+` or `-`.
    private static let nonStandardOperatorCharacters: Set<UInt8> = Set("~!@#^&|`?%".utf8)

    private static func lowercased(_ slice: ArraySlice<UInt8>) -> String {
        // Written into the string's own storage (repaired like `String(decoding:)` if not UTF-8):
        // mapping the slice first allocated an array per word.
        String(unsafeUninitializedCapacity: slice.count) { buffer in
            for (offset, byte) in slice.enumerated() {
                buffer[offset] = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
            }
            return slice.count
        }
    }

    // MARK: - Main loop

    // Locations are computed incrementally (tokens and comments come in offset order), which keeps
    // long lines linear; `SourceFile.location(ofOffset:)` would rescan the line for every token.
    private var trackedOffset = 0
    private var trackedLine = 1
    private var trackedColumn = 1

    private mutating func location(of offset: Int) -> SourceLocation {
        guard offset >= trackedOffset, offset <= bytes.count else { return source.location(ofOffset: offset) }
        while trackedOffset < offset {
            let b = bytes[trackedOffset]
            if b == 0x0A {
                trackedLine += 1
                trackedColumn = 1
            } else if b & 0xC0 != 0x80 {
                trackedColumn += 1
            }
            trackedOffset += 1
        }
        return SourceLocation(offset: offset, line: trackedLine, column: trackedColumn)
    }

    mutating func emit(_ kind: TokenKind, _ value: String, from start: Int) {
        tokens.append(Token(kind: kind, value: value, start: start, end: pos, location: location(of: start)))
    }

    private mutating func run() {
        while pos < bytes.count {
            let c = bytes[pos]
            let next = byte(pos + 1)
            if Lexer.isWhitespace(c) {
                pos += 1
            } else if c == UInt8(ascii: "-"), next == UInt8(ascii: "-") {
                lineComment()
            } else if c == UInt8(ascii: "/"), next == UInt8(ascii: "*") {
                blockComment()
            } else if Lexer.isIdentifierStart(c) {
                wordOrPrefixedString()
            } else if Lexer.isDigit(c) || (c == UInt8(ascii: ".") && next.map(Lexer.isDigit) == true) {
                number()
            } else {
                punctuation(c, next)
            }
        }
        emit(.eof, "", from: pos)
    }

    private mutating func punctuation(_ c: UInt8, _ next: UInt8?) {
        let start = pos
        switch c {
        case UInt8(ascii: "("): pos += 1; emit(.leftParen, "(", from: start)
        case UInt8(ascii: ")"): pos += 1; emit(.rightParen, ")", from: start)
        case UInt8(ascii: "["): pos += 1; emit(.leftBracket, "[", from: start)
        case UInt8(ascii: "]"): pos += 1; emit(.rightBracket, "]", from: start)
        case UInt8(ascii: ","): pos += 1; emit(.comma, ",", from: start)
        case UInt8(ascii: ";"): pos += 1; emit(.semicolon, ";", from: start)
        case UInt8(ascii: "."): pos += 1; emit(.dot, ".", from: start)
        case UInt8(ascii: ":"):
            if next == UInt8(ascii: ":") {
                pos += 2; emit(.doubleColon, "::", from: start)
            } else if next == UInt8(ascii: "=") {
                pos += 2; emit(.op, ":=", from: start)
            } else {
                pos += 1; emit(.colon, ":", from: start)
            }
        case UInt8(ascii: "'"):
            quotedString(from: start, contentStart: pos + 1, escapes: .none)
        case UInt8(ascii: "\""):
            quotedIdentifier(from: start, contentStart: pos + 1, unicode: false)
        case UInt8(ascii: "$"):
            dollar()
        case UInt8(ascii: "@") where next.map(Lexer.isIdentifierStart) == true:
            pos += 1
            while let b = byte(pos), Lexer.isIdentifierContinuation(b) { pos += 1 }
            emit(.namedParameter, source.text(from: start + 1, to: pos), from: start)
        default:
            if Lexer.operatorCharacters.contains(c) {
                operatorToken()
            } else {
                // Skip a whole UTF-8 sequence so the message names one character.
                pos += 1
                while let b = byte(pos), b & 0xC0 == 0x80 { pos += 1 }
                let text = source.text(from: start, to: pos)
                errors.append(("unexpected character '\(text)'", start))
                emit(.invalid, text, from: start)
            }
        }
    }

    // MARK: - Comments

    private mutating func lineComment() {
        let start = pos
        pos += 2
        let textStart = pos
        while let b = byte(pos), b != 0x0A { pos += 1 }
        var textEnd = pos
        if textEnd > textStart, bytes[textEnd - 1] == 0x0D { textEnd -= 1 }
        comments.append(Comment(text: source.text(from: textStart, to: textEnd), location: location(of: start), isBlock: false))
    }

    private mutating func blockComment() {
        let start = pos
        pos += 2
        var depth = 1
        while pos < bytes.count {
            if bytes[pos] == UInt8(ascii: "*"), byte(pos + 1) == UInt8(ascii: "/") {
                depth -= 1
                pos += 2
                if depth == 0 {
                    comments.append(Comment(text: source.text(from: start + 2, to: pos - 2), location: location(of: start), isBlock: true))
                    return
                }
            } else if bytes[pos] == UInt8(ascii: "/"), byte(pos + 1) == UInt8(ascii: "*") {
                depth += 1
                pos += 2
            } else {
                pos += 1
            }
        }
        errors.append(("unterminated /* comment", start))
        emit(.invalid, "/*", from: start)
    }

    // MARK: - Words and prefixed strings

    private mutating func wordOrPrefixedString() {
        let start = pos
        let c = bytes[pos] | 0x20
        let next = byte(pos + 1)
        if next == UInt8(ascii: "'") {
            switch c {
            case UInt8(ascii: "e"): quotedString(from: start, contentStart: pos + 2, escapes: .backslash); return
            case UInt8(ascii: "n"): quotedString(from: start, contentStart: pos + 2, escapes: .none); return
            case UInt8(ascii: "b"): bitString(from: start, prefix: "b"); return
            case UInt8(ascii: "x"): bitString(from: start, prefix: "x"); return
            default: break
            }
        }
        if c == UInt8(ascii: "u"), next == UInt8(ascii: "&") {
            if byte(pos + 2) == UInt8(ascii: "'") {
                quotedString(from: start, contentStart: pos + 3, escapes: .unicode); return
            }
            if byte(pos + 2) == UInt8(ascii: "\"") {
                quotedIdentifier(from: start, contentStart: pos + 3, unicode: true); return
            }
        }
        while let b = byte(pos), Lexer.isIdentifierContinuation(b) { pos += 1 }
        emit(.word, Lexer.lowercased(bytes[start..<pos]), from: start)
    }

    // MARK: - Dollar signs

    /// `$1` parameter, `$$...$$` or `$tag$...$tag$` string.
    private mutating func dollar() {
        let start = pos
        if let next = byte(pos + 1), Lexer.isDigit(next) {
            pos += 1
            while let b = byte(pos), Lexer.isDigit(b) { pos += 1 }
            emit(.positionalParameter, source.text(from: start + 1, to: pos), from: start)
            return
        }
        var tagEnd = pos + 1
        if let first = byte(tagEnd), Lexer.isIdentifierStart(first) {
            while let b = byte(tagEnd), Lexer.isIdentifierStart(b) || Lexer.isDigit(b) { tagEnd += 1 }
        }
        guard byte(tagEnd) == UInt8(ascii: "$") else {
            pos += 1
            errors.append(("unexpected character '$'", start))
            emit(.invalid, "$", from: start)
            return
        }
        let delimiter = Array(bytes[start...tagEnd])
        let contentStart = tagEnd + 1
        var search = contentStart
        while search + delimiter.count <= bytes.count {
            if bytes[search] == UInt8(ascii: "$"), bytes[search..<(search + delimiter.count)].elementsEqual(delimiter) {
                pos = search + delimiter.count
                emit(.string, source.text(from: contentStart, to: search), from: start)
                return
            }
            search += 1
        }
        pos = bytes.count
        errors.append(("unterminated dollar-quoted string", start))
        emit(.invalid, "$", from: start)
    }

    // MARK: - Numbers and operators

    private mutating func digits(hex: Bool = false) {
        while let b = byte(pos) {
            if hex ? Lexer.isHexDigit(b) : Lexer.isDigit(b) {
                pos += 1
            } else if b == UInt8(ascii: "_"), let after = byte(pos + 1), hex ? Lexer.isHexDigit(after) : Lexer.isDigit(after) {
                pos += 1
            } else {
                break
            }
        }
    }

    private mutating func number() {
        let start = pos
        if bytes[pos] == UInt8(ascii: "0"), let x = byte(pos + 1), x | 0x20 == UInt8(ascii: "x"),
           let h = byte(pos + 2), Lexer.isHexDigit(h) {
            pos += 2
            digits(hex: true)
            emit(.integer, String(source.text(from: start, to: pos).filter { $0 != "_" }), from: start)
            return
        }
        var isNumeric = false
        digits()
        if byte(pos) == UInt8(ascii: "."), byte(pos + 1) != UInt8(ascii: ".") {
            isNumeric = true
            pos += 1
            digits()
        }
        if let e = byte(pos), e | 0x20 == UInt8(ascii: "e") {
            var look = pos + 1
            if let sign = byte(look), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { look += 1 }
            if let d = byte(look), Lexer.isDigit(d) {
                isNumeric = true
                pos = look
                digits()
            }
        }
        let text = String(source.text(from: start, to: pos).filter { $0 != "_" })
        emit(isNumeric ? .numeric : .integer, text, from: start)
    }

    /// Operators after which `@name` is a parameter even without a space (`=@id`). `<@` stays the
    /// containment operator, as in PostgreSQL.
    private static let operatorsBeforeNamedParameter: Set<String> = [
        "=", "<>", "!=", "<=", ">=", ">", "+", "-", "*", "/", "%", "^", "||",
    ]

    /// PostgreSQL's operator rule: the longest run of operator characters, cut before `--` or `/*`;
    /// a multi-character operator ends in `+` or `-` only if it contains one of `~!@#^&|`?%`.
    /// Also cut before `@name` after a comparison or arithmetic operator, so `=@id` is `=` and a parameter.
    private mutating func operatorToken() {
        let start = pos
        while let b = byte(pos), Lexer.operatorCharacters.contains(b) {
            let next = byte(pos + 1)
            if pos > start {
                if b == UInt8(ascii: "-"), next == UInt8(ascii: "-") { break }
                if b == UInt8(ascii: "/"), next == UInt8(ascii: "*") { break }
                if b == UInt8(ascii: "@"), next.map(Lexer.isIdentifierStart) == true,
                   Lexer.operatorsBeforeNamedParameter.contains(source.text(from: start, to: pos)) { break }
            }
            pos += 1
        }
        var length = pos - start
        if length > 1, bytes[start + length - 1] == UInt8(ascii: "+") || bytes[start + length - 1] == UInt8(ascii: "-") {
            let hasNonStandard = bytes[start..<(start + length)].contains { Lexer.nonStandardOperatorCharacters.contains($0) }
            if !hasNonStandard {
                repeat {
                    length -= 1
                } while length > 1 && (bytes[start + length - 1] == UInt8(ascii: "+") || bytes[start + length - 1] == UInt8(ascii: "-"))
            }
        }
        pos = start + length
        var text = source.text(from: start, to: pos)
        if text == "!=" { text = "<>" }
        emit(.op, text, from: start)
    }
}
