/// An error reported by PostgreSQL or by Neon's proxy, with every field of Neon's JSON error body.
///
/// For errors raised by Postgres all fields come from its ErrorResponse; `code` is the SQLSTATE.
/// Errors raised by the proxy itself (wrong password, invalid connection string, rate limits)
/// have an empty `code` and `severity`; see ``isProxyError``.
public struct DatabaseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The HTTP status the error came with (400 for query errors).
    public var status: Int
    /// The primary message, without an `ERROR:` prefix.
    public var message: String
    /// The SQLSTATE code (e.g. `23505`), or `""` for proxy errors.
    public var code: String
    /// Optional secondary message.
    public var detail: String?
    /// Optional suggestion.
    public var hint: String?
    /// 1-based character position in the query text, when the error points into it.
    public var position: Int?
    /// 1-based position in an internally generated query (see ``internalQuery``).
    public var internalPosition: Int?
    /// The internally generated query the ``internalPosition`` refers to.
    public var internalQuery: String?
    /// `ERROR`, `FATAL`, `PANIC` (localized severity as Postgres reports it), or `""`.
    public var severity: String?
    /// Context: call stack of PL/pgSQL functions or similar.
    public var `where`: String?
    /// Schema of the object the error is about.
    public var schema: String?
    /// Table of the object the error is about.
    public var table: String?
    /// Column the error is about.
    public var column: String?
    /// Data type the error is about.
    public var dataType: String?
    /// Constraint the error is about (e.g. the violated unique index).
    public var constraint: String?
    /// Postgres source file that raised the error.
    public var file: String?
    /// Line in ``file`` (Neon sends it as a string; kept verbatim).
    public var line: String?
    /// Postgres routine that raised the error.
    public var routine: String?

    /// Creates a database error; every field but `message` is optional.
    public init(
        status: Int = 400, message: String, code: String = "", detail: String? = nil, hint: String? = nil,
        position: Int? = nil, internalPosition: Int? = nil, internalQuery: String? = nil,
        severity: String? = nil, where: String? = nil, schema: String? = nil, table: String? = nil,
        column: String? = nil, dataType: String? = nil, constraint: String? = nil, file: String? = nil,
        line: String? = nil, routine: String? = nil
    ) {
        self.status = status
        self.message = message
        self.code = code
        self.detail = detail
        self.hint = hint
        self.position = position
        self.internalPosition = internalPosition
        self.internalQuery = internalQuery
        self.severity = severity
        self.where = `where`
        self.schema = schema
        self.table = table
        self.column = column
        self.dataType = dataType
        self.constraint = constraint
        self.file = file
        self.line = line
        self.routine = routine
    }

    /// The two-character SQLSTATE class (`"23"` for integrity constraint violations), or `""`.
    public var sqlStateClass: Substring { code.count == 5 ? code.prefix(2) : "" }
    /// `true` when the error was raised by Neon's proxy rather than by Postgres (no SQLSTATE).
    public var isProxyError: Bool { code.isEmpty }
    /// SQLSTATE 23505.
    public var isUniqueViolation: Bool { code == SQLState.uniqueViolation }
    /// SQLSTATE 23503.
    public var isForeignKeyViolation: Bool { code == SQLState.foreignKeyViolation }
    /// SQLSTATE 23502.
    public var isNotNullViolation: Bool { code == SQLState.notNullViolation }
    /// SQLSTATE 23514.
    public var isCheckViolation: Bool { code == SQLState.checkViolation }
    /// SQLSTATE 23P01.
    public var isExclusionViolation: Bool { code == SQLState.exclusionViolation }
    /// Any SQLSTATE of class 23 (integrity constraint violation).
    public var isIntegrityConstraintViolation: Bool { sqlStateClass == "23" }
    /// SQLSTATE 40001: the transaction can be retried as a whole.
    public var isSerializationFailure: Bool { code == SQLState.serializationFailure }
    /// SQLSTATE 40P01.
    public var isDeadlockDetected: Bool { code == SQLState.deadlockDetected }
    /// SQLSTATE 57014 (statement cancelled), or Neon's `08P01` "Query cancelled" body.
    public var isQueryCanceled: Bool {
        code == SQLState.queryCanceled || (code == "08P01" && message.hasPrefix("Query cancelled"))
    }
    /// SQLSTATE class 42 (syntax error or access rule violation), e.g. an undefined column.
    public var isSyntaxErrorOrAccessRuleViolation: Bool { sqlStateClass == "42" }
    /// SQLSTATE 22001 (value too long for the column type).
    public var isStringDataRightTruncation: Bool { code == SQLState.stringDataRightTruncation }

    /// `message (SQLSTATE code) detail/hint/constraint`, secret-free.
    public var description: String {
        var text = "NeonSQL: database error"
        if !code.isEmpty { text += " \(code)" }
        text += ": \(message)"
        if let detail { text += " (detail: \(detail))" }
        if let hint { text += " (hint: \(hint))" }
        if let constraint { text += " (constraint: \(constraint))" }
        if let position { text += " (at character \(position))" }
        return text
    }
}

/// SQLSTATE codes the helpers in ``DatabaseError`` test for.
public enum SQLState {
    /// 23505
    public static let uniqueViolation = "23505"
    /// 23503
    public static let foreignKeyViolation = "23503"
    /// 23502
    public static let notNullViolation = "23502"
    /// 23514
    public static let checkViolation = "23514"
    /// 23P01
    public static let exclusionViolation = "23P01"
    /// 40001
    public static let serializationFailure = "40001"
    /// 40P01
    public static let deadlockDetected = "40P01"
    /// 57014
    public static let queryCanceled = "57014"
    /// 22001
    public static let stringDataRightTruncation = "22001"
    /// 42703
    public static let undefinedColumn = "42703"
    /// 42P01
    public static let undefinedTable = "42P01"
}
