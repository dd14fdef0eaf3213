import Foundation
import NeonSQL
import Testing

private struct Attributes: Codable, Hashable, Sendable, JSONColumnCodable {
    var color: String
    var sizes: [String]
}

private struct ProductRow: DecodableRow, Hashable {
    static let columns = [ResultColumn("id", .int4), ResultColumn("attributes", .jsonb), ResultColumn("extra", .jsonb)]
    var id: Int
    var attributes: Attributes
    var extra: Attributes?
    init(from row: inout RowDecoder) throws {
        id = try row.decode(Int.self)
        attributes = try row.decode(Attributes.self)
        extra = try row.decode(Attributes?.self)
    }
}

@Suite("JSONColumnCodable")
struct JSONCodableTests {
    @Test func encodesAsJSONText() throws {
        var bindings = Bindings()
        bindings.append(Attributes(color: "red", sizes: ["S", "M"]), as: .jsonb)
        bindings.append(Attributes?.none, as: .jsonb)
        #expect(bindings.values == [#"{"color":"red","sizes":["S","M"]}"#, nil])
    }

    @Test func decodesFromACell() throws {
        let body = #"{"fields":[{"name":"id","dataTypeID":23},{"name":"attributes","dataTypeID":3802},{"name":"extra","dataTypeID":3802}],"rows":[["1","{\"color\": \"blue\", \"sizes\": []}",null]],"command":"SELECT","rowCount":1,"rowAsArray":true}"#
        let statement: Statement<[ProductRow]> = .many(name: "Test", sql: "SELECT 1", bindings: Bindings(), readOnly: true)
        let rows = try statement.decodeResponse(Data(body.utf8))
        #expect(rows.first?.attributes == Attributes(color: "blue", sizes: []))
        #expect(rows.first?.extra == nil)
    }

    @Test func mismatchedJSONIsADecodingErrorNamingTheColumn() {
        let body = #"{"fields":[{"name":"id","dataTypeID":23},{"name":"attributes","dataTypeID":3802},{"name":"extra","dataTypeID":3802}],"rows":[["1","{\"colour\": 1}",null]],"command":"SELECT","rowCount":1,"rowAsArray":true}"#
        let statement: Statement<[ProductRow]> = .many(name: "Test", sql: "SELECT 1", bindings: Bindings(), readOnly: true)
        #expect {
            _ = try statement.decodeResponse(Data(body.utf8))
        } throws: { error in
            String(describing: error).contains("attributes")
        }
    }
}
