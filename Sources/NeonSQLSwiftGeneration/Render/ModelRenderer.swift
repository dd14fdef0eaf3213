/// Prints the table models (`Translate/TableModels.swift`) into the target's shared file: per
/// table or view that a query returns whole, a struct in the shape of a row struct (`Sendable`,
/// `Hashable`, `Codable` with `codableRows`, `Identifiable` with a unique NOT NULL `id`, a memberwise init) and its
/// `NeonSQL.DecodableRow` conformance; `decodeIfPresent(from:)` when an outer-joined
/// `sqlc.embed(t)` holds it.
enum ModelRenderer {
    /// Every model, in the given order (the naming step sorts them by name).
    static func render(_ models: [NamedTableModel], codableRows: Bool, into printer: inout CodePrinter) {
        for model in models {
            printer.blankLine()
            renderStruct(model, codableRows: codableRows, into: &printer)
            printer.blankLine()
            renderDecodableRow(model, into: &printer)
        }
    }

    private static func renderStruct(_ model: NamedTableModel, codableRows: Bool, into printer: inout CodePrinter) {
        let conformances = RowConformances.list(codableRows: codableRows, identifiable: model.isIdentifiable, hasFields: !model.fields.isEmpty)
        let kind = model.relationKind
        printer.docComment([
            "A row of the \(kind) `\(CodePrinter.sanitizedCommentText(model.sqlName))`, with the \(kind)'s nullability: what every",
            "query of this module returns whose result is exactly the \(kind)'s columns, in order.",
        ])
        printer.block("public struct \(model.typeName): \(conformances)") { printer in
            for field in model.fields {
                printer.line("public var \(SwiftIdentifiers.escaped(field.name)): \(field.codeType)")
            }
            printer.blankLine()
            let arguments = model.fields.map { "\(SwiftIdentifiers.escaped($0.name)): \($0.codeType)" }.joined(separator: ", ")
            printer.block("public init(\(arguments))") { printer in
                for field in model.fields {
                    printer.line("self.\(SwiftIdentifiers.escaped(field.name)) = \(SwiftIdentifiers.escaped(field.name))")
                }
            }
            RowConformances.printFields(model.fields.map { (SwiftIdentifiers.escaped($0.name), $0.codeType) }, into: &printer)
        }
    }

    private static func renderDecodableRow(_ model: NamedTableModel, into printer: inout CodePrinter) {
        printer.block("extension \(model.typeName): NeonSQL.DecodableRow") { printer in
            ResultColumnsPrinter.print(model.fields, into: &printer)
            printer.blankLine()
            printer.block("public init(from row: inout NeonSQL.RowDecoder) throws") { printer in
                for field in model.fields {
                    printer.line("self.\(SwiftIdentifiers.escaped(field.name)) = try row.decode(\(field.codeType).self)")
                }
            }
            if model.decodesIfPresent {
                printer.blankLine()
                printDecodeIfPresent(fields: model.fields, into: &printer)
            }
        }
    }

    /// `static func decodeIfPresent(from:)` of a value an outer join may leave out: reads every
    /// field as optional; nil when a NOT NULL one (or, without one, every one) is NULL. Shared with
    /// the nested structs of `sqlc.embed` (Render/SwiftRenderer.swift).
    static func printDecodeIfPresent(fields: [NamedValue], into printer: inout CodePrinter) {
        printer.docComment(["Reads the columns; nil when the outer join found no row (every column NULL, or a NOT NULL one)."])
        printer.block("static func decodeIfPresent(from row: inout NeonSQL.RowDecoder) throws -> Self?") { printer in
            for (position, field) in fields.enumerated() {
                let optionalType = field.typeUsage.isOptional ? field.codeType : field.codeType + "?"
                printer.line("let value\(position + 1) = try row.decode(\(optionalType).self)")
            }
            let required = fields.indices.filter { !fields[$0].typeUsage.isOptional }
            if !required.isEmpty {
                printer.line("guard " + required.map { "let value\($0 + 1)" }.joined(separator: ", ") + " else { return nil }")
            }
            let nullable = fields.indices.filter { fields[$0].typeUsage.isOptional }
            if required.isEmpty {
                printer.line("if " + nullable.map { "value\($0 + 1) == nil" }.joined(separator: ", ") + " { return nil }")
            }
            let arguments = fields.enumerated().map { "\(SwiftIdentifiers.argumentLabel($1.name)): value\($0 + 1)" }
            printer.line("return Self(\(arguments.joined(separator: ", ")))")
        }
    }
}
