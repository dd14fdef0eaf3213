@_spi(NeonSQLInternal) import NeonSQLShared

/// A request body: one query or a batch (docs/neon-sql-over-http.md §3). Untagged: a body with `query` is a single query.
enum RequestPayload: Sendable, Equatable {
    case single(QueryRequest)
    case batch([QueryRequest])

    /// Parses the body; errors are 400 `could not parse the HTTP request body: ...`.
    static func parse(_ body: [UInt8]) throws(NeonError) -> RequestPayload {
        let value: JSONDocument
        do {
            value = try JSONDocumentParser.parse(body)
        } catch {
            throw .user("could not parse the HTTP request body: \(error.message)")
        }
        if let single = QueryRequest(value) {
            return .single(single)
        }
        if case .object = value, case .array(let elements)? = value["queries"] {
            var queries: [QueryRequest] = []
            for element in elements {
                guard let query = QueryRequest(element) else { return try Self.mismatch() }
                queries.append(query)
            }
            return .batch(queries)
        }
        return try Self.mismatch()
    }

    private static func mismatch() throws(NeonError) -> RequestPayload {
        throw .user("could not parse the HTTP request body: data did not match any variant of untagged enum Payload")
    }
}

/// One query of a request: SQL, parameters converted to PostgreSQL text, optional array mode.
struct QueryRequest: Sendable, Equatable {
    var query: String
    /// Each parameter as PostgreSQL text (`nil` = SQL NULL), per docs/neon-sql-over-http.md §3.1.
    var params: [String?]
    var arrayMode: Bool?

    init(query: String, params: [String?] = [], arrayMode: Bool? = nil) {
        self.query = query
        self.params = params
        self.arrayMode = arrayMode
    }

    /// Reads `{"query": string, "params"?: array, "arrayMode"?: bool|null}`; extra keys are ignored.
    init?(_ value: JSONDocument) {
        guard case .object = value, case .string(let query)? = value["query"] else { return nil }
        self.query = query
        switch value["params"] {
        case nil, .null?:
            // serde's `default` applies to a missing key only; `null` fails `Vec` deserialization.
            if value["params"] != nil { return nil }
            params = []
        case .array(let elements)?:
            params = elements.map(ParameterText.convert)
        default:
            return nil
        }
        switch value["arrayMode"] {
        case nil, .null?: arrayMode = nil
        case .bool(let flag)?: arrayMode = flag
        default: return nil
        }
    }
}

/// Neon's JSON-to-PostgreSQL-text conversion of parameters (`json_to_pg_text`, docs/neon-sql-over-http.md §3.1).
enum ParameterText {
    /// Converts one parameter: null -> NULL, strings verbatim, numbers/bools via `to_string`,
    /// objects as compact JSON, arrays as a PostgreSQL array literal.
    static func convert(_ value: JSONDocument) -> String? {
        switch value {
        case .null: return nil
        case .string(let text): return text
        case .bool, .number, .object:
            var writer = JSONWriter()
            writer.value(value)
            return String(decoding: writer.bytes, as: UTF8.self)
        case .array:
            return arrayLiteral(value)
        }
    }

    private static func arrayLiteral(_ value: JSONDocument) -> String? {
        switch value {
        case .null:
            return nil
        case .bool, .number, .string:
            var writer = JSONWriter()
            writer.value(value)
            return String(decoding: writer.bytes, as: UTF8.self)
        case .object:
            var writer = JSONWriter()
            writer.value(value)
            return arrayLiteral(.string(String(decoding: writer.bytes, as: UTF8.self)))
        case .array(let elements):
            return "{" + elements.map { arrayLiteral($0) ?? "NULL" }.joined(separator: ",") + "}"
        }
    }
}
