/// The PostgreSQL text of one non-NULL value, borrowed from the response body for the duration of
/// a ``PostgresTextDecodable/decode(postgresText:)`` call. It is non-copyable so it cannot outlive the
/// buffer it points into.
public struct PostgresText: ~Copyable {
    @usableFromInline let bytes: UnsafeRawBufferPointer

    /// Wraps bytes that stay valid for the lifetime of this value.
    @usableFromInline init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The number of UTF-8 bytes.
    @inlinable public var count: Int { bytes.count }

    /// `true` when the text is empty.
    @inlinable public var isEmpty: Bool { bytes.isEmpty }

    /// The UTF-8 byte at `index` (0-based, must be in `0..<count`).
    @inlinable public subscript(index: Int) -> UInt8 { bytes[index] }

    /// The text as a `String` (allocates for texts over 15 bytes).
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Calls `body` with the raw UTF-8 bytes; they must not escape the closure.
    public func withUTF8<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(bytes)
    }

    /// `true` when the text equals `literal` byte for byte.
    public func equals(_ literal: StaticString) -> Bool {
        guard literal.utf8CodeUnitCount == bytes.count else { return false }
        let start = literal.utf8Start
        for index in 0..<bytes.count where bytes[index] != start[index] { return false }
        return true
    }
}

/// A Swift value that can be bound as a parameter: it is encoded to PostgreSQL's text format.
public protocol PostgresTextEncodable: Sendable {
    /// The PostgreSQL text for this value as `type`, or `nil` for SQL NULL.
    ///
    /// Throw ``PostgresTextEncodingError`` when the value cannot be represented (an integer outside the
    /// range of `smallint`, a string containing NUL...).
    func postgresText(as type: PostgresType) throws -> String?

    /// `true` for types whose text is an array literal (`{...}`); used to nest arrays unquoted.
    static var isPostgresArray: Bool { get }
}

extension PostgresTextEncodable {
    /// Scalars are not arrays.
    public static var isPostgresArray: Bool { false }
}

/// A Swift value that can be decoded from a result cell in PostgreSQL's text format.
public protocol PostgresTextDecodable: Sendable {
    /// Decodes a non-NULL cell. Throw ``PostgresTextDecodingError`` when the text is not a valid value.
    static func decode(postgresText text: borrowing PostgresText) throws -> Self

    /// The value for SQL NULL; the default throws (a non-optional type cannot hold NULL).
    static func decodeNull() throws -> Self
}

extension PostgresTextDecodable {
    /// Throws: a non-optional value cannot be NULL.
    public static func decodeNull() throws -> Self {
        throw PostgresTextDecodingError("unexpected NULL in a non-optional column (expected \(Self.self))")
    }
}

// MARK: - Optional: NULL <-> nil

extension Optional: PostgresTextEncodable where Wrapped: PostgresTextEncodable {
    /// `nil` is SQL NULL; otherwise the wrapped value's text.
    public func postgresText(as type: PostgresType) throws -> String? {
        switch self {
        case .none: return nil
        case .some(let value): return try value.postgresText(as: type)
        }
    }

    /// Same as `Wrapped`.
    public static var isPostgresArray: Bool { Wrapped.isPostgresArray }
}

extension Optional: PostgresTextDecodable where Wrapped: PostgresTextDecodable {
    /// Decodes the wrapped value.
    public static func decode(postgresText text: borrowing PostgresText) throws -> Self {
        try Wrapped.decode(postgresText: text)
    }

    /// SQL NULL is `nil`.
    public static func decodeNull() throws -> Self { nil }
}

// MARK: - Enums

/// A generated Swift enum for a PostgreSQL `CREATE TYPE ... AS ENUM`: its raw values are the
/// enum labels, which are exactly its PostgreSQL text.
///
/// A generated enum has a fallback case, `undocumented(String)`, and an `init(rawValue:)` that
/// never fails: a label added to the database enum after the code was generated decodes into it
/// (and encodes back as its text), while `allCases` lists the labels the code knows. With
/// `"frozenEnums": true` in `neon-sql.json` the enum is a plain `String` enum whose
/// `init?(rawValue:)` fails on such a label, which ``PostgresTextDecodable/decode(postgresText:)`` reports as an error.
public protocol PostgresEnum: RawRepresentable, PostgresTextEncodable, PostgresTextDecodable, CaseIterable
where RawValue == String {}

extension PostgresEnum {
    /// The enum label.
    public func postgresText(as type: PostgresType) throws -> String? { rawValue }

    /// The case whose raw value is the text; for a frozen enum, an unknown label (a value added to
    /// the database enum after the code was generated) is a decoding error naming the known labels.
    public static func decode(postgresText text: borrowing PostgresText) throws -> Self {
        let label = text.string
        guard let value = Self(rawValue: label) else {
            let known = allCases.map(\.rawValue).joined(separator: ", ")
            throw PostgresTextDecodingError("\"\(label)\" is not a case of \(Self.self) (known: \(known))")
        }
        return value
    }
}
