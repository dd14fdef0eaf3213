import Foundation

/// Anything that runs statements: ``NeonClient``, a test double.
public protocol QueryExecutor: Sendable {
    /// Runs one statement and returns its typed result.
    func execute<Result: Sendable>(_ statement: Statement<Result>) async throws -> Result

    /// Runs statements of one result type and returns their results in order (what the generated
    /// `:batchexec`, `:batchone` and `:batchmany` methods call). ``NeonClient`` sends them as one
    /// batch: one request, one transaction, with `options`. The default implementation runs them
    /// one after the other with ``execute(_:)`` and ignores `options` (enough for test doubles;
    /// not atomic).
    func batch<Result: Sendable>(_ statements: [Statement<Result>], options: BatchOptions) async throws -> [Result]

    /// Runs one statement whose Neon request body the caller already encoded (`copyFrom`
    /// measures each part's body against its size limit and sends that same body). ``NeonClient``
    /// sends `body` as it is; the default implementation ignores it and calls ``execute(_:)``.
    /// An executor that wraps another should forward this, so the body is encoded once.
    func execute<Result: Sendable>(_ statement: Statement<Result>, encodedBody body: Data) async throws -> Result

    /// The statement's results over time, for a live screen (what the generated
    /// `queries.observe.<query>(...)` calls). ``NeonClient``'s observation is live: cached result,
    /// fresh result, and a new one after every write that may change it
    /// (``NeonClient/observe(_:)``). The default implementation runs the statement once with
    /// ``execute(_:)``, yields its result and ends. An executor that wraps another should
    /// forward this.
    func observe<Result: Sendable>(_ statement: Statement<Result>) -> QueryObservation<Result>
}

extension QueryExecutor {
    /// Runs the statement with ``execute(_:)``; the encoded body is not needed.
    public func execute<Result: Sendable>(_ statement: Statement<Result>, encodedBody body: Data) async throws -> Result {
        try await execute(statement)
    }

    /// Runs the statement once with ``execute(_:)``, yields its result and ends.
    public func observe<Result: Sendable>(_ statement: Statement<Result>) -> QueryObservation<Result> {
        let executor = self
        return .once { try await executor.execute(statement) }
    }

    /// Runs the statements one after the other with ``execute(_:)``: not one transaction.
    public func batch<Result: Sendable>(_ statements: [Statement<Result>], options: BatchOptions) async throws -> [Result] {
        var results: [Result] = []
        results.reserveCapacity(statements.count)
        for statement in statements { results.append(try await execute(statement)) }
        return results
    }
}

/// Bound parameters, in `$n` order, already encoded to PostgreSQL text.
///
/// `append` encodes immediately; `Optional.none` becomes SQL NULL. A value that cannot be encoded
/// (an `Int` outside the range of `smallint`/`integer`, say) is recorded, and ``NeonClient``
/// throws it as ``NeonError/encoding(_:)`` before anything is sent.
public struct Bindings: Sendable, Hashable {
    /// The parameter texts (`nil` = SQL NULL), `$1` first.
    public private(set) var values: [String?]
    /// The types the parameters were bound as.
    public private(set) var types: [PostgresType]
    /// The first encoding failure, if any.
    public private(set) var failure: ParameterEncodingError?

    /// Creates empty bindings with room for `capacity` parameters.
    public init(capacity: Int = 0) {
        values = []
        types = []
        values.reserveCapacity(capacity)
        types.reserveCapacity(capacity)
    }

    /// Appends `value` as the next parameter, encoded as `type`.
    public mutating func append<Value: PostgresTextEncodable>(_ value: Value, as type: PostgresType) {
        let parameter = values.count + 1
        do {
            values.append(try value.postgresText(as: type))
        } catch {
            values.append(nil)
            if failure == nil {
                let reason = (error as? PostgresTextEncodingError)?.reason ?? "\(error)"
                failure = ParameterEncodingError(parameter: parameter, type: type.name, reason: reason)
            }
        }
        types.append(type)
    }

    /// The number of parameters.
    public var count: Int { values.count }
}

