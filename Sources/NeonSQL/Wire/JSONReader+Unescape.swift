import Foundation

// JSON string escapes (`\n`, `\"`, `\uXXXX`, surrogate pairs) decoded to UTF-8: into a scratch
// buffer, or straight into a `String`'s storage for text cells.

extension JSONReader {
    /// Decodes JSON escapes in `range` into `scratch` (UTF-8).
    func unescape(_ range: Range<Int>, into scratch: inout [UInt8]) throws {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: repeatElement(0, count: range.count))
        let written = try scratch.withUnsafeMutableBytes { try unescape(range, into: $0) }
        scratch.removeLast(scratch.count - written)
    }

    /// The string cell in `range` with its JSON escapes decoded, written straight into the
    /// `String`'s storage (no intermediate buffer).
    func unescapedString(_ range: Range<Int>) throws -> String {
        try String(unsafeUninitializedCapacity: range.count) { buffer in
            try unescape(range, into: UnsafeMutableRawBufferPointer(buffer))
        }
    }

    /// Decodes JSON escapes in `range` into `out`, which has room for `range.count` bytes (decoding
    /// never lengthens: `\n` is one byte, `\uXXXX` at most three, a surrogate pair four). Returns
    /// the number of bytes written.
    func unescape(_ range: Range<Int>, into out: UnsafeMutableRawBufferPointer) throws -> Int {
        var written = 0
        var position = range.lowerBound
        let end = range.upperBound
        while position < end {
            let byte = bytes[position]
            guard byte == UInt8(ascii: "\\") else {
                // Copy the run up to the next backslash: clean 16-byte blocks at once, then eight
                // bytes at a time to the backslash, then byte by byte. Stores may run past the
                // backslash (never past `out`): what follows it is written again.
                if let base = bytes.baseAddress, let target = out.baseAddress {
                    let backslashes = SIMD16<UInt8>(repeating: UInt8(ascii: "\\"))
                    while position &+ 16 <= end, written &+ 16 <= out.count {
                        let block = base.loadUnaligned(fromByteOffset: position, as: SIMD16<UInt8>.self)
                        target.storeBytes(of: block, toByteOffset: written, as: SIMD16<UInt8>.self)
                        if any(block .== backslashes) { break }
                        position &+= 16
                        written &+= 16
                    }
                    let ones: UInt64 = 0x0101_0101_0101_0101
                    while position &+ 8 <= end, written &+ 8 <= out.count {
                        let word = base.loadUnaligned(fromByteOffset: position, as: UInt64.self)
                        target.storeBytes(of: word, toByteOffset: written, as: UInt64.self)
                        let x = UInt64(littleEndian: word) ^ (ones &* 0x5C)
                        // The lowest flagged byte is the first backslash (the borrow only runs upward).
                        let found = (x &- ones) & ~x & (ones &* 0x80)
                        if found != 0 {
                            let offset = found.trailingZeroBitCount &>> 3
                            position &+= offset
                            written &+= offset
                            break
                        }
                        position &+= 8
                        written &+= 8
                    }
                }
                while position < end, bytes[position] != UInt8(ascii: "\\") {
                    out[written] = bytes[position]
                    written += 1
                    position += 1
                }
                continue
            }
            guard position + 1 < end else { throw SyntaxError(message: "truncated escape at byte \(position)") }
            let kind = bytes[position + 1]
            position += 2
            let decoded: UInt8
            switch kind {
            case UInt8(ascii: "\""): decoded = UInt8(ascii: "\"")
            case UInt8(ascii: "\\"): decoded = UInt8(ascii: "\\")
            case UInt8(ascii: "/"): decoded = UInt8(ascii: "/")
            case UInt8(ascii: "b"): decoded = 0x08
            case UInt8(ascii: "f"): decoded = 0x0C
            case UInt8(ascii: "n"): decoded = 0x0A
            case UInt8(ascii: "r"): decoded = 0x0D
            case UInt8(ascii: "t"): decoded = 0x09
            case UInt8(ascii: "u"):
                var scalar = try hex4(at: position, end: end)
                position += 4
                if (0xD800..<0xDC00).contains(scalar) {
                    // High surrogate: must be followed by \uDC00-\uDFFF.
                    guard position + 6 <= end, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
                    else { throw SyntaxError(message: "unpaired surrogate at byte \(position)") }
                    let low = try hex4(at: position + 2, end: end)
                    guard (0xDC00..<0xE000).contains(low) else {
                        throw SyntaxError(message: "unpaired surrogate at byte \(position)")
                    }
                    position += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(scalar) {
                    throw SyntaxError(message: "unpaired surrogate at byte \(position)")
                }
                guard let unicode = Unicode.Scalar(scalar) else {
                    throw SyntaxError(message: "invalid unicode escape at byte \(position)")
                }
                for unit in unicode.utf8 {
                    out[written] = unit
                    written += 1
                }
                continue
            default:
                throw SyntaxError(message: "invalid escape at byte \(position - 1)")
            }
            out[written] = decoded
            written += 1
        }
        return written
    }

    private func hex4(at position: Int, end: Int) throws -> UInt32 {
        guard position + 4 <= end else { throw SyntaxError(message: "truncated \\u escape at byte \(position)") }
        var value: UInt32 = 0
        for offset in 0..<4 {
            guard let digit = hexValue(bytes[position + offset]) else {
                throw SyntaxError(message: "invalid \\u escape at byte \(position)")
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
