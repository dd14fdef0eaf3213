// The template of a query with parts a call may leave out, made from the analyzed statement:
// - `-- @optional name, ...`: every top-level AND conjunct of a WHERE, HAVING or JOIN ... ON
//   condition that mentions the parameter (in its own query level: a subquery's condition is its
//   own) is sent only when the parameter is given; a condition left with no conjunct disappears
//   (`ON TRUE` for a join);
// - `-- @patch name, ...`: the SET assignment whose value is the parameter is sent only when the
//   call sets it (PatchAssignments.swift).
// The whole query is analyzed as written, with every part in; the SQL of a call is assembled by
// the runtime (NeonSQL.SQLTemplate) from the fragments made here, with the code the generator
// checks them with (SQLTemplateAssembly, in NeonSQLShared).

import NeonSQLShared

enum QueryTemplateBuilder {
    /// A list the template may cut: a condition's conjuncts or a SET list's assignments.
    struct CuttableList {
        /// Where the keyword (`WHERE`, `SET`) starts.
        let keywordOffset: Int
        /// Each item's byte range, in order.
        let items: [(start: Int, end: Int)]
        /// The switches each item needs (positions in the template's switches).
        let switches: [Int: Set<Int>]
        /// Sent when no item is.
        let whenEmpty: [TemplatePart]
    }

    /// The query's template, or nil after reporting why the directives cannot apply (or when
    /// there are none).
    static func template(_ parsed: ParsedStatement, _ annotation: AnnotationParser.Annotation, _ analyzer: StatementAnalyzer,
                         _ source: SourceFile, _ diagnostics: inout DiagnosticCollector) -> QueryTemplate? {
        let errorsBefore = diagnostics.errorCount
        let optional = parameterIndices(annotation.optionalParameters, "-- @optional", analyzer.parameters, source, &diagnostics)
        let patched = parameterIndices(annotation.patchParameters, "-- @patch", analyzer.parameters, source, &diagnostics)
        for index in optional.intersection(patched).sorted() {
            diagnostics.error("parameter $\(index) is named by both '-- @optional' and '-- @patch'", in: source, at: annotation.location)
        }
        guard !optional.isEmpty || !patched.isEmpty || !analyzer.sortSlots.isEmpty, optional.isDisjoint(with: patched) else { return nil }
        let occurrences = parsed.parameters.compactMap { node in
            analyzer.parameters.index(of: node).flatMap { optional.contains($0) || patched.contains($0) ? (node, $0) : nil }
        }
        // Switches in order of first appearance in the SQL.
        var switches: [Int] = []
        for (_, index) in occurrences.sorted(by: { $0.0.range.start.offset < $1.0.range.start.offset })
            where !switches.contains(index) { switches.append(index) }

        var lists = conditionLists(parsed, occurrences.filter { optional.contains($0.1) }, switches, source, &diagnostics)
        lists += PatchAssignments.setLists(parsed.statement, occurrences.filter { patched.contains($0.1) }, switches, annotation, source, &diagnostics)
        guard diagnostics.errorCount == errorsBefore else { return nil }

        var marks: [SQLRewriter.Mark] = []
        var roles: [Int: MarkRole] = [:]
        for (number, list) in lists.enumerated() {
            func mark(_ offset: Int, isEnd: Bool, _ role: MarkRole) {
                let id = marks.count
                marks.append(SQLRewriter.Mark(offset: offset, id: id, isEnd: isEnd))
                roles[id] = role
            }
            mark(list.keywordOffset, isEnd: false, .listStart(number))
            for (position, item) in list.items.enumerated() {
                mark(item.start, isEnd: false, .itemStart(number, position))
                mark(item.end, isEnd: true, .itemEnd(number, position))
            }
        }
        // Sorts in order of appearance, and every defaulted parameter in order of first appearance.
        let slots = analyzer.sortSlots.inOrder
        var sorts: [TemplateSort] = []
        var sortPositions: [String: Int] = [:]
        var defaulted: [(offset: Int, parameter: DefaultedParameter)] = []
        for (offset, directive) in slots where sortPositions[directive.name] == nil {
            sortPositions[directive.name] = sorts.count
            defaulted.append((offset, .sort(sorts.count)))
            sorts.append(TemplateSort(name: directive.name, keys: directive.keys.map(\.text)))
        }
        for index in switches {
            let first = occurrences.filter { $0.1 == index }.map(\.0.range.start.offset).min() ?? 0
            defaulted.append((first, .bound(index)))
        }
        let choices = Dictionary(slots.map { offset, directive in
            (offset, (position: sortPositions[directive.name] ?? 0, keys: directive.keys.map { [TemplatePart.text($0.text)] }))
        }, uniquingKeysWith: { first, _ in first })
        var builder = TreeBuilder(pieces: SQLRewriter.rewrittenPieces(parsed, analyzer, marks: marks), roles: roles, lists: lists,
                                  choices: choices)
        let parts = builder.sequence(until: nil)
        var template = QueryTemplate(parts: parts, switchParameters: switches, patchParameters: patched)
        template.sorts = sorts
        template.defaultedOrder = defaulted.sorted { $0.offset < $1.offset }.map(\.parameter)
        // Every fragment in must give back the SQL as analyzed, or the fragments are not trusted.
        guard builder.isComplete, QueryTemplateVariants.sqlWithEverySwitchOn(template) == SQLRewriter.rewrittenSQL(parsed, analyzer) else {
            diagnostics.error("the optional parts of this query could not be cut into fragments; write each filter as a conjunct "
                              + "of the condition (... AND x = @p) and each patched value as a whole SET assignment (col = @p)",
                              in: source, at: annotation.location)
            return nil
        }
        return template
    }

