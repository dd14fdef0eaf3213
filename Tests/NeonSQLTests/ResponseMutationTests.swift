import Foundation
import Testing
@testable import NeonSQL

/// Deterministic mutation testing of the runtime's response parsing: thousands of seeded mutants of
/// recorded response bodies (Fuzz/Seeds/response: single results with every type, a batch, an
/// error body), and pathological nesting, decoded as rows, `:one`, `:exec`, `:execrows`, a batch
/// and an error body. Each must end in a value or a thrown `NeonError`, never a trap, a stack
/// overflow, another error type or a hang. The libFuzzer target `response` (Scripts/fuzz.sh)
/// explores further.
///
/// Time bound: bodies are at most a few hundred KB and decoding is linear, so one body takes
/// milliseconds in a debug build; each must finish within `perInput` (10 s), more than 100x the
/// slowest measured on a loaded 2-core machine, so scheduling noise cannot reach it, while
/// quadratic behaviour on the 10,000-deep and 200 KB bodies below would.
@Suite("Mutations: no response body crashes or hangs the runtime")
struct ResponseMutationTests {
    static let perInput: Duration = .seconds(10)
    static let seedDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/Seeds/response")

    static let seeds: [[UInt8]] = {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: seedDirectory.path)) ?? []).sorted()
        return names.compactMap { FileManager.default.contents(atPath: seedDirectory.appendingPathComponent($0).path) }.map { Array($0) }
    }()

    static let tokens: [String] = [
        "{", "}", "[", "]", ",", ":", "\"", "\\", "\\u", "\\ud800", "\\u0000", "null", "true", "false", "-", "0", "1e999",
        "-0.0e-", "\"fields\":", "\"rows\":", "\"results\":", "\"rowCount\":", "\"dataTypeID\":", "\"message\":",
        "[[\"1\"]]", "{{1,2},{3}}", "\\\\x", "NaN", "infinity", "BC", "+00", "🕌", "\u{FEFF}", " ", "\n",
    ]

    static let rows: Statement<[ResponseFuzzAllTypesRow]> = .many(name: "Fuzz", sql: "S", bindings: Bindings(), readOnly: true)
    static let one: Statement<ResponseFuzzIDRow?> = .one(name: "Fuzz", sql: "S", bindings: Bindings(), readOnly: true)
    static let exec: Statement<Void> = .exec(name: "Fuzz", sql: "U", bindings: Bindings(), readOnly: false)
    static let execRows: Statement<Int> = .execRows(name: "Fuzz", sql: "U", bindings: Bindings(), readOnly: false)

    static func mutate(_ seed: [UInt8], _ random: inout Random) -> [UInt8] {
        var bytes = seed
        for _ in 0...(random.next() % 4) {
            let position = bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count + 1))
            switch random.next() % 6 {
            case 0 where !bytes.isEmpty:
                bytes[min(position, bytes.count - 1)] ^= UInt8(1) << (random.next() % 8)
            case 1:
                bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: position)
            case 2, 3:
                bytes.insert(contentsOf: Array(tokens[Int(random.next() % UInt64(tokens.count))].utf8), at: position)
            case 4 where !bytes.isEmpty:
                bytes.removeSubrange(min(position, bytes.count - 1)..<min(bytes.count, position + Int(random.next() % 32) + 1))
            default:
                let other = seeds[Int(random.next() % UInt64(seeds.count))]
                guard !other.isEmpty else { continue }
                let start = Int(random.next() % UInt64(other.count))
                bytes.insert(contentsOf: other[start..<min(other.count, start + Int(random.next() % 128) + 1)], at: position)
            }
        }
        return bytes
    }

    /// Decodes `bytes` every way the runtime does; anything but a value or a `NeonError` is recorded.
    static func check(_ bytes: [UInt8], _ label: @autoclosure () -> String) {
        let body = Data(bytes)
        let clock = ContinuousClock()
        let start = clock.now
        typed(label()) { try rows.decodeResponse(body) }
        typed(label()) { try one.decodeResponse(body) }
        typed(label()) { try exec.decodeResponse(body) }
        typed(label()) { try execRows.decodeResponse(body) }
        typed(label()) {
            var decoder = BatchDecoder(body: body, count: 3)
            try decoder.open()
            _ = try decoder.next(one)
            _ = try decoder.next(execRows)
            _ = try decoder.next(rows)
            try decoder.close()
        }
        _ = ErrorBody.parse(body, status: 400)
        let elapsed = clock.now - start
        #expect(elapsed < perInput, "\(label()): \(elapsed) for \(bytes.count) bytes")
    }

    static func typed<T>(_ label: String, _ work: () throws -> T) {
        do {
            _ = try work()
        } catch is NeonError {
        } catch {
            Issue.record("\(label): not a NeonError: \(type(of: error)): \(error)")
        }
    }

    @Test func seedsDecode() throws {
        #expect(Self.seeds.count >= 5)
        let allTypes = try #require(FileManager.default.contents(atPath: Self.seedDirectory.appendingPathComponent("all_types.json").path))
        #expect(try Self.rows.decodeResponse(allTypes).count == 2)
    }

    /// 4,000 mutants in 4 seeded rounds.
    @Test(arguments: 0..<4)
    func mutatedBodies(round: Int) {
        var random = Random(seed: 0xB0D1_0000 + UInt64(round))
        for index in 0..<1_000 {
            let seed = Self.seeds[Int(random.next() % UInt64(Self.seeds.count))]
            Self.check(Self.mutate(seed, &random), "round \(round) mutant \(index)")
        }
    }

    /// 10,000-deep nesting everywhere a body can nest: a typed error, not a stack overflow.
    @Test(arguments: [
        ("arrays", "", "[", "]", ""),
        ("objects", "", "{\"a\":", "}", ""),
        ("unclosed arrays", "", "[", "", ""),
        ("in fields", "{\"fields\":", "[", "]", ",\"rows\":[]}"),
        ("in rows", "{\"fields\":[{\"name\":\"id\",\"dataTypeID\":23}],\"rows\":", "[", "]", "}"),
        ("in an unknown key", "{\"x\":", "[{\"y\":", "}]", ",\"fields\":[],\"rows\":[]}"),
        ("in results", "{\"results\":", "[", "]", "}"),
        ("error body", "{\"message\":\"m\",\"detail\":", "[", "]", "}"),
    ] as [(String, String, String, String, String)])
    func deepNesting(_ name: String, prefix: String, open: String, close: String, suffix: String) {
        let body = prefix + String(repeating: open, count: 10_000) + "1" + String(repeating: close, count: 10_000) + suffix
        Self.check(Array(body.utf8), name)
    }

    /// Deep nesting inside cells: a json cell and an array cell 10,000 levels deep.
    @Test func deepNestingInsideCells() {
        let fields = #"[{"name":"i2","dataTypeID":21},{"name":"i8","dataTypeID":20},{"name":"f4","dataTypeID":700},{"name":"f8","dataTypeID":701},{"name":"num","dataTypeID":1700},{"name":"b","dataTypeID":16},{"name":"t","dataTypeID":25},{"name":"vc","dataTypeID":1043},{"name":"u","dataTypeID":2950},{"name":"tz","dataTypeID":1184},{"name":"ts","dataTypeID":1114},{"name":"d","dataTypeID":1082},{"name":"tm","dataTypeID":1083},{"name":"iv","dataTypeID":1186},{"name":"js","dataTypeID":114},{"name":"by","dataTypeID":17},{"name":"arr","dataTypeID":1009},{"name":"ia","dataTypeID":1007}]"#
        let cells = [#""1""#, #""1""#, #""1""#, #""1""#, #""1""#, #""t""#, #""x""#, "null", #""a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11""#,
                     #""2024-01-02 03:04:05+00""#, #""2024-01-02 03:04:05""#, #""2024-01-02""#, #""00:00:01""#, #""1 day""#]
        let deepJSON = "\"" + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "\""
        let deepArray = "\"" + String(repeating: "{", count: 10_000) + String(repeating: "}", count: 10_000) + "\""
        for (json, text, ints) in [(deepJSON, #""{}""#, #""{}""#), (#""1""#, deepArray, #""{}""#), (#""1""#, #""{}""#, deepArray)] {
            let row = (cells + [json, #""\\x""#, text, ints]).joined(separator: ",")
            Self.check(Array(#"{"fields":\#(fields),"rows":[[\#(row)]]}"#.utf8), "deep cell")
        }
    }

    /// Large flat bodies: many rows, long strings, long escapes.
    @Test func largeFlatBodies() {
        let rows = Array(repeating: #"["7"]"#, count: 20_000).joined(separator: ",")
        Self.check(Array(#"{"fields":[{"name":"id","dataTypeID":23}],"rows":[\#(rows)]}"#.utf8), "20,000 rows")
        let escapes = String(repeating: "\\u00e9", count: 40_000)
        Self.check(Array(#"{"message":"\#(escapes)","code":"XX000"}"#.utf8), "long escapes")
        Self.check(Array(("{\"results\":[" + String(repeating: "{},", count: 30_000) + "{}]}").utf8), "many results")
    }
}

/// SplitMix64: a tiny deterministic generator, so every run tests the same mutants.
struct Random {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
