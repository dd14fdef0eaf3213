import Foundation
import Testing
@testable import NeonSQL
import NeonSQLTestSupport

/// Deterministic mutation testing of the runtime's response parsing: thousands of seeded mutants of
/// recorded response bodies (Fuzz/Seeds/response: single results with every type, a batch, an
/// error body), and pathological nesting, decoded every way the runtime reads a body
/// (Fuzz/Shared/ResponseDecodings.swift, the fuzz target's list too). Each must end in a value or a thrown `NeonError`, never a trap, a stack
/// overflow, another error type or a hang. The libFuzzer target `response` (Scripts/fuzz.sh)
/// explores further.
///
/// Work bound, not a time bound: in debug builds every ``JSONReader`` reports the bytes it passes
/// over, forward and back (rewinds such as `rows` read again once a late `fields` is known), to the
/// task's ``ReadWorkMeter``: a deterministic figure that a scheduler stall cannot change (release
/// builds have no meter). Each decoding of an input must stay under
/// ``ResponseWorkBudget/workBound(bytes:)``, and `linearGrowth` checks that 8x the deep-nesting and
/// long bodies costs at most 8x (with headroom) the work, which quadratic behaviour would not.
@Suite("Mutations: no response body crashes or hangs the runtime")
struct ResponseMutationTests {
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

    static let rows = ResponseDecodings.rows

    static func mutate(_ seed: [UInt8], _ random: inout SeededRandom) -> [UInt8] {
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

    /// Decodes `bytes` every way the runtime does; anything but a value or a `NeonError` is recorded,
    /// and so is a decoding whose reading work exceeds the bound. Returns the largest work.
    @discardableResult
    static func check(_ bytes: [UInt8], _ label: @autoclosure () -> String) -> Int {
        let body = Data(bytes)
        let works = ResponseDecodings.all.map { decoding in
            work { typed("\(label()) as \(decoding.name)") { try decoding.run(body) } }
        }
        let largest = works.max() ?? 0
        #expect(largest <= ResponseWorkBudget.workBound(bytes: bytes.count),
                "\(label()): reading work \(works) for \(bytes.count) bytes")
        return largest
    }

    /// The bytes the JSON readers created while running `decode` pass over.
    static func work(_ decode: () -> Void) -> Int {
        let meter = ReadWorkMeter()
        ReadWorkMeter.$current.withValue(meter) { decode() }
        return meter.bytes
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
        var random = SeededRandom(seed: 0xB0D1_0000 + UInt64(round))
        for index in 0..<1_000 {
            let seed = Self.seeds[Int(random.next() % UInt64(Self.seeds.count))]
            Self.check(Self.mutate(seed, &random), "round \(round) mutant \(index)")
        }
    }

