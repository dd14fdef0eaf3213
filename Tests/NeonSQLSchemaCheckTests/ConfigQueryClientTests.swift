import Foundation
import Testing
import NeonSQLGenerator
@testable import NeonSQLGeneratorCLI
@testable import neon_sql_gen

/// `queryClient` in neon-sql.json: on by default; off, the target declares no dependency client
/// (no `QueryClient`, no closure property per query, no per-file client protocols or runner) and
/// keeps everything else (`Queries`, `Queries.Observe`, `Statements`, rows).
@Suite("neon-sql.json queryClient")
struct ConfigQueryClientTests {
    static let schema = [SQLSourceInput(path: "schema.sql", contents: """
        CREATE TABLE notes (id integer PRIMARY KEY, body text NOT NULL);
        """)]
    static let queries = [SQLSourceInput(path: "notes.sql", contents: """
        -- name: ListNotes :many
        SELECT id, body FROM notes ORDER BY id;
        -- name: AddNote :exec
        INSERT INTO notes (id, body) VALUES (@id, @body);
        -- name: AddNotes :batchexec
        INSERT INTO notes (id, body) VALUES (@id, @body);
        -- name: CopyNotes :copyfrom
        INSERT INTO notes (id, body) VALUES (@id, @body);
        """)]

    @Test func theOptionIsReadAndOnByDefault() throws {
        #expect(try ConfigFileFixture.load("{}").generator.queryClient)
        #expect(try ConfigFileFixture.load(#"{"queryClient": true}"#).generator.queryClient)
        #expect(try !ConfigFileFixture.load(#"{"queryClient": false}"#).generator.queryClient)
        #expect(throws: CLIFailure.self) { try ConfigFileFixture.load(#"{"queryClient": "no"}"#) }
    }

    @Test func withoutTheClientNothingOfItIsDeclared() throws {
        let with = CodeGenerator.generate(schema: Self.schema, queries: Self.queries)
        let without = CodeGenerator.generate(schema: Self.schema, queries: Self.queries, options: GeneratorOptions(queryClient: false))
        #expect(!with.hasErrors && !without.hasErrors)
        let withText = with.shared + with.files.map(\.source).joined()
        let withoutText = without.shared + without.files.map(\.source).joined()
        // On: the client, its per-file protocols, conformances, properties and the runner.
        for expected in ["public struct QueryClient:", "extension QueryClient: _NotesQueryClient {}", "public protocol _NotesQueryClient:",
                         "public var listNotes: @Sendable", "private struct _NotesRunner"] {
            #expect(withText.contains(expected), "\(expected)")
        }
        // Off: none of it; the rest is byte for byte what the client-on target declares.
        #expect(!withoutText.contains("QueryClient"))
        #expect(!withoutText.contains("_NotesRunner"))
        for expected in ["public struct Queries:", "public func listNotes() async throws -> [Note]", "public func addNotes(",
                         "public func copyNotes(", "public func listNotes() -> NeonSQL.QueryObservation<[Note]>",
                         "public static func addNote(id: Swift.Int, body: Swift.String) -> NeonSQL.Statement<Swift.Void>"] {
            #expect(withoutText.contains(expected), "\(expected)")
            #expect(withText.contains(expected), "\(expected)")
        }
        #expect(withoutText.count < withText.count * 3 / 4)
    }
}
