import Foundation

// Concrete overloads of `RowDecoder.decode(_:)` for the common column types. Generated code calls
// `row.decode(Int.self)`; these overloads win overload resolution, so cell decoding is specialized
// inside this module instead of running through unspecialized generics across the module boundary.
// Other types (generated enums, nested arrays) use the generic `decode(_:)`; results are identical.
// Integers, floats, booleans, timestamps, UUIDs and text first try the small in-place readers
// (`directCell`, `directText`), which consume nothing when they decline.

extension RowDecoder {
    /// The general path behind the in-place readers, kept out of their callers: its error
    /// bookkeeping (a large frame, a stack protector) would otherwise be paid by every cell.
    @inline(never)
    mutating func decodeCellOutOfLine<Value: PostgresTextDecodable>(_: Value.Type) throws -> Value {
        try decodeCell(Value.self)
    }

    /// The in-place reader for `Value`, else the general path.
    @inline(__always)
    mutating func decodeDirect<Value: PostgresTextDecodable>(_ type: Value.Type) throws -> Value {
        if let value = directCell(type) { return value }
        return try decodeCellOutOfLine(type)
    }

    /// The same for a nullable column: the in-place reader runs for `Wrapped` (a quoted cell is
    /// never NULL), so no comparison with the metadata of `Wrapped?` is left at run time.
    @inline(__always)
    mutating func decodeDirectOptional<Wrapped: PostgresTextDecodable>(_ type: Wrapped?.Type) throws -> Wrapped? {
        if let value = directCell(Wrapped.self) { return value }
        return try decodeCellOutOfLine(type)
    }

    /// Decodes the next cell as `Int` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: (Int).Type) throws -> Int { try decodeDirect(type) }
    /// Decodes the next cell as `Int?` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: (Int?).Type) throws -> Int? { try decodeDirectOptional(type) }
    /// Decodes the next cell as `Int16` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: (Int16).Type) throws -> Int16 { try decodeCell(type) }
    /// Decodes the next cell as `Int16?` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: (Int16?).Type) throws -> Int16? { try decodeCell(type) }
    /// Decodes the next cell as `Int32` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: (Int32).Type) throws -> Int32 { try decodeDirect(type) }
    /// Decodes the next cell as `Int32?` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: (Int32?).Type) throws -> Int32? { try decodeDirectOptional(type) }
    /// Decodes the next cell as `Int64` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: (Int64).Type) throws -> Int64 { try decodeDirect(type) }
    /// Decodes the next cell as `Int64?` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: (Int64?).Type) throws -> Int64? { try decodeDirectOptional(type) }
    /// Decodes the next cell as `Double` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: (Double).Type) throws -> Double { try decodeDirect(type) }
    /// Decodes the next cell as `Double?` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: (Double?).Type) throws -> Double? { try decodeDirectOptional(type) }
    /// Decodes the next cell as `Float` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: (Float).Type) throws -> Float { try decodeCell(type) }
    /// Decodes the next cell as `Float?` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: (Float?).Type) throws -> Float? { try decodeCell(type) }
    /// Decodes the next cell as `Decimal` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: (Decimal).Type) throws -> Decimal { try decodeCell(type) }
    /// Decodes the next cell as `Decimal?` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: (Decimal?).Type) throws -> Decimal? { try decodeCell(type) }
    /// Decodes the next cell as `Bool` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: (Bool).Type) throws -> Bool { try decodeDirect(type) }
    /// Decodes the next cell as `Bool?` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: (Bool?).Type) throws -> Bool? { try decodeDirectOptional(type) }
    /// Decodes the next cell as `String` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: (String).Type) throws -> String {
        if let text = directText() { return text }
        return try decodeCellOutOfLine(type)
    }
    /// Decodes the next cell as `String?` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: (String?).Type) throws -> String? {
        if let text = directText() { return text }
        return try decodeCellOutOfLine(type)
    }
    /// Decodes the next cell as `UUID` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: (UUID).Type) throws -> UUID { try decodeDirect(type) }
    /// Decodes the next cell as `UUID?` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: (UUID?).Type) throws -> UUID? { try decodeDirectOptional(type) }
    /// Decodes the next cell as `Date` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: (Date).Type) throws -> Date { try decodeDirect(type) }
    /// Decodes the next cell as `Date?` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: (Date?).Type) throws -> Date? { try decodeDirectOptional(type) }
    /// Decodes the next cell as `Data` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: (Data).Type) throws -> Data { try decodeCell(type) }
    /// Decodes the next cell as `Data?` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: (Data?).Type) throws -> Data? { try decodeCell(type) }
    /// Decodes the next cell as `PostgresDate` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: (PostgresDate).Type) throws -> PostgresDate { try decodeCell(type) }
    /// Decodes the next cell as `PostgresDate?` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: (PostgresDate?).Type) throws -> PostgresDate? { try decodeCell(type) }
    /// Decodes the next cell as `PostgresTime` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: (PostgresTime).Type) throws -> PostgresTime { try decodeCell(type) }
    /// Decodes the next cell as `PostgresTime?` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: (PostgresTime?).Type) throws -> PostgresTime? { try decodeCell(type) }
    /// Decodes the next cell as `PostgresInterval` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: (PostgresInterval).Type) throws -> PostgresInterval { try decodeCell(type) }
    /// Decodes the next cell as `PostgresInterval?` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: (PostgresInterval?).Type) throws -> PostgresInterval? { try decodeCell(type) }
    /// Decodes the next cell as `JSONValue` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: (JSONValue).Type) throws -> JSONValue { try decodeCell(type) }
    /// Decodes the next cell as `JSONValue?` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: (JSONValue?).Type) throws -> JSONValue? { try decodeCell(type) }
    /// Decodes the next cell as `[Int]` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: ([Int]).Type) throws -> [Int] { try decodeDirect(type) }
    /// Decodes the next cell as `[Int]?` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: ([Int]?).Type) throws -> [Int]? { try decodeDirectOptional(type) }
    /// Decodes the next cell as `[Int?]` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: ([Int?]).Type) throws -> [Int?] { try decodeCell(type) }
    /// Decodes the next cell as `[Int?]?` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: ([Int?]?).Type) throws -> [Int?]? { try decodeCell(type) }
    /// Decodes the next cell as `[String]` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: ([String]).Type) throws -> [String] { try decodeCell(type) }
    /// Decodes the next cell as `[String]?` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: ([String]?).Type) throws -> [String]? { try decodeCell(type) }
    /// Decodes the next cell as `[String?]` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: ([String?]).Type) throws -> [String?] { try decodeCell(type) }
    /// Decodes the next cell as `[String?]?` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: ([String?]?).Type) throws -> [String?]? { try decodeCell(type) }
    /// Decodes the next cell as `[UUID]` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: ([UUID]).Type) throws -> [UUID] { try decodeCell(type) }
    /// Decodes the next cell as `[UUID]?` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: ([UUID]?).Type) throws -> [UUID]? { try decodeCell(type) }
    /// Decodes the next cell as `[Double]` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: ([Double]).Type) throws -> [Double] { try decodeCell(type) }
    /// Decodes the next cell as `[Double]?` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: ([Double]?).Type) throws -> [Double]? { try decodeCell(type) }
    /// Decodes the next cell as `[Bool]` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: ([Bool]).Type) throws -> [Bool] { try decodeCell(type) }
    /// Decodes the next cell as `[Bool]?` (specialized overload of the generic `decode(_:)`).
    public mutating func decode(_ type: ([Bool]?).Type) throws -> [Bool]? { try decodeCell(type) }
}
