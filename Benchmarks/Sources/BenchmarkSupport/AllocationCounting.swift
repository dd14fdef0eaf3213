import Foundation
#if os(Linux)
import Glibc
#endif

/// Allocation counting needs ordo-one's malloc interposer preloaded: re-executes the process once
/// with `LD_PRELOAD` set to the interposer next to the executable (Linux; a no-op elsewhere or when
/// the library is missing).
public func ensureMallocInterposerPreloaded() {
    #if os(Linux)
    let environment = ProcessInfo.processInfo.environment
    guard environment["NEONSQL_BENCH_PRELOADED"] == nil else { return }
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    let library = executable.deletingLastPathComponent().appendingPathComponent("libMallocInterposerSwift.so").path
    guard FileManager.default.fileExists(atPath: library) else { return }
    setenv("LD_PRELOAD", library, 1)
    setenv("NEONSQL_BENCH_PRELOADED", "1", 1)
    var arguments = CommandLine.arguments.map { strdup($0) }
    arguments.append(nil)
    execv("/proc/self/exe", &arguments)
    #endif
}
