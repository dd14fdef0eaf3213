import Foundation
import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration
import NeonSQLTestSupport

@Suite("Parser: files, comments, error recovery, robustness")
struct FileAndRecoveryTests {
    @Test func leadingAndTrailingComments() {
        let (file, diagnostics) = parseFile("""
            -- name: FetchA :one
            --   indented doc line
            /* block */
            SELECT 1 -- inside, dropped
            ;;
            -- name: FetchB :many
            SELECT 2;
            -- name: Orphan :one
            -- nothing follows
            """)
        #expect(diagnostics.isEmpty)
        #expect(file.statements.count == 2)
        #expect(file.statements[0].leadingComments.map(\.text) == [" name: FetchA :one", "   indented doc line", " block "])
        #expect(file.statements[0].leadingComments.map(\.location.line) == [1, 2, 3])
        #expect(file.statements[1].leadingComments.map(\.text) == [" name: FetchB :many"])
        #expect(file.trailingComments.map(\.text) == [" name: Orphan :one", " nothing follows"])
    }

    @Test func lastStatementWithoutSemicolon() {
        let (file, diagnostics) = parseFile("SELECT 1; SELECT 2 -- end\n")
        #expect(diagnostics.isEmpty)
        #expect(file.statements.count == 2)
        #expect(file.trailingComments.map(\.text) == [" end"])
    }

    @Test func emptyFileAndEmptyStatements() {
        #expect(parseFile("").file.statements.isEmpty)
        #expect(parseFile(" ;;; ").diagnostics.isEmpty)
        #expect(parseFile("-- only a comment").file.trailingComments.count == 1)
    }

    @Test func semicolonsInsideStringsCommentsAndParenthesesDoNotSplit() {
        let (file, diagnostics) = parseFile("""
            SELECT 'a;b', $$c;d$$, "e;f" /* ; */ FROM t -- ;
            WHERE x = 1;
            SELECT 2
            """)
        #expect(diagnostics.isEmpty)
        #expect(file.statements.count == 2)
    }

