import Foundation
import Logging
import NIOCore
import PostgresNIO

/// Turns binary result values into PostgreSQL's text output.
///
/// postgres-nio always asks for binary results. Neon returns PostgreSQL's *text* output, which
/// depends on the session (DateStyle, TimeZone, extra_float_digits, bytea_output, ...). So values
/// whose text is fixed are converted here (integers, bool, text-like types, uuid, json/jsonb) and
/// every other value is handed back to PostgreSQL on the same connection, bound with its own type
/// OID in binary, and cast to text there (`$1::text`), which runs the type's output function in the
/// same session: the result is exactly what a text-format query would have returned.
struct TextConversion {
    /// The connection the values came from (same session settings).
    var connection: PostgresConnection
    var logger: Logger

    /// Most parameters one cast query binds (PostgreSQL allows 65535).
    static let maximumParametersPerQuery = 8000

    /// A value to convert: its type OID and binary bytes.
    struct Value {
        var oid: UInt32
        var bytes: ByteBuffer
    }

    /// Converts a table of binary cells (`nil` = NULL) to text, row by row.
    func convert(rows: [[Value?]]) async throws -> [[String?]] {
        var flat: [Value] = []
        var positions: [(row: Int, column: Int)] = []
        var output: [[String?]] = rows.map { Array(repeating: nil, count: $0.count) }
        for (rowIndex, row) in rows.enumerated() {
            for (columnIndex, cell) in row.enumerated() {
                guard let cell else { continue }
                if let text = Self.localText(cell) {
                    output[rowIndex][columnIndex] = text
                } else {
                    flat.append(cell)
                    positions.append((rowIndex, columnIndex))
                }
            }
        }
        if !flat.isEmpty {
            let texts = try await convertOnServer(flat)
            for (position, text) in zip(positions, texts) {
                output[position.row][position.column] = text
            }
        }
        return output
    }

    /// Converts values that need PostgreSQL (and anonymous records, whose fields are converted recursively).
    private func convertOnServer(_ values: [Value]) async throws -> [String] {
        var results = [String](repeating: "", count: values.count)
        var groups: [UInt32: [Int]] = [:]
        for (index, value) in values.enumerated() {
            if value.oid == Self.recordOID {
                results[index] = try await recordText(value.bytes)
            } else if let text = Self.localText(value) {
                results[index] = text
            } else {
                groups[value.oid, default: []].append(index)
            }
        }
        for (oid, indices) in groups {
            var start = 0
            while start < indices.count {
                let chunk = indices[start..<min(start + Self.maximumParametersPerQuery, indices.count)]
                var bindings = PostgresBindings(capacity: chunk.count)
                for index in chunk {
                    bindings.append(PostgresData(type: PostgresDataType(oid), formatCode: .binary, value: values[index].bytes))
                }
                let list = (1...chunk.count).map { "$\($0)::pg_catalog.text" }.joined(separator: ",")
                let query = PostgresQuery(unsafeSQL: "SELECT ARRAY[\(list)]::pg_catalog.text[]", binds: bindings)
                let rows = try await connection.query(query, logger: logger)
                var texts: [String] = []
                for try await array in rows.decode([String].self) {
                    texts = array
                }
                guard texts.count == chunk.count else {
                    throw ConversionError.unexpectedCastResult
                }
                for (index, text) in zip(chunk, texts) {
                    results[index] = text
                }
                start += chunk.count
            }
        }
        return results
    }

    /// `record_out` of an anonymous record: `(a,b,)` with values quoted when needed.
    private func recordText(_ bytes: ByteBuffer) async throws -> String {
        var buffer = bytes
        guard let count = buffer.readInteger(as: Int32.self), count >= 0 else { throw ConversionError.malformedRecord }
        var fields: [Value?] = []
        for _ in 0..<count {
            guard let oid = buffer.readInteger(as: UInt32.self), let length = buffer.readInteger(as: Int32.self) else {
                throw ConversionError.malformedRecord
            }
            if length < 0 {
                fields.append(nil)
            } else {
                guard let slice = buffer.readSlice(length: Int(length)) else { throw ConversionError.malformedRecord }
                fields.append(Value(oid: oid, bytes: slice))
            }
        }
        let texts = try await convert(rows: [fields])[0]
        let rendered = texts.map { text -> String in
            guard let text else { return "" }
            let needsQuotes = text.isEmpty || text.unicodeScalars.contains { scalar in
                "\"\\(),".unicodeScalars.contains(scalar) || scalar == " " || ("\t\n\r\u{0B}\u{0C}").unicodeScalars.contains(scalar)
            }
            guard needsQuotes else { return text }
            var quoted = "\""
            for character in text {
                if character == "\"" || character == "\\" { quoted.append(character) }
                quoted.append(character)
            }
            return quoted + "\""
        }
        return "(" + rendered.joined(separator: ",") + ")"
    }

    static let recordOID: UInt32 = 2249

    /// The text of values whose text form does not depend on session settings, `nil` for others.
    static func localText(_ value: Value) -> String? {
        var buffer = value.bytes
        switch value.oid {
        case 16: // bool
            guard buffer.readableBytes == 1, let byte = buffer.readInteger(as: UInt8.self) else { return nil }
            return byte != 0 ? "t" : "f"
        case 21: // int2
            guard buffer.readableBytes == 2, let number = buffer.readInteger(as: Int16.self) else { return nil }
            return String(number)
        case 23: // int4
            guard buffer.readableBytes == 4, let number = buffer.readInteger(as: Int32.self) else { return nil }
            return String(number)
        case 20: // int8
            guard buffer.readableBytes == 8, let number = buffer.readInteger(as: Int64.self) else { return nil }
            return String(number)
        case 26: // oid
            guard buffer.readableBytes == 4, let number = buffer.readInteger(as: UInt32.self) else { return nil }
            return String(number)
        case 25, 1043, 1042, 19, 705, 114: // text, varchar, bpchar, name, unknown, json
            return buffer.readString(length: buffer.readableBytes)
        case 3802: // jsonb: version byte 1, then jsonb_out's text
            guard buffer.readInteger(as: UInt8.self) == 1 else { return nil }
            return buffer.readString(length: buffer.readableBytes)
        case 2950: // uuid
            guard buffer.readableBytes == 16, let bytes = buffer.readBytes(length: 16) else { return nil }
            let hex = bytes.map { byte -> String in
                let digits = String(byte, radix: 16)
                return digits.count == 1 ? "0" + digits : digits
            }
            return hex[0..<4].joined() + "-" + hex[4..<6].joined() + "-" + hex[6..<8].joined() + "-"
                + hex[8..<10].joined() + "-" + hex[10..<16].joined()
        default:
            return nil
        }
    }

    /// A result value that could not be turned into text.
    enum ConversionError: Error {
        case unexpectedCastResult
        case malformedRecord
    }
}
