/// A row type generated for a query: its expected columns and how to read one row.
///
/// `columns` is checked against the response's `fields` (count, and OID where the expected OID is
/// non-zero) before any row is decoded.
public protocol DecodableRow: Sendable {
    /// The columns the query returns, in order.
    static var columns: [ResultColumn] { get }
    /// Reads one row; call `row.decode(_:)` once per column, left to right.
    init(from row: inout RowDecoder) throws
}

/// One expected result column: its name and PostgreSQL type.
public struct ResultColumn: Sendable, Hashable, CustomStringConvertible {
    /// The column name as PostgreSQL reports it.
    public let name: String
    /// The column type (OID 0: not checked).
    public let type: PostgresType

    /// Creates a column.
    public init(_ name: String, _ type: PostgresType) {
        self.name = name
        self.type = type
    }

    /// `name type`.
    public var description: String { "\(name) \(type.name)" }
}

/// The `fields` of a response, already checked against the row type: where the array starts in the
/// body and how many fields it has. Names are re-read from the body only for error messages, so a
/// response costs no per-field allocation.
@usableFromInline
struct FieldList {
    /// Index of the array's `[` in the body.
    @usableFromInline let start: Int
    @usableFromInline let count: Int

    /// The field names, re-parsed from the (already validated) body; `""` for a field without one.
    func names(in bytes: UnsafeRawBufferPointer) -> [String] {
        var reader = JSONReader(bytes, index: start)
        var scratch: [UInt8] = []
        var names: [String] = []
        do {
            guard try reader.beginArray() else { return names }
            repeat {
                var name = ""
                if try reader.beginObject() {
                    repeat {
                        let key = try reader.readKey(&scratch)
                        if key.is("name") {
                            reader.skipWhitespace()
                            name = try reader.readString(&scratch)
                        } else {
                            try reader.skipValue()
                        }
                    } while try reader.nextObjectMember()
                }
                names.append(name)
            } while try reader.nextArrayElement()
        } catch {}
        return names
    }

    /// The name of field `index` (`""` when unknown).
    func name(at index: Int, in bytes: UnsafeRawBufferPointer) -> String {
        let names = names(in: bytes)
        return index >= 0 && index < names.count ? names[index] : ""
    }
}

/// Hands out the current row's cells left to right, decoding each straight from the response
/// body. Errors name the column, the row index and the cell text.
public struct RowDecoder: ~Copyable {
    @usableFromInline var reader: JSONReader
    var scratch: [UInt8]
    let fields: FieldList
    /// 0-based index of the row within its result.
    public private(set) var rowIndex: Int
    /// 0-based index of the next column to decode.
    public private(set) var columnIndex: Int
    let statementIndex: Int?

    @usableFromInline
    init(reader: JSONReader, scratch: consuming [UInt8], fields: FieldList, rowIndex: Int, statementIndex: Int?) {
        self.reader = reader
        self.scratch = scratch
        self.fields = fields
        self.rowIndex = rowIndex
        self.columnIndex = 0
        self.statementIndex = statementIndex
    }

    @usableFromInline
    consuming func finish() -> (reader: JSONReader, scratch: [UInt8]) {
        (reader, scratch)
    }

    /// Starts row `index` of the result at the reader's position: one decoder serves every row.
    @usableFromInline
    mutating func startRow(_ index: Int) {
        rowIndex = index
        columnIndex = 0
    }

    /// The number of columns in the row.
    public var columnCount: Int { fields.count }

    /// The name of the next column to decode (`nil` past the last).
    public var nextColumnName: String? { columnIndex < fields.count ? fields.name(at: columnIndex, in: reader.bytes) : nil }

    /// Decodes the next cell as `Value` (use an `Optional` type for nullable columns).
    public mutating func decode<Value: PostgresTextDecodable>(_ type: Value.Type = Value.self) throws -> Value {
        try decodeCell(Value.self)
    }

