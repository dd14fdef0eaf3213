import Foundation

extension TableEffects {
    /// The effects a generated statement factory declares, written as JSON in a string literal:
    ///
    /// ```swift
    /// tables: .declared(#"{"reads":["public.categories","public.duas"],"writes":[]}"#)
    /// ```
    ///
    /// `reads` and `writes` list schema-qualified table names; `"readsUnknown": true` and
    /// `"writesUnknown": true` mark a side the generator could not see through (absent: false).
    ///
    /// The literal is kept as it is and resolved only when a cache, an observation or the outbox
    /// asks for a side: building a statement costs nothing more, and each literal is parsed once
    /// per process and remembered by its address. Its file needs no global per query (a global's
    /// initializer is type-checked by every build of the module's interface; a function body is
    /// not). Text that is not such JSON yields effects unknown on both sides, which makes a cache
    /// treat the statement as reading and changing every table: never a stale result.
    public static func declared(_ json: StaticString) -> TableEffects {
        guard json.hasPointerRepresentation else { return parse(json.description) }
        return TableEffects(declaration: json)
    }

    /// The effects `json` describes, or effects unknown on both sides when it does not parse.
    static func parse(_ json: String) -> TableEffects {
        guard let declared = try? JSONDecoder().decode(DeclaredJSON.self, from: Data(json.utf8)) else {
            return TableEffects(readsUnknown: true, writesUnknown: true)
        }
        return TableEffects(reads: declared.reads, writes: declared.writes,
                            readsUnknown: declared.readsUnknown ?? false, writesUnknown: declared.writesUnknown ?? false)
    }

    private struct DeclaredJSON: Decodable {
        let reads: [String]
        let writes: [String]
        let readsUnknown: Bool?
        let writesUnknown: Bool?
    }
}

/// The parsed effects of every `TableEffects.declared(_:)` literal seen so far, by the literal's
/// address and length (a literal's storage lives as long as the process; two literals sharing
/// storage have the same text, so the same effects).
final class DeclaredTableEffects: @unchecked Sendable {
    static let shared = DeclaredTableEffects()

    private struct Key: Hashable {
        let address: UInt
        let count: Int
    }

    private let lock = NSLock()
    private var parsed: [Key: TableEffects] = [:]

    /// Whether `json` is, byte for byte, `{"reads":[...],"writes":[]}` with plain names (no
    /// escape, quote or control character): text that parses to effects changing nothing, so a
    /// read statement's ``TableEffects/changesAnything`` needs no lookup. Any other text: `false`
    /// (then the parsed effects answer).
    static func declaresNoWrites(_ json: StaticString) -> Bool {
        guard json.hasPointerRepresentation else { return false }
        let text = UnsafeBufferPointer(start: json.utf8Start, count: json.utf8CodeUnitCount)
        let head: StaticString = #"{"reads":["#
        let tail: StaticString = #"],"writes":[]}"#
        let headCount = head.utf8CodeUnitCount
        let tailCount = tail.utf8CodeUnitCount
        guard text.count >= headCount + tailCount else { return false }
        for offset in 0..<headCount where text[offset] != head.utf8Start[offset] { return false }
        let end = text.count - tailCount
        for offset in 0..<tailCount where text[end + offset] != tail.utf8Start[offset] { return false }
        var index = headCount
        if index == end { return true }
        while true {
            guard index < end, text[index] == UInt8(ascii: "\"") else { return false }
            index += 1
            while index < end, text[index] != UInt8(ascii: "\"") {
                guard text[index] >= 0x20, text[index] != UInt8(ascii: "\\") else { return false }
                index += 1
            }
            guard index < end else { return false }
            index += 1
            if index == end { return true }
            guard text[index] == UInt8(ascii: ",") else { return false }
            index += 1
        }
    }

    func effects(for json: StaticString) -> TableEffects {
        let key = Key(address: UInt(bitPattern: json.utf8Start), count: json.utf8CodeUnitCount)
        if let found = lock.withLock({ parsed[key] }) { return found }
        let effects = TableEffects.parse(json.description)
        lock.withLock { parsed[key] = effects }
        return effects
    }
}
