import Foundation
import NeonSQL
import NeonSQLGenerator

/// One finding of a check, tied to a query's annotation line.
public struct SchemaCheckDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious: an error makes `check` exit with status 1.
    public enum Severity: String, Sendable, Hashable {
        case error, warning, note
    }

    /// The query file, as given in `SQLSourceInput.path`.
    public let file: String
    /// 1-based line of the query's annotation.
    public let line: Int
    /// 1-based column (1: the diagnostic is about the whole query).
    public let column: Int
    public let severity: Severity
    /// `<query name>: <what disagrees>`.
    public let message: String

    /// Creates a diagnostic.
    public init(file: String, line: Int, column: Int = 1, severity: Severity, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
    }

    /// `path/file.sql:LINE:COL: error: message`, the format compilers, Xcode and SwiftPM read.
    public var formatted: String { "\(file):\(line):\(column): \(severity.rawValue): \(message)" }

    /// Same as ``formatted``.
    public var description: String { formatted }
}

/// Where result types come from.
public enum ResultTypeSource: Sendable, Hashable {
    /// `pg_prepared_statements.result_types` on PostgreSQL 16+, a zero-row run before.
    case automatic
    /// Always the zero-row run (the pre-16 path; DML result types are then not checked).
    case zeroRowRun
}

/// A failure that stops the whole check (the database cannot be reached or refuses the
/// connection). Its message never contains the connection string's password.
public struct SchemaCheckError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One line, without the `neon-sql-gen: error: ` prefix.
    public let message: String
    /// Creates an error.
    public init(_ message: String) { self.message = message }
    /// Same as ``message``.
    public var description: String { message }
}

/// The outcome of ``SchemaChecker/check(_:)``.
public struct SchemaCheckReport: Sendable, Hashable {
    /// `server_version` (`15.8`).
    public let serverVersion: String
    /// `server_version_num` (`150008`).
    public let serverVersionNumber: Int
    /// Every disagreement and failing query, in query order.
    public let diagnostics: [SchemaCheckDiagnostic]
    /// The number of queries sent to the database.
    public let checkedQueries: Int
    /// Queries the database rejected.
    public let failingQueries: Int
    /// Queries whose types disagree with the schema files.
    public let queriesWithDisagreements: Int
    /// Queries with result columns whose result types could not be asked for: data-modifying
    /// statements (`... RETURNING`) on PostgreSQL < 16, which the check never runs.
    public let resultTypesNotChecked: [String]

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// One or two lines for stderr.
    public var summary: String {
        var text = "neon-sql-gen check: \(checkedQueries) \(checkedQueries == 1 ? "query" : "queries") checked against PostgreSQL \(serverVersion): "
        var problems: [String] = []
        if queriesWithDisagreements > 0 {
            problems.append("\(queriesWithDisagreements) with types that disagree with the schema files")
        }
        if failingQueries > 0 { problems.append("\(failingQueries) failing on the database") }
        text += problems.isEmpty ? "no disagreements" : problems.joined(separator: ", ")
        if !resultTypesNotChecked.isEmpty {
            let count = resultTypesNotChecked.count
            text += "\nneon-sql-gen check: result types of \(count) data-modifying \(count == 1 ? "query" : "queries") "
                + "(\(resultTypesNotChecked.joined(separator: ", "))) not checked: that needs PostgreSQL 16+ "
                + "(pg_prepared_statements.result_types), and the check never runs a statement that writes"
        }
        return text
    }
}

/// Compares analyzed queries with what a live PostgreSQL says about them, over Neon's
/// SQL-over-HTTP protocol (`neon-sql-gen check`, docs/check.md).
///
/// ```swift
/// let analysis = CodeGenerator.analyzeQueries(schema: schema, queries: queries)
/// let checker = SchemaChecker(configuration: try NeonConfiguration(connectionString: url, endpoint: endpoint))
/// let report = try await checker.check(analysis.queries)
/// ```
public struct SchemaChecker: Sendable {
    /// Where and how to connect.
    public let configuration: NeonConfiguration
    /// The HTTP transport (a test double, or the shared URLSession one).
    public let transport: any NeonTransport
    /// Where result types come from (``ResultTypeSource/automatic`` unless testing the pre-16 path).
    public let resultTypeSource: ResultTypeSource
    /// How many queries are asked about at once (each is its own HTTP request).
    public let maxConcurrentRequests: Int

