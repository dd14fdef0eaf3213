import Foundation

/// A value of a range type (`int4range`, `int8range`, `numrange`, `daterange`, `tsrange`,
/// `tstzrange`): two ends, each inclusive, exclusive or unbounded, or the empty range.
///
/// Decoded from and encoded to PostgreSQL's text form: `[1,10)`, `(,5]`, `empty`,
/// `["2024-01-01 00:00:00+00","2024-02-01 00:00:00+00")`. PostgreSQL normalizes discrete ranges
/// (`int4range`, `int8range`, `daterange`) to `[lower,upper)`, so a value read back may show other
/// (equivalent) ends than the one written.
public struct PostgresRange<Bound: PostgresRangeBound>: Sendable, Hashable, CustomStringConvertible {
    /// One end of a range.
    public enum End: Sendable, Hashable {
        /// The bound value belongs to the range (`[` or `]`).
        case inclusive(Bound)
        /// The bound value does not belong to the range (`(` or `)`).
        case exclusive(Bound)
        /// No bound: the range extends to infinity on this side.
        case unbounded

        /// The bound value, nil when unbounded.
        public var value: Bound? {
            switch self {
            case .inclusive(let value), .exclusive(let value): value
            case .unbounded: nil
            }
        }
    }

    /// The lower end (ignored when ``isEmpty``).
    public var lower: End
    /// The upper end (ignored when ``isEmpty``).
    public var upper: End
    /// The empty range (`empty`), which contains no value.
    public var isEmpty: Bool

    /// A range from `lower` to `upper`.
    public init(lower: End, upper: End) {
        self.lower = lower
        self.upper = upper
        self.isEmpty = false
    }

    /// The empty range.
    public static var empty: PostgresRange {
        var range = PostgresRange(lower: .unbounded, upper: .unbounded)
        range.isEmpty = true
        return range
    }

    /// `[lower, upper)`, PostgreSQL's canonical form.
    public init(_ bounds: Swift.Range<Bound>) where Bound: Comparable {
        self.init(lower: .inclusive(bounds.lowerBound), upper: .exclusive(bounds.upperBound))
    }

    /// `[lower, upper]`.
    public init(_ bounds: ClosedRange<Bound>) where Bound: Comparable {
        self.init(lower: .inclusive(bounds.lowerBound), upper: .inclusive(bounds.upperBound))
    }

    /// PostgreSQL's text form (bounds as their own text, quoted when needed).
    public var description: String { (try? text()) ?? "empty" }

    func text() throws -> String {
        if isEmpty { return "empty" }
        var out = ""
        switch lower {
        case .inclusive(let value): out += "[" + (try RangeText.quoted(value))
        case .exclusive(let value): out += "(" + (try RangeText.quoted(value))
        case .unbounded: out += "("
        }
        out += ","
        switch upper {
        case .inclusive(let value): out += (try RangeText.quoted(value)) + "]"
        case .exclusive(let value): out += (try RangeText.quoted(value)) + ")"
        case .unbounded: out += ")"
        }
        return out
    }
}

/// A Swift type that can be the bound of a ``PostgresRange``: its values are encoded as
/// `postgresRangeSubtype` inside the range text.
public protocol PostgresRangeBound: PostgresTextEncodable, PostgresTextDecodable, Hashable {
    /// The type bounds are encoded as (`bigint` for `Int`, `numeric`, `date`, `timestamptz`).
    static var postgresRangeSubtype: PostgresType { get }
}

extension Int: PostgresRangeBound {
    /// Bounds are encoded as `bigint` text (valid for `int4range` and `int8range`).
    public static var postgresRangeSubtype: PostgresType { .int8 }
}

extension Decimal: PostgresRangeBound {
    /// Bounds are `numeric` text.
    public static var postgresRangeSubtype: PostgresType { .numeric }
}

extension PostgresDate: PostgresRangeBound {
    /// Bounds are `date` text.
    public static var postgresRangeSubtype: PostgresType { .date }
}

