// Shared by `neon-sql-gen` and `NeonSQLPlugin` (Plugins/NeonSQLPlugin/Shared is a symlink to this
// folder): the one output-naming rule, which both must apply identically (the plugin declares the
// outputs, the CLI writes them).

/// Where the generated Swift of each query file goes.
enum OutputFileNaming {
    /// The per-target file holding the target's `Queries`, `Statements`, client and enums.
    static let sharedFileName = "NeonSQLSchema.swift"

    /// The output file name for a query file: its path relative to the target (or to `--root`),
    /// without `.sql`, with `/` replaced by `_`, plus `.swift`.
    /// `queries/fetch_duas.sql` -> `queries_fetch_duas.swift`; `fetch_duas.sql` -> `fetch_duas.swift`.
    static func outputFileName(forRelativePath relativePath: String) -> String {
        var path = Substring(relativePath)
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        while path.hasPrefix("/") { path = path.dropFirst() }
        var name = String(path)
        if name.lowercased().hasSuffix(".sql") { name = String(name.dropLast(4)) }
        return name.split(separator: "/", omittingEmptySubsequences: false).joined(separator: "_") + ".swift"
    }
}
