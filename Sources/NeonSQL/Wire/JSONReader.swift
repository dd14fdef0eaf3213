/// A byte-level JSON tokenizer over a borrowed buffer, built for Neon's response envelope: it
/// reads keys and string cells as spans into the body (no copy unless a string has escapes) and
/// skips values without building them.
@usableFromInline
struct JSONReader {
    @usableFromInline
    struct SyntaxError: Error {
        @usableFromInline var message: String

        @usableFromInline init(message: String) {
            self.message = message
        }
    }

    @usableFromInline let bytes: UnsafeRawBufferPointer
    #if DEBUG
    /// Debug builds: every move of ``index`` (forward, or back for a rewind) is reported to the
    /// task's ``ReadWorkMeter``, when a test set one. Release builds count nothing.
    @usableFromInline var index: Int {
        didSet { meter?.moved(from: oldValue, to: index) }
    }
    let meter = ReadWorkMeter.current
    #else
    @usableFromInline var index: Int
    #endif

    @usableFromInline init(_ bytes: UnsafeRawBufferPointer, index: Int = 0) {
        self.bytes = bytes
        self.index = index
    }

    @usableFromInline
    var atEnd: Bool { index >= bytes.count }

    @inline(__always)
    @inlinable
    func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    @inline(__always)
    @inlinable
    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    @usableFromInline
    func describeHere() -> String {
        if index >= bytes.count { return "unexpected end of body at byte \(index) (truncated response?)" }
        let byte = bytes[index]
        let shown = byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
        return "unexpected \(shown) at byte \(index)"
    }

    @inline(__always)
    @inlinable
    mutating func expect(_ byte: UInt8) throws {
        guard index < bytes.count, bytes[index] == byte else { throw unexpected(expected: byte) }
        index += 1
    }

    /// Opens an object: whitespace, `{`, whitespace. Returns whether a member follows; an empty
    /// object is consumed whole. Walk members with `repeat { ... } while try nextObjectMember()`.
    @inline(__always)
    @inlinable
    mutating func beginObject() throws -> Bool { try beginContainer(UInt8(ascii: "{"), UInt8(ascii: "}")) }

    /// Opens an array like ``beginObject()``; walk elements with `nextArrayElement()`.
    @inline(__always)
    @inlinable
    mutating func beginArray() throws -> Bool { try beginContainer(UInt8(ascii: "["), UInt8(ascii: "]")) }

    /// After an object member's value: consumes `,` and returns true, or consumes `}` and returns false.
    @inline(__always)
    @inlinable
    mutating func nextObjectMember() throws -> Bool { try nextInContainer(closedBy: UInt8(ascii: "}")) }

    /// After an array element: consumes `,` and returns true, or consumes `]` and returns false.
    @inline(__always)
    @inlinable
    mutating func nextArrayElement() throws -> Bool { try nextInContainer(closedBy: UInt8(ascii: "]")) }

    @inlinable @inline(__always)
    mutating func beginContainer(_ open: UInt8, _ close: UInt8) throws -> Bool {
        skipWhitespace()
        try expect(open)
        skipWhitespace()
        guard peek() == close else { return true }
        index += 1
        return false
    }

    @inlinable @inline(__always)
    mutating func nextInContainer(closedBy close: UInt8) throws -> Bool {
        skipWhitespace()
        if peek() == UInt8(ascii: ",") {
            index += 1
            return true
        }
        try expect(close)
        return false
    }

    /// The error of a failed `expect` (kept out of line so `expect` inlines to a compare).
    @inline(never)
    @usableFromInline
    func unexpected(expected byte: UInt8) -> SyntaxError {
        SyntaxError(message: describeHere() + ", expected '\(Character(Unicode.Scalar(byte)))'")
    }

