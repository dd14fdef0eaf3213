import Foundation

/// Puts several cached queries into the one statement of a revalidation: each query's `$n`
/// placeholders shifted past the earlier queries' parameters, its trailing semicolon dropped.
///
/// A small lexer of PostgreSQL's syntax finds the placeholders: it skips string constants
/// (`'...'`, `E'...'` with backslash escapes, `U&'...'`), quoted identifiers, dollar-quoted
/// strings, line and (nested) block comments, and `$` inside identifiers (`a$1`). SQL it cannot
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
        func isIdentifierByte(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
                || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        }
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        /// Copies a quoted run starting at `index` (the opening quote) through its closing quote.
        func copyQuoted(_ quote: UInt8, backslashEscapes: Bool) -> Bool {
            output.append(bytes[index])
            index += 1
            while index < bytes.count {
                let byte = bytes[index]
                output.append(byte)
                index += 1
                if backslashEscapes && byte == UInt8(ascii: "\\") {
                    guard index < bytes.count else { return false }
                    output.append(bytes[index])
                    index += 1
                } else if byte == quote {
                    // A doubled quote stands for one and continues the run.
                    if index < bytes.count && bytes[index] == quote {
                        output.append(quote)
                        index += 1
                    } else {
                        return true
                    }
                }
            }
            return false
        }
        while index < bytes.count {
            let byte = bytes[index]
            let next: UInt8? = index + 1 < bytes.count ? bytes[index + 1] : nil
            let previous: UInt8? = index > 0 ? bytes[index - 1] : nil
            let significant = !(byte == UInt8(ascii: " ") || byte == 0x09 || byte == 0x0A || byte == 0x0D
                || byte == 0x0C || byte == UInt8(ascii: ";") || (byte == UInt8(ascii: "-") && next == UInt8(ascii: "-"))
                || (byte == UInt8(ascii: "/") && next == UInt8(ascii: "*")))
            if significant && sawSemicolon { return nil }
            switch byte {
            case UInt8(ascii: ";"):
                sawSemicolon = true
                index += 1
            case UInt8(ascii: "-") where next == UInt8(ascii: "-"):
                while index < bytes.count && bytes[index] != 0x0A {
                    output.append(bytes[index])
                    index += 1
                }
            case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
                var depth = 0
                repeat {
                    guard index + 1 < bytes.count else { return nil }
                    if bytes[index] == UInt8(ascii: "/") && bytes[index + 1] == UInt8(ascii: "*") {
                        depth += 1
                        output += [bytes[index], bytes[index + 1]]
                        index += 2
                    } else if bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/") {
                        depth -= 1
                        output += [bytes[index], bytes[index + 1]]
                        index += 2
                    } else {
                        output.append(bytes[index])
                        index += 1
                    }
                } while depth > 0
            case UInt8(ascii: "'"):
                let escapes = previous.map { ($0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E"))
                    && (index < 2 || !isIdentifierByte(bytes[index - 2])) } ?? false
                guard copyQuoted(byte, backslashEscapes: escapes) else { return nil }
            case UInt8(ascii: "\""):
                guard copyQuoted(byte, backslashEscapes: false) else { return nil }
            case UInt8(ascii: "$") where previous.map(isIdentifierByte) != true:
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
                } else {
                    // A dollar-quoted string: `$tag$ ... $tag$` (the tag may be empty).
                    var end = index + 1
                    while end < bytes.count && bytes[end] != UInt8(ascii: "$") && isIdentifierByte(bytes[end]) { end += 1 }
                    guard end < bytes.count, bytes[end] == UInt8(ascii: "$") else {
                        output.append(byte)
                        index += 1
                        continue
                    }
                    let tag = Array(bytes[index...end])
                    var search = end + 1
                    var closing: Int?
                    while search + tag.count <= bytes.count {
                        if bytes[search] == UInt8(ascii: "$") && Array(bytes[search..<search + tag.count]) == tag {
                            closing = search
                            break
                        }
                        search += 1
                    }
                    guard let closing else { return nil }
                    output += bytes[index..<closing + tag.count]
                    index = closing + tag.count
                }
            default:
                output.append(byte)
                index += 1
            }
        }
        while let last = output.last, last == UInt8(ascii: " ") || last == 0x09 || last == 0x0A || last == 0x0D {
            output.removeLast()
        }
        return String(decoding: output, as: UTF8.self)
    }
}
