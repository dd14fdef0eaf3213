#if canImport(XcodeProjectPlugin)
import Foundation
import PackagePlugin
import XcodeProjectPlugin

/// The same generation for Xcode targets: the target's `.sql` input files, output names relative
/// to the project directory, and a `neon-sql.json` among the target's files as the config.
extension NeonSQLPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = target.inputFiles.map(\.url)
        let sqlFiles = files.filter { $0.pathExtension.lowercased() == "sql" }
        let configFile = files.filter { $0.lastPathComponent == GenerationPlan.configFileName }
            .sorted { $0.path < $1.path }.first
        let plan = try GenerationPlan(
            root: context.xcodeProject.directoryURL,
            sqlFiles: sqlFiles,
            configFile: configFile,
            workDirectory: context.pluginWorkDirectoryURL
        )
        return [Self.command(for: plan, tool: try context.tool(named: "neon-sql-gen").url, targetName: target.displayName)]
    }
}
#endif
