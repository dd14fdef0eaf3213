/// A minimal line-oriented code printer: indentation, blank lines and doc comments.
///
/// Output uses four spaces per level, `\n` line endings, no trailing whitespace (outside verbatim
/// lines) and exactly one final newline, so that the same input always prints the same bytes.
///
/// Lines are appended to the output as they are printed (no list of lines joined at the end);
/// empty lines are held back until a non-empty line follows, so trailing ones are dropped.
///
/// The output is UTF-8 bytes, made a `String` once by ``text``: appending a string's bytes to an
/// array costs about a third of `String.append` (its capacity and uniqueness checks), and a file
/// is hundreds of thousands of appends (issue 28: about 60M of a generate's 900M instructions).
struct CodePrinter {
    /// The lines up to the last non-empty one, each ending in `\n`, as UTF-8.
    private var output: [UInt8] = []
    /// Empty lines printed since the last non-empty line, not yet in `output`.
    private var pendingEmptyLines = 0
    private var level = 0
    private static let indentUnit = "    "
    /// The indentation of the levels generated code uses, built once (one append per line).
    private static let indentations = (0..<12).map { String(repeating: indentUnit, count: $0) }

    /// A printer for about `expectedBytes` of output, reserved at once: an output grown line by
    /// line is copied each time its capacity doubles (issue 28: ~5M instructions a generate).
    init(expectedBytes: Int = 0) {
        output.reserveCapacity(expectedBytes)
    }

    /// The current indentation as a string.
    var indentation: String { String(repeating: Self.indentUnit, count: level) }

    /// Appends one line at the current indentation (an empty string prints an empty line).
    mutating func line(_ text: CodeLine) {
        text.withUTF8 { append($0) }
    }

