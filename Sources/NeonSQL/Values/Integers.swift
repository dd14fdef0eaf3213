// smallint / integer / bigint <-> Int, Int16, Int32, Int64.

enum IntegerText {
    /// Parses an optionally signed decimal integer with overflow checking.
    @inline(__always)
    static func parse(_ bytes: UnsafeRawBufferPointer) -> Int64? {
        let count = bytes.count
        guard count > 0 else { return nil }
        let (negative, digitsStart) = sign(bytes)
        var index = digitsStart
        guard index < count else { return nil }
        if count - index <= 18 {
            // At most 18 digits cannot overflow: no checks per digit.
            var value: Int64 = 0
            while index < count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value &* 10 &+ Int64(digit)
                index += 1
            }
            return negative ? -value : value
        }
        var value: Int64 = 0
        while index < count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            // Accumulate negatively so Int64.min parses.
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = times10.subtractingReportingOverflow(Int64(digit))
            guard !overflow1, !overflow2 else { return nil }
            value = next
            index += 1
        }
        if negative { return value }
        let (positive, overflow) = Int64(0).subtractingReportingOverflow(value)
        return overflow ? nil : positive
    }

    /// A leading `-` or `+` of non-empty text: whether it is `-`, and where the digits start.
    @inline(__always)
    static func sign(_ bytes: UnsafeRawBufferPointer) -> (negative: Bool, digitsStart: Int) {
        switch bytes[0] {
        case UInt8(ascii: "-"): return (true, 1)
        case UInt8(ascii: "+"): return (false, 1)
        default: return (false, 0)
        }
    }

    /// Inlined into each integer type's `decode`, so the parse is specialized there (a generic
    /// call per integer cell cost about as much as the parse).
    @inline(__always)
    static func decode<T: FixedWidthInteger>(_ text: borrowing PostgresText, as: T.Type) throws -> T {
        guard let value = parse(text.bytes) else {
            throw PostgresTextDecodingError("not an integer")
        }
        guard let result = T(exactly: value) else {
            throw PostgresTextDecodingError("\(value) does not fit in \(T.self)")
        }
        return result
    }

    /// Checks the range of the column type the value is bound as.
    static func encode<T: FixedWidthInteger>(_ value: T, as type: PostgresType) throws -> String {
        let target = type.elementType ?? type
        switch target.oid {
        case PostgresType.int2.oid:
            guard Int16(exactly: value) != nil else {
                throw PostgresTextEncodingError("\(value) is outside the range of smallint (-32768...32767)")
            }
        case PostgresType.int4.oid:
            guard Int32(exactly: value) != nil else {
                throw PostgresTextEncodingError("\(value) is outside the range of integer (-2147483648...2147483647)")
            }
        case PostgresType.oid.oid:
            guard UInt32(exactly: value) != nil else {
                throw PostgresTextEncodingError("\(value) is outside the range of oid (0...4294967295)")
            }
        default:
            break
        }
        return String(value)
    }
}

extension Int: PostgresTextEncodable, PostgresTextDecodable {
    /// Decimal text; range-checked against `smallint`/`integer` when bound as those.
    public func postgresText(as type: PostgresType) throws -> String? { try IntegerText.encode(self, as: type) }
    /// Parses decimal text.
    public static func decode(postgresText text: borrowing PostgresText) throws -> Int {
        try IntegerText.decode(text, as: Int.self)
    }
}

extension Int64: PostgresTextEncodable, PostgresTextDecodable {
    /// Decimal text; range-checked against `smallint`/`integer` when bound as those.
    public func postgresText(as type: PostgresType) throws -> String? { try IntegerText.encode(self, as: type) }
    /// Parses decimal text.
    public static func decode(postgresText text: borrowing PostgresText) throws -> Int64 {
        try IntegerText.decode(text, as: Int64.self)
    }
}

extension Int32: PostgresTextEncodable, PostgresTextDecodable {
    /// Decimal text; range-checked against `smallint` when bound as it.
    public func postgresText(as type: PostgresType) throws -> String? { try IntegerText.encode(self, as: type) }
    /// Parses decimal text; out of range is an error.
    public static func decode(postgresText text: borrowing PostgresText) throws -> Int32 {
        try IntegerText.decode(text, as: Int32.self)
    }
}

extension Int16: PostgresTextEncodable, PostgresTextDecodable {
    /// Decimal text.
    public func postgresText(as type: PostgresType) throws -> String? { try IntegerText.encode(self, as: type) }
    /// Parses decimal text; out of range is an error.
    public static func decode(postgresText text: borrowing PostgresText) throws -> Int16 {
        try IntegerText.decode(text, as: Int16.self)
    }
}