/// A statement value: SQL with `$n` placeholders, its bound parameters (PostgreSQL text), and how
/// its result is produced. Building one never throws; an encoding failure is kept in ``bindings``
/// and thrown by `execute` before anything is sent.
public struct Statement<Result: Sendable>: Sendable {
    /// The query's name as annotated (`FetchJourneyDuas`): what observers and test doubles see.
    public let name: String
    /// How the result is produced (`:many`, `:one`, `:exec`, `:execrows`, `:execresult`, `:copyfrom`;
    /// each statement of a `:batch*` query has the kind of one set: `:exec`, `:one` or `:many`).
    public let kind: QueryKind
    /// The SQL text with `$1...$n` placeholders.
    public let sql: String
    /// The bound parameters.
    public let bindings: Bindings
    /// `true` for a statement that changes nothing: a `SELECT` without data-modifying CTEs whose
    /// ``tables`` change no table. Safe to send again after a lost response, to send to a read
    /// replica, and to cache. A statement is a write when its table effects say it changes a
    /// table or may change one (``TableEffects/changesAnything``), whatever its first keyword and
    /// whatever the factory was told: `SELECT record_visit($1)` of a function running an
    /// `UPDATE` is a write.
    public let isReadOnly: Bool
    /// The base tables the statement reads and may change, as the generator computed them
    /// (``TableEffects/unknown(readOnly:)`` when it did not): what a write makes stale in a
    /// ``QueryCache``.
    public let tables: TableEffects
    /// How long a cached result stays fresh, from the query's `-- @cache max-age` annotation; nil
    /// when the query has none. A statement with one is read with
    /// ``CachePolicy/cacheFirst(maxAge:)`` unless ``cachePolicy`` says otherwise.
    public let cacheMaxAge: Duration?
    /// This call's cache policy, overriding the one from ``cacheMaxAge`` and the client's
    /// default; nil (the default) keeps those. Set it with ``cachePolicy(_:)``.
    public var cachePolicy: CachePolicy?
    @usableFromInline let decoder: @Sendable (inout ResultReader) throws -> Result
    /// Rows returned or affected, as the observer reports them (nil for `:exec`).
    @usableFromInline let rowCount: @Sendable (Result) -> Int?

    @usableFromInline init(name: String, kind: QueryKind, sql: String, bindings: Bindings, readOnly: Bool,
         tables: TableEffects? = nil, cacheMaxAge: Duration? = nil,
         rowCount: @escaping @Sendable (Result) -> Int? = { _ in nil },
         decoder: @escaping @Sendable (inout ResultReader) throws -> Result) {
        self.rowCount = rowCount
        let tables = tables ?? .unknown(readOnly: readOnly)
        self.tables = tables
        self.cacheMaxAge = cacheMaxAge
        self.name = name
        self.kind = kind
        self.sql = sql
        self.bindings = bindings
        self.isReadOnly = readOnly && !tables.changesAnything
        self.decoder = decoder
    }

    /// This statement with the cache policy `policy` for this call (see ``CachePolicy``).
    ///
    /// ```swift
    /// let fresh = try await client.execute(Statements.fetchBalance(userId: id).cachePolicy(.networkOnly))
    /// ```
    public func cachePolicy(_ policy: CachePolicy) -> Statement {
        var copy = self
        copy.cachePolicy = policy
        return copy
    }

    /// Decodes a Neon `/sql` success body (array mode, raw text) for this statement. Useful for test
    /// doubles and custom transports; ``NeonClient`` calls it for you.
    public func decodeResponse(_ body: Data) throws -> Result {
        try ResponseDecoding.run(body) { reader in
            var results = ResultReader(reader: reader)
            let value = try decoder(&results)
            reader = results.reader
            return value
        }
    }

    func decode(batchResult reader: inout JSONReader, index: Int) throws -> Result {
        var results = ResultReader(reader: reader, statementIndex: index)
        let value = try decoder(&results)
        reader = results.reader
        return value
    }
}

