// Utility statements a query file may hold as `:exec` queries (`TRUNCATE t`, `NOTIFY channel`,
// `REFRESH MATERIALIZED VIEW v`, ...): PostgreSQL runs them as they are, and takes no bind
// parameters in them, so they are sent unchanged, with no parameters and no result.

enum UtilityStatements {
    /// First keywords of the statements accepted: the ones an application runs as a query.
    static let keywords: Set<String> = [
        "truncate", "notify", "listen", "unlisten", "refresh", "do", "lock", "discard", "vacuum", "analyze", "analyse",
        "cluster", "reindex", "checkpoint",
    ]

    /// Whether `text` (the statement) writes a parameter (`$1`, `@name`, `sqlc.`) outside string
    /// constants, quoted names and comments: PostgreSQL binds none in a utility statement.
    static func mentionsParameter(_ text: String) -> Bool {
        let characters = Array(text.unicodeScalars)
        var index = 0
        func isWordStart(_ position: Int) -> Bool {
            position < characters.count && (characters[position].properties.isAlphabetic || characters[position] == "_")
        }
        while index < characters.count {
            let character = characters[index]
            let next: Unicode.Scalar? = index + 1 < characters.count ? characters[index + 1] : nil
            switch character {
            case "'", "\"":
                index += 1
                while index < characters.count, characters[index] != character { index += 1 }
            case "-" where next == "-":
                while index < characters.count, characters[index] != "\n" { index += 1 }
            case "/" where next == "*":
                index += 2
                while index + 1 < characters.count, !(characters[index] == "*" && characters[index + 1] == "/") { index += 1 }
                index += 1
            case "$":
                if let next, ("0"..."9").contains(next) { return true }
                // A dollar-quoted body: skip to the closing tag.
                var end = index + 1
                while end < characters.count, characters[end] != "$", isWordStart(end) || ("0"..."9").contains(characters[end]) { end += 1 }
                if end < characters.count, characters[end] == "$" {
                    let tag = Array(characters[index...end])
                    var close = end + 1
                    while close + tag.count <= characters.count, Array(characters[close..<(close + tag.count)]) != tag { close += 1 }
                    if close + tag.count > characters.count { return false }
                    index = close + tag.count - 1
                }
            case "@":
                if isWordStart(index + 1) { return true }
            case "s", "S":
                let word = String(String.UnicodeScalarView(characters[index..<min(index + 5, characters.count)])).lowercased()
                let before: Unicode.Scalar? = index > 0 ? characters[index - 1] : nil
                if word == "sqlc.", !(before.map { $0.properties.isAlphabetic || $0 == "_" } ?? false) { return true }
            default:
                break
            }
            index += 1
        }
        return false
    }
}
