// `-- @optional name, ...`: a parameter whose filters a call may leave out. Every top-level AND
// conjunct of a WHERE, HAVING or JOIN ... ON condition that mentions it (in its own query level:
// a subquery's condition is its own) is sent only when the parameter is given; a condition left
// with no conjunct disappears (`ON TRUE` for a join). The whole query is analyzed as written, with
// every conjunct in; the SQL of a call is assembled by the runtime from the fragments made here.

enum OptionalFilters {
    /// The query's template, or nil after reporting why the directives cannot apply.
    static func template(_ parsed: ParsedStatement, _ annotation: AnnotationParser.Annotation, _ analyzer: StatementAnalyzer,
                         _ source: SourceFile, _ diagnostics: inout DiagnosticCollector) -> QueryTemplate? {
        let errorsBefore = diagnostics.errorCount
        let optional = optionalIndices(annotation.optionalParameters, parsed, analyzer.parameters, source, &diagnostics)
        guard !optional.isEmpty else { return nil }
        let occurrences = parsed.parameters.compactMap { node in
            analyzer.parameters.index(of: node).flatMap { optional.contains($0) ? (node, $0) : nil }
        }
        // Switches in order of first appearance in the SQL.
        var switches: [Int] = []
        for (_, index) in occurrences.sorted(by: { $0.0.range.start.offset < $1.0.range.start.offset })
            where !switches.contains(index) { switches.append(index) }

        let clauses = ConditionClause.all(in: parsed.statement)
        let conjuncts = clauses.map(\.conjuncts)
        // The switches of each conjunct: the optional parameters whose innermost conjunct it is.
        var conjunctSwitches: [[Int: Set<Int>]] = Array(repeating: [:], count: clauses.count)
        for (node, index) in occurrences {
            var best: (clause: Int, conjunct: Int, length: Int)?
            for (clause, terms) in conjuncts.enumerated() {
                for (position, term) in terms.enumerated()
                    where term.range.start.offset <= node.range.start.offset && node.range.endOffset <= term.range.endOffset {
                    let length = term.range.endOffset - term.range.start.offset
                    if best.map({ length < $0.length }) ?? true { best = (clause, position, length) }
                }
            }
            guard let best, let position = switches.firstIndex(of: index) else {
                diagnostics.error("optional parameter \(written(node, source)) is used outside a WHERE, HAVING or JOIN ... ON condition, "
                                  + "so it cannot be left out; use it only in conditions, or remove it from '-- @optional'",
                                  in: source, at: node.location)
                continue
            }
            conjunctSwitches[best.clause][best.conjunct, default: []].insert(position)
        }

        var marks: [SQLRewriter.Mark] = []
        var roles: [Int: MarkRole] = [:]
        for (clause, switchesByConjunct) in conjunctSwitches.enumerated() where !switchesByConjunct.isEmpty {
            let terms = conjuncts[clause]
            let condition = clauses[clause].condition
            if terms.count == 1, case .binary(let op, _, _) = condition.kind, op == "or" {
                diagnostics.error("an optional parameter is under OR at the top of this \(clauses[clause].kind.keyword.uppercased()) condition: "
                                  + "leaving it out would leave out the whole condition; put the OR in parentheses to mean that, "
                                  + "or make the filter a conjunct of its own (... AND x = @p)", in: source, at: condition.location)
                continue
            }
            guard let keyword = keywordOffset(before: condition.range.start.offset, clauses[clause].kind.keyword, source) else {
                diagnostics.error("write the condition right after \(clauses[clause].kind.keyword.uppercased()) (no comment between them) "
                                  + "so that its optional filters can be left out", in: source, at: condition.location)
                continue
            }
            func mark(_ offset: Int, isEnd: Bool, _ role: MarkRole) {
                let id = marks.count
                marks.append(SQLRewriter.Mark(offset: offset, id: id, isEnd: isEnd))
                roles[id] = role
            }
            mark(keyword, isEnd: false, .clauseStart(clause))
            for (position, term) in terms.enumerated() {
                mark(term.range.start.offset, isEnd: false, .bodyStart(clause, position))
                mark(term.range.endOffset, isEnd: true, .bodyEnd(clause, position))
            }
        }
        guard diagnostics.errorCount == errorsBefore else { return nil }

        var builder = TreeBuilder(pieces: SQLRewriter.rewrittenPieces(parsed, analyzer, marks: marks), roles: roles,
                                  clauses: clauses, conjunctSwitches: conjunctSwitches)
        let parts = builder.sequence(until: nil)
        let template = QueryTemplate(parts: parts, optionalParameters: switches)
        // Every fragment in must give back the SQL as analyzed, or the fragments are not trusted.
        guard builder.isComplete, TemplateAssembly.sqlWithEveryFilter(template) == SQLRewriter.rewrittenSQL(parsed, analyzer) else {
            diagnostics.error("the optional filters of this query could not be cut into fragments; write each as a conjunct "
                              + "of the condition (... AND x = @p)", in: source, at: annotation.location)
            return nil
        }
        return template
    }

    /// The `$n` of each parameter `-- @optional` names (by its written name or `$n`).
    private static func optionalIndices(_ names: [AnnotationParser.NamedDirectiveArgument], _ parsed: ParsedStatement,
                                        _ table: ParameterTable, _ source: SourceFile,
                                        _ diagnostics: inout DiagnosticCollector) -> Set<Int> {
        var result: Set<Int> = []
        for name in names {
            let index: Int? = if name.name.hasPrefix("$") {
                Int(name.name.dropFirst()).flatMap { table.slots[$0] == nil ? nil : $0 }
            } else {
                table.slots.values.first { $0.writtenName == name.name }?.index
            }
            guard let index else {
                diagnostics.error("'-- @optional' names no parameter of this query: '\(name.name)'", in: source, at: name.location)
                continue
            }
            result.insert(index)
        }
        return result
    }

