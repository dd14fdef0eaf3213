// Shared by `neon-sql-gen` and `NeonSQLPlugin` (Plugins/NeonSQLPlugin/Shared is a symlink to this
// folder): the one output plan, which both must apply identically (the plugin declares the
// outputs, the CLI writes them): each query file's output name and the collisions between them.

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

    /// `path` relative to the directory `root` when it lies inside it, else its file name. Both are
    /// absolute and standardized (no `.`, `..` or trailing `/` needed).
    static func relativePath(of path: String, to root: String) -> String {
        let base = root.hasSuffix("/") ? root : root + "/"
        if path.hasPrefix(base) { return String(path.dropFirst(base.count)) }
        return path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The output file name of each query file (standardized absolute paths, in order), all in one
    /// directory: two query files may not get one name, nor may one get `reservedName` (the shared
    /// file's, when it is written to the same directory).
    static func outputFileNames(forQueryFiles paths: [String], root: String,
                                reservedName: String?) -> Result<[String], OutputNameCollision> {
        var claimed: [String: String] = [:]
        var names: [String] = []
        for path in paths {
            let name = outputFileName(forRelativePath: relativePath(of: path, to: root))
            if name == reservedName { return .failure(OutputNameCollision(path: path, otherPath: nil, name: name)) }
            if let other = claimed[name] { return .failure(OutputNameCollision(path: path, otherPath: other, name: name)) }
            claimed[name] = path
            names.append(name)
        }
        return .success(names)
    }
}

/// Two query files (or a query file and the shared file) that would generate the same file.
struct OutputNameCollision: Error, Equatable {
    /// The later query file.
    let path: String
    /// The earlier query file, or nil when the name is the shared file's.
    let otherPath: String?
    /// The output file name both would have.
    let name: String

    /// What the plugin and the CLI report.
    var message: String {
        if let otherPath { return "'\(otherPath)' and '\(path)' would both generate \(name); rename one of them" }
        return "'\(path)' would generate \(name), the name of the shared file; rename it"
    }
}
