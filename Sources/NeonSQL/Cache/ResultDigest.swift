import Foundation
import NeonSQLShared

/// The digest of a query result that conditional revalidation compares: the SHA-256, as 64
/// lowercase hex digits, of the result's rows in the order returned, each row written as
/// PostgreSQL writes a record as text (`record_out`: `(1,"a b",,t)`), rows separated by a line
/// feed, in UTF-8.
///
/// The cache computes it from the rows it stored (the text cells of the `/sql` response body);
/// PostgreSQL computes the same bytes with ``sql(over:)`` for the result the query returns now.
/// Only the rows count: column names, type OIDs, the command tag and the response's formatting
/// do not. Rows in another order make another digest (rows tied under the query's ORDER BY that
/// come back in another order cost one needless refetch, never a missed change).
enum ResultDigest {
    /// The alias of the query's rows in ``sql(over:)``; the digest reads the whole row under it.
    static let rowAlias = "_neon_sql_revalidated_row"

    /// The digest of the rows in a single-statement `/sql` response body (array mode, raw
    /// text), or nil when the body is not one (then the entry is treated as changed).
    static func digest(ofResponseBody body: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
              let rows = object["rows"] as? [Any] else { return nil }
        var text: [UInt8] = []
        text.reserveCapacity(body.count)
        for (index, row) in rows.enumerated() {
            guard let cells = row as? [Any] else { return nil }
            if index > 0 { text.append(UInt8(ascii: "\n")) }
            guard appendRecord(cells, to: &text) else { return nil }
        }
        return SHA256.hex(of: text)
    }

    /// An SQL expression (a scalar subquery) giving the digest of the rows `sql` returns: the
    /// query runs as a subquery, its rows are aggregated in the order the subquery returns them.
    /// `sql` must be one statement without a trailing semicolon (see ``RevalidationSQL``).
    static func sql(over sql: String) -> String {
        "(SELECT encode(sha256(convert_to(coalesce(string_agg(\(rowAlias)::text, E'\\n'), ''), 'UTF8')), 'hex') FROM (\n"
            + sql + "\n) AS \(rowAlias))"
    }

    /// Appends `(cell,cell,...)` as PostgreSQL's `record_out` writes it: NULL as nothing; a value
    /// that is empty or holds `"`, `\`, `(`, `)`, `,` or white space in double quotes, with `"`
    /// and `\` doubled. False when a cell is neither text nor null.
    private static func appendRecord(_ cells: [Any], to text: inout [UInt8]) -> Bool {
        text.append(UInt8(ascii: "("))
        for (index, cell) in cells.enumerated() {
            if index > 0 { text.append(UInt8(ascii: ",")) }
            if cell is NSNull { continue }
            guard let value = cell as? String else { return false }
            let bytes = Array(value.utf8)
            let needsQuotes = bytes.isEmpty || bytes.contains(where: needsQuoting)
            if needsQuotes { text.append(UInt8(ascii: "\"")) }
            for byte in bytes {
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { text.append(byte) }
                text.append(byte)
            }
            if needsQuotes { text.append(UInt8(ascii: "\"")) }
        }
        text.append(UInt8(ascii: ")"))
        return true
    }

    /// The bytes that make `record_out` quote a value (`isspace` in the C locale included).
    private static func needsQuoting(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: ","),
             UInt8(ascii: " "), 0x09, 0x0A, 0x0B, 0x0C, 0x0D:
            return true
        default:
            return false
        }
    }
}