    /// The cell decoder; concrete overloads (RowDecoder+Specialized.swift) call it with concrete
    /// types so it is specialized inside the module.
    @inline(__always)
    mutating func decodeCell<Value: PostgresTextDecodable>(_: Value.Type) throws -> Value {
        let column = columnIndex
        guard column < fields.count else {
            throw NeonError.decoding(ResponseDecodingError(
                columnIndex: column, row: rowIndex, statementIndex: statementIndex,
                reason: "the row has only \(fields.count) columns; the generated row reads more (regenerate the queries)"))
        }
        var cellRange: Range<Int>? = nil
        var cellEscaped = false
        do {
            let byte: UInt8
            if let content = plainQuotedCell() {
                // What Neon sends for every non-null raw-text cell: `,"` with no whitespace.
                reader.index = content &- 1
                byte = UInt8(ascii: "\"")
            } else {
                reader.skipWhitespace()
                if column > 0 {
                    guard reader.peek() == UInt8(ascii: ",") else { throw missingCell(column) }
                    reader.index += 1
                    reader.skipWhitespace()
                }
                guard let next = reader.peek() else { throw JSONReader.SyntaxError(message: reader.describeHere()) }
                byte = next
            }
            let value: Value
            switch byte {
            case UInt8(ascii: "\""):
                reader.index += 1
                let (range, escaped) = try reader.scanStringContent()
                cellRange = range
                cellEscaped = escaped
                if !escaped {
                    value = try Value.decode(postgresText: PostgresText(UnsafeRawBufferPointer(rebasing: reader.bytes[range])))
                } else if Value.self == String.self || Value.self == String?.self,
                    let string = try reader.unescapedString(range) as? Value {
                    // A text column: unescaped straight into the String (a compile-time test once specialized).
                    value = string
                } else {
                    try reader.unescape(range, into: &scratch)
                    value = try scratch.withUnsafeBytes { try Value.decode(postgresText: PostgresText($0)) }
                }
            case UInt8(ascii: "n"):
                try reader.expectNull()
                value = try Value.decodeNull()
            case UInt8(ascii: "]"):
                throw missingCell(column)
            case UInt8(ascii: "t"), UInt8(ascii: "f"):
                // Only without Neon-Raw-Text-Output; booleans as t/f.
                let isTrue = byte == UInt8(ascii: "t")
                try reader.expectLiteral(isTrue ? "true" : "false")
                var letter: UInt8 = isTrue ? UInt8(ascii: "t") : UInt8(ascii: "f")
                value = try withUnsafeBytes(of: &letter) { try Value.decode(postgresText: PostgresText($0)) }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                throw NeonError.malformedResponse(
                    "cell \(column) of row \(rowIndex) is a JSON \(byte == UInt8(ascii: "{") ? "object" : "array"), not text; "
                        + "the server did not honour Neon-Raw-Text-Output: true")
            default:
                let range = try reader.readNumberSpan()
                cellRange = range
                value = try Value.decode(postgresText: PostgresText(UnsafeRawBufferPointer(rebasing: reader.bytes[range])))
            }
            columnIndex = column + 1
            return value
        } catch let error as NeonError {
            throw error
        } catch let error as JSONReader.SyntaxError {
            throw NeonError.malformedResponse(error.message)
        } catch {
            let reason: String
            if let failure = error as? PostgresTextDecodingError { reason = failure.reason } else { reason = "\(error)" }
            var text: String? = nil
            if let range = cellRange {
                if cellEscaped, (try? reader.unescape(range, into: &scratch)) != nil {
                    text = String(decoding: scratch, as: UTF8.self)
                } else {
                    text = String(decoding: UnsafeRawBufferPointer(rebasing: reader.bytes[range]), as: UTF8.self)
                }
            }
            throw NeonError.decoding(ResponseDecodingError(
                column: fields.name(at: column, in: reader.bytes), columnIndex: column, row: rowIndex, statementIndex: statementIndex,
                text: text, reason: reason))
        }
    }

    /// The next cell when it is a quoted cell as Neon sends it (`,"` without whitespace) that
    /// ``DirectCell`` reads in place; `nil` (nothing consumed) for anything else, which
    /// ``decodeCell(_:)`` then reads or rejects. Small and non-throwing, so the specialized
    /// `decode` overloads inline it in front of the general path.
    @inline(__always)
    mutating func directCell<Value>(_: Value.Type) -> Value? {
        guard let content = plainQuotedCell(), let direct = DirectCell.read(Value.self, in: reader.bytes, at: content)
        else { return nil }
        reader.index = direct.end &+ 1
        columnIndex &+= 1
        return direct.value
    }

    /// Where the next cell's text starts when the cell is quoted as Neon sends it (`,"` with no
    /// whitespace; `"` in the first column), `nil` otherwise or past the last column.
    @inline(__always)
    func plainQuotedCell() -> Int? {
        let column = columnIndex
        guard column < fields.count else { return nil }
        let start = reader.index
        let quote = column > 0 ? start &+ 1 : start
        guard quote < reader.bytes.count, column == 0 || reader.bytes[start] == UInt8(ascii: ","),
            reader.bytes[quote] == UInt8(ascii: "\"")
        else { return nil }
        return quote &+ 1
    }

    /// The next cell as text when it is a quoted cell as Neon sends it (`,"`), escapes decoded;
    /// `nil` (nothing consumed) for anything else, malformed text included, which
    /// ``decodeCell(_:)`` then reads or rejects with its errors.
    @inline(__always)
    mutating func directText() -> String? {
        guard let content = plainQuotedCell() else { return nil }
        let start = reader.index
        reader.index = content
        guard let (range, escaped) = try? reader.scanStringContent() else {
            reader.index = start
            return nil
        }
        let text: String
        if !escaped {
            text = String(decoding: UnsafeRawBufferPointer(rebasing: reader.bytes[range]), as: UTF8.self)
        } else {
            guard let unescaped = try? reader.unescapedString(range) else {
                reader.index = start
                return nil
            }
            text = unescaped
        }
        columnIndex &+= 1
        return text
    }

    private func missingCell(_ column: Int) -> NeonError {
        NeonError.malformedResponse(
            "row \(rowIndex) has \(column) cells but the response declares \(fields.count) fields")
    }
}
