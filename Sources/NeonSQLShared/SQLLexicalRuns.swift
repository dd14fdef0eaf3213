/// The runs of PostgreSQL's SQL inside which nothing is syntax: `--` and (nested) `/* */`
/// comments, string constants (`'...'`, `E'...'` with backslash escapes), quoted identifiers
/// (`"..."`) and dollar-quoted strings (`$tag$ ... $tag$`). The runtime's revalidation (which
/// shifts `$n` placeholders) and the generator's psql-script reader (which finds meta-commands)
/// both step over these runs with the rules here, so the two cannot disagree on where one ends.
///
/// Every function reads UTF-8 bytes and takes the offset of the run's first byte; those ending
/// a run return the offset just past it, nil when the text ends inside it (unterminated).
package enum SQLLexicalRuns {
    /// Whether `byte` can continue an identifier: an ASCII letter or digit, `_`, `$`, or any byte
    /// of a multi-byte UTF-8 character.
    package static func isIdentifierByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
            || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// Whether the byte before `offset` continues an identifier (so a `$` at `offset` is part of
    /// a name such as `a$1`, not a placeholder or a dollar quote).
    package static func followsIdentifier(in bytes: [UInt8], at offset: Int) -> Bool {
        offset > 0 && isIdentifierByte(bytes[offset - 1])
    }

    /// The offset of the line feed ending the `--` comment at `start`, or the end of the text.
    package static func endOfLineComment(in bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
        return index
    }

    /// Past the `*/` closing the block comment whose `/*` is at `start`; block comments nest.
    package static func endOfBlockComment(in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        var depth = 0
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "/") && bytes[index + 1] == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return index }
            } else {
                index += 1
            }
        }
        return nil
    }

    /// Whether the `'` at `quote` opens an escape string constant: an `E` or `e` right before it
    /// that does not end a longer name (`E'a\'b'`, but not `name'...'`).
    package static func quoteTakesBackslashEscapes(in bytes: [UInt8], at quote: Int) -> Bool {
        quote > 0 && (bytes[quote - 1] == UInt8(ascii: "e") || bytes[quote - 1] == UInt8(ascii: "E"))
            && !followsIdentifier(in: bytes, at: quote - 1)
    }

    /// Past the quote closing the run opened by the quote at `start` (`'` or `"`): a doubled
    /// quote stands for one and continues the run; with `backslashEscapes`, a backslash takes
    /// the byte after it.
    package static func endOfQuoted(in bytes: [UInt8], from start: Int, backslashEscapes: Bool) -> Int? {
        let quote = bytes[start]
        var index = start + 1
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if backslashEscapes && byte == UInt8(ascii: "\\") {
                guard index < bytes.count else { return nil }
                index += 1
            } else if byte == quote {
                guard index < bytes.count && bytes[index] == quote else { return index }
                index += 1
            }
        }
        return nil
    }

    /// Past the opening `$tag$` of a dollar-quoted string at `start` (the tag may be empty); nil
    /// when the `$` there opens none (`$1` is a placeholder, `$x` with no second `$` is not a quote).
    package static func endOfDollarQuoteOpening(in bytes: [UInt8], at start: Int) -> Int? {
        var end = start + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "$"), isIdentifierByte(bytes[end]),
              !(end == start + 1 && bytes[end] >= UInt8(ascii: "0") && bytes[end] <= UInt8(ascii: "9")) {
            end += 1
        }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "$") else { return nil }
        return end + 1
    }

    /// Past the `$tag$` closing the dollar-quoted string whose opening `$tag$` is `opening`.
    package static func endOfDollarQuoted(in bytes: [UInt8], opening: Range<Int>) -> Int? {
        let tagLength = opening.count
        var search = opening.upperBound
        while search + tagLength <= bytes.count {
            if bytes[search] == UInt8(ascii: "$") && bytes[search..<search + tagLength].elementsEqual(bytes[opening]) {
                return search + tagLength
            }
            search += 1
        }
        return nil
    }
}
