import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An advisory lock on a file of the outbox directory (`flock`), shared by every process that
/// opens the directory (an app and its extensions): the operating system releases it when the
/// holder exits, crash or `kill -9` included, so a dead process never keeps it.
///
/// Waiting never blocks a thread: ``acquire()`` tries without blocking and sleeps between tries.
final class OutboxFileLock: @unchecked Sendable {
    private let descriptor: Int32
    private let state = NSLock()
    private var held = false

    /// Opens (creating if needed) the lock file at `url`.
    init(url: URL) throws {
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw OutboxError.storage("cannot open the lock file \(url.lastPathComponent): \(String(cString: strerror(errno)))") }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Takes the lock if no other holder has it; `false` when another process (or another
    /// ``OutboxFileLock`` of this file) holds it.
    func tryAcquire() -> Bool {
        state.withLock {
            if held { return false }
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
                held = true
                return true
            }
            return false
        }
    }

    /// Takes the lock, waiting (in 1 ms sleeps, never blocking a thread) until it is free.
    func acquire() async throws {
        var wait: UInt64 = 200_000
        while !tryAcquire() {
            try await Task.sleep(nanoseconds: wait)
            wait = min(wait * 2, 5_000_000)
        }
    }

    /// Releases the lock.
    func release() {
        state.withLock {
            guard held else { return }
            flock(descriptor, LOCK_UN)
            held = false
        }
    }
}
