/// A `-- @param` directive that names no parameter by `$n` or by its SQL name. It may name one by
/// its Swift name, which only translation chooses (deduplicated, keywords avoided, `p1` for a
/// parameter without a name), so translation applies it, or reports `unmatched`.
package struct PendingParameterDirective: Sendable, Hashable {
    /// The name as the directive writes it.
    package let name: String
    package let nullable: Bool
    /// "@param directive names no parameter of this query", at the directive.
    package let unmatched: Diagnostic

    /// Every stored property, as the memberwise initializer takes them.
    package init(name: String, nullable: Bool, unmatched: Diagnostic) {
        self.name = name
        self.nullable = nullable
        self.unmatched = unmatched
    }
}
