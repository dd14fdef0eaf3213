@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration
import Testing

/// A file that is not valid UTF-8 is one error at its first bad byte, and the rest is analyzed.
@Suite("Invalid UTF-8 input")
struct InvalidUTF8Tests {
    static let schema = SQLSourceInput(path: "schema.sql", contents: "CREATE TABLE t (id integer PRIMARY KEY, name text NOT NULL);")

    func diagnostics(_ bytes: [UInt8]) -> [String] {
        CodeGenerator.describe(schema: [Self.schema], queries: [SQLSourceInput(path: "q.sql", bytes: bytes)]).diagnostics
    }

    @Test(arguments: [
        // (bytes, expected offset, byte)
        ([0x41, 0xFF], 1, 0xFF),                      // never valid
        ([0xC3, 0xA9, 0xC3], 2, 0xC3),                // truncated at the end
        ([0xC0, 0x80], 0, 0xC0),                      // overlong NUL
        ([0xED, 0xA0, 0x80], 0, 0xED),                // UTF-16 surrogate
        ([0x61, 0x80, 0x62], 1, 0x80),                // lone continuation byte
        ([0xF4, 0x90, 0x80, 0x80], 0, 0xF4),          // above U+10FFFF
        ([0xF0, 0x9F, 0x98, 0x80, 0xE2, 0x82], 4, 0xE2), // emoji, then a truncated sequence
    ] as [([UInt8], Int, UInt8)])
    func firstInvalidByte(_ bytes: [UInt8], offset: Int, byte: UInt8) {
        #expect(UTF8Validation.firstInvalid(in: bytes) == InvalidUTF8(offset: offset, byte: byte))
    }

    @Test func validUTF8HasNoInvalidByte() {
        #expect(UTF8Validation.firstInvalid(in: Array("SELECT 'é', '日本', '🙂';".utf8)) == nil)
        #expect(SQLSourceInput(path: "q.sql", bytes: Array("SELECT 1;".utf8)) == SQLSourceInput(path: "q.sql", contents: "SELECT 1;"))
    }

    @Test func theErrorIsAtTheFirstBadByteCountingCharactersBeforeIt() {
        // Line 3 is `-- éé ` (six characters, two of them 2-byte) before the bad byte: column 7.
        let bytes = Array("-- name: Names :many\nSELECT name FROM t\n-- éé ".utf8) + [0xE9, 0xFF] + Array("\n;".utf8)
        #expect(diagnostics(bytes) == ["q.sql:3:7: error: file is not valid UTF-8 (byte 0xE9 at byte offset 48); save it as UTF-8"])
    }

    @Test func theRestOfTheFileIsStillAnalyzed() {
        let bytes = Array("-- name: Names :many\n-- caf".utf8) + [0xE9] + Array("\nSELECT nmae FROM t;\n".utf8)
        let result = CodeGenerator.describe(schema: [Self.schema], queries: [SQLSourceInput(path: "q.sql", bytes: bytes)])
        #expect(result.diagnostics.count == 2)
        #expect(result.diagnostics.first == "q.sql:2:7: error: file is not valid UTF-8 (byte 0xE9 at byte offset 27); save it as UTF-8")
        #expect(result.diagnostics.last?.hasPrefix("q.sql:3:8: error: ") == true)
        #expect(result.json.contains("\"line\": 2,\n      \"column\": 7,"))
    }

    @Test func aSchemaFileIsReportedToo() {
        let schema = SQLSourceInput(path: "s.sql", bytes: Array("CREATE TABLE u (id integer); -- ".utf8) + [0xFE])
        let result = CodeGenerator.describe(schema: [schema], queries: [])
        #expect(result.diagnostics == ["s.sql:1:33: error: file is not valid UTF-8 (byte 0xFE at byte offset 32); save it as UTF-8"])
    }
}
