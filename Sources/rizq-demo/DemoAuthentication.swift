import Foundation
import NeonSQL

/// How the demo signs in. With `RIZQ_DEMO_TOKEN_COMMAND` set it runs in JWT mode (Neon RLS): the
/// command stands in for the app's auth provider and prints a token for the signed-in user (run
/// with `RIZQ_DEMO_USER_ID` in its environment); the client asks for a token for each request.
/// Without it, the connection string's password authenticates.
enum DemoAuthentication {
    static let commandVariable = "RIZQ_DEMO_TOKEN_COMMAND"

    /// The bearer-token provider when a token command is configured, else `nil` (password mode).
    static func provider(environment: [String: String], userID: UUID) -> NeonAuthentication? {
        guard let command = environment[commandVariable], !command.isEmpty else { return nil }
        return .bearerToken {
            try await Task.detached { try runTokenCommand(command, userID: userID) }.value
        }
    }

    /// Runs the token command with `/bin/sh -c` and returns what it prints.
    static func runTokenCommand(_ command: String, userID: UUID) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        var environment = ProcessInfo.processInfo.environment
        environment["RIZQ_DEMO_USER_ID"] = userID.uuidString.lowercased()
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            // The command line may name key files but never holds a token; keep it out anyway.
            throw DemoError("\(commandVariable) failed with status \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
