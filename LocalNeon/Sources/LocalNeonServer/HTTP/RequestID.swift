/// A fresh `Neon-Request-Id`: a random (version 4) UUID in lowercase, like Neon's.
///
/// Made from the standard library's system random generator (no file opened per request, which
/// Foundation's `UUID()` does here).
enum RequestID {
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        var high = generator.next() as UInt64
        var low = generator.next() as UInt64
        high = (high & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000  // version 4
        low = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000  // variant 10
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(36)
        for (index, word) in [high, low].enumerated() {
            for nibble in 0..<16 {
                let position = index * 16 + nibble
                if position == 8 || position == 12 || position == 16 || position == 20 {
                    bytes.append(UInt8(ascii: "-"))
                }
                bytes.append(digits[Int((word >> UInt64(60 - 4 * nibble)) & 0xF)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
