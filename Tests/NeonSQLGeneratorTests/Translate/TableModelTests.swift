import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

/// Table models (docs/generated-code.md, "Table models"): a query whose result is exactly one
/// table's (or view's) columns returns the table's model, declared once in the shared file.
@Suite("Table models")
struct TableModelTests {
    private let schema = """
        CREATE TYPE user_status AS ENUM ('active', 'banned');
        CREATE TABLE user_profiles (id bigserial PRIMARY KEY, name text NOT NULL, bio text);
        CREATE TABLE books (id bigserial PRIMARY KEY, author_id bigint NOT NULL REFERENCES user_profiles (id), title text NOT NULL);
        CREATE VIEW book_titles AS SELECT b.id, b.title FROM books b;
        """

    /// The row type each query returns, by annotation name.
    private func returns(_ queries: String, schema: String? = nil) -> [String: String] {
        let fixture = AnalysisFixture(schema: schema ?? self.schema, query: queries)
        #expect(fixture.errors.isEmpty)
        var result: [String: String] = [:]
        for query in fixture.queries { result[query.annotationName] = query.returnsTableModel ? query.rowTypeName : "-" }
        return result
    }

    private func generate(_ queries: String, schema: String? = nil) -> (files: String, shared: String) {
        let result = CodeGenerator.generate(schema: [SQLSourceInput(path: "schema.sql", contents: schema ?? self.schema)],
                                            queries: [SQLSourceInput(path: "q.sql", contents: queries)])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        return (result.files.map(\.source).joined(), result.shared)
    }

