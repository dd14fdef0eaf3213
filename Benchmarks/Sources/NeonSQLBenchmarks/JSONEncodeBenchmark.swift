// Encoding a `json`/`jsonb` parameter (`JSONValue.jsonText()`, what `Bindings` sends) against the
// earlier algorithm, both in one run, alternately: the **baseline** builds the shared
// `JSONDocument` tree of the value and writes it (the runtime's writer until it wrote in one pass);
// **one pass** is the library's `jsonText()`.
import Foundation
import NeonSQL
@_spi(NeonSQLInternal) import NeonSQLShared

/// The earlier algorithm: the document of `value` (keys sorted, integral numbers below 2^53
/// without a fraction), then its compact text.
private func documentText(_ value: JSONValue) throws -> String {
    func document(_ value: JSONValue) throws -> JSONDocument {
        switch value {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let number):
            guard number.isFinite else { throw PostgresTextEncodingError("JSON cannot represent \(number)") }
            if number == number.rounded(), abs(number) < 9_007_199_254_740_992 { return .number(String(Int64(number))) }
            return .number(number.description)
        case .string(let string): return .string(string)
        case .array(let elements): return .array(try elements.map(document))
        case .object(let members):
            return .object(try members.sorted { $0.key < $1.key }.map { (key: $0.key, value: try document($0.value)) })
        }
    }
    var output: [UInt8] = []
    try document(value).write(to: &output, pretty: false)
    return String(decoding: output, as: UTF8.self)
}

/// A settings-like document: nested objects, arrays, strings with quotes, newlines and non-ASCII
/// text, integers and fractions.
private func settings(_ index: Int) -> JSONValue {
    .object([
        "id": .number(Double(index)),
        "name": .string("Morning \"adhkar\" #\(index)"),
        "note": .string("line one\nline two\tتسبيح ✓"),
        "enabled": .bool(index % 2 == 0),
        "ratio": .number(Double(index) / 7),
        "tags": .array([.string("fajr"), .string("dhikr"), .string("daily"), .null]),
        "reminder": .object(["hour": .number(6), "minute": .number(30), "days": .array((1...7).map { .number(Double($0)) })]),
    ])
}

/// Returns the ratios baseline / one pass (median) for a small document and a 1,000-element one.
func runJSONEncode(iterations: Int) throws -> (small: Double, large: Double) {
    let small = settings(1)
    let large = JSONValue.array((0..<1_000).map(settings))
    for value in [small, large] {
        guard try documentText(value) == value.jsonText() else {
            print("the two writers disagree")
            exit(1)
        }
    }
    let calls = 1_000
    let (baselineSmall, onePassSmall) = try measurePair(iterations: iterations, {
        var total = 0
        for _ in 0..<calls { total &+= try documentText(small).utf8.count }
        return total
    }, {
        var total = 0
        for _ in 0..<calls { total &+= try small.jsonText().utf8.count }
        return total
    })
    let (baselineLarge, onePassLarge) = try measurePair(iterations: iterations, {
        try documentText(large).utf8.count
    }, {
        try large.jsonText().utf8.count
    })
    func line(_ name: String, _ m: Measurement, per: Int) {
        print(String(format: "  %-40@ %9.3f us median (%9.3f best)  %8d mallocs",
                     name as NSString, m.median * 1e6 / Double(per), m.seconds * 1e6 / Double(per), m.mallocs / per))
    }
    print("small: \(try small.jsonText().utf8.count) bytes, per encode; large: \(try large.jsonText().utf8.count) bytes; \(iterations) iterations")
    line("small, baseline (document, then text)", baselineSmall, per: calls)
    line("small, one pass", onePassSmall, per: calls)
    line("large, baseline (document, then text)", baselineLarge, per: 1)
    line("large, one pass", onePassLarge, per: 1)
    return (baselineSmall.median / onePassSmall.median, baselineLarge.median / onePassLarge.median)
}

/// A `json` cell parsed by the shared strict parser (`JSONDocumentParser`, which needs the bytes
/// as an array) and turned into a `JSONValue`: what unifying the runtime's cell parser with it
/// would cost, against the runtime's `JSONValue(parsing:)`.
private func viaDocumentParser(_ text: String) throws -> JSONValue {
    func value(_ document: JSONDocument) -> JSONValue {
        switch document {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let text): return .number(Double(text) ?? .nan)
        case .string(let string): return .string(string)
        case .array(let elements): return .array(elements.map(value))
        case .object(let members):
            return .object(Dictionary(members.map { ($0.key, value($0.value)) }, uniquingKeysWith: { _, last in last }))
        }
    }
    return value(try JSONDocumentParser.parse(Array(text.utf8)))
}

/// Returns the ratio shared-parser-then-convert / runtime parser (median) for the small and the
/// large document's text.
func runJSONParse(iterations: Int) throws -> (small: Double, large: Double) {
    let small = try settings(1).jsonText()
    let large = try JSONValue.array((0..<1_000).map(settings)).jsonText()
    for text in [small, large] {
        guard try viaDocumentParser(text) == JSONValue(parsing: text) else {
            print("the two parsers disagree")
            exit(1)
        }
    }
    let calls = 1_000
    let (sharedSmall, runtimeSmall) = try measurePair(iterations: iterations, {
        var total = 0
        for _ in 0..<calls { if case .object(let members) = try viaDocumentParser(small) { total &+= members.count } }
        return total
    }, {
        var total = 0
        for _ in 0..<calls { if case .object(let members) = try JSONValue(parsing: small) { total &+= members.count } }
        return total
    })
    let (sharedLarge, runtimeLarge) = try measurePair(iterations: iterations, {
        if case .array(let elements) = try viaDocumentParser(large) { return elements.count }
        return 0
    }, {
        if case .array(let elements) = try JSONValue(parsing: large) { return elements.count }
        return 0
    })
    func line(_ name: String, _ m: Measurement, per: Int) {
        print(String(format: "  %-40@ %9.3f us median (%9.3f best)  %8d mallocs",
                     name as NSString, m.median * 1e6 / Double(per), m.seconds * 1e6 / Double(per), m.mallocs / per))
    }
    line("small, shared parser + conversion", sharedSmall, per: calls)
    line("small, runtime JSONValue(parsing:)", runtimeSmall, per: calls)
    line("large, shared parser + conversion", sharedLarge, per: 1)
    line("large, runtime JSONValue(parsing:)", runtimeLarge, per: 1)
    return (sharedSmall.median / runtimeSmall.median, sharedLarge.median / runtimeLarge.median)
}
