/// An error answered to the client, with the HTTP status and JSON body of Neon's proxy (docs/neon-sql-over-http.md §7).
struct NeonError: Error, Sendable {
    /// HTTP status code (400, 413, 500, 507).
    var status: Int
    /// The `message` key.
    var message: String
    /// PostgreSQL's error fields when the error came from PostgreSQL; `nil` for proxy errors
    /// (then `code` and `severity` are `""` and every other key is `null`).
    var fields: DatabaseErrorFields?

    /// A user error (400) with only a message.
    static func user(_ message: String) -> NeonError {
        NeonError(status: 400, message: message, fields: nil)
    }

    /// An internal error (500) with only a message.
    static func internalError(_ message: String) -> NeonError {
        NeonError(status: 500, message: message, fields: nil)
    }

    /// 413: the request body exceeds the configured limit.
    static func requestTooLarge(limit: Int) -> NeonError {
        NeonError(status: 413, message: "request is too large (max is \(limit) bytes)", fields: nil)
    }

    /// 507: the response would exceed the configured limit.
    static func responseTooLarge(limit: Int) -> NeonError {
        NeonError(status: 507, message: "response is too large (max is \(limit) bytes)", fields: nil)
    }

    /// A PostgreSQL error (ErrorResponse) as a 400 with all its fields.
    static func database(_ fields: DatabaseErrorFields, status: Int = 400) -> NeonError {
        NeonError(status: status, message: fields.message, fields: fields)
    }

    /// The JSON body, every key present, in the order of docs/neon-sql-over-http.md §7.1.
    func body() -> [UInt8] {
        var writer = JSONWriter()
        writer.raw("{")
        writer.key("message"); writer.string(message)
        func optional(_ name: String, _ value: String?) {
            writer.raw(",")
            writer.key(name)
            if let value { writer.string(value) } else { writer.null() }
        }
        writer.raw(",")
        writer.key("code"); writer.string(fields?.code ?? "")
        optional("detail", fields?.detail)
        optional("hint", fields?.hint)
        optional("position", fields?.position)
        optional("internalPosition", fields?.internalPosition)
        optional("internalQuery", fields?.internalQuery)
        writer.raw(",")
        writer.key("severity"); writer.string(fields?.severity ?? "")
        optional("where", fields?.where)
        optional("table", fields?.table)
        optional("column", fields?.column)
        optional("schema", fields?.schema)
        optional("dataType", fields?.dataType)
        optional("constraint", fields?.constraint)
        optional("file", fields?.file)
        optional("line", fields?.line)
        optional("routine", fields?.routine)
        writer.raw("}")
        return writer.bytes
    }
}

/// The fields of a PostgreSQL ErrorResponse, as Neon's proxy reports them.
struct DatabaseErrorFields: Sendable, Equatable {
    var message: String
    var code: String
    var severity: String
    var detail: String?
    var hint: String?
    /// Set only for a position in the original query; otherwise `internalPosition` and `internalQuery`.
    var position: String?
    var internalPosition: String?
    var internalQuery: String?
    var `where`: String?
    var table: String?
    var column: String?
    var schema: String?
    var dataType: String?
    var constraint: String?
    var file: String?
    var line: String?
    var routine: String?
}
