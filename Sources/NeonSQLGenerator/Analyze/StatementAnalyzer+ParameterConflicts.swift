// A parameter used where PostgreSQL would reject the type an earlier use gave it.
extension StatementAnalyzer {
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
        case .assignment where slot.typedBy == context.coercion:
            if fixed == wanted { return }
        case .assignment:
            if TypeRules.canCoerceImplicitly(fixed, to: wanted) || canAssign(fixed, to: wanted) { return }
        case .implicit:
            if TypeRules.canCoerceImplicitly(fixed, to: wanted) { return }
        }
        let written = source.text(from: node.range.start.offset, to: node.range.endOffset)
        let shown: String
        switch node.reference {
        case .positional(let number): shown = "$\(number)"
        case .named(let name), .nullableNamed(let name): shown = "'\(name)'"
        }
        error("parameter \(shown) is used as \(wanted.formatName) here and as \(fixed.formatName) at line \(firstUse.line):\(firstUse.column); "
              + "cast one use (\(written)::\(wanted.formatName)) or use two parameters", at: node.location)
        guard !reportedNestingTooDeep else { return }
        diagnostics.append(Diagnostic(.note, "parameter \(shown) is first used here, as \(fixed.formatName)", in: source, at: firstUse))
    }

    /// An assignment cast exists (pg_cast context `a`), or PostgreSQL's automatic I/O conversion
    /// to a string type, which assignment allows.
    private func canAssign(_ source: SQLType, to target: SQLType) -> Bool {
        let from = source.baseType
        let to = target.baseType
        if TypeRules.category(to) == "S" { return true }
        guard let fromName = from.typname, let toName = to.typname else { return false }
        return TypeRules.builtins.casts[fromName]?[toName] == "a"
    }

    /// A type a parameter can take: not unknown, not polymorphic, no unknown element.
    private func isConcrete(_ type: SQLType) -> Bool {
        if type == .unknown || TypeRules.isPolymorphic(type) { return false }
        if case .array(let element) = type { return isConcrete(element) }
        return true
    }
}