/// How a query's result is produced: its annotation's kind.
public enum QueryKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// Every row (`:many`).
    case many
    /// The first row or `nil` (`:one`).
    case one
    /// No result (`:exec`).
    case exec
    /// The number of rows affected (`:execrows`).
    case execRows = "execrows"
    /// The number of rows affected and the command tag (`:execresult`).
    case execResult = "execresult"
    /// Many rows inserted by one statement from array parameters (`:copyfrom`).
    case copyFrom = "copyfrom"
}

extension Statement {
    /// A statement returning every row (`:many`). Inlinable, so the row loop is specialized for
    /// the generated row type in the app's module.
    @inlinable
    public static func many<Row: DecodableRow>(
        name: String, sql: String, bindings: Bindings, readOnly: Bool,
        tables: TableEffects? = nil, cacheMaxAge: Duration? = nil
    ) -> Statement<[Row]> {
        Statement<[Row]>(name: name, kind: .many, sql: sql, bindings: bindings, readOnly: readOnly,
                         tables: tables, cacheMaxAge: cacheMaxAge, rowCount: { $0.count }) { reader in
            try reader.decodeRows(Row.self, limit: nil)
        }
    }

    /// A statement returning its first row or `nil` (`:one`); further rows are ignored.
    @inlinable
    public static func one<Row: DecodableRow>(
        name: String, sql: String, bindings: Bindings, readOnly: Bool,
        tables: TableEffects? = nil, cacheMaxAge: Duration? = nil
    ) -> Statement<Row?> {
        Statement<Row?>(name: name, kind: .one, sql: sql, bindings: bindings, readOnly: readOnly,
                         tables: tables, cacheMaxAge: cacheMaxAge, rowCount: { $0 == nil ? 0 : 1 }) { reader in
            try reader.decodeRows(Row.self, limit: 1).first
        }
    }

    /// A statement whose result is ignored (`:exec`).
    public static func exec(
        name: String, sql: String, bindings: Bindings, readOnly: Bool,
        tables: TableEffects? = nil, cacheMaxAge: Duration? = nil
    ) -> Statement<Void> {
        Statement<Void>(name: name, kind: .exec, sql: sql, bindings: bindings, readOnly: readOnly, tables: tables, cacheMaxAge: cacheMaxAge) { reader in
            _ = try reader.decodeCommand()
        }
    }

    /// A statement returning the number of rows affected (`:execrows`; `rowCount`, 0 when absent).
    public static func execRows(
        name: String, sql: String, bindings: Bindings, readOnly: Bool,
        tables: TableEffects? = nil, cacheMaxAge: Duration? = nil
    ) -> Statement<Int> {
        Statement<Int>(name: name, kind: .execRows, sql: sql, bindings: bindings, readOnly: readOnly,
                         tables: tables, cacheMaxAge: cacheMaxAge, rowCount: { $0 }) { reader in
            try reader.decodeCommand() ?? 0
        }
    }

    /// A statement returning the number of rows affected and the command tag (`:execresult`).
    public static func execResult(
        name: String, sql: String, bindings: Bindings, readOnly: Bool,
        tables: TableEffects? = nil, cacheMaxAge: Duration? = nil
    ) -> Statement<ExecResult> {
        Statement<ExecResult>(name: name, kind: .execResult, sql: sql, bindings: bindings, readOnly: readOnly, tables: tables, cacheMaxAge: cacheMaxAge,
                              rowCount: { $0.rowsAffected }) { reader in
            let result = try reader.decodeCommandResult()
            return ExecResult(rowsAffected: result.rowCount ?? 0, command: result.command)
        }
    }

    /// A statement inserting many rows at once (`:copyfrom`: `INSERT ... SELECT * FROM unnest($1::t[], ...)`),
    /// returning the number of rows inserted.
    public static func copyFrom(
        name: String, sql: String, bindings: Bindings,
        tables: TableEffects? = nil, cacheMaxAge: Duration? = nil
    ) -> Statement<Int> {
        Statement<Int>(name: name, kind: .copyFrom, sql: sql, bindings: bindings, readOnly: false, tables: tables, cacheMaxAge: cacheMaxAge, rowCount: { $0 }) { reader in
            try reader.decodeCommand() ?? 0
        }
    }
}
