import Testing
import NeonSQLGenerator

/// `sqlc.embed(t)`: the SQL sent lists `t`'s columns, the row holds them as `t`'s table model
/// when they are exactly the table's (TableModelTests), else as a nested struct; optional as a
/// whole on the NULL-extended side of an outer join.
@Suite("sqlc.embed rendering")
struct SQLCEmbedTests {
    private let schema = [SQLSourceInput(path: "schema.sql", contents: """
        CREATE TABLE authors (id bigserial PRIMARY KEY, name text NOT NULL, bio text);
        CREATE TABLE books (id bigserial PRIMARY KEY, author_id bigint REFERENCES authors (id), title text NOT NULL);
        """)]

    private func generate(_ sql: String) -> (source: String, diagnostics: [String]) {
        let result = CodeGenerator.generate(schema: schema, queries: [SQLSourceInput(path: "q.sql", contents: sql)])
        return (result.files.first?.source ?? "", result.diagnostics)
    }

    @Test func innerJoinEmbedsAreNestedStructsAndTheSQLListsTheColumns() {
        // `author` is a subquery's columns (no table model): a struct nested in the row.
        let (source, diagnostics) = generate("""
            -- name: BooksWithAuthors :many
            SELECT sqlc.embed(b), sqlc.embed(author), b.title AS heading
            FROM books b JOIN (SELECT * FROM authors) author ON author.id = b.author_id;
            """)
        #expect(diagnostics.isEmpty)
        #expect(source.contains("SELECT b.id, b.author_id, b.title, author.id, author.name, author.bio, b.title AS heading"))
        #expect(source.contains("    public var b: Book\n    public var author: Author\n    public var heading: Swift.String\n"))
        #expect(source.contains("    public struct Author: Swift.Sendable, NeonSQL.FieldwiseHashable {\n        public var id: Swift.Int\n"
                                + "        public var name: Swift.String\n        public var bio: Swift.String?\n"))
        #expect(!source.contains("public struct Book:"), "the table model is in the shared file")
        #expect(source.contains("        self.init(\n            b: try Book(from: &row),\n            author: try Author(from: &row),\n"
                                + "            heading: try row.decode(Swift.String.self))\n"))
        #expect(!source.contains("decodeIfPresent"))
        #expect(!source.contains("Swift.Identifiable"))
    }

    @Test func theOuterJoinedSideIsOptionalAsAWhole() {
        let (source, diagnostics) = generate("""
            -- name: AuthorsWithBooks :many
            SELECT sqlc.embed(authors), sqlc.embed(books) FROM authors LEFT JOIN (SELECT * FROM books) books ON books.author_id = authors.id;
            """)
        #expect(diagnostics.isEmpty, "an embedded table's columns get no per-column outer-join notes")
        #expect(source.contains("SELECT authors.id, authors.name, authors.bio, books.id, books.author_id, books.title FROM authors"))
        #expect(source.contains("    public var authors: Author\n    public var books: Books?\n"))
        // The fields keep the table's nullability; the row is absent when a NOT NULL one is NULL.
        #expect(source.contains("        public var title: Swift.String\n"))
        #expect(source.contains("            guard let value1, let value3 else { return nil }\n"
                                + "            return Self(id: value1, authorId: value2, title: value3)\n"))
        #expect(source.contains("            books: try Books.decodeIfPresent(from: &row)"))
    }

    @Test func whereProvingTheJoinedRowExistsMakesItNonOptional() {
        let (source, _) = generate("""
            -- name: AuthorsWithSomeBook :many
            SELECT sqlc.embed(a), sqlc.embed(b) FROM authors a LEFT JOIN (SELECT * FROM books) b ON b.author_id = a.id WHERE b.title <> '';
            """)
        #expect(source.contains("    public var b: B\n"))
        #expect(source.contains("        public var authorId: Swift.Int?\n"))
        #expect(source.contains("        public var title: Swift.String\n"))
    }

    @Test func describeSaysWhichColumnsBelongToWhichEmbed() {
        let result = CodeGenerator.describe(schema: schema, queries: [SQLSourceInput(path: "q.sql", contents: """
            -- name: AuthorsWithBooks :many
            SELECT sqlc.embed(a), sqlc.embed(b), 1 AS one FROM authors a LEFT JOIN books b ON b.author_id = a.id;
            """)])
        #expect(!result.hasErrors)
        #expect(result.json.contains(#""embed": {\#n            "property": "b",\#n            "sqlName": "b",\#n            "swiftType": "Book?"\#n          }"#))
        #expect(result.json.contains(#""embed": {\#n            "property": "a",\#n            "sqlName": "a",\#n            "swiftType": "Author"\#n          }"#))
        #expect(result.json.components(separatedBy: "\"embed\"").count - 1 == 6)
    }

    @Test func embedsOfTypesTheRowMentionsGetAnotherName() {
        let (source, diagnostics) = generate("""
            -- name: Strings :many
            SELECT sqlc.embed(string), sqlc.embed(string2)
            FROM (SELECT * FROM authors) AS string JOIN (SELECT * FROM authors) AS string2 ON true;
            """)
        #expect(diagnostics.isEmpty)
        #expect(source.contains("public var string: String2\n"))
        #expect(source.contains("public var string2: String22\n"))
    }
}

extension SQLCEmbedTests {
    @Test func anEmbedTypeNeverSharesItsNameWithARowProperty() {
        let schema = [SQLSourceInput(path: "schema.sql", contents: #"CREATE TABLE "1" (id integer PRIMARY KEY);"#)]
        let result = CodeGenerator.generate(schema: schema, queries: [SQLSourceInput(path: "q.sql", contents: """
            -- name: Digits :many
            SELECT sqlc.embed("1") FROM "1";
            """)])
        let source = result.files.first?.source ?? ""
        // The table model of `1` would be `_1`: it takes `_1Model`, never a property's name.
        #expect(source.contains("public var _1: _1Model\n"), "property `_1`, type `_1Model`")
        #expect(source.contains("_1: try _1Model(from: &row))"))
    }
}
