/// The SQL of a query whose shape is chosen per call (`-- @optional`, `-- @patch`, `-- @sort`), in
/// one place for both sides: the generator cuts a query into these parts and checks every variant
/// it assembles, and the runtime (`NeonSQL.SQLTemplate`, whose `Part`, `Clause`, `Item` and
/// `Variant` are these types) assembles the SQL a call sends with the same ``variant(of:switches:choices:numbering:)``.
///
/// No text from a caller ever reaches the SQL: a call chooses only which parts are in.
public enum SQLTemplateAssembly {
    /// A piece of a template.
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

    /// A clause of conjuncts, some of which are left out when their switches are off.
    public struct Clause: Sendable, Hashable {
        /// The keyword and what follows it up to the first conjunct (`WHERE `).
        public let prefix: [Part]
        /// The conjuncts, in order.
        public let items: [Item]
        /// What is sent when every conjunct is left out: nothing for `WHERE`/`HAVING`, `ON TRUE`
        /// for a join, `SET col = col` for a `SET` list.
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

        /// A variant sending `sql`, its `$k` binding `parameters[k - 1]` (made only by assembly and tests).
        package init(sql: String, parameters: [Int]) {
            self.sql = sql
            self.parameters = parameters
        }
    }

    /// How a variant numbers the parameters it sends.
    package enum Numbering: Sendable {
        /// `$1...$k` in order of first use: what the runtime sends.
        case dense
        /// Each parameter's `$n` as the query is written: the SQL the generator analyzed.
        case asWritten
    }

    /// The SQL and parameters of `parts` for a call: `switches[i]` is whether switch `i` is on (an
    /// optional parameter was given, a patched column set), `choices[i]` which alternative of
    /// choice `i` is sent (a sort key). Missing switches are off and missing choices 0; extra ones
    /// are ignored; a choice out of range sends the first alternative. Linear in the SQL's length.
    public static func variant(of parts: [Part], switches: [Bool], choices: [Int] = []) -> Variant {
        variant(of: parts, switches: switches, choices: choices, numbering: .dense)
    }

    /// As ``variant(of:switches:choices:)``, numbering the parameters as `numbering` says.
    package static func variant(of parts: [Part], switches: [Bool], choices: [Int], numbering: Numbering) -> Variant {
        var assembler = Assembler(switches: switches, choices: choices, numbering: numbering)
        assembler.append(parts)
        return Variant(sql: assembler.sql, parameters: assembler.order)
    }

    /// Builds the SQL of one variant in one pass over the parts.
    private struct Assembler {
        let switches: [Bool]
        let choices: [Int]
        let numbering: Numbering
        var sql = ""
        var order: [Int] = []
        var numbers: [Int: Int] = [:]

        init(switches: [Bool], choices: [Int], numbering: Numbering) {
            self.switches = switches
            self.choices = choices
            self.numbering = numbering
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
                    sql += "$" + String(numbering == .dense ? number : parameter)
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
