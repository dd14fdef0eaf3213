/// The `describe` JSON: a public contract (see `docs/describe-json.md`). Keys print in the
/// documented order, pretty-printed with two-space indentation; extend it, never break it.
enum DescribeJSON {
    /// The JSON document for a model: every query of every file in input order, then every diagnostic.
    static func render(_ model: NamedModel) -> String {
        let queries = model.queries.map(query)
        let diagnostics = model.diagnostics.map(diagnostic)
        let enums = model.enums.map { value in
            JSONValue.object([
                ("name", .string(value.sqlName)),
                ("swiftType", .string(value.typeName)),
                ("labels", .array(value.cases.map { .string($0.label) })),
                ("frozen", .bool(value.fallbackCaseName == nil)),
            ])
        }
        return JSONValue.object([
            ("queries", .array(queries)),
            ("diagnostics", .array(diagnostics)),
            ("enums", .array(enums)),
        ]).prettyPrinted() + "\n"
    }

    static func query(_ named: NamedQuery) -> JSONValue {
        let query = named.query
        var members: [(String, JSONValue)] = [
            ("name", .string(named.functionName)),
            ("file", .string(query.file)),
            ("line", .integer(query.line)),
            ("kind", .string(query.kind.rawValue)),
            ("sql", .string(query.sql)),
            ("params", .array(named.boundParameters.sorted { $0.index < $1.index }.map(parameter))),
            ("columns", .array(named.columns.map { column($0, embeds: named.embeds, override: Self.override(of: $0, in: query)) })),
            ("returns", .string(named.signature.describedResultType)),
            ("tables", .object([
                ("reads", .array(query.tables.reads.map { .string($0) })),
                ("writes", .array(query.tables.writes.map { .string($0) })),
                ("readsUnknown", .bool(query.tables.readsUnknown)),
                ("writesUnknown", .bool(query.tables.writesUnknown)),
            ])),
        ]
        // Only on queries with `-- @cache`.
        if let maxAge = query.cacheMaxAgeSeconds { members.append(("cacheMaxAge", .integer(maxAge))) }
        // Only on queries with `-- @sort`, so other queries' JSON is unchanged.
        if !named.sorts.isEmpty {
            members.append(("sorts", .array(named.sorts.map { sort in
                .object([
                    ("name", .string(sort.sqlName)),
                    ("swiftType", .string(sort.typeName)),
                    ("keys", .array(sort.cases.map { entry in .object([("sql", .string(entry.key)), ("case", .string(entry.name))]) })),
                ])
            })))
        }
        // Only on queries with `-- @page`.
        if let paging = query.paging {
            members.append(("page", .object([
                ("size", .integer(paging.size)),
                ("by", .array(paging.keyColumns.map { .string(named.columns[$0].sqlName) })),
                ("descending", .bool(paging.descending)),
                ("firstPageSQL", .string(paging.firstPageSQL)),
                ("nextPageSQL", .string(paging.nextPageSQL)),
            ])))
        }
        return .object(members)
    }

    static func parameter(_ parameter: NamedValue) -> JSONValue {
        // A parameter bound to a domain column is the domain in PREPARE's parameter types.
        var members: [(String, JSONValue)] = [
            ("index", .integer(parameter.index)),
            ("name", .string(parameter.name)),
            ("pgType", .string(parameter.pgType)),
        ]
        members += domainMember(parameter.type)
        members += [
            ("swiftType", .string(parameter.swiftType)),
            ("nullable", .bool(parameter.nullable)),
        ]
        // Only on `-- @optional` parameters, so other queries' JSON is unchanged.
        if parameter.isOptionalFilter { members.append(("optional", .bool(true))) }
        if parameter.isPatch { members.append(("patch", .bool(true))) }
        return .object(members)
    }

    /// `domain`: the domain's name, only for a value whose type is a domain (so other JSON is unchanged).
    private static func domainMember(_ type: SQLType) -> [(String, JSONValue)] {
        guard case .domain(let name, _) = type else { return [] }
        return [("domain", .string(name))]
    }

    /// The `!`/`?` of a column's alias (its index is its 1-based position).
    private static func override(of column: NamedValue, in query: QueryDescription) -> Bool? {
        column.index >= 1 && column.index <= query.columns.count ? query.columns[column.index - 1].nullabilityOverride : nil
    }