    @Test func wholeTableResultsReturnTheModel() {
        #expect(returns("""
            -- name: Star :many
            SELECT * FROM user_profiles;
            -- name: QualifiedStar :one
            SELECT p.* FROM user_profiles p JOIN books b ON b.author_id = p.id WHERE b.id = @id;
            -- name: Listed :many
            SELECT id, name, bio FROM user_profiles;
            -- name: Returning :one
            UPDATE user_profiles SET bio = @bio WHERE id = @id RETURNING *;
            """) == ["Star": "UserProfile", "QualifiedStar": "UserProfile", "Listed": "UserProfile", "Returning": "UserProfile"])
    }

    @Test func otherShapesKeepTheirRowStruct() {
        #expect(returns("""
            -- name: Reordered :many
            SELECT name, id, bio FROM user_profiles;
            -- name: Aliased :many
            SELECT id, name AS full_name, bio FROM user_profiles;
            -- name: Cast :many
            SELECT id, name::varchar AS name, bio FROM user_profiles;
            -- name: OuterSide :many
            SELECT p.* FROM books b LEFT JOIN user_profiles p ON p.id = b.author_id;
            -- name: ForcedNullable :many
            SELECT id, name AS "name?", bio FROM user_profiles;
            -- name: Extra :many
            SELECT *, 1 AS one FROM user_profiles;
            -- name: Fewer :many
            SELECT id, name FROM user_profiles;
            """) == ["Reordered": "-", "Aliased": "-", "Cast": "-", "OuterSide": "-", "ForcedNullable": "-", "Extra": "-", "Fewer": "-"])
    }

    @Test func aColumnMadeCertainStillReturnsTheModelWithTheTablesNullability() throws {
        let fixture = AnalysisFixture(schema: schema, query: """
            -- name: WithBio :many
            SELECT * FROM user_profiles WHERE bio IS NOT NULL;
            -- name: ForcedCertain :many
            SELECT id, name, bio AS "bio!" FROM user_profiles;
            """)
        for query in fixture.queries {
            #expect(query.rowTypeName == "UserProfile")
            // The property is the table's `String?`; describe still reports the column non-null.
            let bio = try #require(query.columns.last)
            #expect(bio.swiftType == "String?")
        }
        let forced = try #require(fixture.queries.last?.columns.last)
        #expect(forced.nullable == false)
    }

    @Test func singleColumnAndPagedResultsKeepTheirShapes() {
        let schema = self.schema + "\nCREATE TABLE tags (name text PRIMARY KEY);\n"
        #expect(returns("""
            -- name: Tags :many
            SELECT * FROM tags;
            -- name: Paged :many
            -- @page size 10 by id
            SELECT * FROM user_profiles ORDER BY id;
            """, schema: schema) == ["Tags": "-", "Paged": "-"])
    }

    @Test func viewsHaveModels() {
        #expect(returns("""
            -- name: Titles :many
            SELECT * FROM book_titles;
            """) == ["Titles": "BookTitle"])
        let shared = generate("-- name: Titles :many\nSELECT * FROM book_titles;\n").shared
        #expect(shared.contains("/// A row of the view `book_titles`, with the view's nullability"))
        // A view has no key: not Identifiable.
        #expect(shared.contains("public struct BookTitle: Swift.Sendable, NeonSQL.FieldwiseHashable {\n"))
    }

    @Test func theModelIsDeclaredOnceInTheSharedFile() {
        let (files, shared) = generate("""
            -- name: A :many
            SELECT * FROM user_profiles;
            -- name: B :one
            SELECT * FROM user_profiles WHERE id = @id;
            -- name: C :many
            SELECT * FROM books;
            """)
        #expect(!files.contains("public struct ARow"))
        #expect(!files.contains("public struct BRow"))
        #expect(files.contains("public func a() async throws -> [UserProfile]"))
        #expect(files.contains("public func b(id: Swift.Int) async throws -> UserProfile?"))
        #expect(shared.components(separatedBy: "public struct UserProfile:").count == 2)
        #expect(shared.contains("""
            public struct UserProfile: Swift.Sendable, NeonSQL.FieldwiseHashable, Swift.Identifiable {
                public var id: Swift.Int
                public var name: Swift.String
                public var bio: Swift.String?

                public init(id: Swift.Int, name: Swift.String, bio: Swift.String?) {
            """))
        #expect(shared.contains("""
            extension UserProfile: NeonSQL.DecodableRow {
                public static var columns: [NeonSQL.ResultColumn] { NeonSQL.ResultColumn.list("id:int8,name:text,bio:text") }
            """))
        // Sorted by name.
        let book = shared.range(of: "public struct Book:")
        let profile = shared.range(of: "public struct UserProfile:")
        if let book, let profile {
            #expect(book.lowerBound < profile.lowerBound)
        } else {
            Issue.record("both models are declared")
        }
    }

    @Test func anEmbedOfAWholeTableHoldsTheModel() {
        let (files, shared) = generate("""
            -- name: BooksWithAuthors :many
            SELECT sqlc.embed(b), sqlc.embed(p) FROM books b LEFT JOIN user_profiles p ON p.id = b.author_id;
            """)
        #expect(files.contains("    public var b: Book\n    public var p: UserProfile?\n"))
        #expect(files.contains("            b: try Book(from: &row),\n            p: try UserProfile.decodeIfPresent(from: &row)"))
        #expect(!files.contains("public struct B:"))
        #expect(!files.contains("public struct P:"))
        // Only the model an outer join may leave out reads itself as optional.
        #expect(shared.contains("static func decodeIfPresent(from row: inout NeonSQL.RowDecoder) throws -> Self?"))
        #expect(shared.components(separatedBy: "decodeIfPresent(").count == 2)
    }

    @Test func singularization() {
        let cases: [(String, String)] = [
            ("user_profiles", "UserProfile"), ("categories", "Category"), ("addresses", "Address"), ("boxes", "Box"),
            ("matches", "Match"), ("wishes", "Wish"), ("status", "Status"), ("address", "Address"), ("analysis", "Analysis"),
            ("duas", "Dua"), ("user_statuses", "UserStatus"), ("aliases", "Alias"), ("houses", "House"), ("person", "Person"), ("data", "Data"), ("UserAccounts", "UserAccount"), ("s", "S"),
            // Irregular and uncountable words, also as the last word of a name.
            ("people", "Person"), ("sales_people", "SalesPerson"), ("children", "Child"), ("movies", "Movie"),
            ("shelves", "Shelf"), ("archives", "Archive"), ("leaves", "Leaf"), ("analyses", "Analysis"),
            ("user_metadata", "UserMetadata"), ("news", "News"), ("series", "Series"), ("quizzes", "Quiz"),
            ("heroes", "Hero"), ("campuses", "Campus"), ("excuses", "Excuse"), ("indices", "Index"),
            ("women", "Woman"), ("cookies", "Cookie"), ("buses", "Bus"),
        ]
        for (table, model) in cases {
            #expect(TableModels.baseName(table) == model, "\(table)")
        }
    }

    @Test func clashesAppendModelThenNumber() {
        let schema = """
            CREATE TYPE user_status AS ENUM ('active', 'banned');
            CREATE TABLE user_statuses (id int PRIMARY KEY, status user_status NOT NULL);
            CREATE TABLE types (id int PRIMARY KEY, name text NOT NULL);
            CREATE TABLE tasks (id int PRIMARY KEY, title text NOT NULL);
            CREATE TABLE queries (id int PRIMARY KEY, sql text NOT NULL);
            CREATE SCHEMA other;
            CREATE TABLE other.tasks (id int PRIMARY KEY, done bool NOT NULL);
            CREATE TABLE user_status_models (id int PRIMARY KEY, note text NOT NULL);
            """
        #expect(returns("""
            -- name: Statuses :many
            SELECT * FROM user_statuses;
            -- name: StatusModels :many
            SELECT * FROM user_status_models;
            -- name: Types :many
            SELECT * FROM types;
            -- name: Tasks :many
            SELECT * FROM tasks;
            -- name: OtherTasks :many
            SELECT * FROM other.tasks;
            -- name: AllQueries :many
            SELECT * FROM queries;
            """, schema: schema) == [
                // Models claim in the order of their relation's key (`public.user_status_models` first):
                // the enum keeps `UserStatus`, `user_statuses` gets `Model` and then a number.
                "StatusModels": "UserStatusModel", "Statuses": "UserStatusModel2",
                "Types": "TypeModel",                                    // a Swift keyword
                "OtherTasks": "TaskModel", "Tasks": "TaskModel2",        // would shadow _Concurrency.Task
                "AllQueries": "Query",                                   // only `Queries` is taken
            ])
    }

    @Test func aRowStructNameIsNeverTakenByAModel() {
        let schema = "CREATE TABLE fetch_user_rows (id int PRIMARY KEY, name text NOT NULL);\n"
        let fixture = AnalysisFixture(schema: schema, query: """
            -- name: FetchUser :many
            SELECT id, name AS label FROM fetch_user_rows;
            -- name: FetchAll :many
            SELECT * FROM fetch_user_rows;
            """)
        #expect(fixture.queries.map(\.rowTypeName) == ["FetchUserRow", "FetchUserRowModel"])
    }

    @Test func generationIsDeterministic() {
        let queries = """
            -- name: A :many
            SELECT * FROM books;
            -- name: B :many
            SELECT * FROM user_profiles;
            -- name: C :many
            SELECT * FROM book_titles;
            """
        #expect(generate(queries).shared == generate(queries).shared)
    }
}
