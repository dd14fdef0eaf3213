/// The first byte of a file that is not valid UTF-8.
struct InvalidUTF8: Sendable, Hashable {
    /// Its byte offset in the file.
    let offset: Int
    /// The byte itself (`0xE9` suggests a Latin-1 file).
    let byte: UInt8
}

/// Finds where a byte sequence stops being valid UTF-8, so the diagnostic can point at that byte.
enum UTF8Validation {
    /// The first byte that does not start or continue a valid UTF-8 sequence (a truncated
    /// sequence is reported at its first byte), or nil when all bytes are valid.
    static func firstInvalid(in bytes: some Collection<UInt8>) -> InvalidUTF8? {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += UTF8.width(scalar)
            case .emptyInput:
                return nil
            case .error:
                let index = bytes.index(bytes.startIndex, offsetBy: offset)
                return InvalidUTF8(offset: offset, byte: bytes[index])
            }
        }
    }
}
