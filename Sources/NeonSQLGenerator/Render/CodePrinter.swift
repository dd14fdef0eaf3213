/// A minimal line-oriented code printer: indentation, blank lines and doc comments.
///
/// Output uses four spaces per level, `\n` line endings, no trailing whitespace (outside verbatim
/// lines) and exactly one final newline, so that the same input always prints the same bytes.
struct CodePrinter {
    private struct Line {
        var text: String
        /// Verbatim lines (string literal content) keep their trailing whitespace.
        var verbatim: Bool
    }

    private var lines: [Line] = []
    private var level = 0
    private let indentUnit = "    "

    /// The current indentation as a string.
    var indentation: String { String(repeating: indentUnit, count: level) }

    /// Appends one line at the current indentation (an empty string prints an empty line).
    mutating func line(_ text: String) {
        lines.append(Line(text: text.isEmpty ? "" : indentation + text, verbatim: false))
    }

    /// Appends string literal content at the current indentation, keeping it byte for byte
    /// (trailing whitespace included); an empty line stays empty.
    mutating func verbatimLine(_ text: String) {
        lines.append(Line(text: text.isEmpty ? "" : indentation + text, verbatim: true))
    }

    /// Appends an empty line, unless the previous line is already empty or nothing was printed.
    mutating func blankLine() {
        if let last = lines.last, !last.text.isEmpty { lines.append(Line(text: "", verbatim: false)) }
    }

    /// Prints `header {`, the body one level deeper, then `}`.
    /// Runs `body` one indentation level deeper.
    mutating func indented(_ body: (inout CodePrinter) -> Void) {
        level += 1
        body(&self)
        level -= 1
    }

    mutating func block(_ header: String, _ body: (inout CodePrinter) -> Void) {
        line(header + " {")
        level += 1
        body(&self)
        level -= 1
        line("}")
    }

    /// Prints each line as a `///` doc comment at the current indentation.
    mutating func docComment(_ documentation: [String]) {
        for text in documentation {
            let cleaned = Self.sanitizedCommentText(text)
            line(cleaned.isEmpty ? "///" : "/// " + cleaned)
        }
    }

    /// The printed text: lines joined by `\n` with one trailing newline.
    var text: String {
        var trimmed = lines
        while let last = trimmed.last, last.text.isEmpty { trimmed.removeLast() }
        return trimmed.map { $0.verbatim ? $0.text : Self.trimmingTrailingWhitespace($0.text) }
            .joined(separator: "\n") + "\n"
    }

    /// A comment line safe to print after `///`: control characters (a stray `\r` would end the
    /// comment early) become spaces, trailing whitespace is dropped.
    static func sanitizedCommentText(_ text: String) -> String {
        let isControl: (UInt8) -> Bool = { $0 < 0x20 || $0 == 0x7F }
        // Line and paragraph separators are E2 80 A8/A9 in UTF-8: any E2 byte takes the slow path.
        if !text.utf8.contains(where: { isControl($0) || $0 == 0xE2 }) {
            return trimmingTrailingWhitespace(text)
        }
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}" {
                result.unicodeScalars.append(" ")
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return trimmingTrailingWhitespace(result)
    }

    static func trimmingTrailingWhitespace(_ text: String) -> String {
        guard let last = text.utf8.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") else { return text }
        var scalars = Substring(text).unicodeScalars
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
