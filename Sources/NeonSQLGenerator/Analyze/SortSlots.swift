/// The `-- @sort` slots of a statement: each `ORDER BY @order` parameter's offset with the keys
/// its directive declares, and the slots the analysis met as ORDER BY items. Set before the
/// analysis (`QueryFileAnalyzer`), consumed by `SelectAnalyzing`'s ORDER BY, read afterwards by
/// the query file analyzer (a slot never consumed is an error), `SQLRewriter` and
/// `QueryTemplateBuilder`.
struct SortSlots {
    private let declared: [Int: SortDirective]
    private var consumed: Set<Int> = []

    /// Slots of the directives in `declared`, by the offset of the parameter each stands for.
    init(_ declared: [Int: SortDirective] = [:]) {
        self.declared = declared
    }

    /// True when the statement has no `-- @sort` slot.
    var isEmpty: Bool { declared.isEmpty }

    /// The directive of the slot at `offset`, or nil when no slot is there.
    subscript(offset: Int) -> SortDirective? { declared[offset] }

    /// The directive of the slot at `offset`, marking the slot as met in ORDER BY; nil (and
    /// nothing marked) when no slot is there.
    mutating func consume(_ offset: Int) -> SortDirective? {
        guard let directive = declared[offset] else { return nil }
        consumed.insert(offset)
        return directive
    }

    /// Every slot in the order of the SQL text.
    var inOrder: [(key: Int, value: SortDirective)] { declared.sorted { $0.key < $1.key } }

    /// The slots the analysis never met as an ORDER BY item, in the order of the SQL text.
    var unconsumed: [(key: Int, value: SortDirective)] { inOrder.filter { !consumed.contains($0.key) } }
}
