@testable import NeonSQLGenerator

/// Runs the real pipeline on SQL text held in a test.
struct AnalysisFixture {
    let model: GenerationModel

    init(schema: String, queries: [String: String]) {
        let schemaFile = SourceFile(path: "schema.sql", text: schema)
        let queryFiles = queries.keys.sorted().map { SourceFile(path: $0, text: queries[$0] ?? "") }
        model = Pipeline.analyze(schemaFiles: [schemaFile], queryFiles: queryFiles)
    }

    init(schema: String, query: String, file: String = "query.sql") {
        self.init(schema: schema, queries: [file: query])
    }

    var queries: [QueryDescription] { model.files.flatMap(\.queries) }

    var query: QueryDescription? { queries.first }

    var errors: [String] { model.diagnostics.filter { $0.severity == .error }.map(\.formatted) }

    /// `name: type` with `?` for nullable, for compact assertions: `["id: Int", "slug: String?"]`.
    var columnSignature: [String] { query?.columns.map { "\($0.name): \($0.swiftType)" } ?? [] }

    var parameterSignature: [String] { query?.parameters.map { "$\($0.index) \($0.name): \($0.swiftType)" } ?? [] }

    var columnPGTypes: [String] { query?.columns.map(\.type.formatName) ?? [] }
}
