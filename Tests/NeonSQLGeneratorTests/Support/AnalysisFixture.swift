@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

/// Runs the real pipeline on SQL text held in a test.
struct AnalysisFixture {
    /// The analyzed and named model (names as `describe` reports them).
    let model: NamedModel

    init(schema: String, queries: [String: String]) {
        let schemaFile = SourceFile(path: "schema.sql", text: schema)
        let queryFiles = queries.keys.sorted().map { SourceFile(path: $0, text: queries[$0] ?? "") }
        model = SwiftTranslator.name(Pipeline.analyze(schemaFiles: [schemaFile], queryFiles: queryFiles))
    }

    init(schema: String, query: String, file: String = "query.sql") {
        self.init(schema: schema, queries: [file: query])
    }

    var queries: [NamedQuery] { model.queries }

    var query: NamedQuery? { queries.first }

    var errors: [String] { model.diagnostics.filter { $0.severity == .error }.map(\.formatted) }

    /// `name: type` with `?` for nullable, for compact assertions: `["id: Int", "slug: String?"]`.
    var columnSignature: [String] { query?.columns.map { "\($0.name): \($0.swiftType)" } ?? [] }

    var parameterSignature: [String] { query?.parameters.map { "$\($0.index) \($0.name): \($0.swiftType)" } ?? [] }

    var columnPGTypes: [String] { query?.columns.map(\.type.formatName) ?? [] }
}

/// The analyzer's facts of a named query, for assertions that read like the IR's.
extension NamedQuery {
    var name: String { functionName }
    var annotationName: String { query.annotationName }
    var kind: QueryDescription.Kind { query.kind }
    var sql: String { query.sql }
    var file: String { query.file }
    var line: Int { query.line }
    var documentation: [String] { query.documentation }
    var isReadOnly: Bool { query.isReadOnly }
    var uniqueColumns: [String] { query.uniqueColumns }
}
