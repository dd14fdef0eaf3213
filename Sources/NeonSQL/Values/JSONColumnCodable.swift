import Foundation

/// A `Codable` type stored in a `json` or `jsonb` column or parameter.
///
/// Conform your own type to bind and read it directly, then map the column to it in the
/// generator's `neon-sql.json` (`"overrides": {"columns": {"products.attributes": "ProductAttributes"}}`):
///
/// ```swift
/// struct ProductAttributes: Codable, Hashable, Sendable, JSONColumnCodable {
///     var color: String
///     var sizes: [String]
/// }
/// ```
///
/// Values are encoded with `JSONEncoder` and decoded with `JSONDecoder` (default strategies);
/// override ``postgresJSONEncoder`` / ``postgresJSONDecoder`` to change them.
public protocol JSONColumnCodable: Codable, PostgresTextEncodable, PostgresTextDecodable {
    /// The encoder used for parameters (default: a plain `JSONEncoder` with sorted keys).
    static var postgresJSONEncoder: JSONEncoder { get }
    /// The decoder used for cells (default: a plain `JSONDecoder`).
    static var postgresJSONDecoder: JSONDecoder { get }
}

extension JSONColumnCodable {
    /// A `JSONEncoder` with sorted keys.
    public static var postgresJSONEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    /// A plain `JSONDecoder`.
    public static var postgresJSONDecoder: JSONDecoder { JSONDecoder() }

    /// The value as JSON text.
    public func postgresText(as type: PostgresType) throws -> String? {
        do {
            return String(decoding: try Self.postgresJSONEncoder.encode(self), as: UTF8.self)
        } catch {
            throw PostgresTextEncodingError("cannot encode \(Self.self) as JSON: \(error)")
        }
    }

    /// Decodes the cell's JSON text.
    public static func decode(postgresText text: borrowing PostgresText) throws -> Self {
        let data = text.withUTF8 { Data($0) }
        do {
            return try postgresJSONDecoder.decode(Self.self, from: data)
        } catch {
            throw PostgresTextDecodingError("JSON does not match \(Self.self): \(error)")
        }
    }
}
