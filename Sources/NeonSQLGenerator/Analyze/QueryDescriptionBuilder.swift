/// Builds the IR's parameter and column descriptions from what the statement analyzer found:
/// types settled (an untyped value is text), `-- @param` directives applied, and the parameters
/// that PostgreSQL could not type reported. `Analyze/QueryFileAnalyzer` calls it for each query.
enum QueryDescriptionBuilder {
    typealias ParameterDirective = AnnotationParser.ParameterDirective

    /// The parameters in `$n` order with their inferred types; a gap in the numbering or a type
    /// that cannot be inferred is an error (with the cast to write).
    static func parameters(_ table: ParameterTable, _ source: SourceFile,
                           _ diagnostics: inout DiagnosticCollector) -> [ParameterDescription] {
        var result: [ParameterDescription] = []
        for index in stride(from: 1, through: table.count, by: 1) {
            guard let slot = table.slots[index] else {
                let location = table.slots.values.map(\.location).min() ?? .unknown
                diagnostics.error("parameter $\(index) is never used; PostgreSQL cannot determine its type", in: source, at: location)
                continue
            }
            guard var type = slot.type, type != .unknown else {
                if slot.textByDefault {
                    result.append(describe(slot, type: .text))
                    continue
                }
                let written = slot.writtenName.map { "@" + $0 } ?? "$\(index)"
                diagnostics.error("could not determine the type of parameter \(written); add a cast such as \(written)::integer",
                                  in: source, at: slot.location)
                continue
            }
            if case .array(.unknown) = type { type = .array(.text) }
            result.append(describe(slot, type: type))
        }
        return result
    }

    /// Applies the `-- @param` directives that name a parameter by `$n` or by its SQL name; the
    /// others are returned for translation, which knows the parameters' Swift names.
    static func applyDirectives(_ directives: [ParameterDirective], to parameters: [ParameterDescription], _ table: ParameterTable,
                                _ source: SourceFile) -> (parameters: [ParameterDescription], pending: [PendingParameterDirective]) {
        var result = parameters
        var pending: [PendingParameterDirective] = []
        for directive in directives {
            guard let position = result.firstIndex(where: { parameter in
                "$\(parameter.index)" == directive.parameter || parameter.sqlName == directive.parameter
                    || table.slots[parameter.index]?.writtenName == directive.parameter
            }) else {
                let unmatched = Diagnostic(.error, "@param directive names no parameter of this query: '\(directive.parameter)'",
                                           in: source, at: directive.location)
                pending.append(PendingParameterDirective(name: directive.parameter, nullable: directive.nullable, unmatched: unmatched))
                continue
            }
            let parameter = result[position]
            result[position] = ParameterDescription(
                index: parameter.index, sqlName: parameter.sqlName, type: parameter.type, nullable: directive.nullable,
                elementNullable: parameter.elementNullable, origin: parameter.origin, originIsElement: parameter.originIsElement)
        }
        return (result, pending)
    }

    private static func describe(_ slot: ParameterTable.Slot, type: SQLType) -> ParameterDescription {
        ParameterDescription(
            index: slot.index, sqlName: slot.writtenName ?? slot.contextName, type: type.described,
            nullable: slot.explicitlyNullable || slot.nullMeaningful, elementNullable: slot.elementNullable,
            origin: slot.contextOrigin, originIsElement: slot.contextOriginIsElement)
    }

    /// The result columns as described to Render; an untyped value (a bare literal) is text, as in PostgreSQL.
    static func columns(_ columns: [OutputColumn]) -> [ColumnDescription] {
        var result: [ColumnDescription] = []
        result.reserveCapacity(columns.count)
        for column in columns {
            var type = column.value.type
            if type == .unknown { type = .text }
            if case .array(.unknown) = type { type = .array(.text) }
            var description = ColumnDescription(
                sqlName: column.name, type: type.described, nullable: column.nullable,
                elementNullable: column.value.elementNullable, origin: column.value.origin, location: column.location,
                embed: column.embed)
            description.nullabilityOverride = column.nullabilityOverride
            result.append(description)
        }
        return result
    }
}
