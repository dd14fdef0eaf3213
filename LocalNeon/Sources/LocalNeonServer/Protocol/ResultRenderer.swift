/// Writes one query result as Neon's JSON object, keys in the order
/// `fields, rows, command, rowCount, rowAsArray` (docs/neon-sql-over-http.md §6), checking the response size limit
/// after each row as the proxy does.
struct ResultRenderer {
    /// `Neon-Raw-Text-Output: true`: every non-NULL value as its PostgreSQL text.
    var rawTextOutput: Bool
    /// Rows as arrays instead of objects.
    var arrayMode: Bool
    /// Element type of each array type among the result's columns.
    var arrayElementTypes: [UInt32: UInt32]
    /// The largest allowed size of the whole response body.
    var maximumResponseBytes: Int

    func render(_ result: StatementResult, into writer: inout JSONWriter) throws(NeonError) {
        writer.raw("{")
        writer.key("fields")
        writer.raw("[")
        for (index, column) in result.columns.enumerated() {
            if index > 0 { writer.raw(",") }
            writer.raw("{")
            writer.key("name"); writer.string(column.name)
            writer.raw(","); writer.key("dataTypeID"); writer.integer(column.dataTypeID)
            writer.raw(","); writer.key("tableID"); writer.integer(column.tableID)
            writer.raw(","); writer.key("columnID"); writer.integer(column.columnID)
            writer.raw(","); writer.key("dataTypeSize"); writer.integer(column.dataTypeSize)
            writer.raw(","); writer.key("dataTypeModifier"); writer.integer(column.dataTypeModifier)
            writer.raw(","); writer.key("format"); writer.string("text")
            writer.raw("}")
        }
        writer.raw("],")
        writer.key("rows")
        writer.raw("[")
        for (rowIndex, row) in result.rows.enumerated() {
            if rowIndex > 0 { writer.raw(",") }
            writer.raw(arrayMode ? "[" : "{")
            for (index, value) in row.enumerated() {
                if index > 0 { writer.raw(",") }
                let column = index < result.columns.count ? result.columns[index] : nil
                if !arrayMode { writer.key(column?.name ?? "?column?") }
                guard let value else {
                    writer.null()
                    continue
                }
                if rawTextOutput {
                    writer.string(value)
                } else {
                    do {
                        try PostgresTextToJSON.write(value, type: column?.dataTypeID ?? 25, arrayElementTypes: arrayElementTypes, into: &writer)
                    } catch {
                        throw NeonError.internalError("could not parse postgres response")
                    }
                }
            }
            writer.raw(arrayMode ? "]" : "}")
            if writer.count > maximumResponseBytes {
                throw NeonError.responseTooLarge(limit: maximumResponseBytes)
            }
        }
        writer.raw("],")
        let (command, rowCount) = Self.parseCommandTag(result.commandTag)
        writer.key("command"); writer.string(command)
        writer.raw(","); writer.key("rowCount")
        if let rowCount { writer.integer(rowCount) } else { writer.null() }
        writer.raw(","); writer.key("rowAsArray"); writer.bool(arrayMode)
        writer.raw("}")
    }

    /// Neon's `parse_command_tag`: the first word, and the number after it (after the OID for INSERT).
    static func parseCommandTag(_ tag: String) -> (command: String, rowCount: Int64?) {
        guard let space = tag.firstIndex(of: " ") else { return (tag, nil) }
        let name = String(tag[..<space])
        let rest = tag[tag.index(after: space)...]
        if name == "INSERT" {
            guard let second = rest.firstIndex(of: " ") else { return (name, nil) }
            return (name, Int64(rest[rest.index(after: second)...]))
        }
        return (name, Int64(rest))
    }
}