    /// The conditions holding optional filters, each conjunct needing the switches of the
    /// optional parameters whose innermost conjunct it is.
    private static func conditionLists(_ parsed: ParsedStatement, _ occurrences: [(ParameterNode, Int)], _ switches: [Int],
                                       _ source: SourceFile, _ diagnostics: inout DiagnosticCollector) -> [CuttableList] {
        guard !occurrences.isEmpty else { return [] }
        let clauses = ConditionClause.all(in: parsed.statement)
        let conjuncts = clauses.map(\.conjuncts)
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
        var lists: [CuttableList] = []
        for (clause, switchesByConjunct) in conjunctSwitches.enumerated() where !switchesByConjunct.isEmpty {
            let condition = clauses[clause].condition
            let keyword = clauses[clause].kind.keyword
            if conjuncts[clause].count == 1, case .binary(let op, _, _) = condition.kind, op == "or" {
                diagnostics.error("an optional parameter is under OR at the top of this \(keyword.uppercased()) condition: "
                                  + "leaving it out would leave out the whole condition; put the OR in parentheses to mean that, "
                                  + "or make the filter a conjunct of its own (... AND x = @p)", in: source, at: condition.location)
                continue
            }
            guard let keywordOffset = keywordOffset(before: condition.range.start.offset, keyword, source) else {
                diagnostics.error("\(keyword.uppercased()) was not found right before this condition, so its optional filters "
                                  + "cannot be left out", in: source, at: condition.location)
                continue
            }
            lists.append(CuttableList(
                keywordOffset: keywordOffset,
                items: conjuncts[clause].map { ($0.range.start.offset, $0.range.endOffset) },
                switches: switchesByConjunct,
                whenEmpty: clauses[clause].kind == .joinOn ? [.text("ON TRUE")] : []))
        }
        return lists
    }

    /// The `$n` of each parameter a directive names (by its written name or `$n`).
    private static func parameterIndices(_ names: [AnnotationParser.NamedDirectiveArgument], _ directive: String,
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
                diagnostics.error("'\(directive)' names no parameter of this query: '\(name.name)'", in: source, at: name.location)
                continue
            }
            result.insert(index)
        }
        return result
    }

    static func written(_ node: ParameterNode, _ source: SourceFile) -> String {
        source.text(from: node.range.start.offset, to: node.range.endOffset)
    }

    /// The offset of `keyword` (lower case): the token right before `offset`, with only
    /// whitespace or comments (`--`, nested `/* */`) between them.
    static func keywordOffset(before offset: Int, _ keyword: String, _ source: SourceFile) -> Int? {
        let bytes = source.bytes
        var end = min(offset, bytes.count)
        while end > 0, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(bytes[end - 1]) { end -= 1 }
        let start = end - keyword.utf8.count
        if start >= 0, String(decoding: bytes[start..<end], as: UTF8.self).lowercased() == keyword,
           start == 0 || !(bytes[start - 1] == UInt8(ascii: "_") || Lexer.isIdentifierContinuation(bytes[start - 1])) {
            return start
        }
        // A comment in between: the lexer knows where comments end and the keyword's token starts.
        var ignored = DiagnosticCollector()
        let tokens = Lexer.tokenize(source, diagnostics: &ignored).tokens
        guard let last = tokens.last(where: { $0.kind != .eof && $0.end <= offset }), last.isWord(keyword) else { return nil }
        return last.start
    }

    enum MarkRole: Hashable {
        case listStart(Int)
        case itemStart(Int, Int)
        case itemEnd(Int, Int)
    }

    /// Turns the rewritten pieces with their marks into the template's tree.
    private struct TreeBuilder {
        let pieces: [SQLRewriter.Piece]
        let roles: [Int: MarkRole]
        let lists: [CuttableList]
        /// By the offset of each `ORDER BY @order`: its sort's position and its keys' parts.
        let choices: [Int: (position: Int, keys: [[TemplatePart]])]
        var position = 0
        /// Every mark expected was found where it was expected.
        var isComplete = true

        init(pieces: [SQLRewriter.Piece], roles: [Int: MarkRole], lists: [CuttableList],
             choices: [Int: (position: Int, keys: [[TemplatePart]])]) {
            self.pieces = pieces
            self.roles = roles
            self.lists = lists
            self.choices = choices
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
                case .choice(let offset):
                    guard let choice = choices[offset] else {
                        isComplete = false
                        continue
                    }
                    parts.append(.choice(choice.position, choice.keys))
                case .mark(let id):
                    let role = roles[id]
                    if let stop, role == stop { return parts }
                    guard case .listStart(let list)? = role else {
                        isComplete = false
                        continue
                    }
                    parts.append(.clause(self.list(list)))
                }
            }
            if stop != nil { isComplete = false }
            return parts
        }

        private mutating func list(_ number: Int) -> TemplateClause {
            let count = lists[number].items.count
            let prefix = sequence(until: .itemStart(number, 0))
            var items: [TemplateItem] = []
            var separator: [TemplatePart] = []
            for item in 0..<count {
                let body = sequence(until: .itemEnd(number, item))
                items.append(TemplateItem(switches: (lists[number].switches[item] ?? []).sorted(), separator: separator, body: body))
                if item + 1 < count { separator = sequence(until: .itemStart(number, item + 1)) }
            }
            return TemplateClause(prefix: prefix, items: items, whenEmpty: lists[number].whenEmpty)
        }
    }
}
