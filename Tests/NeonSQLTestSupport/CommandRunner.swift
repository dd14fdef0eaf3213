import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a command printed and how it ended.
public struct CommandResult: Sendable {
    /// The exit status (or 128 + the signal that ended it).
    public var status: Int32
    public var stdout: String
    public var stderr: String

    /// Whether it exited with status 0.
    public var succeeded: Bool { status == 0 }
}

/// Runs the test suites' helper commands (psql, swiftc, the CLI, scripts): spawned with
/// `posix_spawn` and awaited with `waitpid`, its input, output and errors through files, so no pipe
/// can fill and block either side, and no exit can be missed (Foundation's `Process.waitUntilExit`
/// missed the exit of a script that starts a daemon and waited forever).
public enum CommandRunner {
    /// Why a command did not run or did not succeed.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Runs `arguments` (the first is looked up on `PATH`), blocking the calling thread until it ends.
    ///
    /// Only on threads of ``OffPool`` (through ``runOffPool(_:input:directory:environment:)``, or in
    /// a test marked `.offCooperativePool`): on a cooperative thread it throws instead of blocking
    /// it, since every other test of the run would wait meanwhile.
    /// - Parameters:
    ///   - input: written to its standard input (empty when `nil`).
    ///   - directory: its working directory (the current one when `nil`).
    ///   - environment: changes to this process's environment (`nil` removes a variable).
    public static func run(
        _ arguments: [String], input: String? = nil, directory: URL? = nil, environment: [String: String?] = [:]
    ) throws -> CommandResult {
        guard let program = arguments.first else { throw Failure(description: "no command") }
        guard OffPool.isCurrentThreadOwn else {
            throw Failure(description: "\(program) would block a cooperative thread (and with it other tests): "
                + "call CommandRunner.runOffPool, or mark the suite .offCooperativePool")
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("neon-sql-command-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let inputPath = scratch.appendingPathComponent("in").path
        let outputPath = scratch.appendingPathComponent("out").path
        let errorPath = scratch.appendingPathComponent("err").path
        try Data((input ?? "").utf8).write(to: URL(fileURLWithPath: inputPath))

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inputPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        // A working directory through the shell (posix_spawn has no portable chdir action).
        let command = directory.map { ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", $0.path] + arguments } ?? arguments
        var variables = ProcessInfo.processInfo.environment
        for (name, value) in environment { variables[name] = value }
        var argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, command[0], &actions, nil, &argv, &envp)
        guard spawned == 0 else { throw Failure(description: "\(program) could not start: error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let exited = status & 0x7f == 0
        return CommandResult(
            status: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f),
            stdout: (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")
    }

    /// ``run(_:input:directory:environment:)`` on a thread of its own (``OffPool``), off the
    /// cooperative threads that other tests (and in-process servers) need meanwhile.
    public static func runOffPool(
        _ arguments: [String], input: String? = nil, directory: URL? = nil, environment: [String: String?] = [:]
    ) async throws -> CommandResult {
        try await OffPool.run("neon-sql-test-command") {
            try run(arguments, input: input, directory: directory, environment: environment)
        }
    }
}
