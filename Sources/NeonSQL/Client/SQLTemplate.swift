import Foundation
// Re-exported: generated code names these parts (`.text`, `NeonSQL.SQLTemplate.Clause`) through
// `import NeonSQL` alone, and the module's only public name is `SQLTemplateAssembly`.
@_exported import NeonSQLShared

/// The SQL of a query whose shape is chosen per call (`-- @optional`, `-- @patch`, `-- @sort`):
/// fragments the generator analyzed at build time, assembled into one statement for the arguments
/// a call gives.
///
/// Generated code holds one template per such query and asks it for the ``Variant`` of a call:
/// the SQL (parameters renumbered densely, `$1` first) and which of the query's parameters to bind,
/// in order. No text from the caller ever reaches the SQL: a call chooses only which fragments are
/// in. Assembly (`SQLTemplateAssembly`, shared with the generator, which checks the very SQL sent
/// here) is linear in the SQL's length, and each variant is assembled once per template (then
/// served from a small cache).
public final class SQLTemplate: Sendable {
    /// A piece of the template (one type with the generator's: `SQLTemplateAssembly/Part`).
    public typealias Part = SQLTemplateAssembly.Part
    /// A clause of conjuncts, some of which are left out when their optional parameters are not given.
    public typealias Clause = SQLTemplateAssembly.Clause
    /// One conjunct of a ``Clause``.
    public typealias Item = SQLTemplateAssembly.Item
    /// The SQL for one choice of switches: `SQLTemplateAssembly/Variant/sql` with `$1...$k`, and
    /// `SQLTemplateAssembly/Variant/parameters`, the query's parameter each of them binds.
    public typealias Variant = SQLTemplateAssembly.Variant

    /// The template's parts.
    public let parts: [Part]
    /// How many switches a call gives.
    public let switchCount: Int
    private let cache: VariantCache

    /// A template of `parts` whose items test `switchCount` switches.
    public init(_ parts: [Part], switchCount: Int) {
        self.parts = parts
        self.switchCount = switchCount
        self.cache = VariantCache()
    }

    /// The SQL and parameters for a call: `switches[i]` is whether switch `i` is on (an optional
    /// parameter was given, a patched column set), `choices[i]` which alternative of choice `i` is
    /// sent (a sort key). Missing switches are off and missing choices 0; extra ones are ignored; a
    /// choice out of range sends the first alternative.
    public func variant(_ switches: [Bool], choices: [Int] = []) -> Variant {
        let key = VariantKey(switches: switches.prefix(switchCount), choices: choices)
        if let cached = cache.value(for: key) { return cached }
        let variant = SQLTemplateAssembly.variant(of: parts, switches: switches, choices: choices)
        cache.store(variant, for: key)
        return variant
    }
}

/// A variant's switches and choices: packed in one integer when they fit (up to 32 switches and
/// 4 choices under 256, every real query), so a cached call allocates nothing for its key.
private enum VariantKey: Hashable {
    case packed(UInt64)
    case spelled([Int])

    init(switches: ArraySlice<Bool>, choices: [Int]) {
        guard switches.count <= 32, choices.count <= 4, choices.allSatisfy({ $0 >= 0 && $0 < 256 }) else {
            self = .spelled(switches.map { $0 ? 1 : 0 } + [-1] + choices)
            return
        }
        var packed: UInt64 = 0
        for (index, on) in switches.enumerated() where on { packed |= 1 << UInt64(index) }
        for (index, choice) in choices.enumerated() { packed |= UInt64(choice) << UInt64(32 + 8 * index) }
        self = .packed(packed)
    }
}

/// The variants a template assembled, by their switches and choices (at most ``limit``: a query has
/// few optional parts, and a template that sees more distinct calls assembles the rest each time).
private final class VariantCache: @unchecked Sendable {
    static let limit = 256
    private let lock = NSLock()
    private var variants: [VariantKey: SQLTemplate.Variant] = [:]

    func value(for key: VariantKey) -> SQLTemplate.Variant? {
        lock.lock()
        defer { lock.unlock() }
        return variants[key]
    }

    func store(_ variant: SQLTemplate.Variant, for key: VariantKey) {
        lock.lock()
        defer { lock.unlock() }
        if variants.count < Self.limit { variants[key] = variant }
    }
}
