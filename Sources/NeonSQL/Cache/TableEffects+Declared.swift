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
    /// Each literal is parsed once per process and remembered by its address, so building a
    /// statement costs a lookup, not a parse, and its file needs no global per query (a global's
    /// initializer is type-checked by every build of the module's interface; a function body is
    /// not). Text that is not such JSON yields effects unknown on both sides, which makes a cache
    /// treat the statement as reading and changing every table: never a stale result.
    public static func declared(_ json: StaticString) -> TableEffects {
        guard json.hasPointerRepresentation else { return parse(json.description) }
        return DeclaredTableEffects.shared.effects(for: json)
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
private final class DeclaredTableEffects: @unchecked Sendable {
    static let shared = DeclaredTableEffects()

    private struct Key: Hashable {
        let address: UInt
        let count: Int
    }

    private let lock = NSLock()
    private var parsed: [Key: TableEffects] = [:]

    func effects(for json: StaticString) -> TableEffects {
        let key = Key(address: UInt(bitPattern: json.utf8Start), count: json.utf8CodeUnitCount)
        if let found = lock.withLock({ parsed[key] }) { return found }
        let effects = TableEffects.parse(json.description)
        lock.withLock { parsed[key] = effects }
        return effects
    }
}
