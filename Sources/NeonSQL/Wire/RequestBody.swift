import Foundation
@_spi(NeonSQLInternal) import NeonSQLShared

/// Writes the JSON request bodies: `{"query":...,"params":[...]}` and `{"queries":[...]}`.
enum RequestBody {
    static func single(sql: String, parameters: [String?]) -> Data {
        var out = ""
        out.reserveCapacity(sql.utf8.count + 32 + parameters.count * 16)
        appendQuery(sql: sql, parameters: parameters, to: &out)
        return Data(out.utf8)
    }

    static func batch(_ queries: [(sql: String, parameters: [String?])]) -> Data {
        var out = "{\"queries\":["
        for (index, query) in queries.enumerated() {
            if index > 0 { out += "," }
            appendQuery(sql: query.sql, parameters: query.parameters, to: &out)
        }
        out += "]}"
        return Data(out.utf8)
    }

    private static func appendQuery(sql: String, parameters: [String?], to out: inout String) {
        out += "{\"query\":"
        JSONStringEscaping.appendQuoted(sql, to: &out)
        out += ",\"params\":["
        for (index, parameter) in parameters.enumerated() {
            if index > 0 { out += "," }
            if let parameter {
                JSONStringEscaping.appendQuoted(parameter, to: &out)
            } else {
                out += "null"
            }
        }
        out += "]}"
    }
}

/// The request-body encoder, for the benchmarks package only (its same-run baseline reproduces
/// code paths that measure a body before sending it). Not API: may change without notice.
@_spi(Benchmarks)
public enum RequestBodyEncoder {
    /// The body of one statement, as ``NeonClient`` sends it.
    public static func single(sql: String, parameters: [String?]) -> Data {
        RequestBody.single(sql: sql, parameters: parameters)
    }
}
