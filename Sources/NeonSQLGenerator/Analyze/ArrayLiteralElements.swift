/// The element texts PostgreSQL 15's array_in (ReadArrayStr) hands to the element type's input
/// function, in order, for an array constant whose structure ``ArrayLiteralSyntax`` accepted:
/// unquoted elements without their surrounding spaces and with backslash escapes removed,
/// quoted ones verbatim, unquoted `NULL` (any case) as nil.
enum ArrayLiteralElements {
    /// The element type's input function's message for the first element of `text` it refuses
    /// (array_in reads them in order once the structure is valid); nil when none is refused.
    /// `postgresVersion` as for ``ScalarLiteralInput/error(_:for:postgresVersion:)``.
    static func firstError(_ text: String, element: SQLType, postgresVersion: Int? = nil) -> String? {
        guard ScalarLiteralInput.checks(element), let elements = elements(text) else { return nil }
        return elements.lazy.compactMap { $0.flatMap { ScalarLiteralInput.error($0, for: element, postgresVersion: postgresVersion) } }.first
    }

    /// The elements of `text`; nil when not read here (dimensions given, `[1:2]={...}`, or a
    /// vertical tab, which the structure check and array_in treat differently).
    static func elements(_ text: String) -> [String?]? {
        let bytes = Array(text.utf8)
        guard !bytes.contains(0x0B), let open = bytes.firstIndex(where: { !isSpace($0) }),
              bytes[open] == UInt8(ascii: "{") else { return nil }
        var elements: [String?] = []
        var item: [UInt8] = []
        var end = 0
        var leadingSpace = true
        var quoted = false
        var hasQuoting = false
        var inQuotes = false
        var level = 0
        var index = open
        func finish() {
            let value = String(decoding: item[..<end], as: UTF8.self)
            elements.append(!hasQuoting && value.lowercased() == "null" ? nil : value)
            item = []
            end = 0
            leadingSpace = true
            hasQuoting = false
            quoted = false
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return nil }
                item.append(bytes[index])
                index += 1
                leadingSpace = false
                end = item.count
                hasQuoting = true
            case UInt8(ascii: "\""):
                inQuotes.toggle()
                if inQuotes { leadingSpace = false } else { end = item.count }
                hasQuoting = true
                quoted = true
            case UInt8(ascii: "{") where !inQuotes:
                level += 1
            case UInt8(ascii: "}") where !inQuotes:
                level -= 1
                if level == 0 {
                    // `{}`: no elements; otherwise the last one ends here.
                    if !item.isEmpty || quoted || !elements.isEmpty { finish() }
                    return elements
                }
            case UInt8(ascii: ",") where !inQuotes:
                finish()
            default:
                if inQuotes {
                    item.append(byte)
                } else if isSpace(byte) {
                    if !leadingSpace { item.append(byte) }
                } else {
                    item.append(byte)
                    leadingSpace = false
                    end = item.count
                }
            }
        }
        return nil
    }

    /// array_isspace: space, tab, newline, carriage return, vertical tab, form feed.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }
}
