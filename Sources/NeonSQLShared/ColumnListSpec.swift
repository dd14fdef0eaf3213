/// The escaping of a row's column list, written by the generator and read by the runtime
/// (`NeonSQL.ResultColumn.list("dua_id:int4,time_slot:=time_slot")`): in a column's name or a
/// type's name, `\` escapes the next character, so `\`, `,` and `:` inside names are `\\`, `\,` and
/// `\:`. One definition for both sides, so a name the generator writes always reads back whole.
public enum ColumnListSpec {
    /// `text` with `\`, `,` and `:` escaped by a `\`.
    public static func escaped(_ text: String) -> String {
        guard text.contains(where: { $0 == "\\" || $0 == "," || $0 == ":" }) else { return text }
        var result = ""
        for character in text {
            if character == "\\" || character == "," || character == ":" { result.append("\\") }
            result.append(character)
        }
        return result
    }

    /// `text` cut at each unescaped `separator`, escapes kept (``unescaped(_:)`` reads each part).
    public static func split(_ text: Substring, at separator: Character) -> [Substring] {
        var parts: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "\\" {
                index = text.index(after: index)
                if index < text.endIndex { index = text.index(after: index) }
                continue
            }
            if text[index] == separator {
                parts.append(text[start..<index])
                start = text.index(after: index)
            }
            index = text.index(after: index)
        }
        parts.append(text[start..<text.endIndex])
        return parts
    }

    /// `text` with each `\x` read as `x`.
    public static func unescaped(_ text: Substring) -> String {
        guard text.contains("\\") else { return String(text) }
        var result = ""
        var escaping = false
        for character in text {
            if !escaping, character == "\\" {
                escaping = true
                continue
            }
            escaping = false
            result.append(character)
        }
        return result
    }
}
