/// Byte scans of a string's UTF-8 in its own storage. `String.UTF8View`'s `contains(where:)` and
/// `split` step through the view's indices one byte at a time (bounds and encoding checks per
/// byte); the renderers' fast paths (is there anything to escape? where are the line feeds?) run
/// over every name and every query's SQL, so they read the contiguous bytes instead.
enum UTF8Scan {
    /// Whether a UTF-8 byte of `text` satisfies `predicate`.
    static func contains(_ text: String, where predicate: (UInt8) -> Bool) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { $0.contains(where: predicate) } ?? text.utf8.contains(where: predicate)
    }

    /// The lines of `text` between line feeds, in order, as substrings of it (no copies): text
    /// ending in `\n` ends with an empty line, empty text is one empty line.
    static func forEachLine(of text: String, _ body: (Substring) -> Void) {
        let newline = UInt8(ascii: "\n")
        let offsets = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.indices.filter { bytes[$0] == newline }
        } ?? text.utf8.indices.filter { text.utf8[$0] == newline }.map { text.utf8.distance(from: text.utf8.startIndex, to: $0) }
        let utf8 = text.utf8
        var start = utf8.startIndex
        for offset in offsets {
            let end = utf8.index(utf8.startIndex, offsetBy: offset)
            body(text[start..<end])
            start = utf8.index(after: end)
        }
        body(text[start..<utf8.endIndex])
    }
}