    private static func written(_ node: ParameterNode, _ source: SourceFile) -> String {
        source.text(from: node.range.start.offset, to: node.range.endOffset)
    }

    /// The offset of `keyword` (lower case) ending right before `offset` (whitespace between).
    private static func keywordOffset(before offset: Int, _ keyword: String, _ source: SourceFile) -> Int? {
        let bytes = source.bytes
        var end = offset
        while end > 0, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(bytes[end - 1]) { end -= 1 }
        let start = end - keyword.utf8.count
        guard start >= 0, String(decoding: bytes[start..<end], as: UTF8.self).lowercased() == keyword else { return nil }
        if start > 0, bytes[start - 1] == UInt8(ascii: "_") || (bytes[start - 1] | 0x20 >= UInt8(ascii: "a") && bytes[start - 1] | 0x20 <= UInt8(ascii: "z")) {
            return nil
        }
        return start
    }

    enum MarkRole: Hashable {
        case clauseStart(Int)
        case bodyStart(Int, Int)
        case bodyEnd(Int, Int)
    }

    /// Turns the rewritten pieces with their marks into the template's tree.
    private struct TreeBuilder {
        let pieces: [SQLRewriter.Piece]
        let roles: [Int: MarkRole]
        let clauses: [ConditionClause]
        let conjunctSwitches: [[Int: Set<Int>]]
        var position = 0
        /// Every mark expected was found where it was expected.
        var isComplete = true

        init(pieces: [SQLRewriter.Piece], roles: [Int: MarkRole], clauses: [ConditionClause], conjunctSwitches: [[Int: Set<Int>]]) {
            self.pieces = pieces
            self.roles = roles
            self.clauses = clauses
            self.conjunctSwitches = conjunctSwitches
        }

        /// The parts up to the mark with role `stop` (consumed), or to the end.
        mutating func sequence(until stop: MarkRole?) -> [TemplatePart] {
            var parts: [TemplatePart] = []
            while position < pieces.count {
                let piece = pieces[position]
                position += 1
                switch piece {
                case .text(let text):
                    if case .text(let previous)? = parts.last {
                        parts[parts.count - 1] = .text(previous + text)
                    } else if !text.isEmpty {
                        parts.append(.text(text))
                    }
                case .parameter(let index):
                    parts.append(.parameter(index))
                case .mark(let id):
                    let role = roles[id]
                    if let stop, role == stop { return parts }
                    guard case .clauseStart(let clause)? = role else {
                        isComplete = false
                        continue
                    }
                    parts.append(.clause(self.clause(clause)))
                }
            }
            if stop != nil { isComplete = false }
            return parts
        }

        private mutating func clause(_ clause: Int) -> TemplateClause {
            let count = clauses[clause].conjuncts.count
            let prefix = sequence(until: .bodyStart(clause, 0))
            var items: [TemplateItem] = []
            var separator: [TemplatePart] = []
            for conjunct in 0..<count {
                let body = sequence(until: .bodyEnd(clause, conjunct))
                items.append(TemplateItem(switches: (conjunctSwitches[clause][conjunct] ?? []).sorted(), separator: separator, body: body))
                if conjunct + 1 < count { separator = sequence(until: .bodyStart(clause, conjunct + 1)) }
            }
            let whenEmpty: [TemplatePart] = clauses[clause].kind == .joinOn ? [.text("ON TRUE")] : []
            return TemplateClause(prefix: prefix, items: items, whenEmpty: whenEmpty)
        }
    }
}

/// The SQL of a template's variant, as the runtime assembles it (parameters renumbered densely):
/// the generator checks its fragments with it, and tests prepare every variant with it.
enum TemplateAssembly {
    /// The SQL with the given switches (`switches[i]` for ``QueryTemplate/optionalParameters``[i]),
    /// and the query's `$n` bound by each `$1...$k`.
    static func variant(_ template: QueryTemplate, switches: [Bool], renumber: Bool = true) -> (sql: String, parameters: [Int]) {
        var sql = ""
        var order: [Int] = []
        var numbers: [Int: Int] = [:]
        func append(_ parts: [TemplatePart]) {
            for part in parts {
                switch part {
                case .text(let text):
                    sql += text
                case .parameter(let index):
                    if numbers[index] == nil {
                        order.append(index)
                        numbers[index] = order.count
                    }
                    sql += "$\(renumber ? numbers[index] ?? 0 : index)"
                case .clause(let clause):
                    let included = clause.items.filter { item in
                        item.switches.allSatisfy { $0 < switches.count && switches[$0] }
                    }
                    if included.isEmpty {
                        append(clause.whenEmpty)
                        continue
                    }
                    append(clause.prefix)
                    for (position, item) in included.enumerated() {
                        if position > 0 { append(item.separator) }
                        append(item.body)
                    }
                }
            }
        }
        append(template.parts)
        return (sql, order)
    }

    /// The SQL with every optional parameter given, each parameter numbered as the query is written.
    static func sqlWithEveryFilter(_ template: QueryTemplate) -> String {
        variant(template, switches: Array(repeating: true, count: template.optionalParameters.count), renumber: false).sql
    }
}
