import NeonSQLShared

/// Schema files as psql reads them. Schemas produced by `pg_dump` are psql scripts: besides SQL they
/// hold meta-commands (`\connect db`, `\restrict key`, `\unrestrict key`, `\set ...`) and the data of
/// `COPY ... FROM stdin;` up to a `\.` line. psql runs the meta-commands itself and sends the data
/// to the server; none of it is SQL the catalog reads. This blanks both out (keeping every line
/// break, so diagnostics keep their lines) and notes which meta-commands were skipped.
enum PsqlScript {
    /// `file` with psql meta-command lines and `COPY ... FROM stdin` data blanked out; a note on
    /// the first meta-command names them all. `file` itself when it has neither.
    static func withoutMetaCommands(_ file: SourceFile, _ diagnostics: inout DiagnosticCollector) -> SourceFile {
        var scanner = Scanner(bytes: file.bytes)
        scanner.run()
        guard !scanner.blanked.isEmpty else { return file }
        var bytes = file.bytes
        for range in scanner.blanked {
            for index in range where bytes[index] != UInt8(ascii: "\n") { bytes[index] = UInt8(ascii: " ") }
        }
        if let first = scanner.commands.first {
            var names: [String] = []
            for command in scanner.commands.map(\.name) where !names.contains(command) { names.append(command) }
            diagnostics.append(Diagnostic(.note, "psql meta-commands skipped (\(names.joined(separator: ", "))): psql runs them itself; "
                                          + "they change no schema object", in: file, at: file.location(ofOffset: first.offset)))
        }
        return SourceFile(path: file.path, text: String(decoding: bytes, as: UTF8.self), invalidUTF8: file.invalidUTF8)
    }

    /// Finds meta-command lines and COPY data outside strings, quoted names, comments and
    /// dollar-quoted bodies (`SQLLexicalRuns`, the rules the runtime's revalidation uses too).
    private struct Scanner {
        let bytes: [UInt8]
        var position = 0
        var blanked: [Range<Int>] = []
        var commands: [(name: String, offset: Int)] = []
        /// The current statement's words (lowercased), for `COPY ... FROM stdin`.
        var words: [String] = []

        func byte(_ offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

        func isWord(_ c: UInt8) -> Bool { Lexer.isIdentifierContinuation(c) }

        func endOfLine(from offset: Int) -> Int {
            var end = offset
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            return end
        }

        /// Whether only spaces and tabs precede `offset` on its line.
        func startsLine(_ offset: Int) -> Bool {
            var index = offset - 1
            while index >= 0, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index -= 1 }
            return index < 0 || bytes[index] == UInt8(ascii: "\n")
        }

        mutating func run() {
            while position < bytes.count {
                let c = bytes[position]
                switch c {
                case UInt8(ascii: "\\") where startsLine(position):
                    let end = endOfLine(from: position)
                    let name = bytes[position..<end].prefix { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\r") }
                    commands.append((String(decoding: name, as: UTF8.self), position))
                    blanked.append(position..<end)
                    position = end
                case UInt8(ascii: "-") where byte(position + 1) == UInt8(ascii: "-"):
                    position = SQLLexicalRuns.endOfLineComment(in: bytes, from: position)
                case UInt8(ascii: "/") where byte(position + 1) == UInt8(ascii: "*"):
                    position = SQLLexicalRuns.endOfBlockComment(in: bytes, from: position) ?? bytes.count
                case UInt8(ascii: "'"):
                    let escapes = SQLLexicalRuns.quoteTakesBackslashEscapes(in: bytes, at: position)
                    position = SQLLexicalRuns.endOfQuoted(in: bytes, from: position, backslashEscapes: escapes) ?? bytes.count
                case UInt8(ascii: "\""):
                    position = SQLLexicalRuns.endOfQuoted(in: bytes, from: position, backslashEscapes: false) ?? bytes.count
                case UInt8(ascii: "$") where !SQLLexicalRuns.followsIdentifier(in: bytes, at: position):
                    if let opening = SQLLexicalRuns.endOfDollarQuoteOpening(in: bytes, at: position) {
                        position = SQLLexicalRuns.endOfDollarQuoted(in: bytes, opening: position..<opening) ?? bytes.count
                    } else {
                        position += 1
                    }
                case UInt8(ascii: ";"):
                    position += 1
                    if isCopyFromStdin { skipCopyData() }
                    words = []
                default:
                    if Lexer.isIdentifierStart(c) {
                        let start = position
                        while let b = byte(position), isWord(b) { position += 1 }
                        if words.count < 64 {
                            words.append(String(decoding: bytes[start..<position].map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self))
                        }
                    } else {
                        position += 1
                    }
                }
            }
        }

        var isCopyFromStdin: Bool {
            guard words.first == "copy", let from = words.lastIndex(of: "from") else { return false }
            return words.index(after: from) < words.endIndex && words[words.index(after: from)] == "stdin"
        }

        /// The data lines after `COPY ... FROM stdin;`, through the `\.` line.
        mutating func skipCopyData() {
            let start = endOfLine(from: position)
            guard start < bytes.count else { return }
            var line = start + 1
            while line < bytes.count {
                let end = endOfLine(from: line)
                let text = bytes[line..<end]
                if text.first == UInt8(ascii: "\\"), text.dropFirst().first == UInt8(ascii: "."),
                   text.dropFirst(2).allSatisfy({ $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: " ") }) {
                    blanked.append(start..<end)
                    position = end
                    return
                }
                line = end + 1
            }
            blanked.append(start..<bytes.count)
            position = bytes.count
        }
    }
}