    static func column(_ column: NamedValue, embeds: [NamedEmbed] = [], override: Bool? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("name", .string(column.name)),
            ("sqlName", .string(column.sqlName)),
            ("pgType", .string(column.pgType)),
        ]
        members += domainMember(column.type)
        members += [
            ("swiftType", .string(column.swiftType)),
            ("nullable", .bool(column.nullable)),
        ]
        // Only on a column whose alias forces its nullability (`AS "x!"`, `AS "x?"`).
        if let override { members.append(("nullabilityOverride", .string(override ? "?" : "!"))) }
        // Only on a `sqlc.embed(t)` item's columns, so other queries' JSON is unchanged.
        if let index = column.embed, index < embeds.count {
            let embed = embeds[index]
            members.append(("embed", .object([
                ("property", .string(embed.propertyName)),
                ("sqlName", .string(embed.sqlName)),
                ("swiftType", .string(embed.typeName + (embed.optional ? "?" : ""))),
            ])))
        }
        return .object(members)
    }

    static func diagnostic(_ diagnostic: Diagnostic) -> JSONValue {
        .object([
            ("file", .string(diagnostic.file)),
            ("line", .integer(diagnostic.line)),
            ("column", .integer(diagnostic.column)),
            ("severity", .string(diagnostic.severity.rawValue)),
            ("message", .string(diagnostic.message)),
        ])
    }
}

/// A JSON value whose objects keep their keys in the order given, so output is stable and
/// matches a documented contract. Only what `describe` needs: no floating-point numbers.
indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.compactText() == rhs.compactText()
    }

    /// Pretty-printed with two-space indentation, `"key": value`, empty containers as `[]`/`{}`,
    /// no trailing newline.
    func prettyPrinted() -> String {
        var output: [UInt8] = []
        write(to: &output, indent: 0, pretty: true)
        return String(decoding: output, as: UTF8.self)
    }

    /// The value on one line without spaces.
    func compactText() -> String {
        var output: [UInt8] = []
        write(to: &output, indent: 0, pretty: false)
        return String(decoding: output, as: UTF8.self)
    }

    // The text is written as UTF-8 bytes and made a `String` once: appending to an array costs
    // about a third of `String.append` (issue 28; the same as `CodePrinter`).
    private func write(to output: inout [UInt8], indent: Int, pretty: Bool) {
        switch self {
        case .null:
            Self.append("null", to: &output)
        case .bool(let value):
            Self.append(value ? "true" : "false", to: &output)
        case .integer(let value):
            Self.append(String(value), to: &output)
        case .string(let value):
            Self.appendQuoted(value, to: &output)
        case .array(let elements):
            writeContainer(open: UInt8(ascii: "["), close: UInt8(ascii: "]"), count: elements.count, to: &output, indent: indent, pretty: pretty) {
                elements[$0].write(to: &$1, indent: indent + 1, pretty: pretty)
            }
        case .object(let members):
            writeContainer(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), count: members.count, to: &output, indent: indent, pretty: pretty) {
                Self.appendQuoted(members[$0].0, to: &$1)
                Self.append(pretty ? ": " : ":", to: &$1)
                members[$0].1.write(to: &$1, indent: indent + 1, pretty: pretty)
            }
        }
    }

    private func writeContainer(
        open: UInt8, close: UInt8, count: Int, to output: inout [UInt8], indent: Int, pretty: Bool,
        element: (Int, inout [UInt8]) -> Void
    ) {
        output.append(open)
        guard count > 0 else { output.append(close); return }
        for index in 0..<count {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            if pretty { Self.appendNewline(indent: indent + 1, to: &output) }
            element(index, &output)
        }
        if pretty { Self.appendNewline(indent: indent, to: &output) }
        output.append(close)
    }

    /// `\n` and two spaces per level.
    private static func appendNewline(indent: Int, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
    }

    private static func append(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { output.append(contentsOf: $0) }
    }

    /// A JSON string literal: escapes `"`, `\` and control characters (`\n`, `\t`... or `\u00XX`);
    /// everything else, non-ASCII included, stays as UTF-8.
    static func quoted(_ text: String) -> String {
        var result: [UInt8] = []
        appendQuoted(text, to: &result)
        return String(decoding: result, as: UTF8.self)
    }

    /// Appends ``quoted(_:)`` of `text` to `output`: the text as it is when nothing needs escaping
    /// (the common case: names, types, SQL without quotes or newlines).
    private static func appendQuoted(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            output.append(UInt8(ascii: "\""))
            if bytes.contains(where: needsEscape) {
                for byte in bytes { appendEscaped(byte, to: &output) }
            } else {
                output.append(contentsOf: bytes)
            }
            output.append(UInt8(ascii: "\""))
        }
    }

    /// The bytes JSON escapes: `"`, `\` and the control characters (all ASCII, never part of a
    /// multi-byte UTF-8 sequence, so the text is escaped byte by byte).
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private static func appendEscaped(_ byte: UInt8, to output: inout [UInt8]) {
        guard needsEscape(byte) else { output.append(byte); return }
        switch byte {
        case UInt8(ascii: "\""): append("\\\"", to: &output)
        case UInt8(ascii: "\\"): append("\\\\", to: &output)
        case UInt8(ascii: "\n"): append("\\n", to: &output)
        case UInt8(ascii: "\r"): append("\\r", to: &output)
        case UInt8(ascii: "\t"): append("\\t", to: &output)
        case 0x08: append("\\b", to: &output)
        case 0x0C: append("\\f", to: &output)
        default:
            let hex = String(byte, radix: 16, uppercase: false)
            append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex, to: &output)
        }
    }
}
