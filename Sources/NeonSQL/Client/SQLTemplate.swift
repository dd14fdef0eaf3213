import Foundation

/// The SQL of a query whose shape is chosen per call (`-- @optional`, `-- @patch`, `-- @sort`):
/// fragments the generator analyzed at build time, assembled into one statement for the arguments
/// a call gives.
///
/// Generated code holds one template per such query and asks it for the ``Variant`` of a call:
/// the SQL (parameters renumbered densely, `$1` first) and which of the query's parameters to bind,
/// in order. No text from the caller ever reaches the SQL: a call chooses only which fragments are
/// in. Assembly is linear in the SQL's length, and each variant is assembled once per template
/// (then served from a small cache).
public final class SQLTemplate: Sendable {
    /// A piece of the template.
    public indirect enum Part: Sendable, Hashable {
        /// SQL text sent as written.
        case text(String)
        /// The query's parameter `$n` (its number in the query as written): sent as the next
        /// dense number the variant gives it, once per variant however often it is used.
        case parameter(Int)
        /// A condition (`WHERE`, `HAVING`, `JOIN ... ON`) whose conjuncts, or a `SET` list whose
        /// assignments, may be left out.
        case clause(Clause)
        /// One of several alternatives (a `-- @sort` key): the call's choice at this position in
        /// `choices` picks one.
        case choice(Int, [[Part]])
    }

    /// A clause of conjuncts, some of which are left out when their optional parameters are not given.
    public struct Clause: Sendable, Hashable {
        /// The keyword and what follows it up to the first conjunct (`WHERE `).
        public let prefix: [Part]
        /// The conjuncts, in order.
        public let items: [Item]
        /// What is sent when every conjunct is left out: nothing for `WHERE`/`HAVING`, `ON TRUE`
        /// for a join.
        public let whenEmpty: [Part]

        /// A clause of `items` after `prefix`, sent as `whenEmpty` when no item is in.
        public init(prefix: [Part], items: [Item], whenEmpty: [Part]) {
            self.prefix = prefix
            self.items = items
            self.whenEmpty = whenEmpty
        }
    }

    /// One conjunct of a ``Clause``.
    public struct Item: Sendable, Hashable {
        /// The switches (positions in the call's `switches`) that must all be on for the
        /// conjunct to be sent; empty: always sent.
        public let switches: [Int]
        /// The text joining it to the conjunct before it (` AND `), sent only when one is.
        public let separator: [Part]
        /// The conjunct.
        public let body: [Part]

        /// A conjunct sent when every switch in `switches` is on.
        public init(switches: [Int], separator: [Part], body: [Part]) {
            self.switches = switches
            self.separator = separator
            self.body = body
        }
    }

    /// The SQL for one choice of switches.
    public struct Variant: Sendable, Hashable {
        /// The statement with `$1...$k`.
        public let sql: String
        /// For each `$1...$k` of ``sql``, in order, the number of the query's parameter it binds.
        public let parameters: [Int]
    }

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
        var assembler = Assembler(switches: switches, choices: choices)
        assembler.append(parts)
        let variant = Variant(sql: assembler.sql, parameters: assembler.order)
        cache.store(variant, for: key)
        return variant
    }

    /// Builds the SQL of one variant in one pass over the parts.
    private struct Assembler {
        let switches: [Bool]
        let choices: [Int]
        var sql = ""
        var order: [Int] = []
        var numbers: [Int: Int] = [:]

        init(switches: [Bool], choices: [Int]) {
            self.switches = switches
            self.choices = choices
        }

        func isOn(_ index: Int) -> Bool { index >= 0 && index < switches.count && switches[index] }

        mutating func append(_ parts: [Part]) {
            for part in parts {
                switch part {
                case .text(let text):
                    sql += text
                case .parameter(let parameter):
                    let number: Int
                    if let known = numbers[parameter] {
                        number = known
                    } else {
                        order.append(parameter)
                        number = order.count
                        numbers[parameter] = number
                    }
                    sql += "$" + String(number)
                case .clause(let clause):
                    let included = clause.items.filter { $0.switches.allSatisfy(isOn) }
                    guard !included.isEmpty else {
                        append(clause.whenEmpty)
                        continue
                    }
                    append(clause.prefix)
                    for (position, item) in included.enumerated() {
                        if position > 0 { append(item.separator) }
                        append(item.body)
                    }
                case .choice(let index, let alternatives):
                    let chosen = index >= 0 && index < choices.count ? choices[index] : 0
                    if alternatives.indices.contains(chosen) {
                        append(alternatives[chosen])
                    } else if let first = alternatives.first {
                        append(first)
                    }
                }
            }
        }
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
