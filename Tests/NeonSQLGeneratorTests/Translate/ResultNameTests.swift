import Foundation
import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

/// Result columns PostgreSQL does not name, or names twice: `describe` carries PostgreSQL's name
/// and the generated Swift name, and the generated code uses the same names.
@Suite("Result names")
struct ResultNameTests {
    static let schema = SQLSourceInput(path: "schema.sql", contents: """
        CREATE TABLE writers (id bigserial PRIMARY KEY, name text NOT NULL);
        CREATE TABLE posts (id bigserial PRIMARY KEY, writer_id bigint NOT NULL REFERENCES writers (id), score integer NOT NULL);
        """)
    static let query = SQLSourceInput(path: "q.sql", contents: """
        -- name: Mixed :many
        SELECT p.id, w.id, p.score > 1, p.score + 1 AS column2
        FROM posts p JOIN writers w ON w.id = p.writer_id;
        """)

    struct Column: Decodable, Equatable {
        let name: String
        let sqlName: String
    }

    struct Query: Decodable {
        let columns: [Column]
    }

    struct Document: Decodable {
        let queries: [Query]
    }

    @Test func describeCarriesPostgresNameAndGeneratedSwiftName() throws {
        let described = CodeGenerator.describe(schema: [Self.schema], queries: [Self.query])
        #expect(!described.hasErrors)
        let document = try JSONDecoder().decode(Document.self, from: Data(described.json.utf8))
        #expect(document.queries.first?.columns == [
            Column(name: "id", sqlName: "id"),
            Column(name: "id2", sqlName: "id"),
            Column(name: "column3", sqlName: "?column?"),
            Column(name: "column2", sqlName: "column2"),
        ])
        #expect(described.diagnostics == [
            "q.sql:2:14: warning: result column 2 repeats the name \"id\" of column 1; it is generated as 'id2': name it with AS",
            "q.sql:2:20: warning: result column 3 has no name (PostgreSQL calls it \"?column?\"); it is generated as 'column3': name it with AS",
        ])
    }

    @Test func generatedCodeUsesTheSameNames() throws {
        let generated = CodeGenerator.generate(schema: [Self.schema], queries: [Self.query])
        #expect(!generated.hasErrors)
        let code = generated.files.map(\.source).joined(separator: "\n")
        for property in ["var id: Swift.Int", "var id2: Swift.Int", "var column3: Swift.Bool", "var column2: Swift.Int"] {
            #expect(code.contains(property), "generated code lacks \(property)")
        }
    }
}