extension Date: PostgresRangeBound {
    /// Bounds are `timestamptz` text (a `tsrange` ignores the offset, reading UTC).
    public static var postgresRangeSubtype: PostgresType { .timestamptz }
}

extension PostgresRange: PostgresTextEncodable, PostgresTextDecodable {
    /// The range's text form.
    public func postgresText(as type: PostgresType) throws -> String? { try text() }

    /// Parses `empty`, `[a,b)`, `(,b]`, `["a b","c")`.
    public static func decode(postgresText text: borrowing PostgresText) throws -> PostgresRange {
        if text.equals("empty") { return .empty }
        let bytes = Array(UnsafeRawBufferPointer(text.bytes))
        guard let open = bytes.first, open == UInt8(ascii: "[") || open == UInt8(ascii: "("),
              let close = bytes.last, close == UInt8(ascii: "]") || close == UInt8(ascii: ")"), bytes.count >= 3
        else { throw PostgresTextDecodingError("not a range (expected [lower,upper) or empty)") }
        var index = 1
        let lowerText = try RangeText.bound(bytes, &index, until: UInt8(ascii: ","))
        index += 1
        let upperText = try RangeText.bound(bytes, &index, until: close)
        guard index == bytes.count - 1 else { throw PostgresTextDecodingError("not a range (unexpected text after the upper bound)") }
        func end(_ text: [UInt8]?, inclusive: Bool) throws -> End {
            guard let text else { return .unbounded }
            let value = try text.withUnsafeBytes { try Bound.decode(postgresText: PostgresText($0)) }
            return inclusive ? .inclusive(value) : .exclusive(value)
        }
        return PostgresRange(lower: try end(lowerText, inclusive: open == UInt8(ascii: "[")),
                             upper: try end(upperText, inclusive: close == UInt8(ascii: "]")))
    }
}

/// Range text helpers: bounds are quoted with `"` when they contain special characters, with
/// `\` or a doubled quote escaping a quote inside.
enum RangeText {
    static func quoted<Bound: PostgresRangeBound>(_ value: Bound) throws -> String {
        guard let text = try value.postgresText(as: Bound.postgresRangeSubtype) else {
            throw PostgresTextEncodingError("a range bound cannot be NULL")
        }
        let special = text.isEmpty || text.contains { ",()[]\" \\".contains($0) }
        guard special else { return text }
        return "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }

    /// The bound text from `index` to the unquoted `terminator` (or the closing bracket, the
    /// last byte), unquoted and unescaped; nil when empty (unbounded). Leaves `index` there.
    static func bound(_ bytes: [UInt8], _ index: inout Int, until terminator: UInt8) throws -> [UInt8]? {
        let end = bytes.count - 1
        var out: [UInt8] = []
        var quoted = false
        var sawAny = false
        while index < end {
            let byte = bytes[index]
            if !quoted && byte == terminator { break }
            sawAny = true
            if byte == UInt8(ascii: "\""), quoted, index + 1 < end, bytes[index + 1] == UInt8(ascii: "\"") {
                out.append(byte)
                index += 2
            } else if byte == UInt8(ascii: "\"") {
                quoted.toggle()
                index += 1
            } else if byte == UInt8(ascii: "\\"), index + 1 < end {
                out.append(bytes[index + 1])
                index += 2
            } else {
                out.append(byte)
                index += 1
            }
        }
        if quoted { throw PostgresTextDecodingError("not a range (unterminated quoted bound)") }
        if terminator == UInt8(ascii: ","), index >= end { throw PostgresTextDecodingError("not a range (expected a comma)") }
        return sawAny ? out : nil
    }
}

extension PostgresRange: Codable {
    /// Encodes the range as its PostgreSQL text (`"[1,10)"`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(try text())
    }

    /// Decodes the range from its PostgreSQL text.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        var string = try container.decode(String.self)
        self = try string.withUTF8 { try PostgresRange.decode(postgresText: PostgresText(UnsafeRawBufferPointer($0))) }
    }
}
