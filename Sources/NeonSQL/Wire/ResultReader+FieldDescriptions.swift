extension ResultReader {
    /// Reads a result's `fields` as descriptions and skips everything else (rows included).
    mutating func decodeFieldDescriptions() throws -> [ResultFieldDescription] {
        var descriptions: [ResultFieldDescription]? = nil
        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey(&scratch)
                if key.is("fields") {
                    descriptions = try readFieldDescriptionList()
                } else {
                    try reader.skipValue()
                }
            } while try reader.nextObjectMember()
        }
        guard let descriptions else { throw NeonError.malformedResponse("the result has no \"fields\"") }
        return descriptions
    }

    private mutating func readFieldDescriptionList() throws -> [ResultFieldDescription] {
        var descriptions: [ResultFieldDescription] = []
        guard try reader.beginArray() else { return descriptions }
        repeat {
            var name: String? = nil
            var typeOID: Int? = nil
            var tableOID: Int? = nil
            var columnNumber: Int? = nil
            if try reader.beginObject() {
                repeat {
                    let key = try reader.readKey(&scratch)
                    if key.is("name") {
                        name = try reader.readStringOrNull(&scratch)
                    } else if key.is("dataTypeID") {
                        typeOID = try reader.readIntOrNull()
                    } else if key.is("tableID") {
                        tableOID = try reader.readIntOrNull()
                    } else if key.is("columnID") {
                        columnNumber = try reader.readIntOrNull()
                    } else {
                        try reader.skipValue()
                    }
                } while try reader.nextObjectMember()
            }
            guard let name, let oid = typeOID.flatMap(UInt32.init(exactly:)) else {
                throw NeonError.malformedResponse("field \(descriptions.count) has no \"name\" or no valid \"dataTypeID\"")
            }
            descriptions.append(ResultFieldDescription(
                name: name, typeOID: oid, tableOID: tableOID.flatMap(UInt32.init(exactly:)) ?? 0,
                columnNumber: columnNumber ?? 0))
        } while try reader.nextArrayElement()
        return descriptions
    }
}
