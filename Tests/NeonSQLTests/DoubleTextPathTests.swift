import Foundation
import NeonSQLTestSupport
import Testing

@testable import NeonSQL

// DoubleText's three exact paths (Clinger, Eisel-Lemire, the 128-bit product/quotient) and the
// 8-digit SWAR digit reader, compared bit for bit with Swift's `Double(String)` over the whole
// exponent range: random doubles printed shortest and with 15-17 digits, random digit strings with
// exponents past both limits, subnormals, halfway cases, and the digit runs at every length.

private func fast(_ text: String) -> Double? {
    var text = text
    return text.withUTF8 { DoubleText.parse(UnsafeRawBufferPointer($0)) }
}

/// The fast path and the reference agree bit for bit whenever the fast path answers, and the
/// public decoder (fast path, then reference) agrees always.
private func expectAgreement(_ text: String, mustAnswer: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let reference = Double(text) else {
        Issue.record("reference cannot parse \(text)", sourceLocation: sourceLocation)
        return
    }
    if let value = fast(text) {
        #expect(value.bitPattern == reference.bitPattern, "\(text): \(value) vs \(reference)", sourceLocation: sourceLocation)
    } else if mustAnswer {
        Issue.record("fast path declined \(text)", sourceLocation: sourceLocation)
    }
    let decoded = try? decode(text, as: Double.self)
    #expect(decoded?.bitPattern == reference.bitPattern, "\(text): decoded \(String(describing: decoded))", sourceLocation: sourceLocation)
}

@Suite("Double text: Clinger, Eisel-Lemire, exact fallback")
struct DoubleTextPathTests {
    @Test func limitsAndSubnormals() {
        for text in [
            "2.2250738585072014e-308", "2.2250738585072011e-308", "2.225073858507201e-308", "4.9406564584124654e-324",
            "5e-324", "2.4703282292062327e-324", "2.4703282292062328e-324", "1e-400", "1.7976931348623157e308",
            "1.7976931348623158e308", "1.7976931348623157e+308", "8.98846567431158e307", "1e308", "1e-307", "1e-308",
            "1e-320", "9.999999999999999e22", "1e22", "1e23", "8.589973e9", "9007199254740992e-22", "9007199254740993e22",
            "123456789012345e-22", "123456789012345e22", "1234567890123456e22", "4.35679e-310", "1e-342", "1e-343",
            "1e308", "9999999999999999999e289", "9999999999999999999e-343", "1e-19", "1e19", "0.1", "0.2", "0.3",
            "3.0000000000000004", "1.0000000000000002", "0.9999999999999999", "7.2057594037927933e16",
        ] {
            expectAgreement(text)
        }
        // Answered here: normal results of 17 digits or fewer, whatever the exponent.
        for text in ["2.2250738585072014e-308", "1.7976931348623157e308", "1e-300", "1e300", "9.109383701528e-31",
                     "6.02214076e23", "1.602176634e-19", "142.71428571428572", "1e-23"] {
            expectAgreement(text, mustAnswer: true)
        }
        // Infinite, subnormal, beyond the table, or (1e23) a bracket holding a halfway point:
        // declined here, Double(String)'s answer through decode.
        for text in ["1.7976931348623159e308", "1e309", "1e400", "1e-400", "5e-324", "1e23"] {
            #expect(fast(text) == nil, "\(text)")
        }
    }

    @Test func randomDoublesOverTheWholeRange() {
        var random = SeededRandom(seed: 2026)
        var declined = 0
        for _ in 0..<40_000 {
            // Any finite bit pattern, subnormals included.
            let bits = UInt64.random(in: 0..<0x7FF0_0000_0000_0000, using: &random)
            let value = Double(bitPattern: bits)
            let shortest = value.description
            if value.isNormal, fast(shortest) == nil { declined += 1 }
            expectAgreement(shortest)
            expectAgreement(String(format: "%.17g", value))
            expectAgreement(String(format: "%.16g", value))
            expectAgreement(String(format: "%.15e", value))
            expectAgreement("-" + String(format: "%.17e", value))
        }
        // Only a bracket holding a halfway point, or a subnormal result, may decline.
        #expect(declined == 0, "\(declined) normal doubles printed shortest were declined")
    }

    @Test func randomDigitStringsWithExponentsPastTheLimits() {
        var random = SeededRandom(seed: 99)
        for _ in 0..<40_000 {
            let digitCount = Int.random(in: 1...19, using: &random)
            var digits = String(Int.random(in: 1...9, using: &random))
            for _ in 1..<digitCount { digits += String(Int.random(in: 0...9, using: &random)) }
            let exponent = Int.random(in: -360...330, using: &random)
            expectAgreement("\(digits)e\(exponent)")
            let point = Int.random(in: 1...digitCount, using: &random)
            let withPoint = point == digitCount ? digits + ".0" : digits.prefix(point) + "." + digits.dropFirst(point)
            expectAgreement("\(withPoint)E\(exponent >= 0 ? "+" : "")\(exponent)")
        }
    }