    /// `null`, compared as one 4-byte word (a NULL cell); anything else goes to ``expectLiteral(_:)``.
    @inline(__always)
    mutating func expectNull() throws {
        if index &+ 4 <= bytes.count, let base = bytes.baseAddress,
            UInt32(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt32.self)) == 0x6C6C_756E {
            index &+= 4
            return
        }
        try expectLiteral("null")
    }

    @usableFromInline
    mutating func expectLiteral(_ literal: StaticString) throws {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw SyntaxError(message: describeHere()) }
        let start = literal.utf8Start
        for offset in 0..<count where bytes[index + offset] != start[offset] {
            throw SyntaxError(message: describeHere() + ", expected \(literal)")
        }
        index += count
    }

    /// After the opening quote has been consumed: scans to the closing quote and returns the raw
    /// content range and whether it contains escapes. Validates that no control characters appear.
    @usableFromInline @inline(__always)
    mutating func scanStringContent() throws -> (range: Range<Int>, escaped: Bool) {
        let start = index
        var escaped = false
        let count = bytes.count
        guard let base = bytes.baseAddress else { throw SyntaxError(message: "unterminated string (truncated response?)") }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = SIMD16<UInt8>(repeating: UInt8(ascii: "\""))
        let backslashes = SIMD16<UInt8>(repeating: UInt8(ascii: "\\"))
        let spaces = SIMD16<UInt8>(repeating: 0x20)
        while true {
            // Sixteen bytes at a time past runs without '"', '\\' or control characters (SSE2 /
            // NEON compares and one mask test per block)...
            while index &+ 16 <= count {
                let block = base.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
                if any((block .== quotes) .| (block .== backslashes) .| (block .< spaces)) { break }
                index &+= 16
            }
            // ...then eight bytes at a time to the first '"', '\\' or control character: the lowest flagged
            // byte of the word is exact (the borrow of these tests only runs upward).
            while index &+ 8 <= count {
                let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let quote = word ^ (ones &* 0x22)
                let backslash = word ^ (ones &* 0x5C)
                let special = (((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)) & highs
                if special != 0 {
                    index &+= special.trailingZeroBitCount &>> 3
                    break
                }
                index &+= 8
            }
            guard index < count else {
                index = count
                throw SyntaxError(message: "unterminated string (truncated response?)")
            }
            let byte = base.load(fromByteOffset: index, as: UInt8.self)
            if byte == UInt8(ascii: "\"") {
                let range = start..<index
                index &+= 1
                return (range, escaped)
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                index &+= 2
                continue
            }
            if byte < 0x20 {
                throw SyntaxError(message: "control character in string at byte \(index)")
            }
            index &+= 1
        }
    }

    /// Reads a string (at the opening quote) into a Swift `String`.
    mutating func readString(_ scratch: inout [UInt8]) throws -> String {
        try expect(UInt8(ascii: "\""))
        let (range, escaped) = try scanStringContent()
        if !escaped { return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
        try unescape(range, into: &scratch)
        return String(decoding: scratch, as: UTF8.self)
    }

    /// Reads a JSON number's span (validated).
    mutating func readNumberSpan() throws -> Range<Int> {
        let start = index
        if peek() == UInt8(ascii: "-") { index += 1 }
        var digits = 0
        while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            index += 1
            digits += 1
        }
        guard digits > 0 else {
            index = start
            throw SyntaxError(message: describeHere() + ", expected a value")
        }
        if peek() == UInt8(ascii: ".") {
            index += 1
            var fraction = 0
            while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                index += 1
                fraction += 1
            }
            guard fraction > 0 else { throw SyntaxError(message: describeHere() + ", expected a digit") }
        }
        if let byte = peek(), byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            index += 1
            if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { index += 1 }
            var exponent = 0
            while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                index += 1
                exponent += 1
            }
            guard exponent > 0 else { throw SyntaxError(message: describeHere() + ", expected a digit") }
        }
        return start..<index
    }

    /// Reads an integer or `null`.
    mutating func readIntOrNull() throws -> Int? {
        skipWhitespace()
        if peek() == UInt8(ascii: "n") {
            try expectLiteral("null")
            return nil
        }
        if peek() == UInt8(ascii: "\"") {
            // Tolerate integers sent as strings.
            index += 1
            let (range, _) = try scanStringContent()
            return IntegerText.parse(UnsafeRawBufferPointer(rebasing: bytes[range])).flatMap { Int(exactly: $0) }
        }
        let span = try readNumberSpan()
        return IntegerText.parse(UnsafeRawBufferPointer(rebasing: bytes[span])).flatMap { Int(exactly: $0) }
    }

    /// Reads a string or `null`.
    mutating func readStringOrNull(_ scratch: inout [UInt8]) throws -> String? {
        skipWhitespace()
        if peek() == UInt8(ascii: "n") {
            try expectLiteral("null")
            return nil
        }
        if peek() == UInt8(ascii: "\"") { return try readString(&scratch) }
        // Numbers where a string is expected (e.g. "position": 18) are kept as text.
        let span = try readNumberSpan()
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[span]), as: UTF8.self)
    }

    /// Skips any JSON value.
    @usableFromInline
    mutating func skipValue(depth: Int = 0) throws {
        guard depth < 512 else { throw SyntaxError(message: "nested too deeply") }
        skipWhitespace()
        guard let byte = peek() else { throw SyntaxError(message: describeHere()) }
        switch byte {
        case UInt8(ascii: "\""):
            index += 1
            _ = try scanStringContent()
        case UInt8(ascii: "{"):
            guard try beginObject() else { return }
            repeat {
                skipWhitespace()
                try expect(UInt8(ascii: "\""))
                _ = try scanStringContent()
                skipWhitespace()
                try expect(UInt8(ascii: ":"))
                try skipValue(depth: depth + 1)
            } while try nextObjectMember()
        case UInt8(ascii: "["):
            guard try beginArray() else { return }
            repeat {
                try skipValue(depth: depth + 1)
            } while try nextArrayElement()
        case UInt8(ascii: "t"): try expectLiteral("true")
        case UInt8(ascii: "f"): try expectLiteral("false")
        case UInt8(ascii: "n"): try expectLiteral("null")
        default: _ = try readNumberSpan()
        }
    }

    /// Reads an object key (at its opening quote) and the following ':'; returns the raw key span.
    /// Keys of Neon's envelope never contain escapes; an escaped key is decoded when compared.
    /// `scratch` is unused (kept for call-site compatibility).
    @inline(__always)
    @usableFromInline
    mutating func readKey(_ scratch: inout [UInt8]) throws -> Key {
        skipWhitespace()
        try expect(UInt8(ascii: "\""))
        let (range, escaped) = try scanStringContent()
        skipWhitespace()
        try expect(UInt8(ascii: ":"))
        return Key(bytes: UnsafeRawBufferPointer(rebasing: bytes[range]), escaped: escaped)
    }

    /// An object key: a span of the body (trivially copyable), compared against literals without
    /// allocating. An escaped key (never sent by Neon) is unescaped on comparison.
    @usableFromInline
    struct Key {
        let bytes: UnsafeRawBufferPointer
        let escaped: Bool

        @usableFromInline @inline(__always)
        func `is`(_ literal: StaticString) -> Bool {
            if escaped { return escapedIs(literal) }
            let count = literal.utf8CodeUnitCount
            guard bytes.count == count else { return false }
            let start = literal.utf8Start
            for index in 0..<count where bytes[index] != start[index] { return false }
            return true
        }

        @inline(never)
        private func escapedIs(_ literal: StaticString) -> Bool {
            var decoded: [UInt8] = []
            guard (try? JSONReader(bytes).unescape(0..<bytes.count, into: &decoded)) != nil else { return false }
            let start = literal.utf8Start
            return decoded.count == literal.utf8CodeUnitCount
                && decoded.indices.allSatisfy { decoded[$0] == start[$0] }
        }
    }
}