    /// Creates a checker; nothing is sent until ``check(_:)``.
    public init(
        configuration: NeonConfiguration,
        transport: any NeonTransport = URLSessionTransport.shared,
        resultTypeSource: ResultTypeSource = .automatic,
        maxConcurrentRequests: Int = 4
    ) {
        self.configuration = configuration
        self.transport = transport
        self.resultTypeSource = resultTypeSource
        self.maxConcurrentRequests = max(1, maxConcurrentRequests)
    }

    /// Asks the database about every query and compares.
    /// - Throws: ``SchemaCheckError`` when the database cannot be reached or refuses the
    ///   connection, or a request fails for another reason than the query itself.
    public func check(_ analyzed: [AnalyzedQuery]) async throws -> SchemaCheckReport {
        // A query whose shape a call chooses is checked in every shape it can send.
        let queries = analyzed.flatMap { [$0] + $0.variants }
        let probe = DatabaseProbe(configuration: configuration, transport: transport)
        let version: (number: Int, text: String)
        do {
            version = try await probe.serverVersion()
        } catch {
            throw SchemaCheckError("cannot query the database at \(configuration.endpoint.absoluteString): \(Self.describe(error))")
        }
        let preparedResultTypes = resultTypeSource == .automatic && version.number >= 160000

        var outcomes = [QueryOutcome?](repeating: nil, count: queries.count)
        try await withThrowingTaskGroup(of: (Int, QueryOutcome).self) { group in
            var next = 0
            func addNext() {
                let index = next
                let query = queries[index]
                next += 1
                group.addTask { (index, try await Self.ask(probe, about: query, preparedResultTypes: preparedResultTypes)) }
            }
            while next < queries.count, next < maxConcurrentRequests { addNext() }
            while let (index, outcome) = try await group.next() {
                outcomes[index] = outcome
                if next < queries.count { addNext() }
            }
        }
        let collected = outcomes.compactMap { $0 }

        // Name the OIDs of zero-row runs in one request.
        let oids = Set(collected.flatMap { $0.fields ?? [] }.map(\.typeOID))
        let typeNames: [UInt32: String]
        do {
            typeNames = try await probe.typeNames(of: oids)
        } catch {
            throw SchemaCheckError("cannot look up type names: \(Self.describe(error))")
        }

        var diagnostics: [SchemaCheckDiagnostic] = []
        var failing = 0
        var disagreeing = 0
        var notChecked: [String] = []
        for (query, outcome) in zip(queries, collected) {
            if let failure = outcome.failure {
                failing += 1
                diagnostics.append(SchemaCheckDiagnostic(
                    file: query.file, line: query.line, severity: .error,
                    message: "\(query.annotationName): query fails on the database: \(failure)"))
                continue
            }
            if outcome.isUtilityStatement {
                diagnostics.append(SchemaCheckDiagnostic(
                    file: query.file, line: query.line, severity: .note,
                    message: "\(query.annotationName): not checked: PostgreSQL cannot PREPARE a utility statement, and the check never runs one"))
                continue
            }
            if let note = outcome.resultTypesNote {
                diagnostics.append(SchemaCheckDiagnostic(
                    file: query.file, line: query.line, severity: .warning,
                    message: "\(query.annotationName): result types not checked: \(note)"))
            }
            if outcome.resultTypesSkippedForDML { notChecked.append(query.annotationName) }
            let resultTypes = outcome.resultTypes ?? outcome.fields.map { fields in
                fields.map { typeNames[$0.typeOID] ?? "oid \($0.typeOID)" }
            }
            let found = Self.compare(query, parameterTypes: outcome.parameterTypes, resultTypes: resultTypes)
            if !found.isEmpty { disagreeing += 1 }
            diagnostics.append(contentsOf: found)
        }
        return SchemaCheckReport(
            serverVersion: version.text, serverVersionNumber: version.number, diagnostics: diagnostics,
            checkedQueries: queries.count, failingQueries: failing, queriesWithDisagreements: disagreeing,
            resultTypesNotChecked: notChecked)
    }

    // MARK: Asking

    struct QueryOutcome: Sendable {
        var parameterTypes: [String] = []
        /// From pg_prepared_statements (16+).
        var resultTypes: [String]?
        /// From a zero-row run (< 16).
        var fields: [ResultFieldDescription]?
        /// The database's message when the query fails there.
        var failure: String?
        var resultTypesSkippedForDML = false
        /// A utility statement (`TRUNCATE`, `NOTIFY`, ...): PostgreSQL cannot PREPARE it and the
        /// check never runs a statement that writes, so nothing was asked.
        var isUtilityStatement = false
        /// Why a zero-row run of a query that PREPAREs fine did not work.
        var resultTypesNote: String?
    }

