import Foundation

/// A value of the geometric type `point`: `(x,y)` in PostgreSQL's text form.
public struct PostgresPoint: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The x coordinate.
    public var x: Double
    /// The y coordinate.
    public var y: Double

    /// A point at (`x`, `y`).
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// `(x,y)`.
    public var description: String { "(\(FloatText.encode(x)),\(FloatText.encode(y)))" }
}

extension PostgresPoint: PostgresTextEncodable, PostgresTextDecodable {
    /// `(x,y)`, coordinates with full precision.
    public func postgresText(as type: PostgresType) throws -> String? { description }

    /// Parses `(x,y)`.
    public static func decode(postgresText text: borrowing PostgresText) throws -> PostgresPoint {
        let bytes = Array(UnsafeRawBufferPointer(text.bytes))
        guard bytes.first == UInt8(ascii: "("), bytes.last == UInt8(ascii: ")"),
              let comma = bytes.firstIndex(of: UInt8(ascii: ",")), comma > 1, comma < bytes.count - 2
        else { throw PostgresTextDecodingError("not a point (expected (x,y))") }
        func coordinate(_ part: ArraySlice<UInt8>) throws -> Double {
            try Array(part).withUnsafeBytes { try FloatText.decode(PostgresText($0), as: Double.self) }
        }
        return PostgresPoint(x: try coordinate(bytes[1..<comma]), y: try coordinate(bytes[(comma + 1)..<(bytes.count - 1)]))
    }
}
