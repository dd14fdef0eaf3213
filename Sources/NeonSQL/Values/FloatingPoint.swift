// real / double precision <-> Float / Double, including NaN and ±Infinity.

enum FloatText {
    static func encode<T: BinaryFloatingPoint & LosslessStringConvertible>(_ value: T) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        // Swift prints the shortest text that round-trips, which PostgreSQL parses exactly.
        return value.description
    }

    static func decode<T: BinaryFloatingPoint & LosslessStringConvertible>(
        _ text: borrowing PostgresText, as: T.Type
    ) throws -> T {
        if text.equals("NaN") { return .nan }
        if text.equals("Infinity") { return .infinity }
        if text.equals("-Infinity") { return -.infinity }
        // Reject what Swift's parser accepts but PostgreSQL never prints (hex floats, "inf", spaces).
        for index in 0..<text.count {
            switch text[index] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                UInt8(ascii: "e"), UInt8(ascii: "E"):
                continue
            default:
                throw PostgresTextDecodingError("not a floating-point number")
            }
        }
        guard !text.isEmpty, let value = T(text.string) else {
            throw PostgresTextDecodingError("not a floating-point number")
        }
        return value
    }
}

extension Double: PostgresTextEncodable, PostgresTextDecodable {
    /// Shortest round-tripping text; `NaN`, `Infinity`, `-Infinity`.
    public func postgresText(as type: PostgresType) throws -> String? { FloatText.encode(self) }
    /// Parses PostgreSQL float text, including `NaN` and `±Infinity`.
    public static func decode(postgresText text: borrowing PostgresText) throws -> Double {
        if let value = DoubleText.parse(text.bytes) { return value }
        return try FloatText.decode(text, as: Double.self)
    }
}

extension Float: PostgresTextEncodable, PostgresTextDecodable {
    /// Shortest round-tripping text; `NaN`, `Infinity`, `-Infinity`.
    public func postgresText(as type: PostgresType) throws -> String? { FloatText.encode(self) }
    /// Parses PostgreSQL float text, including `NaN` and `±Infinity`.
    public static func decode(postgresText text: borrowing PostgresText) throws -> Float {
        try FloatText.decode(text, as: Float.self)
    }
}