    /// Whether the query's result columns are compared at all: `:exec`/`:execrows` ignore them.
    static func hasCheckedResult(_ query: AnalyzedQuery) -> Bool {
        query.kind == .many || query.kind == .one
    }

    static func ask(_ probe: DatabaseProbe, about query: AnalyzedQuery, preparedResultTypes: Bool) async throws -> QueryOutcome {
        var outcome = QueryOutcome()
        if query.isUtilityStatement {
            outcome.isUtilityStatement = true
            return outcome
        }
        do {
            let prepared = try await probe.preparedTypes(of: query.sql, withResultTypes: preparedResultTypes)
            outcome.parameterTypes = prepared.parameterTypes
            outcome.resultTypes = prepared.resultTypes
        } catch let error as NeonError {
            guard let failure = queryFailure(error) else { throw checkError(error, query) }
            outcome.failure = failure
            return outcome
        }
        guard !preparedResultTypes, hasCheckedResult(query) else { return outcome }
        guard query.isReadOnly else {
            outcome.resultTypesSkippedForDML = true
            return outcome
        }
        do {
            outcome.fields = try await probe.zeroRowFields(of: query.sql, parameterCount: outcome.parameterTypes.count)
        } catch let error as NeonError {
            guard let failure = queryFailure(error) else { throw checkError(error, query) }
            // PREPARE accepted it, so the query is valid; e.g. SELECT ... FOR UPDATE cannot run
            // in the read-only transaction the check uses.
            outcome.resultTypesNote = failure
        }
        return outcome
    }

    /// The database's message when `error` is the statement's own fault (a PostgreSQL error with a
    /// SQLSTATE); nil for a failure of the connection, the proxy or the transport.
    static func queryFailure(_ error: NeonError) -> String? {
        guard let database = error.databaseError, !database.isProxyError else { return nil }
        var text = database.message
        if let detail = database.detail, !detail.isEmpty { text += " (detail: \(detail))" }
        if let hint = database.hint, !hint.isEmpty { text += " (hint: \(hint))" }
        return text
    }

    static func checkError(_ error: Error, _ query: AnalyzedQuery) -> SchemaCheckError {
        SchemaCheckError("\(query.file):\(query.line): \(query.annotationName): cannot check: \(describe(error))")
    }

    /// A secret-free text for an error (the runtime's descriptions never hold the password).
    static func describe(_ error: Error) -> String {
        guard let neon = error as? NeonError else { return String(describing: error) }
        if let database = neon.databaseError {
            return database.isProxyError ? "the database refused the connection: \(database.message)" : database.message
        }
        var text = neon.description
        if text.hasPrefix("NeonSQL: ") { text.removeFirst("NeonSQL: ".count) }
        return text
    }

    // MARK: Comparing

    /// The disagreements between what the schema files say (`query`) and what the database says.
    static func compare(_ query: AnalyzedQuery, parameterTypes: [String], resultTypes: [String]?) -> [SchemaCheckDiagnostic] {
        var messages: [String] = []
        let expected = query.parameters
        if parameterTypes.count != expected.count {
            messages.append(
                "the query has \(count(parameterTypes.count, "parameter")) in the database but \(expected.count) in the schema files")
        }
        for parameter in expected where parameter.index >= 1 && parameter.index <= parameterTypes.count {
            let actual = parameterTypes[parameter.index - 1]
            // `:copyfrom` binds each column's values as one array (`unnest($1::text[], ...)`).
            let sent = query.kind == .copyfrom ? parameter.pgType + "[]" : parameter.pgType
            if !sameType(actual, sent) {
                messages.append("parameter $\(parameter.index) is \(actual) in the database but \(sent) in the schema files")
            }
        }
        if let resultTypes, hasCheckedResult(query) {
            let columns = query.columns
            if resultTypes.count != columns.count {
                messages.append(
                    "the query returns \(count(resultTypes.count, "column")) in the database but \(columns.count) in the schema files")
            } else {
                for (column, actual) in zip(columns, resultTypes) where !sameType(actual, column.pgType) {
                    messages.append("column \"\(column.sqlName)\" is \(actual) in the database but \(column.pgType) in the schema files")
                }
            }
        }
        return messages.map {
            SchemaCheckDiagnostic(file: query.file, line: query.line, severity: .error, message: "\(query.annotationName): \($0)")
        }
    }

    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// Both spell `format_type(oid, NULL)`; the generator leaves public-schema names unqualified
    /// as PostgreSQL does when `public` is on the search path.
    static func sameType(_ database: String, _ schemaFiles: String) -> Bool {
        database == schemaFiles
    }
}
