import Foundation
import NeonSQL
import Testing

/// `Statement.fieldDescriptions` reads a result's `fields` with the runtime's reader (what
/// `check` and `prepare` use instead of a second JSON parser).
@Suite("Field descriptions")
struct FieldDescriptionTests {
    static func statement() -> Statement<[ResultFieldDescription]> {
        .fieldDescriptions(name: "Describe", sql: "SELECT 1", bindings: Bindings(), readOnly: true)
    }

    @Test func readsEveryFieldInAnyKeyOrderAndSkipsTheRows() throws {
        let body = #"""
        {"rows":[["1","x"]],"command":"SELECT","fields":[
          {"name":"id","tableID":16390,"columnID":1,"dataTypeID":23,"dataTypeSize":4,"dataTypeModifier":-1,"format":"text"},
          {"dataTypeID":25,"name":"label \"q\"","tableID":0,"columnID":0}
        ],"rowCount":1,"rowAsArray":true}
        """#
        let fields = try Self.statement().decodeResponse(Data(body.utf8))
        #expect(fields == [
            ResultFieldDescription(name: "id", typeOID: 23, tableOID: 16390, columnNumber: 1),
            ResultFieldDescription(name: "label \"q\"", typeOID: 25),
        ])
    }

    @Test func noFieldsIsEmpty() throws {
        let body = #"{"fields":[],"rows":[],"command":"SELECT","rowCount":0,"rowAsArray":true}"#
        #expect(try Self.statement().decodeResponse(Data(body.utf8)).isEmpty)
    }

    @Test func aFieldWithoutTypeIsMalformed() throws {
        let body = #"{"fields":[{"name":"id"}],"rows":[],"rowAsArray":true}"#
        #expect {
            try Self.statement().decodeResponse(Data(body.utf8))
        } throws: { error in
            guard case .malformedResponse(let message)? = error as? NeonError else { return false }
            return message.contains("dataTypeID")
        }
    }

    @Test func aResultWithoutFieldsIsMalformed() throws {
        let body = #"{"rows":[],"command":"SELECT"}"#
        #expect(throws: NeonError.self) { try Self.statement().decodeResponse(Data(body.utf8)) }
    }

    @Test func anOIDOutOfRangeIsMalformed() throws {
        let body = #"{"fields":[{"name":"id","dataTypeID":4294967296}],"rows":[]}"#
        #expect(throws: NeonError.self) { try Self.statement().decodeResponse(Data(body.utf8)) }
    }
}
