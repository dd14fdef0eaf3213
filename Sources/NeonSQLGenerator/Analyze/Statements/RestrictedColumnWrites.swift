// Writes PostgreSQL refuses into identity columns `GENERATED ALWAYS` and generated columns, as
// rewriteTargetListIU (src/backend/rewrite/rewriteHandler.c) refuses them when the statement is
// prepared: an INSERT may give such a column only DEFAULT (in every row of a VALUES list), except
// that an identity column takes any value under `OVERRIDING SYSTEM VALUE` (and under `OVERRIDING
// USER VALUE`, which writes its default instead); UPDATE, ON CONFLICT DO UPDATE and MERGE's UPDATE
// may set it only to DEFAULT. A column written through a `.field` or `[subscript]` is left alone.

/// The errors of writes into restricted columns (`CatalogColumn.writeRestriction`); stateless.
enum RestrictedColumnWrites {
    /// One refused write: PostgreSQL's message and DETAIL, where to report it.
    struct Refusal: Sendable, Hashable {
        let message: String
        let location: SourceLocation
    }

    /// An INSERT's (or MERGE's INSERT's) target columns against its values: `rows` for a VALUES
    /// list, nil for a query (whose values are never DEFAULT). `names` are the column list's
    /// identifiers (empty when the list is omitted), for the location when there is no value.
    static func insert(into columns: [CatalogColumn], names: [Identifier], through steps: [[AssignmentIndirection]],
                       rows: [[Expression]]?, overriding: InsertOverriding?, at location: SourceLocation) -> [Refusal] {
        var refusals: [Refusal] = []
        for (index, column) in columns.enumerated() {
            guard let restriction = column.writeRestriction, index >= steps.count || steps[index].isEmpty else { continue }
            if restriction == .identityAlways, overriding != nil { continue }
            var written: Expression?
            if let rows {
                written = rows.lazy.compactMap { index < $0.count ? $0[index] : nil }.first { !$0.isDefaultMarker }
                guard written != nil else { continue }
            }
            let place = written?.location ?? (index < names.count ? names[index].location : location)
            refusals.append(Refusal(
                message: "cannot insert a non-DEFAULT value into column \"\(column.name)\": \(detail(restriction, column))",
                location: place))
        }
        return refusals
    }

    /// A SET clause (UPDATE, ON CONFLICT DO UPDATE, MERGE's UPDATE) assigning `columns`.
    static func update(_ clause: SetClause, columns: [CatalogColumn]) -> [Refusal] {
        var refusals: [Refusal] = []
        for (index, column) in columns.enumerated() {
            guard let restriction = column.writeRestriction,
                  index >= clause.indirections.count || clause.indirections[index].isEmpty else { continue }
            let value = columns.count == 1 ? clause.value : clause.rowValues(count: columns.count)?[index]
            if value?.isDefaultMarker ?? false { continue }
            refusals.append(Refusal(
                message: "column \"\(column.name)\" can only be updated to DEFAULT: \(detail(restriction, column))",
                location: value?.location ?? clause.columns[min(index, clause.columns.count - 1)].location))
        }
        return refusals
    }

    /// PostgreSQL's DETAIL for the column.
    private static func detail(_ restriction: ColumnWriteRestriction, _ column: CatalogColumn) -> String {
        switch restriction {
        case .identityAlways: "Column \"\(column.name)\" is an identity column defined as GENERATED ALWAYS."
        case .generated: "Column \"\(column.name)\" is a generated column."
        }
    }
}

private extension Expression {
    /// `DEFAULT` as a value (not inside parentheses: PostgreSQL's grammar has no `(DEFAULT)`).
    var isDefaultMarker: Bool {
        if case .defaultValue = kind { return true }
        return false
    }
}