    @Test func halfwayCasesAtEveryScale() {
        var random = SeededRandom(seed: 5)
        for _ in 0..<5_000 {
            // 2^k × (an odd 54-bit number): exactly between two doubles; its decimal text is exact.
            let odd = UInt64.random(in: (1 << 53)..<(1 << 54), using: &random) | 1
            let scale = Int.random(in: -30...30, using: &random)
            // The exact decimal of odd × 2^scale, built with integer arithmetic where it fits.
            if scale >= 0, scale <= 9 {
                let (high, low) = odd.multipliedFullWidth(by: 1 << UInt64(scale))
                if high == 0 { expectAgreement("\(low)") }
            } else if scale < 0, scale >= -19 {
                // odd / 2^-scale = odd × 5^-scale / 10^-scale.
                let five = (0..<(-scale)).reduce(UInt64(1)) { product, _ in product * 5 }
                let (high, low) = odd.multipliedFullWidth(by: five)
                if high == 0 { expectAgreement("\(low)e\(scale)") }
            }
            // Just above and below a halfway point.
            expectAgreement("\(odd)1e-1")
            expectAgreement("\(odd - 1)9e-1")
            expectAgreement("\(odd)e\(Int.random(in: -300...280, using: &random))")
        }
    }

    @Test func digitRunsOfEveryLengthAndPosition() {
        // Runs of 1-19 digits before and after the point, leading and trailing zeros, at every
        // offset of the 8-byte loads, with and without a sign and an exponent.
        for integerDigits in 1...12 {
            for fractionDigits in 0...12 {
                for leadingZeros in [0, 1, 7, 8, 9] {
                    var integer = String(repeating: "0", count: leadingZeros)
                    for index in 0..<integerDigits { integer += String((index * 7 + 3) % 10) }
                    var fraction = ""
                    for index in 0..<fractionDigits { fraction += String((index * 3 + 1) % 10) }
                    let plain = fractionDigits == 0 ? integer : integer + "." + fraction
                    expectAgreement(plain)
                    expectAgreement("-" + plain)
                    expectAgreement(plain + "e-7")
                    expectAgreement("+" + plain + "E25")
                }
            }
        }
        for zeros in 0...25 {
            expectAgreement("0." + String(repeating: "0", count: zeros) + "1")
            expectAgreement("1" + String(repeating: "0", count: zeros))
            expectAgreement("1" + String(repeating: "0", count: zeros) + ".5")
        }
        // Twenty significant digits: declined, the reference answers.
        #expect(fast("12345678901234567890") == nil)
        #expect(fast("0.00000000012345678901234567890") == nil)
        expectAgreement("12345678901234567890")
    }

    @Test func malformedTextIsDeclinedAndRejected() throws {
        for text in ["", "-", "+", ".", "1.", ".5", "1e", "1e+", "abc", "1.2.3", "0x1p3", " 1", "1 ", "--1", "1e5e5",
                     "12345678a", "1234567.8a", "123456789012345678x", "1\u{0}2", "١٢٣", "12345678\u{661}", "1.2e+-3",
                     "1_000", "1,5", "∞", "1e\u{0}"] {
            #expect(fast(text) == nil, "\(text)")
        }
        for text in ["", "-", "abc", "1.2.3", "0x1p3", " 1", "inf", "1e5e5", "12345678a", "1,5", "١٢٣"] {
            #expect(throws: PostgresTextDecodingError.self, "\(text)") { try decode(text, as: Double.self) }
        }
    }

    @Test func eightDigitReaderAgainstAByteLoop() {
        var random = SeededRandom(seed: 11)
        for _ in 0..<20_000 {
            var bytes = (0..<8).map { _ in UInt8.random(in: 0...255, using: &random) }
            // Mostly digits, so runs of every length occur.
            for index in 0..<8 where Int.random(in: 0..<10, using: &random) < 8 {
                bytes[index] = UInt8(ascii: "0") + UInt8.random(in: 0...9, using: &random)
            }
            let word = bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
            let run = bytes.firstIndex { !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ?? 8
            #expect(DecimalDigits.digitRun(word) == run, "\(bytes)")
            let value = bytes.prefix(run).reduce(UInt64(0)) { $0 * 10 + UInt64($1 - UInt8(ascii: "0")) }
            if run > 0 {
                let values = (word &- 0x3030_3030_3030_3030) &<< UInt64((8 - run) * 8)
                #expect(DecimalDigits.value(ofEightDigits: values) == value, "\(bytes)")
            }
        }
    }
}