    /// 8x the input may cost at most ``ResponseWorkBudget/linearHeadroom`` x 8x the work: `body(n)`
    /// at 1,250 and at 10,000 repetitions (each also checked as a mutant is).
    /// With `readsWhole`, some decoding reads the whole body, so the meter must count at least its
    /// length (a meter that counts nothing would pass every bound).
    static func linearGrowth(_ name: String, readsWhole: Bool = true, _ body: (Int) -> String) {
        let small = Array(body(1_250).utf8)
        let smallWork = check(small, "\(name) x1,250")
        let largeWork = check(Array(body(10_000).utf8), "\(name) x10,000")
        if readsWhole {
            #expect(smallWork >= small.count, "\(name): the work meter counts \(smallWork) for \(small.count) bytes read")
        }
        #expect(Double(largeWork) <= Double(smallWork) * 8 * ResponseWorkBudget.linearHeadroom,
                "\(name): work \(smallWork) for 1,250 repetitions, \(largeWork) for 10,000: super-linear")
    }

    /// 10,000-deep nesting everywhere a body can nest: a typed error, not a stack overflow, and
    /// work that grows linearly with the depth.
    @Test(arguments: [
        ("arrays", "", "[", "]", ""),
        ("objects", "", "{\"a\":", "}", ""),
        ("unclosed arrays", "", "[", "", ""),
        ("in fields", "{\"fields\":", "[", "]", ",\"rows\":[]}"),
        ("in rows", "{\"fields\":[{\"name\":\"id\",\"dataTypeID\":23}],\"rows\":", "[", "]", "}"),
        ("in rows before fields", "{\"rows\":", "[", "]", ",\"fields\":[{\"name\":\"id\",\"dataTypeID\":23}]}"),
        ("in an unknown key", "{\"x\":", "[{\"y\":", "}]", ",\"fields\":[],\"rows\":[]}"),
        ("in results", "{\"results\":", "[", "]", "}"),
        ("error body", "{\"message\":\"m\",\"detail\":", "[", "]", "}"),
    ] as [(String, String, String, String, String)])
    func deepNesting(_ name: String, prefix: String, open: String, close: String, suffix: String) {
        // Nesting beyond 512 levels is refused where it starts: no decoding reads these bodies whole.
        Self.linearGrowth(name, readsWhole: false) { depth in
            prefix + String(repeating: open, count: depth) + "1" + String(repeating: close, count: depth) + suffix
        }
    }

    /// Deep nesting inside cells: a json cell and array cells 10,000 levels deep.
    @Test func deepNestingInsideCells() {
        let fields = #"[{"name":"i2","dataTypeID":21},{"name":"i8","dataTypeID":20},{"name":"f4","dataTypeID":700},{"name":"f8","dataTypeID":701},{"name":"num","dataTypeID":1700},{"name":"b","dataTypeID":16},{"name":"t","dataTypeID":25},{"name":"vc","dataTypeID":1043},{"name":"u","dataTypeID":2950},{"name":"tz","dataTypeID":1184},{"name":"ts","dataTypeID":1114},{"name":"d","dataTypeID":1082},{"name":"tm","dataTypeID":1083},{"name":"iv","dataTypeID":1186},{"name":"js","dataTypeID":114},{"name":"by","dataTypeID":17},{"name":"arr","dataTypeID":1009},{"name":"ia","dataTypeID":1007}]"#
        let cells = [#""1""#, #""1""#, #""1""#, #""1""#, #""1""#, #""t""#, #""x""#, "null", #""a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11""#,
                     #""2024-01-02 03:04:05+00""#, #""2024-01-02 03:04:05""#, #""2024-01-02""#, #""00:00:01""#, #""1 day""#]
        for (name, cell) in [("json", 0), ("text[]", 1), ("integer[]", 2)] {
            Self.linearGrowth("deep \(name) cell", readsWhole: false) { depth in
                let deepJSON = "\"" + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\""
                let deepArray = "\"" + String(repeating: "{", count: depth) + String(repeating: "}", count: depth) + "\""
                let (json, text, ints) = [(deepJSON, #""{}""#, #""{}""#), (#""1""#, deepArray, #""{}""#), (#""1""#, #""{}""#, deepArray)][cell]
                let row = (cells + [json, #""\\x""#, text, ints]).joined(separator: ",")
                return #"{"fields":\#(fields),"rows":[[\#(row)]]}"#
            }
        }
    }

    /// Large flat bodies (many rows, long strings, long escapes, many results) up to 200 KB and more:
    /// linear work.
    @Test func largeFlatBodies() {
        Self.linearGrowth("rows") { count in
            #"{"fields":[{"name":"id","dataTypeID":23}],"rows":[\#(Array(repeating: #"["7"]"#, count: count * 2).joined(separator: ","))]}"#
        }
        Self.linearGrowth("rows before fields") { count in
            #"{"rows":[\#(Array(repeating: #"["7"]"#, count: count * 2).joined(separator: ","))],"fields":[{"name":"id","dataTypeID":23}]}"#
        }
        Self.linearGrowth("long escapes") { count in
            #"{"message":"\#(String(repeating: "\\u00e9", count: count * 4))","code":"XX000"}"#
        }
        Self.linearGrowth("long string cell") { count in
            #"{"fields":[{"name":"id","dataTypeID":25}],"rows":[["\#(String(repeating: "abc\\n", count: count * 4))"]]}"#
        }
        Self.linearGrowth("many results") { count in
            "{\"results\":[" + String(repeating: "{},", count: count * 3) + "{}]}"
        }
    }
}

enum ResponseWorkBudget {
    /// Reading work allowed per body byte. A decoding passes over each byte about once; the most
    /// measured is 3.0 per byte (`rows` before `fields`: skipped, rewound, read again), the 4,000
    /// mutants need at most 2.6. A body read again per row or per nesting level needs thousands.
    static let workPerByte = 8
    /// Work allowed for any body, however short.
    static let workConstant = 1_000
    /// How far above linear 8x the input may cost (linear: 1, quadratic: 8).
    static let linearHeadroom = 1.5

    static func workBound(bytes: Int) -> Int { workConstant + workPerByte * bytes }
}
