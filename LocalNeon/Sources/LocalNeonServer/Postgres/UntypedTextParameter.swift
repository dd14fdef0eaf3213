import NIOCore
import PostgresNIO

/// A parameter sent as text with an unspecified type (OID 0), so PostgreSQL infers its type
/// from the statement, exactly as Neon's proxy sends every parameter (reference §3.1).
struct UntypedTextParameter: PostgresNonThrowingEncodable, PostgresDynamicTypeEncodable {
    static var psqlType: PostgresDataType { .null }
    static var psqlFormat: PostgresFormat { .text }

    /// The PostgreSQL text of the value.
    var text: String

    func encode<JSONEncoder: PostgresJSONEncoder>(into byteBuffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>) {
        byteBuffer.writeString(text)
    }
}

extension PostgresBindings {
    /// Bindings for Neon-style parameters: text with OID 0, `nil` as SQL NULL.
    static func untypedText(_ params: [String?]) -> PostgresBindings {
        var bindings = PostgresBindings(capacity: params.count)
        for param in params {
            if let param {
                bindings.append(UntypedTextParameter(text: param))
            } else {
                bindings.appendNull()
            }
        }
        return bindings
    }
}
