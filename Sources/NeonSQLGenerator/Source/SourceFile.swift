/// A `.sql` file's text and the path diagnostics report it under.
struct SourceFile: Sendable, Hashable {
    /// The path as diagnostics print it (as given on the command line or by the plugin).
    let path: String
    /// The file's contents.
    let text: String
    /// UTF-8 view of `text`; the lexer and source locations work in UTF-8 byte offsets.
    let bytes: [UInt8]
    /// Offsets of the first byte of each line.
    private let lineStarts: [Int]
    /// Where the file as read stopped being valid UTF-8 (`text` holds U+FFFD from there on);
    /// `text` and the original bytes agree before it, so locations up to it are exact.
    let invalidUTF8: InvalidUTF8?

    init(path: String, text: String, invalidUTF8: InvalidUTF8? = nil) {
        self.path = path
        self.text = text
        self.invalidUTF8 = invalidUTF8
        self.bytes = Array(text.utf8)
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(offset + 1)
        }
        self.lineStarts = starts
    }

    init(input: SQLSourceInput) {
        self.init(path: input.path, text: input.contents, invalidUTF8: input.invalidUTF8)
    }

    /// The location of the first token at or after byte `offset`: the first character that is
    /// neither space nor part of a comment (`--` or `/* */`); nil at the end of the text.
    func tokenLocation(after offset: Int) -> SourceLocation? {
        var index = offset
        while index < bytes.count {
            let byte = bytes[index]
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            if byte == UInt8(ascii: " ") || (9...13).contains(byte) {
                index += 1
            } else if byte == UInt8(ascii: "-"), next == UInt8(ascii: "-") {
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            } else if byte == UInt8(ascii: "/"), next == UInt8(ascii: "*") {
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                index += 2
            } else {
                return location(ofOffset: index)
            }
        }
        return nil
    }

    /// The 1-based line and column (in characters) of a byte offset.
    func location(ofOffset offset: Int) -> SourceLocation {
        let clamped = max(0, min(offset, bytes.count))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
        }
        let lineStart = lineStarts[low]
        // Columns count Unicode scalars' leading bytes, so a multi-byte character is one column.
        var column = 1
        var index = lineStart
        while index < clamped {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        if clamped < bytes.count, bytes[clamped] & 0xC0 == 0x80 { column -= 1 }
        return SourceLocation(offset: clamped, line: low + 1, column: max(1, column))
    }

    /// The text between two byte offsets.
    func text(from start: Int, to end: Int) -> String {
        let lower = max(0, min(start, bytes.count))
        let upper = max(lower, min(end, bytes.count))
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }
}

/// A half-open byte range in a source file.
struct SourceRange: Sendable, Hashable {
    let start: SourceLocation
    /// Offset one past the last byte.
    let endOffset: Int
}
