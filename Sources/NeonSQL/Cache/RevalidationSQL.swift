import Foundation
import NeonSQLShared

/// Puts several cached queries into the one statement of a revalidation: each query's `$n`
/// placeholders shifted past the earlier queries' parameters, its trailing semicolon dropped.
///
/// A small lexer of PostgreSQL's syntax finds the placeholders: it copies string constants
/// (`'...'`, `E'...'` with backslash escapes, `U&'...'`), quoted identifiers, dollar-quoted
/// strings and line and (nested) block comments whole (`SQLLexicalRuns`, the rules the
/// generator's psql-script reader uses too), and leaves `$` inside identifiers (`a$1`). SQL it cannot
/// follow (an unterminated quote, a second statement) gives nil, and the entry is refetched
/// instead of checked.
enum RevalidationSQL {
    /// `sql` with every placeholder `$n` written `$(n + offset)`, without trailing semicolons and
    /// white space; nil when it is not one statement the lexer can follow.
    static func shifted(_ sql: String, by offset: Int) -> String? {
        let bytes = Array(sql.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 16)
        var index = 0
        /// Where the statement's significant text ends (after it, only semicolons, space, comments).
        var sawSemicolon = false
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        while index < bytes.count {
            let byte = bytes[index]
            let next: UInt8? = index + 1 < bytes.count ? bytes[index + 1] : nil
            let significant = !(byte == UInt8(ascii: " ") || byte == 0x09 || byte == 0x0A || byte == 0x0D
                || byte == 0x0C || byte == UInt8(ascii: ";") || (byte == UInt8(ascii: "-") && next == UInt8(ascii: "-"))
                || (byte == UInt8(ascii: "/") && next == UInt8(ascii: "*")))
            if significant && sawSemicolon { return nil }
            /// Where the comment, string or quoted name starting here ends; nil when unterminated.
            let endOfRun: Int?
            switch byte {
            case UInt8(ascii: ";"):
                sawSemicolon = true
                index += 1
                continue
            case UInt8(ascii: "-") where next == UInt8(ascii: "-"):
                endOfRun = SQLLexicalRuns.endOfLineComment(in: bytes, from: index)
            case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
                endOfRun = SQLLexicalRuns.endOfBlockComment(in: bytes, from: index)
            case UInt8(ascii: "'"):
                let escapes = SQLLexicalRuns.quoteTakesBackslashEscapes(in: bytes, at: index)
                endOfRun = SQLLexicalRuns.endOfQuoted(in: bytes, from: index, backslashEscapes: escapes)
            case UInt8(ascii: "\""):
                endOfRun = SQLLexicalRuns.endOfQuoted(in: bytes, from: index, backslashEscapes: false)
            case UInt8(ascii: "$") where !SQLLexicalRuns.followsIdentifier(in: bytes, at: index):
                if let next, isDigit(next) {
                    var end = index + 1
                    var number = 0
                    while end < bytes.count && isDigit(bytes[end]) {
                        number = number * 10 + Int(bytes[end] - UInt8(ascii: "0"))
                        guard number < 1_000_000 else { return nil }
                        end += 1
                    }
                    output += Array("$\(number + offset)".utf8)
                    index = end
                    continue
                }
                guard let opening = SQLLexicalRuns.endOfDollarQuoteOpening(in: bytes, at: index) else {
                    output.append(byte)
                    index += 1
                    continue
                }
                endOfRun = SQLLexicalRuns.endOfDollarQuoted(in: bytes, opening: index..<opening)
            default:
                output.append(byte)
                index += 1
                continue
            }
            guard let endOfRun else { return nil }
            output += bytes[index..<endOfRun]
            index = endOfRun
        }
        while let last = output.last, last == UInt8(ascii: " ") || last == 0x09 || last == 0x0A || last == 0x0D {
            output.removeLast()
        }
        return String(decoding: output, as: UTF8.self)
    }
}
