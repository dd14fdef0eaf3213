import Foundation
@testable import NeonSQL
import Testing

/// The pieces of conditional revalidation that need no server: the digest of stored rows
/// (PostgreSQL's record text) and the shifting of placeholders into one statement.
@Suite("Revalidation digest and SQL")
struct RevalidationSQLTests {
    private func body(_ rows: [[String?]]) -> Data {
        let cells = rows.map { row in
            "[" + row.map { cell in
                cell.map { text in
                    let data = try? JSONSerialization.data(withJSONObject: [text])
                    return data.map { String(decoding: $0.dropFirst().dropLast(), as: UTF8.self) } ?? "null"
                } ?? "null"
            }.joined(separator: ",") + "]"
        }
        return Data(#"{"fields":[],"command":"SELECT","rowCount":\#(rows.count),"rows":[\#(cells.joined(separator: ","))],"rowAsArray":true}"#.utf8)
    }

    @Test func theDigestIsTheSHA256OfTheRowsAsPostgreSQLWritesRecords() throws {
        // The record_out text of the two rows, a line feed between them.
        let rows: [[String?]] = [["1", "a b", nil, "t"], ["2", "", "x", "q\"\\"]]
        let digest = try #require(ResultDigest.digest(ofResponseBody: body(rows)))
        let expected = Array("(1,\"a b\",,t)\n(2,\"\",x,\"q\"\"\\\\\")".utf8)
        #expect(digest == NeonSQLShared.SHA256.hex(of: expected))
    }

    @Test func theDigestChangesWithAnyCellOrTheOrderAndIgnoresTheRest() throws {
        let base = try #require(ResultDigest.digest(ofResponseBody: body([["1", "a"], ["2", "b"]])))
        #expect(ResultDigest.digest(ofResponseBody: body([["2", "b"], ["1", "a"]])) != base)
        #expect(ResultDigest.digest(ofResponseBody: body([["1", "a"], ["2", nil]])) != base)
        #expect(ResultDigest.digest(ofResponseBody: body([["1", "a"], ["2", ""]])) != base)
        #expect(ResultDigest.digest(ofResponseBody: body([["1", "a"]])) != base)
        #expect(ResultDigest.digest(ofResponseBody: body([])) != ResultDigest.digest(ofResponseBody: body([[]])))
        // Field descriptions and the command tag do not count.
        let other = Data(#"{"fields":[{"name":"x","dataTypeID":25}],"command":"SELECT","rowCount":2,"rows":[["1","a"],["2","b"]]}"#.utf8)
        #expect(ResultDigest.digest(ofResponseBody: other) == base)
        #expect(ResultDigest.digest(ofResponseBody: Data("not json".utf8)) == nil)
    }

    @Test func placeholdersAreShiftedOutsideStringsCommentsAndIdentifiers() {
        let sql = """
            SELECT $1, 'a $2 '' $3', E'\\' $4', "col$5", a$6, $$ $7 $$, $tag$ $8 $tag$, /* $9 /* $10 */ */ $2 -- $11
            FROM t WHERE x = $12;
            """
        let shifted = RevalidationSQL.shifted(sql, by: 10)
        #expect(shifted == """
            SELECT $11, 'a $2 '' $3', E'\\' $4', "col$5", a$6, $$ $7 $$, $tag$ $8 $tag$, /* $9 /* $10 */ */ $12 -- $11
            FROM t WHERE x = $22
            """)
    }

    @Test func sqlTheLexerCannotFollowIsNotShifted() {
        #expect(RevalidationSQL.shifted("SELECT 'unterminated", by: 1) == nil)
        #expect(RevalidationSQL.shifted("SELECT 1; SELECT 2", by: 1) == nil)
        #expect(RevalidationSQL.shifted("SELECT $x$ never closed", by: 1) == nil)
        #expect(RevalidationSQL.shifted("SELECT 1; -- done\n", by: 1) == "SELECT 1 -- done")
    }
}
