/// The structure PostgreSQL's array_in (ArrayCount, PostgreSQL 15) requires of an array
/// constant's text: `{...}` with balanced braces, elements separated by the delimiter, quoted
/// elements, backslash escapes, sub-arrays of matching dimensions, nothing but spaces after the
/// closing brace. A string constant coerced to an array type is read at parse time, so PREPARE
/// fails with "malformed array literal". Elements' own syntax is not checked here.
enum ArrayLiteralSyntax {
    private enum State {
        case noLevel, levelStarted, elementStarted, quotedElementStarted, quotedElementCompleted, elementDelimited,
             levelCompleted, levelDelimited
    }

    /// PostgreSQL's message for `text` read as an array with `delimiter` between elements; nil
    /// when its structure is valid (or given with dimensions, `[1:2]={...}`, not checked).
    static func error(_ text: String, delimiter: UInt8 = UInt8(ascii: ",")) -> String? {
        let bytes = Array(text.utf8)
        let message = "malformed array literal: \"\(text)\""
        var index = 0
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] != UInt8(ascii: "[") else { return index < bytes.count ? nil : message }
        guard bytes[index] == UInt8(ascii: "{") else { return message }
        var state = State.noLevel
        var level = 0
        var inQuotes = false
        var elements = [Int](repeating: 1, count: 7)
        var lastElements = [Int](repeating: 0, count: 7)
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\\"):
                guard [.levelStarted, .elementStarted, .quotedElementStarted, .elementDelimited].contains(state),
                      index + 1 < bytes.count else { return message }
                if state != .quotedElementStarted { state = .elementStarted }
                index += 1
            case UInt8(ascii: "\""):
                guard [.levelStarted, .quotedElementStarted, .elementDelimited].contains(state) else { return message }
                inQuotes.toggle()
                state = inQuotes ? .quotedElementStarted : .quotedElementCompleted
            case UInt8(ascii: "{") where !inQuotes:
                guard [.noLevel, .levelStarted, .levelDelimited].contains(state), level < 6 else { return message }
                state = .levelStarted
                level += 1
            case UInt8(ascii: "}") where !inQuotes:
                guard [.elementStarted, .quotedElementCompleted, .levelCompleted].contains(state) || (level == 1 && state == .levelStarted),
                      level > 0 else { return message }
                state = .levelCompleted
                level -= 1
                if lastElements[level] != 0, lastElements[level] != elements[level] { return message }
                lastElements[level] = elements[level]
                elements[level] = 1
                if level == 0 {
                    // Only spaces may follow the closing brace.
                    return bytes[(index + 1)...].allSatisfy(isSpace) ? nil : message
                }
            case delimiter where !inQuotes:
                guard [.elementStarted, .quotedElementCompleted, .levelCompleted].contains(state), level > 0 else { return message }
                state = state == .levelCompleted ? .levelDelimited : .elementDelimited
                elements[level - 1] += 1
            default:
                if !inQuotes, !isSpace(byte) {
                    guard [.levelStarted, .elementStarted, .elementDelimited].contains(state) else { return message }
                    state = .elementStarted
                }
            }
            index += 1
        }
        return message
    }

    /// scanner_isspace: space, tab, newline, carriage return, form feed.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }
}
