#if canImport(XcodeProjectPlugin)
import Foundation
import PackagePlugin
import XcodeProjectPlugin

/// The same generation for Xcode targets. An Xcode target has no directory of its own, so output
/// names are relative to the deepest folder holding all of the target's `.sql` files (and its
/// `neon-sql.json`, a file named so among the target's files, if any).
extension NeonSQLPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = target.inputFiles.map(\.url)
        let sqlFiles = files.filter { $0.pathExtension.lowercased() == "sql" }
        let configFile = files.filter { $0.lastPathComponent == GenerationPlan.configFileName }
            .sorted { $0.path < $1.path }.first
        guard let root = GenerationPlan.commonDirectory(of: sqlFiles + (configFile.map { [$0] } ?? [])) else {
            return []
        }
        let lockFile = files.filter { $0.lastPathComponent == GenerationPlan.lockFileName }.sorted { $0.path < $1.path }.first
        let plan = try GenerationPlan(
            root: root,
            sqlFiles: sqlFiles,
            configFile: configFile,
            lockFile: lockFile,
            workDirectory: context.pluginWorkDirectoryURL
        )
        return [Self.command(for: plan, tool: try context.tool(named: "neon-sql-gen-build").url, targetName: target.displayName)]
    }
}
#endif
