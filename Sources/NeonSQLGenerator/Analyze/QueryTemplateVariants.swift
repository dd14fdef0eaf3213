import NeonSQLShared

/// The variants of a query's template (a choice of its `-- @optional`/`-- @patch` switches and
/// `-- @sort` keys) and the SQL of each, assembled by the runtime's own assembler
/// (`SQLTemplateAssembly` in NeonSQLShared, shared with `NeonSQL.SQLTemplate`; this type only
/// adapts a ``QueryTemplate`` to it): the generator checks its fragments with it, `check`
/// prepares ``checkedCalls(_:)``, and tests prepare every variant with it.
enum QueryTemplateVariants {
    /// The SQL with the given switches (`switches[i]` for ``QueryTemplate/switchParameters``[i]),
    /// and the query's `$n` bound by each `$1...$k`.
    static func variant(_ template: QueryTemplate, switches: [Bool], choices: [Int] = []) -> SQLTemplateAssembly.Variant {
        SQLTemplateAssembly.variant(of: template.parts, switches: switches, choices: choices)
    }

    /// The calls that exercise a template: each subset of its first four switches (the others on)
    /// with every first key, then each other key of each sort with every switch on.
    static func checkedCalls(_ template: QueryTemplate) -> [(switches: [Bool], choices: [Int])] {
        let count = template.switchParameters.count
        let varied = min(count, 4)
        var calls: [(switches: [Bool], choices: [Int])] = (0..<(1 << varied)).map { mask in
            ((0..<count).map { $0 >= varied || mask & (1 << $0) != 0 }, Array(repeating: 0, count: template.sorts.count))
        }
        for (position, sort) in template.sorts.enumerated() {
            for key in sort.keys.indices.dropFirst() {
                var choices = Array(repeating: 0, count: template.sorts.count)
                choices[position] = key
                calls.append((Array(repeating: true, count: count), choices))
            }
        }
        return calls
    }

    /// The SQL with every switch on and every first key, each parameter numbered as the query is written.
    static func sqlWithEverySwitchOn(_ template: QueryTemplate) -> String {
        SQLTemplateAssembly.variant(of: template.parts, switches: Array(repeating: true, count: template.switchParameters.count),
                                    choices: [], numbering: .asWritten).sql
    }
}
