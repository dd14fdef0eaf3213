/// The columns of a generated row as one string literal, read by the runtime: a row's `columns`
/// is then one call with one constant instead of an array literal of a column per line, which the
/// compiler turned into about 180 bytes of machine code per column (BENCHMARKS.md "First build of
/// a large target's generated code"). The array is built only when a response's fields were not
/// seen before (``ResultReader``'s fields cache), so its parsing costs nothing per row.
extension ResultColumn {
    /// The columns of `spec`, as the generator writes it: `name:type` per column, joined by `,`;
    /// in a name or a type's name, `\` escapes the next character (`\,`, `\:`, `\\`). A type is a
    /// `PostgresType` static's name (`int4`, `timestamptz`), `=` and a type name for a type that is
    /// not checked (OID 0: enums, domains, `=time_slot`), or `[]` before a type for its array
    /// (`[]text`, `[]=time_slot`). A type this runtime has no static for is taken as unchecked.
    ///
    /// ```swift
    /// ResultColumn.list("dua_id:int4,time_slot:=time_slot,tags:[]text")
    /// ```
    public static func list(_ spec: String) -> [ResultColumn] {
        var columns: [ResultColumn] = []
        for column in Self.split(spec, at: ",") where !column.isEmpty {
            let parts = Self.split(column, at: ":")
            let name = Self.unescaped(parts[0])
            let type = parts.count > 1 ? PostgresType(columnSpec: parts[1]) : PostgresType(oid: 0, name: "")
            columns.append(ResultColumn(name, type))
        }
        return columns
    }

    /// `text` cut at each unescaped `separator`, escapes kept (the parts are unescaped later).
    static func split(_ text: Substring, at separator: Character) -> [Substring] {
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

    static func split(_ text: String, at separator: Character) -> [Substring] {
        split(text[...], at: separator)
    }

    /// `text` with each `\x` read as `x`.
    static func unescaped(_ text: Substring) -> String {
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

extension PostgresType {
    /// The type of a column spec (``ResultColumn/list(_:)``): `int4`, `=time_slot`, `[]text`.
    init(columnSpec spec: Substring) {
        if spec.hasPrefix("[]") {
            self = .array(PostgresType(columnSpec: spec.dropFirst(2)))
        } else if spec.hasPrefix("=") {
            self.init(oid: 0, name: ResultColumn.unescaped(spec.dropFirst()))
        } else {
            let name = ResultColumn.unescaped(spec)
            self = PostgresType.staticsByName[name] ?? PostgresType(oid: 0, name: name)
        }
    }
}
