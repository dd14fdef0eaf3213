/// Resolves the table names given to ``QueryCache/invalidate(tables:)`` to the schema-qualified
/// catalog names ``TableEffects`` holds (`public.duas`), as PostgreSQL reads a table name: an
/// unqualified name is in the schema of PostgreSQL's default search path (`public`), an unquoted
/// part is folded to lower case, a double-quoted one kept as written.
///
/// Invalidating too much only costs a refetch, too little serves stale data: an unquoted part
/// stands for itself as written too (`public.Items` for a table created as `"Items"`), and a
/// text that is not a table name resolves to nil (the caller invalidates everything).
enum TableNameResolution {
    /// The schema of an unqualified name: PostgreSQL's default search path is `"$user", public`,
    /// and Neon's databases have no schema named after their roles.
    static let defaultSchema = "public"

    /// The qualified names `name` may stand for, or nil when it is not a table name (empty, an
    /// unterminated quote, an empty part, more than `schema.table`).
    static func candidates(_ name: String) -> [String]? {
        guard let parts = parts(of: name) else { return nil }
        let qualified = parts.count == 1 ? [Part(text: defaultSchema, isQuoted: true)] + parts : parts
        guard qualified.count == 2 else { return nil }
        var names: [String] = []
        for schema in qualified[0].spellings {
            for table in qualified[1].spellings where !names.contains("\(schema).\(table)") {
                names.append("\(schema).\(table)")
            }
        }
        return names
    }

    private struct Part {
        var text: String
        var isQuoted: Bool

        /// The catalog names this part may stand for: PostgreSQL's reading first.
        var spellings: [String] {
            if isQuoted { return [text] }
            let folded = text.lowercased()
            return folded == text ? [text] : [folded, text]
        }
    }

    /// The dot-separated parts of `name` (dots inside double quotes belong to the part; `""`
    /// inside quotes is one quote), or nil when it is malformed.
    private static func parts(of name: String) -> [Part]? {
        var parts: [Part] = []
        var current = ""
        var quoted = false
        var inQuotes = false
        var characters = Array(name.trimmingWhitespace())[...]
        while let character = characters.popFirst() {
            if inQuotes {
                if character == "\"" {
                    if characters.first == "\"" {
                        characters.removeFirst()
                        current.append("\"")
                    } else {
                        inQuotes = false
                    }
                } else {
                    current.append(character)
                }
            } else if character == "\"" {
                guard current.isEmpty else { return nil }
                inQuotes = true
                quoted = true
            } else if character == "." {
                guard let part = finish(current, quoted: quoted) else { return nil }
                parts.append(part)
                current = ""
                quoted = false
            } else {
                guard !quoted else { return nil }
                current.append(character)
            }
        }
        guard !inQuotes, let last = finish(current, quoted: quoted) else { return nil }
        return parts + [last]
    }

    private static func finish(_ text: String, quoted: Bool) -> Part? {
        let text = quoted ? text : text.trimmingWhitespace()
        return text.isEmpty ? nil : Part(text: text, isQuoted: quoted)
    }
}

extension String {
    /// This text without leading and trailing spaces, tabs and newlines.
    fileprivate func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[start...end])
    }
}
