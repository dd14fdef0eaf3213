/// Appending a string's UTF-8 to bytes being built (the printer's output, an interpolated line,
/// a signature, JSON): one copy of the string's contiguous storage, where `String.append` checks
/// capacity, uniqueness and encoding per call (issue 28). The bytes become a `String` once, at the end.
extension Array where Element == UInt8 {
    /// Appends the UTF-8 of `text` (contiguous for any native string: one copy).
    mutating func appendUTF8(of text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }

    /// Appends the UTF-8 of `text`, a part of a larger string (a line of a query's SQL), in place.
    mutating func appendUTF8(of text: Substring) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }
}