    @Test func twoBadStatementsTwoDiagnosticsGoodOneParsed() {
        let sql = """
            -- name: Bad1 :one
            SELECT id FROM WHERE x = 1;

            -- name: Good :many
            SELECT id, title_en FROM duas WHERE id = @id;

            -- name: Bad2 :exec
            UPDATE duas
            SET title_en = 'x',
                WHERE id = 1;
            """
        let (file, diagnostics) = parseFile(sql)
        #expect(diagnostics.map { "\($0.file):\($0.line):\($0.column): \($0.severity.rawValue): \($0.message)" } == [
            "test.sql:2:16: error: expected table name, found 'WHERE'",
            "test.sql:10:5: error: expected column name, found 'WHERE'",
        ])
        #expect(file.statements.count == 1)
        #expect(file.statements.first?.leadingComments.map(\.text) == [" name: Good :many"])
        #expect(file.statements.first?.parameters.map(\.reference.dump) == ["@id"])
    }

    @Test func errorMessages() {
        #expect(firstError("SELEC * FROM t") == "1:1 expected statement, found 'SELEC'")
        #expect(firstError("SELECT (1") == "1:10 expected ')', found end of file")
        #expect(firstError("SELECT (1;") == "1:10 expected ')', found ';'")
        #expect(firstError("SELECT 1 +") == "1:11 expected expression, found end of file")
        #expect(firstError("SELECT a FROM t WHERE") == "1:22 expected expression, found end of file")
        #expect(firstError("SELECT 1\nSELECT 2") == "2:1 expected ';', found 'SELECT'")
        #expect(firstError("SELECT 'abc' 'def' FROM t") == "1:14 expected ';', found string constant")
        #expect(firstError("INSERT INTO t (a) VALUE (1)") == "1:19 expected VALUES, SELECT or DEFAULT VALUES, found 'VALUE'")
        #expect(firstError("SELECT * FROM a JOIN b") == "1:23 expected ON or USING, found end of file")
        #expect(firstError("SELECT x::") == "1:11 expected type name, found end of file")
        #expect(firstError("CREATE TABLE t (a int,)") == "1:23 expected column name, found ')'")
        #expect(firstError("SELECT 'دعاء' FROM WHERE") == "1:20 expected table name, found 'WHERE'")
    }

    @Test func lexicalErrorsGiveOneDiagnosticAndSkipTheirStatement() {
        let (file, diagnostics) = parseFile("SELECT 1;\nSELECT { FROM t;\nSELECT 3;\nSELECT 'open")
        #expect(diagnostics.map { "\($0.line):\($0.column) \($0.message)" } == [
            "2:8 unexpected character '{'", "4:8 unterminated quoted string",
        ])
        #expect(file.statements.count == 2)
    }

    @Test func deepNestingIsReportedNotCrashed() {
        let depth = 2_000
        let deep = "SELECT " + String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth)
        let errors = diagnosticLines(deep)
        #expect(errors.count == 1)
        #expect(errors.first?.contains("nested too deeply") == true)
        let deepNot = "SELECT " + String(repeating: "NOT ", count: depth) + "true"
        #expect(diagnosticLines(deepNot).first?.contains("nested too deeply") == true)
        let deepSubquery = String(repeating: "SELECT * FROM (", count: 600) + "SELECT 1" + String(repeating: ") x", count: 600)
        #expect(diagnosticLines(deepSubquery).first?.contains("nested too deeply") == true)
        // Reasonable nesting is fine.
        let fine = "SELECT " + String(repeating: "(", count: 100) + "1" + String(repeating: ")", count: 100)
        #expect(diagnosticLines(fine).isEmpty)
        let longChain = "SELECT " + Array(repeating: "a", count: 5_000).joined(separator: " || ")
        #expect(diagnosticLines(longChain).isEmpty)
    }

    static let deepShapes = [
        "SELECT " + String(repeating: "(", count: 600) + "1" + String(repeating: ")", count: 600),
        "SELECT " + String(repeating: "NOT ", count: 600) + "true",
        "SELECT " + String(repeating: "- ", count: 600) + "1",
        "SELECT " + String(repeating: "CASE WHEN a THEN ", count: 600) + "1" + String(repeating: " END", count: 600),
        "SELECT " + String(repeating: "f(", count: 600) + "1" + String(repeating: ")", count: 600),
        "SELECT ARRAY" + String(repeating: "[", count: 600) + "1" + String(repeating: "]", count: 600),
        String(repeating: "SELECT * FROM (", count: 600) + "SELECT 1" + String(repeating: ") x", count: 600),
        "SELECT 1 FROM " + String(repeating: "(", count: 600) + "t" + String(repeating: ")", count: 600),
        String(repeating: "WITH a AS (", count: 600) + "SELECT 1" + String(repeating: ") SELECT 1", count: 600),
        "SELECT 1 WHERE x IN " + String(repeating: "(SELECT 1 WHERE x IN ", count: 600) + "(1)" + String(repeating: ")", count: 600),
    ]

    /// Secondary threads on Apple platforms get 512 KB of stack: deep input must still end in a
    /// diagnostic there, not a crash.
    @Test(arguments: deepShapes)
    func deepNestingOnASmallStackIsReported(_ sql: String) async {
        let messages = await withCheckedContinuation { (continuation: CheckedContinuation<[String], Never>) in
            let thread = Thread {
                continuation.resume(returning: parseFile(sql).diagnostics.map(\.message))
            }
            thread.stackSize = 512 * 1024
            thread.start()
        }
        #expect(messages.count == 1)
        #expect(messages.first?.contains("nested too deeply") == true, "\(messages)")
    }

    static let corpus = [
        """
        INSERT INTO user_activity (user_id, date, duas_completed, xp_earned)
        VALUES ($1, CURRENT_DATE, ARRAY[$2]::integer[], 0)
        ON CONFLICT (user_id, date) DO UPDATE SET duas_completed =
          array_append(COALESCE(user_activity.duas_completed, ARRAY[]::integer[]), $2::integer)
        WHERE NOT ($2::integer = ANY(COALESCE(user_activity.duas_completed, ARRAY[]::integer[])))
        """,
        """
        WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 10)
        SELECT n, CASE WHEN n % 2 = 0 THEN 'even' ELSE 'odd' END, sum(n) OVER (ORDER BY n) FROM t
        """,
        """
        CREATE TABLE t (id serial PRIMARY KEY, name text NOT NULL DEFAULT 'x', ts timestamptz DEFAULT now(),
          CONSTRAINT c CHECK (length(name) > 0), FOREIGN KEY (id) REFERENCES u (id) ON DELETE CASCADE)
        """,
        "SELECT d.*, c.slug FROM duas d LEFT JOIN categories c ON c.id = d.category_id WHERE c.slug = 'x' ORDER BY d.id LIMIT 10",
        "UPDATE t SET a = $1, b = COALESCE(sqlc.narg(b), b) FROM u WHERE t.id = u.id RETURNING t.*",
        "ALTER TABLE t ADD COLUMN x int, ALTER COLUMN y TYPE text USING y::text, DROP CONSTRAINT z",
    ]

    @Test func truncatedPrefixesNeverCrashAndAlwaysReport() {
        for sql in FileAndRecoveryTests.corpus {
            let bytes = Array(sql.utf8)
            for length in 0..<bytes.count {
                let prefix = String(decoding: bytes[0..<length], as: UTF8.self)
                let (file, diagnostics) = parseFile(prefix)
                // Every prefix either parses (some are valid statements) or reports an error.
                #expect(!file.statements.isEmpty || !diagnostics.isEmpty || prefix.allSatisfy { $0.isWhitespace },
                        "prefix \(length) of \(sql.prefix(30))")
            }
        }
    }

    @Test func randomGarbageNeverCrashes() {
        var generator = SeededRandom(seed: 0x5EED)
        let alphabet = Array("abcSELECTFROMWHEREselectfromwhere()[],;.:$@'\"\\-+*/<>=!~#%^&|?`{} \n\t0123456789EeXx_دعاء")
        let words = ["SELECT", "FROM", "WHERE", "(", ")", ",", "'x'", "$1", "@id", "JOIN", "ON", "CASE", "WHEN", "END",
                     "::", "int", "ARRAY[", "]", "INSERT", "INTO", "VALUES", "UPDATE", "SET", "=", "CREATE", "TABLE",
                     "NOT", "NULL", "AND", "OR", "IN", "IS", "WITH", "AS", "$$", "--", "/*", "*/", ";", "\n"]
        for round in 0..<400 {
            var text = ""
            let length = Int(generator.next() % 80)
            for _ in 0..<length {
                if round % 2 == 0 {
                    text.append(alphabet[Int(generator.next() % UInt64(alphabet.count))])
                } else {
                    text += words[Int(generator.next() % UInt64(words.count))] + " "
                }
            }
            _ = parseFile(text)
        }
        // Garbage that cannot be a statement reports at least one diagnostic.
        for garbage in ["))((", "SELECT SELECT", "FROM t", "@", "$", "'", "\"", "/*", "CREATE", "INSERT INTO", ", , ,", "]"] {
            #expect(!parseFile(garbage).diagnostics.isEmpty, "\(garbage)")
        }
    }
}