    /// ``line(_:)`` of a string built elsewhere; a string literal is a ``CodeLine`` instead
    /// (disfavored so that a literal with interpolations is not built as a `String` first).
    @_disfavoredOverload
    mutating func line(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Appends string literal content at the current indentation, keeping it byte for byte
    /// (trailing whitespace included); an empty line stays empty.
    mutating func verbatimLine(_ text: String) {
        verbatimLine(Substring(text))
    }

    /// Appends string literal content given as a part of a larger text (a line of a query's SQL),
    /// as the `String` form does.
    mutating func verbatimLine(_ text: Substring) {
        if text.isEmpty {
            pendingEmptyLines += 1
            return
        }
        startLine()
        write(text)
        output.append(UInt8(ascii: "\n"))
    }

    /// Appends an empty line, unless the previous line is already empty or nothing was printed.
    mutating func blankLine() {
        if pendingEmptyLines == 0, !output.isEmpty { pendingEmptyLines = 1 }
    }

    /// `text` (UTF-8) at the current indentation, trailing spaces and tabs dropped.
    private mutating func append(_ text: UnsafeBufferPointer<UInt8>) {
        if text.isEmpty {
            pendingEmptyLines += 1
            return
        }
        var end = text.count
        while end > 0, text[end - 1] == UInt8(ascii: " ") || text[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        // A line of only whitespace loses its indentation too (the indentation is whitespace).
        if end == 0 {
            writeEmptyLines()
        } else {
            startLine()
            output.append(contentsOf: UnsafeBufferPointer(rebasing: text[..<end]))
        }
        output.append(UInt8(ascii: "\n"))
    }

    /// Writes the empty lines held back, then the indentation of a non-empty line.
    private mutating func startLine() {
        writeEmptyLines()
        if level < Self.indentations.count {
            write(Self.indentations[level])
        } else {
            for _ in 0..<level { write(Self.indentUnit) }
        }
    }

    /// Writes the empty lines held back.
    private mutating func writeEmptyLines() {
        for _ in 0..<pendingEmptyLines { output.append(UInt8(ascii: "\n")) }
        pendingEmptyLines = 0
    }

    /// Appends the UTF-8 bytes of `text` (contiguous for any native string: one copy).
    private mutating func write(_ text: String) {
        output.appendUTF8(of: text)
    }

    /// Appends the UTF-8 bytes of `text` (a line of a larger text, in place).
    private mutating func write(_ text: Substring) {
        output.appendUTF8(of: text)
    }

    /// Runs `body` one indentation level deeper.
    mutating func indented(_ body: (inout CodePrinter) -> Void) {
        level += 1
        body(&self)
        level -= 1
    }

    /// Prints `header {`, the body one level deeper, then `}`.
    mutating func block(_ header: CodeLine, _ body: (inout CodePrinter) -> Void) {
        // `header + " {"` as `line` prints it (it never ends in whitespace), without the concatenation.
        startLine()
        header.withUTF8 { output.append(contentsOf: $0) }
        write(" {\n")
        level += 1
        body(&self)
        level -= 1
        line("}")
    }

    /// ``block(_:_:)`` with a header built elsewhere (disfavored as the `String` form of `line` is).
    @_disfavoredOverload
    mutating func block(_ header: String, _ body: (inout CodePrinter) -> Void) {
        block(CodeLine(header), body)
    }

    /// Prints each line as a `///` doc comment at the current indentation.
    mutating func docComment(_ documentation: [String]) {
        for text in documentation { docCommentLine(Self.sanitizedCommentText(text)) }
    }

    /// ``docComment(_:)`` of lines already passed through ``sanitizedCommentText(_:)`` (a query's
    /// documentation, sanitized once for the functions that each print it).
    mutating func docComment(sanitizedLines documentation: [String]) {
        for text in documentation { docCommentLine(text) }
    }

    /// A declaration's `@available(*, deprecated, ...)` line (`-- @deprecated`), when it has one.
    mutating func availability(_ attribute: String?) {
        if let attribute { line(attribute) }
    }

    /// `/// text` (`text` sanitized: `line("/// " + text)` without the concatenation).
    private mutating func docCommentLine(_ cleaned: String) {
        startLine()
        write(cleaned.isEmpty ? "///" : "/// ")
        write(cleaned)
        output.append(UInt8(ascii: "\n"))
    }

    /// The printed text: the lines joined by `\n` with one trailing newline, trailing empty lines
    /// dropped (just `\n` when no line has text).
    var text: String {
        output.isEmpty ? "\n" : String(decoding: output, as: UTF8.self)
    }

    /// A comment line safe to print after `///`: control characters (a stray `\r` would end the
    /// comment early) become spaces, trailing whitespace is dropped.
    static func sanitizedCommentText(_ text: String) -> String {
        let isControl: (UInt8) -> Bool = { $0 < 0x20 || $0 == 0x7F }
        // Line and paragraph separators are E2 80 A8/A9 in UTF-8: any E2 byte takes the slow path.
        if !UTF8Scan.contains(text, where: { isControl($0) || $0 == 0xE2 }) {
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

/// A line or block header for ``CodePrinter``, written as a string literal: its interpolations
/// are appended straight to UTF-8 bytes the printer copies, where a `String` interpolation costs
/// about twice as much per piece and is copied again (issue 28: the renderers print most lines
/// this way).
struct CodeLine: ExpressibleByStringInterpolation {
    private enum Storage {
        /// A literal without interpolations, or a string built elsewhere: kept as it is.
        case string(String)
        case bytes([UInt8])
    }

    private let storage: Storage

    init(_ text: String) {
        storage = .string(text)
    }

    init(stringLiteral value: String) {
        storage = .string(value)
    }

    init(stringInterpolation: Interpolation) {
        storage = .bytes(stringInterpolation.bytes)
    }

    /// A line of UTF-8 bytes written elsewhere (a factory's table effects), kept without a copy.
    init(utf8 bytes: [UInt8]) {
        storage = .bytes(bytes)
    }

    /// Runs `body` with the line's UTF-8 bytes.
    func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        switch storage {
        case .string(var text): return text.withUTF8(body)
        case .bytes(let bytes): return bytes.withUnsafeBufferPointer(body)
        }
    }

    /// The pieces of an interpolated literal, as UTF-8.
    struct Interpolation: StringInterpolationProtocol {
        fileprivate var bytes: [UInt8] = []

        init(literalCapacity: Int, interpolationCount: Int) {
            // Most interpolated names and types are shorter than 64 bytes (a closure type or a
            // parameter list can be longer): one allocation per line, seldom grown.
            bytes.reserveCapacity(literalCapacity + 64 * interpolationCount)
        }

        mutating func appendLiteral(_ literal: String) {
            appendInterpolation(literal)
        }

        mutating func appendInterpolation(_ value: String) {
            bytes.appendUTF8(of: value)
        }

        /// A piece built as a ``CodeLine`` (a factory call's start or arguments), copied as bytes.
        mutating func appendInterpolation(_ line: CodeLine) {
            line.withUTF8 { bytes.append(contentsOf: $0) }
        }

        /// A number or other value, as `String(describing:)` spells it.
        mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            appendInterpolation(value.description)
        }
    }
}
