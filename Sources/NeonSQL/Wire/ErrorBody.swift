import Foundation

/// Parses Neon's JSON error body (`{"message":..., "code":..., "detail":..., ...}`).
enum ErrorBody {
    /// The database error in `body`, or `nil` when the body is not a JSON object with a `message`.
    static func parse(_ body: Data, status: Int) -> DatabaseError? {
        try? ResponseDecoding.run(body) { reader -> DatabaseError? in
            var scratch: [UInt8] = []
            var error = DatabaseError(status: status, message: "")
            var sawMessage = false
            guard try reader.beginObject() else { return nil }
            repeat {
                let key = try reader.readKey(&scratch)
                func text() throws -> String? { try reader.readStringOrNull(&scratch) }
                if key.is("message") {
                    error.message = try text() ?? ""
                    sawMessage = true
                } else if key.is("msg") {  // generic hyper-level ApiError body
                    if !sawMessage { error.message = try text() ?? "" }
                    sawMessage = true
                } else if key.is("code") {
                    error.code = try text() ?? ""
                } else if key.is("detail") {
                    error.detail = try text()
                } else if key.is("hint") {
                    error.hint = try text()
                } else if key.is("position") {
                    error.position = try text().flatMap { Int($0) }
                } else if key.is("internalPosition") {
                    error.internalPosition = try text().flatMap { Int($0) }
                } else if key.is("internalQuery") {
                    error.internalQuery = try text()
                } else if key.is("severity") {
                    error.severity = try text()
                } else if key.is("where") {
                    error.where = try text()
                } else if key.is("schema") {
                    error.schema = try text()
                } else if key.is("table") {
                    error.table = try text()
                } else if key.is("column") {
                    error.column = try text()
                } else if key.is("dataType") {
                    error.dataType = try text()
                } else if key.is("constraint") {
                    error.constraint = try text()
                } else if key.is("file") {
                    error.file = try text()
                } else if key.is("line") {
                    error.line = try text()
                } else if key.is("routine") {
                    error.routine = try text()
                } else {
                    try reader.skipValue()
                }
            } while try reader.nextObjectMember()
            return sawMessage ? error : nil
        } ?? nil
    }

    /// A short readable text for a body that is not Neon's JSON error object.
    static func rawText(_ body: Data) -> String {
        var text = String(decoding: body.prefix(1000), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        // A bare JSON string such as "query is not supported".
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") {
            text = String(text.dropFirst().dropLast())
        }
        return text.isEmpty ? "(empty body)" : text
    }
}
