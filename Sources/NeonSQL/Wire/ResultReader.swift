import Foundation

/// Reads one query result object of Neon's `/sql` response
/// (`{"fields":[...],"rows":[[...]],"command":"SELECT","rowCount":1,"rowAsArray":true}`),
/// in any key order, decoding rows straight into generated row values.
@usableFromInline
struct ResultReader {
    @usableFromInline var reader: JSONReader
    @usableFromInline var scratch: [UInt8] = []
    /// Index within a batch, for error messages.
    @usableFromInline var statementIndex: Int?

    init(reader: JSONReader, statementIndex: Int? = nil) {
        self.reader = reader
        self.statementIndex = statementIndex
    }

    /// Decodes the rows of a result (at most `limit`), after checking `fields` against `Row.columns`.
    @inlinable
    mutating func decodeRows<Row: DecodableRow>(_: Row.Type, limit: Int?) throws -> [Row] {
        var fields: FieldList? = nil
        var deferredRows: Int? = nil
        var sawRows = false
        var rows: [Row] = []
        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey(&scratch)
                if key.is("fields") {
                    fields = try readFields(against: Row.columns, rowType: "\(Row.self)", cacheKey: ObjectIdentifier(Row.self))
                } else if key.is("rows") {
                    sawRows = true
                    if let fields {
                        try readRows(into: &rows, fields: fields, limit: limit)
                    } else {
                        // Older proxies put `rows` before `fields`: come back once fields are known.
                        reader.skipWhitespace()
                        deferredRows = reader.index
                        try reader.skipValue()
                    }
                } else {
                    try reader.skipValue()
                }
            } while try reader.nextObjectMember()
        }
        guard let fields else {
            throw NeonError.malformedResponse("the result has no \"fields\" (expected rows of \(Row.self))")
        }
        guard sawRows else { throw NeonError.malformedResponse("the result has no \"rows\"") }
        if let start = deferredRows {
            let end = reader.index
            reader.index = start
            try readRows(into: &rows, fields: fields, limit: limit)
            reader.index = end
        }
        return rows
    }

    /// Reads a result without rows of interest; returns `rowCount` (nil when the server sent null)
    /// and the `command` tag (empty when absent).
    mutating func decodeCommandResult() throws -> (rowCount: Int?, command: String) {
        try readCommandResult(keepingCommand: true)
    }

    /// Reads a result without rows of interest; returns `rowCount` (nil when the server sent null).
    mutating func decodeCommand() throws -> Int? {
        try readCommandResult(keepingCommand: false).rowCount
    }

    /// `rowCount`, and `command` only when asked (`:exec`/`:execrows` skip it unread).
    private mutating func readCommandResult(keepingCommand: Bool) throws -> (rowCount: Int?, command: String) {
        var rowCount: Int? = nil
        var command = ""
        guard try reader.beginObject() else { return (nil, command) }
        repeat {
            let key = try reader.readKey(&scratch)
            if key.is("rowCount") {
                rowCount = try reader.readIntOrNull()
            } else if keepingCommand && key.is("command") {
                command = try reader.readStringOrNull(&scratch) ?? ""
            } else {
                try reader.skipValue()
            }
        } while try reader.nextObjectMember()
        return (rowCount, command)
    }

    /// Reads `fields`, checking them against `columns` as it goes (count, then OIDs where both are
    /// non-zero). Builds nothing: names are re-read from the body only for error messages. Text
    /// identical to the last that checked out for the row type (`cacheKey`) is not parsed again.
    @usableFromInline
    mutating func readFields(
        against expectedColumns: @autoclosure () -> [ResultColumn], rowType: @autoclosure () -> String, cacheKey: ObjectIdentifier
    ) throws -> FieldList {
        reader.skipWhitespace()
        let start = reader.index
        if let known = ValidatedFieldsCache.shared.match(cacheKey, in: reader.bytes, at: start) {
            reader.index = start + known.length
            return FieldList(start: start, count: known.count)
        }
        // A generated row's `columns` is computed (its array literal is then no work for the
        // compiler's module emission): built only when the fields were not seen before.
        let columns = expectedColumns()
        var count = 0
        var mismatch: (index: Int, oid: UInt32)? = nil
        if try reader.beginArray() {
            repeat {
                var oid: UInt32 = 0
                if try reader.beginObject() {
                    repeat {
                        let key = try reader.readKey(&scratch)
                        if key.is("name") {
                            // Validated here; turned into a String only for error messages.
                            reader.skipWhitespace()
                            try reader.expect(UInt8(ascii: "\""))
                            let (range, escaped) = try reader.scanStringContent()
                            if escaped { try reader.unescape(range, into: &scratch) }
                        } else if key.is("dataTypeID") {
                            oid = UInt32(clamping: try reader.readIntOrNull() ?? 0)
                        } else {
                            try reader.skipValue()
                        }
                    } while try reader.nextObjectMember()
                }
                if mismatch == nil, count < columns.count {
                    let expected = columns[count].type.oid
                    if expected != 0, oid != 0, oid != expected { mismatch = (count, oid) }
                }
                count += 1
            } while try reader.nextArrayElement()
        }
        let fields = FieldList(start: start, count: count)
        guard count == columns.count else {
            throw countMismatch(fields, columns, rowType: rowType())
        }
        if let mismatch {
            let column = columns[mismatch.index]
            throw NeonError.decoding(ResponseDecodingError(
                column: fields.name(at: mismatch.index, in: reader.bytes), columnIndex: mismatch.index, statementIndex: statementIndex,
                reason: "column type changed: \(rowType()) expects \(column.type.name) (OID \(column.type.oid)) for "
                    + "\"\(column.name)\" but the result has \(PostgresType.displayName(forOID: mismatch.oid)) "
                    + "(OID \(mismatch.oid)); the schema changed: regenerate the queries"))
        }
        ValidatedFieldsCache.shared.remember(
            cacheKey, text: UnsafeRawBufferPointer(rebasing: reader.bytes[start..<reader.index]), count: count)
        return fields
    }

    @inline(never)
    private func countMismatch(_ fields: FieldList, _ columns: [ResultColumn], rowType: String) -> NeonError {
        let names = fields.names(in: reader.bytes)
        let actual = names.joined(separator: ", ")
        let expected = columns.map(\.name).joined(separator: ", ")
        var reason = "the result has \(fields.count) columns (\(actual)) but \(rowType) expects \(columns.count) (\(expected))"
        // Name the first column that differs.
        let firstDifference = (0..<min(names.count, columns.count)).first { names[$0] != columns[$0].name }
            ?? min(names.count, columns.count)
        let column: String
        if firstDifference < columns.count {
            column = columns[firstDifference].name
        } else {
            column = firstDifference < names.count ? names[firstDifference] : ""
        }
        reason += "; the schema or query changed: regenerate the queries"
        return NeonError.decoding(ResponseDecodingError(
            column: column, columnIndex: firstDifference, statementIndex: statementIndex, reason: reason))
    }

    @inlinable
    mutating func readRows<Row: DecodableRow>(into rows: inout [Row], fields: FieldList, limit: Int?) throws {
        reader.skipWhitespace()
        if reader.peek() == UInt8(ascii: "n") {
            try reader.expectLiteral("null")
            return
        }
        guard try reader.beginArray() else { return }
        // One decoder for the whole result: it owns the reader and the scratch buffer until the
        // rows are read (the loop frames rows through `decoder.reader`).
        var decoder = RowDecoder(reader: reader, scratch: scratch, fields: fields, rowIndex: 0, statementIndex: statementIndex)
        scratch = []
        var rowIndex = 0
        repeat {
            decoder.reader.skipWhitespace()
            if decoder.reader.peek() == UInt8(ascii: "{") {
                throw NeonError.malformedResponse(
                    "rows are JSON objects: the server did not honour Neon-Array-Mode: true")
            }
            try decoder.reader.expect(UInt8(ascii: "["))
            var consumed = 0
            let rowStart = decoder.reader.index
            if limit.map({ rows.count < $0 }) ?? true {
                decoder.startRow(rowIndex)
                let row = try Row(from: &decoder)
                consumed = decoder.columnIndex
                if rowIndex == 0, limit == nil {
                    // Estimate the row count from the first row's size to avoid repeated growth.
                    let perRow = max(decoder.reader.index - rowStart, 8)
                    rows.reserveCapacity(min((decoder.reader.bytes.count - decoder.reader.index) / perRow + 2, 1 << 20))
                }
                rows.append(row)
            }
            // Skip cells the row type did not read (or all of them past `limit`).
            var cell = consumed
            while true {
                decoder.reader.skipWhitespace()
                guard let byte = decoder.reader.peek() else {
                    throw JSONReader.SyntaxError(message: decoder.reader.describeHere())
                }
                if byte == UInt8(ascii: "]") {
                    decoder.reader.index += 1
                    break
                }
                if cell > 0 { try decoder.reader.expect(UInt8(ascii: ",")) }
                try decoder.reader.skipValue()
                cell += 1
            }
            guard cell == fields.count else {
                throw NeonError.malformedResponse(
                    "row \(rowIndex) has \(cell) cells but the response declares \(fields.count) fields")
            }
            rowIndex += 1
        } while try decoder.reader.nextArrayElement()
        let state = decoder.finish()
        reader = state.reader
        scratch = state.scratch
    }
}

/// Decoding helpers turning reader-level syntax errors into ``NeonError``.
enum ResponseDecoding {
    static func run<T>(_ body: Data, _ work: (inout JSONReader) throws -> T) throws -> T {
        do {
            return try body.withUnsafeBytes { raw in
                var reader = JSONReader(raw)
                let value = try work(&reader)
                reader.skipWhitespace()
                guard reader.atEnd else {
                    throw JSONReader.SyntaxError(message: "trailing characters after the response at byte \(reader.index)")
                }
                return value
            }
        } catch let error as JSONReader.SyntaxError {
            throw NeonError.malformedResponse(error.message)
        }
    }

}
