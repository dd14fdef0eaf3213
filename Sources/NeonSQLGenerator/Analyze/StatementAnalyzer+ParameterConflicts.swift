// A parameter used where PostgreSQL would reject the type an earlier use gave it.
extension StatementAnalyzer {
    /// PostgreSQL types a parameter at its first coercion; every later use sees that type and is
    /// valid only where the type is accepted implicitly (`int4` where `int8` is wanted, `varchar`
    /// where `text` is). Elsewhere (`id = @x AND name = @x`: bigint, then text) PREPARE fails
    /// with "operator does not exist" or "inconsistent types deduced for parameter": an error at
    /// this use, naming both places and both types, and a note at the first use.
    mutating func reportConflictingParameterType(_ index: Int, _ node: ParameterNode, wanted: SQLType?) {
        guard let wanted, isConcrete(wanted),
              let slot = parameters.slots[index], let fixed = slot.type, isConcrete(fixed),
              let firstUse = slot.typedAt, firstUse.offset != node.location.offset,
              !TypeRules.canCoerceImplicitly(fixed, to: wanted) else { return }
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

    /// A type a parameter can take: not unknown, not polymorphic, no unknown element.
    private func isConcrete(_ type: SQLType) -> Bool {
        if type == .unknown || TypeRules.isPolymorphic(type) { return false }
        if case .array(let element) = type { return isConcrete(element) }
        return true
    }
}
