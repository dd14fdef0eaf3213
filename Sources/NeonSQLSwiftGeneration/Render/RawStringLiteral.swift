/// Swift raw multi-line string literals that reproduce any text exactly.
///
/// The literal is `#"""` ... `"""#` with enough `#` that the text can neither close it (`"""#`)
/// nor start an escape or interpolation (`\#`). Characters a Swift source file cannot hold inside
/// a literal as they are (control characters other than tab and line feed, a carriage return that
/// Swift would normalize away, Unicode line separators) are written as `\#u{...}` escapes.
enum RawStringLiteral {
    /// The number of `#` needed for `text`: one more than the longest run of `#` that follows
    /// `"""` or `\` anywhere in it (at least one).
    static func delimiterCount(for text: String) -> Int {
        // `"`, `\\` and `#` are ASCII (and never part of a longer UTF-8 sequence), so the runs
        // are found in the UTF-8 bytes, in place.
        var text = text
        return text.withUTF8 { bytes in
            let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), hash = UInt8(ascii: "#")
            var needed = 1
            var index = 0
            while index < bytes.count {
                var runStart: Int?
                if bytes[index] == backslash {
                    runStart = index + 1
                } else if bytes[index] == quote, index + 2 < bytes.count, bytes[index + 1] == quote, bytes[index + 2] == quote {
                    runStart = index + 3
                }
                if let start = runStart {
                    var end = start
                    while end < bytes.count, bytes[end] == hash { end += 1 }
                    needed = max(needed, end - start + 1)
                }
                index += 1
            }
            return needed
        }
    }

    /// A one-line raw literal `#"text"#` for text without line breaks or control characters
    /// (JSON the generator wrote, say), with one more `#` than the longest run of `#` that
    /// follows a `"` or `\` in it, so the text can neither close it nor start an escape.
    static func singleLine(_ text: String) -> String {
        let hashes = String(repeating: "#", count: singleLineDelimiterCount(for: text.utf8))
        return hashes + "\"" + text + "\"" + hashes
    }

    /// Appends ``singleLine(_:)`` of UTF-8 `text` to `output` (a factory's table effects JSON,
    /// printed for every statement factory, written as bytes: no strings to concatenate).
    static func appendSingleLine(_ text: [UInt8], to output: inout [UInt8]) {
        let hashes = singleLineDelimiterCount(for: text)
        output.append(contentsOf: repeatElement(UInt8(ascii: "#"), count: hashes))
        output.append(UInt8(ascii: "\""))
        output.append(contentsOf: text)
        output.append(UInt8(ascii: "\""))
        output.append(contentsOf: repeatElement(UInt8(ascii: "#"), count: hashes))
    }

    /// The number of `#` a one-line raw literal of `text` (UTF-8) needs: one more than the longest
    /// run of `#` that follows a `"` or `\` in it (at least one).
    private static func singleLineDelimiterCount(for text: some Sequence<UInt8>) -> Int {
        var needed = 1
        var run: Int?
        for byte in text {
            if byte == UInt8(ascii: "#"), let length = run {
                run = length + 1
                needed = max(needed, length + 2)
            } else {
                run = byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") ? 0 : nil
            }
        }
        return needed
    }

    /// The content lines of the literal for `text`, split at `\n`, each with unprintable
    /// characters escaped for a literal with `hashes` delimiters. Text ending in `\n` yields a
    /// final empty line, which the literal turns back into that newline.
    static func contentLines(for text: String, hashes: Int) -> [String] {
        // Most SQL has no character to escape: split its UTF-8 at line feeds as it is.
        if !mayNeedEscape(text) {
            var lines: [String] = []
            UTF8Scan.forEachLine(of: text) { lines.append(String($0)) }
            return lines
        }
        let escapePrefix = "\\" + String(repeating: "#", count: hashes)
        var lines: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                lines.append(current)
                current = ""
            } else if needsEscape(scalar) {
                current += escapePrefix + "u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                current.unicodeScalars.append(scalar)
            }
        }
        lines.append(current)
        return lines
    }

    /// False when no scalar of `text` other than `\n` needs an escape, read from the UTF-8 bytes:
    /// every such scalar is an ASCII control character or starts with the byte 0xE2 (U+2028,
    /// U+2029) or 0xEF (U+FEFF). True may be a false alarm (the caller then goes scalar by scalar).
    private static func mayNeedEscape(_ text: String) -> Bool {
        UTF8Scan.contains(text) { byte in
            (byte < 0x20 && byte != UInt8(ascii: "\n") && byte != UInt8(ascii: "\t")) || byte == 0x7F || byte == 0xE2 || byte == 0xEF
        }
    }

    /// Whether a scalar cannot appear as-is inside a multi-line string literal.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "\t" { return false }
        return scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}"
            || scalar == "\u{FEFF}"
    }

    /// Prints `prefix#"""`, the content one level deeper, and `"""#suffix` at the current
    /// indentation. The content lines are indented as much as the closing delimiter, which Swift
    /// strips, so the literal's value is exactly `text`.
    static func print(_ text: String, prefix: CodeLine, suffix: CodeLine, into printer: inout CodePrinter) {
        let hashes = String(repeating: "#", count: delimiterCount(for: text))
        printer.line("\(prefix)\(hashes)\"\"\"")
        printer.indented { inner in
            if mayNeedEscape(text) {
                for content in contentLines(for: text, hashes: hashes.count) { inner.verbatimLine(content) }
            } else {
                // Nothing to escape: the lines of the text as they are, without copying them first.
                UTF8Scan.forEachLine(of: text) { inner.verbatimLine($0) }
            }
            inner.line("\"\"\"\(hashes)\(suffix)")
        }
    }
}
