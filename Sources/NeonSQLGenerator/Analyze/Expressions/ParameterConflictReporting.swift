// A parameter used where PostgreSQL would reject the type an earlier use gave it.

/// Reports what PostgreSQL reports about one parameter's uses that disagree (two types, a NULL
/// test before any type). Owns no state: reads and changes the parameter table and the
/// diagnostics of `StatementAnalysisContext`, and calls no other part.
protocol ParameterConflictReporting: StatementAnalysisContext {}

extension ParameterConflictReporting {
    /// PostgreSQL types a parameter at its first coercion; every later use sees that type and is
    /// valid only where the context accepts it: implicitly (`int4` where `int8` is wanted,
    /// `varchar` where `text` is), by an assignment cast in an INSERT or SET (but one list's
    /// values are all read before any is coerced: there the types must be equal), or by an
    /// explicit cast. Elsewhere (`SET score = @x, title = @x`) PREPARE fails with "inconsistent
    /// types deduced for parameter": an error at this use, naming both places and both types,
    /// and a note at the first use. (Operators and functions see the parameter's type and report
    /// their own "does not exist" errors, as PostgreSQL does.)
    mutating func reportConflictingParameterType(_ index: Int, _ node: ParameterNode, _ context: OperandContext) {
        guard let wanted = context.type, isConcrete(wanted),
              let slot = parameters.slots[index], let fixed = slot.type, isConcrete(fixed),
              let firstUse = slot.typedAt, firstUse.offset != node.location.offset else { return }
        switch context.coercion {
        case .explicit:
            return
        case .exact:
            if fixed == wanted { return }
        case .assignment where slot.typedBy == context.coercion:
            if fixed == wanted { return }
        case .assignment:
            if TypeRules.canCoerceImplicitly(fixed, to: wanted, userCasts: catalog.userTypes.casts) || AssignmentCoercion.canCoerce(fixed, to: wanted, in: catalog) { return }
        case .implicit:
            if TypeRules.canCoerceImplicitly(fixed, to: wanted, userCasts: catalog.userTypes.casts) { return }
        }
        let written = source.text(from: node.range.start.offset, to: node.range.endOffset)
        let shown = displayName(node)
        error("parameter \(shown) is used as \(wanted.formatName) here and as \(fixed.formatName) at line \(firstUse.line):\(firstUse.column); "
              + "cast one use (\(written)::\(wanted.formatName)) or use two parameters", at: node.location)
        guard !reportedNestingTooDeep else { return }
        diagnostics.append(Diagnostic(.note, "parameter \(shown) is first used here, as \(fixed.formatName)", in: source, at: firstUse))
    }

    /// `@p IS NULL OR col = @p`: PostgreSQL leaves the IS NULL use, read before the comparison
    /// typed the parameter, unknown, and PREPARE fails with "could not determine data type of
    /// parameter". (`col = @p OR @p IS NULL` is fine.) Called when a use first types the parameter.
    mutating func reportNullTestBeforeType(_ index: Int) {
        guard let slot = parameters.slots[index], let nullTest = slot.untypedNullTestAt,
              let firstUse = slot.typedAt, let type = slot.type, isConcrete(type) else { return }
        let shown = slot.writtenName.map { "'\($0)'" } ?? "$\(index)"
        let cast = slot.writtenName.map { "@" + $0 } ?? "$\(index)"
        error("parameter \(shown) is tested with IS NULL before a later use gives it a type (\(type.formatName), at line \(firstUse.line):\(firstUse.column)); "
              + "PostgreSQL cannot determine its type here: write \(cast)::\(type.formatName) IS NULL, or put the IS NULL test after that use",
              at: nullTest)
    }

    /// After "operator/function does not exist": a parameter among `expressions` whose type came
    /// from an earlier use (`id = @x AND title = @x`) gets a note here naming that use, since
    /// the type is a consequence of it. `otherTypes[i]` is, for a comparison, the other
    /// operand's type for operand `i` (the cast to suggest); empty otherwise.
    mutating func noteParametersTypedElsewhere(_ expressions: [Expression], otherTypes: [SQLType]) {
        guard !reportedNestingTooDeep else { return }
        for (position, expression) in expressions.enumerated() {
            var inner = expression
            while case .parenthesized(let nested) = inner.kind { inner = nested }
            guard case .parameter(let node) = inner.kind, let index = parameters.index(of: node),
                  let slot = parameters.slots[index], let type = slot.type, isConcrete(type),
                  let firstUse = slot.typedAt, firstUse.offset != node.location.offset else { continue }
            let written = source.text(from: node.range.start.offset, to: node.range.endOffset)
            let other = position < otherTypes.count && expressions.count == 2 && isConcrete(otherTypes[position]) ? otherTypes[position] : nil
            let cast = other.map { "\(written)::\($0.formatName)" } ?? "\(written)::<type>"
            diagnostics.append(Diagnostic(.note, "parameter \(displayName(node)) is \(type.formatName) because of its first use at line \(firstUse.line):\(firstUse.column); "
                                          + "cast this use (\(cast)) or use two parameters", in: source, at: node.location))
        }
    }

    /// The select list's untyped parameters at the end of their SELECT: text (or `type`, a set
    /// operation's column type), unless a later use typed them otherwise (`SELECT @x AS a,
    /// @x::int AS b`), which PostgreSQL rejects.
    mutating func resolveUntypedTargets(_ targets: [(node: ParameterNode, alias: String?)], as type: SQLType = .text) {
        for (node, alias) in targets {
            guard let index = parameters.index(of: node) else { continue }
            if let known = parameters.type(of: index), known != .unknown {
                reportConflictingParameterType(index, node, OperandContext(type: type, coercion: .exact))
                continue
            }
            parameters.note(index, type: type, name: alias)
            if type == .text { parameters.markTextByDefault(index) }
            parameters.noteTypedAt(index, node.location, by: .implicit)
            reportNullTestBeforeType(index)
        }
    }

    /// The parameter node an expression is (possibly parenthesized).
    func parameterNode(of expression: Expression) -> ParameterNode? {
        switch expression.kind {
        case .parameter(let node): return node
        case .parenthesized(let inner): return parameterNode(of: inner)
        default: return nil
        }
    }

    /// `'x'` for `@x`, `$2` for `$2`.
    private func displayName(_ node: ParameterNode) -> String {
        switch node.reference {
        case .positional(let number): return "$\(number)"
        case .named(let name), .nullableNamed(let name): return "'\(name)'"
        }
    }

    /// A type a parameter can take: not unknown, not polymorphic, no unknown element.
    private func isConcrete(_ type: SQLType) -> Bool {
        if type == .unknown || TypeRules.isPolymorphic(type) { return false }
        if case .array(let element) = type { return isConcrete(element) }
        return true
    }
}
