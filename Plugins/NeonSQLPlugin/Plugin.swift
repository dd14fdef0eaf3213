import Foundation
import PackagePlugin

/// Runs `neon-sql-gen-build generate` (`neon-sql-gen` without the commands that need a database)
/// over a target's `.sql` files: one Swift file per query file plus `NeonSQLSchema.swift`, all in
/// the plugin's work directory. See `GenerationPlan` for the rules.
@main
struct NeonSQLPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        // Generated Swift can only join a Swift target.
        guard let target = target as? SwiftSourceModuleTarget else { return [] }
        let sqlFiles = target.sourceFiles(withSuffix: "sql").map(\.url)
        let configURL = target.directoryURL.appendingPathComponent(GenerationPlan.configFileName)
        let configFile = FileManager.default.fileExists(atPath: configURL.path) ? configURL : nil
        let lockURL = target.directoryURL.appendingPathComponent(GenerationPlan.lockFileName)
        let plan = try GenerationPlan(
            root: target.directoryURL,
            sqlFiles: sqlFiles,
            configFile: configFile,
            lockFile: FileManager.default.fileExists(atPath: lockURL.path) ? lockURL : nil,
            workDirectory: context.pluginWorkDirectoryURL
        )
        return [try Self.command(for: plan, tool: context.tool(named: "neon-sql-gen-build").url, targetName: target.name)]
    }

    static func command(for plan: GenerationPlan, tool: URL, targetName: String) -> Command {
        .buildCommand(
            displayName: "Generating Swift from \(plan.queryFiles.count) SQL file(s) for \(targetName)",
            executable: tool,
            arguments: plan.arguments,
            inputFiles: plan.inputFiles,
            outputFiles: plan.allOutputFiles
        )
    }
}
