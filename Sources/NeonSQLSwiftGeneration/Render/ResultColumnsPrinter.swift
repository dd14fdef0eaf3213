/// Prints the `columns` of a `NeonSQL.DecodableRow` conformance, for row structs
/// (`SwiftRenderer`) and table models (`ModelRenderer`) alike.
///
/// Computed, not `static let`: a stored property's initializer is type-checked when the module is
/// emitted, on every build of the target (BENCHMARKS.md "Edit-rebuild loop"); the runtime builds
/// the array only when a response's fields were not seen before.
enum ResultColumnsPrinter {
    /// `public static var columns: [NeonSQL.ResultColumn] { [...] }`, a line per column.
    static func print(_ columns: [NamedValue], into printer: inout CodePrinter) {
        guard !columns.isEmpty else {
            printer.line("public static var columns: [NeonSQL.ResultColumn] { [] }")
            return
        }
        printer.block("public static var columns: [NeonSQL.ResultColumn]") { printer in
            printer.line("[")
            printer.indented { printer in
                // Read in place: a `NamedValue` copy retains about ten strings.
                for index in columns.indices {
                    printer.line("NeonSQL.ResultColumn(\(SwiftStringLiteral.quoted(columns[index].sqlName)), \(columns.runtimeType(at: index))),")
                }
            }
            printer.line("]")
        }
    }
}
