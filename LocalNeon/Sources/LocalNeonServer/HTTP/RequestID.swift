import NIOConcurrencyHelpers

/// A fresh `Neon-Request-Id`: a random (version 4) UUID in lowercase, like Neon's.
///
/// The bits come from a xoshiro256** generator seeded once from the system's random generator:
/// request ids name requests in logs and answers, they guard nothing, and the system generator
/// costs a `getrandom` system call per 8 bytes (two per request, a third of neon-local's system
/// calls besides the sockets' own).
enum RequestID {
    private static let generator = NIOLockedValueBox(Xoshiro256StarStar())

    static func make() -> String {
        var (high, low) = generator.withLockedValue { ($0.next(), $0.next()) }
        high = (high & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_4000  // version 4
        low = (low & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000  // variant 10
        return format(high: high, low: low)
    }

    /// `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` of the 128 bits `high` then `low`.
    static func format(high: UInt64, low: UInt64) -> String {
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

/// xoshiro256** (Blackman and Vigna): fast, 256 bits of state, not for secrets.
struct Xoshiro256StarStar: RandomNumberGenerator {
    private var state: (UInt64, UInt64, UInt64, UInt64)

    /// Seeded from the system's random generator.
    init() {
        var system = SystemRandomNumberGenerator()
        self.init(seed: (system.next(), system.next(), system.next(), system.next()))
    }

    /// Seeded with `seed` (not all zero: an all-zero state would stay zero).
    init(seed: (UInt64, UInt64, UInt64, UInt64)) {
        state = seed
        if state == (0, 0, 0, 0) { state.0 = 0x9E37_79B9_7F4A_7C15 }
    }

    mutating func next() -> UInt64 {
        let result = (state.1 &* 5).rotatedLeft(by: 7) &* 9
        let shifted = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= shifted
        state.3 = state.3.rotatedLeft(by: 45)
        return result
    }
}

private extension UInt64 {
    func rotatedLeft(by count: UInt64) -> UInt64 {
        (self << count) | (self >> (64 - count))
    }
}
