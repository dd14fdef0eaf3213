import Foundation
import NeonSQLTestSupport
import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

/// Deterministic mutation testing of the whole generator (lexer, parser, catalog, analyzer,
/// renderers): thousands of seeded mutants of the project's own `.sql` files (byte flips,
/// insertions of bytes and SQL tokens, deletions, duplications, splices between files) and
/// pathological nesting, each of which must end in a result or in diagnostics located inside the
/// file, never in a trap, a stack overflow or a hang. The libFuzzer targets (Scripts/fuzz.sh,
/// docs/fuzzing.md) explore further; this suite runs in every `swift test`, so in CI.
///
/// Work bound, not a time bound: the lexer and parser count their work (`ParsedFile.work`: tokens
/// made, tokens scanned to split statements, tokens each parser reads, lookahead scans included),
/// a deterministic figure that a scheduler stall cannot change. Each input's work must stay under
/// `MutationBudget.workPerByte` per byte (plus a constant): normal SQL needs a few reads per byte,
/// while a lookahead that rescans a run of tokens (the 10,000 `(` that took 13 s before the fix)
/// needs hundreds. `longChains` checks that 8x the input costs at most 8x (with some headroom) the work.
@Suite("Mutations: no input crashes or hangs the generator", .offCooperativePool)
struct MutationTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The RIZQ schema (queries/schema) and every query file of the project: the seeds.
    static let schema: [SQLSourceInput] = sqlFiles(in: "queries/schema")
    static let seeds: [[UInt8]] = (sqlFiles(in: "queries") + ["shop", "analytics", "social"].flatMap {
        sqlFiles(in: "Tests/NeonSQLGeneratorTests/Corpus/Data/\($0)/queries") + sqlFiles(in: "Tests/NeonSQLGeneratorTests/Corpus/Data/\($0)/schema")
    }).map { Array($0.contents.utf8) }

    static func sqlFiles(in folder: String) -> [SQLSourceInput] {
        let directory = root.appendingPathComponent(folder)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".sql") }.sorted()
        return names.compactMap { name in
            FileManager.default.contents(atPath: directory.appendingPathComponent(name).path)
                .map { SQLSourceInput(path: "\(folder)/\(name)", bytes: $0) }
        }
    }

    static let tokens: [String] = [
        "(", ")", "[", "]", ",", ";", "'", "\"", "$1", "@id", "::", "::int[]", "$$", "$tag$", "--", "/*", "*/", "\n",
        "SELECT", "FROM", "WHERE", "JOIN", "LEFT JOIN", "ON", "USING", "CASE", "WHEN", "THEN", "ELSE", "END", "NULL",
        "NOT", "AND", "OR", "IN", "IS", "EXISTS", "ANY(", "ARRAY[", "ROW(", "WITH", "RECURSIVE", "AS", "UNION", "ALL",
        "INSERT INTO", "VALUES", "UPDATE", "SET", "DELETE", "RETURNING", "ON CONFLICT", "DO NOTHING", "GROUP BY",
        "ORDER BY", "LIMIT", "OFFSET", "OVER (", "PARTITION BY", "FILTER (WHERE", "CREATE TABLE", "ALTER TABLE",
        "CREATE TYPE", "AS ENUM (", "PRIMARY KEY", "REFERENCES", "-- name: Q :one\n", "-- name: Q :many\n",
        "-- name: Q :exec\n", "-- name: Q :bogus\n", "-- @param", "sqlc.arg(", "sqlc.narg(", "*", "count(*)",
        "coalesce(", "e'\\x'", "U&'", "B'", "1e999", "-9223372036854775809", "\u{00}", "\u{FEFF}", "دعاء", "🕌",
    ]

    /// One mutant: 1-4 random edits of a seed.
    static func mutate(_ seed: [UInt8], _ random: inout SeededRandom) -> [UInt8] {
        var bytes = seed
        for _ in 0...(random.next() % 4) {
            let position = bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count + 1))
            switch random.next() % 7 {
            case 0 where !bytes.isEmpty:  // flip one bit
                let index = min(position, bytes.count - 1)
                bytes[index] ^= UInt8(1) << (random.next() % 8)
            case 1:  // insert a random byte (any value, also invalid UTF-8)
                bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: position)
            case 2, 3:  // insert a SQL token
                let token = tokens[Int(random.next() % UInt64(tokens.count))]
                bytes.insert(contentsOf: Array((random.next() % 2 == 0 ? " " + token + " " : token).utf8), at: position)
            case 4 where !bytes.isEmpty:  // delete a range
                let length = Int(random.next() % 64) + 1
                bytes.removeSubrange(min(position, bytes.count - 1)..<min(bytes.count, position + length))
            case 5 where !bytes.isEmpty:  // duplicate a range in place
                let length = Int(random.next() % 128) + 1
                let range = min(position, bytes.count - 1)..<min(bytes.count, position + length)
                bytes.insert(contentsOf: Array(bytes[range]), at: range.upperBound)
            default:  // splice in a range of another seed
                let other = seeds[Int(random.next() % UInt64(seeds.count))]
                guard !other.isEmpty else { continue }
                let start = Int(random.next() % UInt64(other.count))
                let end = min(other.count, start + Int(random.next() % 256) + 1)
                bytes.insert(contentsOf: other[start..<end], at: position)
            }
        }
        return bytes
    }

    /// Runs the generator on `bytes` as a query file (against the RIZQ schema) and as a schema
    /// file, checking that it ends in a result or located diagnostics, within the work bound.
    static func check(_ bytes: [UInt8], _ label: @autoclosure () -> String) {
        let input = SQLSourceInput(path: "mutant.sql", bytes: bytes)
        let lines = bytes.count { $0 == UInt8(ascii: "\n") } + 1
        let described = CodeGenerator.describe(schema: schema, queries: [input])
        let generated = CodeGenerator.generate(schema: schema, queries: [input])
        // As a schema file on its own, and its parse work as the pipeline parses a schema file.
        let asSchema = Pipeline.analyze(schemaFiles: [SourceFile(input: input)], queryFiles: [])
        var ignored = DiagnosticCollector()
        let schemaWork = SQLParser.parse(PsqlScript.withoutMetaCommands(SourceFile(input: input), &ignored), diagnostics: &ignored).work
        #expect(schemaWork <= MutationBudget.workBound(bytes: bytes.count),
                "\(label()): work \(schemaWork) for \(bytes.count) bytes")
        #expect(described.diagnostics == generated.diagnostics, "\(label())")
        #expect(described.json.hasPrefix("{\n") && described.json.hasSuffix("}\n"), "\(label())")
        for diagnostic in described.diagnostics + asSchema.diagnostics.map(\.formatted) {
            #expect(isLocated(diagnostic, in: "mutant.sql", lines: lines), "\(label()): \(diagnostic)")
        }
        // A file that is not valid UTF-8 is always an error, at its first bad byte.
        if let invalid = input.firstInvalidUTF8Offset {
            let line = bytes[..<invalid].count { $0 == UInt8(ascii: "\n") } + 1
            #expect(described.diagnostics.contains { $0.hasPrefix("mutant.sql:\(line):") && $0.contains("not valid UTF-8") }, "\(label())")
        }
    }

    /// The lexing and parsing work of `bytes` as one file.
    static func parseWork(_ bytes: [UInt8]) -> Int {
        var ignored = DiagnosticCollector()
        return SQLParser.parse(SourceFile(input: SQLSourceInput(path: "mutant.sql", bytes: bytes)), diagnostics: &ignored).work
    }

    /// `mutant.sql:LINE:COL: severity: message` with LINE inside the file (other paths: the schema's).
    static func isLocated(_ diagnostic: String, in path: String, lines: Int) -> Bool {
        let parts = diagnostic.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
        guard parts.count == 5, let line = Int(parts[1]), let column = Int(parts[2]), line >= 1, column >= 1 else { return false }
        guard [" error", " warning", " note"].contains(parts[3]) else { return false }
        return parts[0] != path || line <= lines
    }

    @Test func seedsAreThere() {
        #expect(Self.schema.count >= 2)
        #expect(Self.seeds.count >= 20)
    }

    /// 3,000 mutants in 6 seeded rounds (Swift Testing runs the rounds in parallel).
    @Test(arguments: 0..<6)
    func mutatedCorpusFiles(round: Int) {
        var random = SeededRandom(seed: 0xF022_0000 + UInt64(round))
        for index in 0..<500 {
            let seed = Self.seeds[Int(random.next() % UInt64(Self.seeds.count))]
            let mutant = Self.mutate(seed, &random)
            Self.check(mutant, "round \(round) mutant \(index)")
        }
    }

    /// Nesting far beyond `SQLParser.maxDepth`: a located "nested too deeply" error, no stack overflow.
    @Test(arguments: [
        ("parentheses", "SELECT ", "(", "1", ")", " AS x;"),
        ("array constructors", "SELECT ", "ARRAY[", "1", "]", " AS x;"),
        ("bare brackets", "SELECT ", "[", "1", "]", ";"),
        ("subqueries", "SELECT * FROM ", "(SELECT * FROM ", "duas", ") s", ";"),
        ("scalar subqueries", "SELECT ", "(SELECT ", "1", ")", " AS x;"),
        ("function calls", "SELECT ", "abs(", "1", ")", " AS x;"),
        ("CASE", "SELECT ", "CASE WHEN true THEN ", "1", " END", " AS x;"),
        ("unary minus", "SELECT ", "- ", "1", "", " AS x;"),
        ("NOT", "SELECT ", "NOT ", "true", "", " AS x;"),
        ("row constructors", "SELECT ", "ROW(", "1", ")", " AS x;"),
        ("unclosed parentheses", "SELECT ", "(", "", "", ""),
        ("CTEs", "", "WITH a AS (", "SELECT 1", ")", " SELECT 1;"),
        ("schema: column types", "CREATE TABLE t (c ", "integer[]", "", "", ");"),
    ] as [(String, String, String, String, String, String)])
    func deepNesting(_ name: String, prefix: String, open: String, inner: String, close: String, suffix: String) {
        let depth = 10_000
        let text = prefix + String(repeating: open, count: depth) + inner + String(repeating: close, count: depth) + suffix
        let bytes = Array(("-- name: Deep :many\n" + text + "\n").utf8)
        Self.check(bytes, name)
    }

    /// Long flat inputs (no nesting): chains that build deep left-leaning trees (`1 + 1 + ...`),
    /// long lists and many statements. Each is checked at 2,000 repetitions, and its work must grow
    /// linearly: 8x the input may cost at most `MutationBudget.linearHeadroom` x 8x the work
    /// (quadratic growth would be 64x).
    @Test(arguments: [
        ("binary operators", "SELECT 1", " + 1", " AS x;"),
        ("string concatenation", "SELECT 'a'", " || 'a'", " AS x;"),
        ("AND chain", "SELECT true", " AND true", " AS x;"),
        ("select list", "SELECT 1 AS a", ", 1 AS a", ";"),
        ("IN list", "SELECT 1 IN (1", ", 1", ") AS x;"),
        ("casts", "SELECT 1", "::integer", " AS x;"),
        ("statements", "", "-- name: Q :many\nSELECT 1 AS x;\n", ""),
        ("comments", "", "/* c */", " SELECT 1 AS x;"),
        ("UNION chain", "SELECT 1 AS x", " UNION ALL SELECT 1", ";"),
        ("joins", "SELECT 1 AS x FROM duas d0", " JOIN duas USING (id)", ";"),
        ("parenthesized subqueries", "SELECT 1 AS x FROM ", "((SELECT 1) UNION (SELECT 1)) s, ", "duas;"),
    ] as [(String, String, String, String)])
    func longChains(_ name: String, prefix: String, repeated: String, suffix: String) {
        func input(_ count: Int) -> [UInt8] {
            Array(("-- name: Long :many\n" + prefix + String(repeating: repeated, count: count) + suffix + "\n").utf8)
        }
        let (small, large) = (input(250), input(2_000))
        Self.check(large, name)
        let (smallWork, largeWork) = (Self.parseWork(small), Self.parseWork(large))
        #expect(smallWork > 250, "\(name): the work counter counts nothing (\(smallWork))")
        #expect(Double(largeWork) <= Double(smallWork) * 8 * MutationBudget.linearHeadroom,
                "\(name): work \(smallWork) for 250 repetitions, \(largeWork) for 2,000: super-linear")
    }

    @Test func unterminatedConstructsAtTheEndOfALargeFile() {
        let body = String(repeating: "-- name: Q :many\nSELECT id FROM duas;\n", count: 200)
        for tail in ["'", "\"", "/*", "$$", "$tag$", "E'\\", "U&'", "-- name: X :one\nSELECT (", "B'"] {
            Self.check(Array((body + tail + String(repeating: "x", count: 50_000)).utf8), "unterminated \(tail)")
        }
    }
}

enum MutationBudget {
    /// Parse work allowed per input byte: the project's `.sql` files, 1,500 of their mutants and
    /// 10,000-deep nesting of every kind need at most 3.2 per byte (10,000 `(`); the quadratic
    /// lookahead fixed in 3c3401c needed hundreds.
    static let workPerByte = 16
    /// Work allowed for any input, however short (an annotation and a few tokens).
    static let workConstant = 1_000
    /// How far above linear 8x the input may cost (linear: 1, quadratic: 8).
    static let linearHeadroom = 1.25

    static func workBound(bytes: Int) -> Int { workConstant + workPerByte * bytes }
}
