/// A `-- @param` directive that names no parameter by `$n` or by its SQL name. It may name one by
/// its Swift name, which only translation chooses (deduplicated, keywords avoided, `p1` for a
/// parameter without a name), so translation applies it, or reports `unmatched`.
struct PendingParameterDirective: Sendable, Hashable {
    /// The name as the directive writes it.
    let name: String
    let nullable: Bool
    /// "@param directive names no parameter of this query", at the directive.
    let unmatched: Diagnostic
}
