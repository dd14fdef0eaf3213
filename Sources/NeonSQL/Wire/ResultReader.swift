import Foundation

/// Reads one query result object of Neon's `/sql` response
/// (`{"fields":[...],"rows":[[...]],"command":"SELECT","rowCount":1,"rowAsArray":true}`),
/// in any key order, decoding rows straight into generated row values.
struct ResultReader {
    var reader: JSONReader
    var scratch: [UInt8] = []
    /// Index within a batch, for error messages.
    var statementIndex: Int?

    init(reader: JSONReader, statementIndex: Int? = nil) {
        self.reader = reader
        self.statementIndex = statementIndex
    }

    /// Decodes the rows of a result (at most `limit`), after checking `fields` against `Row.columns`.
    mutating func decodeRows<Row: DecodableRow>(_: Row.Type, limit: Int?) throws -> [Row] {
        var fields: [ResponseField]? = nil
        var deferredRows: Int? = nil
        var sawRows = false
        var rows: [Row] = []
        reader.skipWhitespace()
        try reader.expect(UInt8(ascii: "{"))
        reader.skipWhitespace()
        if reader.peek() == UInt8(ascii: "}") {
            reader.index += 1
        } else {
            while true {
                let key = try reader.readKey(&scratch)
                if key.is("fields") {
                    let parsed = try readFields()
                    try verify(parsed, against: Row.columns, rowType: "\(Row.self)")
                    fields = parsed
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
                reader.skipWhitespace()
                if reader.peek() == UInt8(ascii: ",") {
                    reader.index += 1
                    continue
                }
                try reader.expect(UInt8(ascii: "}"))
                break
            }
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

    /// Reads a result without rows of interest; returns `rowCount` (nil when the server sent null).
    mutating func decodeCommand() throws -> Int? {
        var rowCount: Int? = nil
        reader.skipWhitespace()
        try reader.expect(UInt8(ascii: "{"))
        reader.skipWhitespace()
        if reader.peek() == UInt8(ascii: "}") {
            reader.index += 1
            return nil
        }
        while true {
            let key = try reader.readKey(&scratch)
            if key.is("rowCount") {
                rowCount = try reader.readIntOrNull()
            } else {
                try reader.skipValue()
            }
            reader.skipWhitespace()
            if reader.peek() == UInt8(ascii: ",") {
                reader.index += 1
                continue
            }
            try reader.expect(UInt8(ascii: "}"))
            return rowCount
        }
    }

    private mutating func readFields() throws -> [ResponseField] {
        var fields: [ResponseField] = []
        reader.skipWhitespace()
        try reader.expect(UInt8(ascii: "["))
        reader.skipWhitespace()
        if reader.peek() == UInt8(ascii: "]") {
            reader.index += 1
            return fields
        }
        while true {
            reader.skipWhitespace()
            try reader.expect(UInt8(ascii: "{"))
            var name = ResponseField.Name.text("")
            var oid: UInt32 = 0
            reader.skipWhitespace()
            if reader.peek() == UInt8(ascii: "}") {
                reader.index += 1
            } else {
                while true {
                    let key = try reader.readKey(&scratch)
                    if key.is("name") {
                        // Kept as a range into the body; turned into a String only for error messages.
                        reader.skipWhitespace()
                        try reader.expect(UInt8(ascii: "\""))
                        let (range, escaped) = try reader.scanStringContent()
                        name = escaped ? .text(try reader.unescapedString(range, &scratch)) : .range(range)
                    } else if key.is("dataTypeID") {
                        oid = UInt32(clamping: try reader.readIntOrNull() ?? 0)
                    } else {
                        try reader.skipValue()
                    }
                    reader.skipWhitespace()
                    if reader.peek() == UInt8(ascii: ",") {
                        reader.index += 1
                        continue
                    }
                    try reader.expect(UInt8(ascii: "}"))
                    break
                }
            }
            fields.append(ResponseField(name: name, oid: oid))
            reader.skipWhitespace()
            if reader.peek() == UInt8(ascii: ",") {
                reader.index += 1
                continue
            }
            try reader.expect(UInt8(ascii: "]"))
            return fields
        }
    }

    private func verify(_ fields: [ResponseField], against columns: [ResultColumn], rowType: @autoclosure () -> String) throws {
        guard fields.count == columns.count else {
            let rowType = rowType()
            let fields = fields.map { ResponseField(name: .text($0.name.string(in: reader.bytes)), oid: $0.oid) }
            let actual = fields.map { $0.name.string(in: reader.bytes) }.joined(separator: ", ")
            let expected = columns.map(\.name).joined(separator: ", ")
            var reason = "the result has \(fields.count) columns (\(actual)) but \(rowType) expects \(columns.count) (\(expected))"
            // Name the first column that differs.
            let firstDifference = (0..<min(fields.count, columns.count)).first { fields[$0].name.string(in: reader.bytes) != columns[$0].name }
                ?? min(fields.count, columns.count)
            let column: String
            if firstDifference < columns.count {
                column = columns[firstDifference].name
            } else {
                column = fields[firstDifference].name.string(in: reader.bytes)
            }
            reason += "; the schema or query changed: regenerate the queries"
            throw NeonError.decoding(DecodingFailure(
                column: column, columnIndex: firstDifference, statementIndex: statementIndex, reason: reason))
        }
        for (index, (field, column)) in zip(fields, columns).enumerated()
        where column.type.oid != 0 && field.oid != 0 && field.oid != column.type.oid {
            let rowType = rowType()
            throw NeonError.decoding(DecodingFailure(
                column: field.name.string(in: reader.bytes), columnIndex: index, statementIndex: statementIndex,
                reason: "column type changed: \(rowType) expects \(column.type.name) (OID \(column.type.oid)) for "
                    + "\"\(column.name)\" but the result has \(PostgresType.displayName(forOID: field.oid)) "
                    + "(OID \(field.oid)); the schema changed: regenerate the queries"))
        }
    }

    private mutating func readRows<Row: DecodableRow>(into rows: inout [Row], fields: [ResponseField], limit: Int?) throws {
        reader.skipWhitespace()
        if reader.peek() == UInt8(ascii: "n") {
            try reader.expectLiteral("null")
            return
        }
        try reader.expect(UInt8(ascii: "["))
        reader.skipWhitespace()
        if reader.peek() == UInt8(ascii: "]") {
            reader.index += 1
            return
        }
        var rowIndex = 0
        while true {
            reader.skipWhitespace()
            if reader.peek() == UInt8(ascii: "{") {
                throw NeonError.malformedResponse(
                    "rows are JSON objects: the server did not honour Neon-Array-Mode: true")
            }
            try reader.expect(UInt8(ascii: "["))
            var consumed = 0
            let rowStart = reader.index
            if limit.map({ rows.count < $0 }) ?? true {
                var decoder = RowDecoder(
                    reader: reader, scratch: scratch, fields: fields, rowIndex: rowIndex, statementIndex: statementIndex)
                scratch = []
                let row = try Row(from: &decoder)
                let state = decoder.finish()
                reader = state.reader
                scratch = state.scratch
                consumed = state.decodedColumns
                if rowIndex == 0, limit == nil {
                    // Estimate the row count from the first row's size to avoid repeated growth.
                    let perRow = max(reader.index - rowStart, 8)
                    rows.reserveCapacity(min((reader.bytes.count - reader.index) / perRow + 2, 1 << 20))
                }
                rows.append(row)
            }
            // Skip cells the row type did not read (or all of them past `limit`).
            var cell = consumed
            while true {
                reader.skipWhitespace()
                guard let byte = reader.peek() else { throw JSONReader.SyntaxError(message: reader.describeHere()) }
                if byte == UInt8(ascii: "]") {
                    reader.index += 1
                    break
                }
                if cell > 0 { try reader.expect(UInt8(ascii: ",")) }
                try reader.skipValue()
                cell += 1
            }
            guard cell == fields.count else {
                throw NeonError.malformedResponse(
                    "row \(rowIndex) has \(cell) cells but the response declares \(fields.count) fields")
            }
            rowIndex += 1
            reader.skipWhitespace()
            if reader.peek() == UInt8(ascii: ",") {
                reader.index += 1
                continue
            }
            try reader.expect(UInt8(ascii: "]"))
            return
        }
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

    /// Reads a batch body `{"results":[r0, r1, ...]}` calling `each` for every result in order.
    static func readBatch(
        _ body: Data, expectedCount: Int, _ each: (Int, inout JSONReader) throws -> Void
    ) throws {
        try run(body) { reader in
            reader.skipWhitespace()
            try reader.expect(UInt8(ascii: "{"))
            var scratch: [UInt8] = []
            var sawResults = false
            reader.skipWhitespace()
            if reader.peek() != UInt8(ascii: "}") {
                while true {
                    let key = try reader.readKey(&scratch)
                    if key.is("results") {
                        sawResults = true
                        reader.skipWhitespace()
                        try reader.expect(UInt8(ascii: "["))
                        var count = 0
                        reader.skipWhitespace()
                        if reader.peek() == UInt8(ascii: "]") {
                            reader.index += 1
                        } else {
                            while true {
                                guard count < expectedCount else {
                                    throw NeonError.malformedResponse(
                                        "the batch response has more results than the \(expectedCount) statements sent")
                                }
                                try each(count, &reader)
                                count += 1
                                reader.skipWhitespace()
                                if reader.peek() == UInt8(ascii: ",") {
                                    reader.index += 1
                                    continue
                                }
                                try reader.expect(UInt8(ascii: "]"))
                                break
                            }
                        }
                        guard count == expectedCount else {
                            throw NeonError.malformedResponse(
                                "the batch response has \(count) results for \(expectedCount) statements")
                        }
                    } else {
                        try reader.skipValue()
                    }
                    reader.skipWhitespace()
                    if reader.peek() == UInt8(ascii: ",") {
                        reader.index += 1
                        continue
                    }
                    try reader.expect(UInt8(ascii: "}"))
                    break
                }
            } else {
                reader.index += 1
            }
            guard sawResults else {
                throw NeonError.malformedResponse("the batch response has no \"results\" array")
            }
        }
    }
}
