import Foundation

/// What one target's generator run reads and writes, computed from the target's `.sql` files.
/// Shared by the SwiftPM and Xcode entry points. The output plan (names and collisions) and the
/// `neon-sql.json` reader are the CLI's own files (`Shared/`, a symlink), so the two cannot disagree.
struct GenerationPlan {
    /// Schema files in the order they are applied (path order: migrations by name).
    let schemaFiles: [URL]
    /// Query files, in path order.
    let queryFiles: [URL]
    /// One generated Swift file per query file, same order.
    let outputFiles: [URL]
    /// The shared file with the schema's enums.
    let sharedOutput: URL
    /// `neon-sql.json`, when the target has one (an input too: editing it reruns the generator).
    let configFile: URL?
    /// `neon-sql.lock.json`, when the target has one (an input too).
    let lockFile: URL?
    /// The directory output names are relative to (the target's, or the Xcode project's).
    let root: URL
    let outputDirectory: URL

    static let sharedFileName = OutputFileNaming.sharedFileName
    static let configFileName = NeonSQLConfig.fileName
    static let lockFileName = NeonSQLConfig.lockFileName
    /// Folders whose `.sql` files are the schema when there is no config file.
    static let schemaFolderNames: Set<String> = ["schema", "migrations"]

    /// - Parameters:
    ///   - root: the target's directory (SwiftPM) or the project's (Xcode).
    ///   - sqlFiles: every `.sql` file of the target.
    ///   - configFile: the target's `neon-sql.json`, if any.
    ///   - lockFile: the target's `neon-sql.lock.json`, if any.
    ///   - workDirectory: the plugin's work directory for this target.
    init(root: URL, sqlFiles: [URL], configFile: URL?, lockFile: URL? = nil, workDirectory: URL) throws {
        let root = root.standardizedFileURL
        let files = Self.unique(sqlFiles.map(\.standardizedFileURL))
        var config: NeonSQLConfig?
        if let configFile {
            do {
                config = try NeonSQLConfig.load(from: configFile)
            } catch {
                throw PluginError(error.description)
            }
        }
        let schemaFiles: [URL]
        if let configFile, let schemaRoots = config?.schemaRoots(relativeTo: configFile) {
            do {
                schemaFiles = try NeonSQLConfig.schemaFiles(under: schemaRoots, also: files)
            } catch {
                throw PluginError(error.description)
            }
        } else {
            schemaFiles = files.filter { file in
                let directories = Self.relativePath(of: file, to: root).split(separator: "/").dropLast()
                return directories.contains { Self.schemaFolderNames.contains(String($0)) }
            }.sorted { Self.relativePath(of: $0, to: root) < Self.relativePath(of: $1, to: root) }
        }
        let schemaPaths = Set(schemaFiles.map(\.path))
        let queryFiles = files.filter { !schemaPaths.contains($0.path) }
            .sorted { Self.relativePath(of: $0, to: root) < Self.relativePath(of: $1, to: root) }

        let outputDirectory = workDirectory.appendingPathComponent("GeneratedSources")
        let sharedOutput = outputDirectory.appendingPathComponent(Self.sharedFileName)
        let outputs: [URL]
        switch OutputFileNaming.outputFileNames(forQueryFiles: queryFiles.map(\.path), root: root.path, reservedName: Self.sharedFileName) {
        case .success(let names): outputs = names.map { outputDirectory.appendingPathComponent($0) }
        case .failure(let collision): throw PluginError(collision.message)
        }

        self.schemaFiles = schemaFiles
        self.queryFiles = queryFiles
        self.outputFiles = outputs
        self.sharedOutput = sharedOutput
        self.configFile = configFile
        self.lockFile = lockFile
        self.root = root
        self.outputDirectory = outputDirectory
    }

    /// `neon-sql-gen` arguments. Paths are absolute so that diagnostics point at the `.sql` files
    /// in Xcode and SwiftPM output.
    var arguments: [String] {
        var arguments = [
            "generate",
            "--output-dir", outputDirectory.path,
            "--shared-output", sharedOutput.path,
            "--root", root.path,
        ]
        for file in schemaFiles { arguments += ["--schema", file.path] }
        if let configFile { arguments += ["--config", configFile.path] }
        if let lockFile { arguments += ["--lock", lockFile.path] }
        arguments.append("--")
        arguments += queryFiles.map(\.path)
        return arguments
    }

    /// Everything the run reads: every `.sql` file (schema and queries), the config and lock files.
    var inputFiles: [URL] { schemaFiles + queryFiles + (configFile.map { [$0] } ?? []) + (lockFile.map { [$0] } ?? []) }

    /// Everything the run writes.
    var allOutputFiles: [URL] { outputFiles + [sharedOutput] }

    /// The path of `file` relative to `root` when it lies inside, else its file name (the shared
    /// rule in `Shared/OutputPlan.swift`, the CLI's own file).
    static func relativePath(of file: URL, to root: URL) -> String {
        OutputFileNaming.relativePath(of: file.path, to: root.path)
    }

    /// The deepest directory containing every file, or nil for no files.
    static func commonDirectory(of files: [URL]) -> URL? {
        let directories = files.map { $0.standardizedFileURL.deletingLastPathComponent().pathComponents }
        guard var common = directories.first else { return nil }
        for components in directories.dropFirst() {
            var length = 0
            while length < min(common.count, components.count), common[length] == components[length] { length += 1 }
            common = Array(common.prefix(length))
        }
        guard !common.isEmpty else { return nil }
        let path = common.first == "/" ? "/" + common.dropFirst().joined(separator: "/") : common.joined(separator: "/")
        return URL(fileURLWithPath: path, isDirectory: true)
    }

    private static func unique(_ files: [URL]) -> [URL] {
        var seen = Set<String>()
        return files.filter { seen.insert($0.path).inserted }
    }
}

/// A problem with the target's setup, shown by the build as the plugin's error.
struct PluginError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = "NeonSQLPlugin: " + description
    }
}
