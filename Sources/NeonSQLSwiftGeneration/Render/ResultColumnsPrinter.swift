import NeonSQLShared

/// Prints the `columns` of a `NeonSQL.DecodableRow` conformance, for row structs
/// (`SwiftRenderer`) and table models (`ModelRenderer`) alike.
///
/// Computed, not `static let`: a stored property's initializer is type-checked when the module is
/// emitted, on every build of the target (BENCHMARKS.md "Edit-rebuild loop"); the runtime builds
/// the array only when a response's fields were not seen before. One string literal the runtime
/// reads (`NeonSQL.ResultColumn.list`), not an array literal: a column per line was about 180
/// bytes of machine code per column (BENCHMARKS.md "First build of a large target's generated code").
enum ResultColumnsPrinter {
    /// `public static var columns: [NeonSQL.ResultColumn] { NeonSQL.ResultColumn.list("id:int4,...") }`.
    static func print(_ columns: [NamedValue], into printer: inout CodePrinter) {
        guard !columns.isEmpty else {
            printer.line("public static var columns: [NeonSQL.ResultColumn] { [] }")
            return
        }
        var spec = ""
        // Read in place: a `NamedValue` copy retains about ten strings.
        for index in columns.indices {
            if index > 0 { spec += "," }
            spec += ColumnListSpec.escaped(columns[index].sqlName)
            spec += ":"
            spec += SwiftTypeMapping.runtimeTypeSpec(for: columns[index].type)
        }
        printer.line("public static var columns: [NeonSQL.ResultColumn] { NeonSQL.ResultColumn.list(\(SwiftStringLiteral.quoted(spec))) }")
    }
}
