// The names these types had before the rename of issue 16 (see CHANGELOG.md, "Renamed runtime types"). Only names that cannot collide with
// another package's are kept here: `PostgresEncodable`, `PostgresDecodable`,
// `PostgresDecodingError` and `PostgresJSONCodable` are PostgresNIO's names too, so an app that
// imports both would find every use ambiguous; they are gone rather than aliased.

/// Renamed ``ResponseDecodingError`` (every error type's name ends in `Error`).
@available(*, deprecated, renamed: "ResponseDecodingError")
public typealias DecodingFailure = ResponseDecodingError

/// Renamed ``ParameterEncodingError``.
@available(*, deprecated, renamed: "ParameterEncodingError")
public typealias EncodingFailure = ParameterEncodingError

/// Renamed ``CopyIncompleteError``.
@available(*, deprecated, renamed: "CopyIncompleteError")
public typealias CopyIncomplete = CopyIncompleteError

/// Renamed ``CopyTooLargeError``.
@available(*, deprecated, renamed: "CopyTooLargeError")
public typealias CopyTooLarge = CopyTooLargeError

/// Renamed ``UnimplementedQueryError``.
@available(*, deprecated, renamed: "UnimplementedQueryError")
public typealias UnimplementedQuery = UnimplementedQueryError

/// Renamed ``PostgresTextEncodingError``.
@available(*, deprecated, renamed: "PostgresTextEncodingError")
public typealias PostgresEncodingError = PostgresTextEncodingError
