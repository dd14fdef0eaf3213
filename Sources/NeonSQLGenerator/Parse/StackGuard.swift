// Keeps the recursive-descent parser from overflowing the thread's stack on pathological nesting.

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

#if canImport(Glibc) || canImport(Musl)
/// glibc's `pthread_getattr_np` (a GNU extension the Glibc module does not export: it is declared
/// only under `_GNU_SOURCE`). Pointer and integer arguments make the Swift and C conventions agree.
@_silgen_name("pthread_getattr_np")
private func linuxGetThreadAttributes(_ thread: pthread_t, _ attributes: UnsafeMutablePointer<pthread_attr_t>) -> Int32
#endif

/// The lowest usable stack address of the current thread, so the parser can stop with a
/// diagnostic before it runs out of stack, whatever the thread's stack size (8 MB on a main
/// thread, 512 KB on a secondary thread on Apple platforms). nil when the platform cannot tell.
enum StackGuard {
    /// Stack to keep free below the deepest grammar function that checks.
    static let reserve = 128 * 1024

    ///
    /// Computed once per thread and kept in thread-specific storage: glibc finds the main thread's
    /// stack by reading /proc/self/maps, which costs more than parsing a statement, and every
    /// parser and statement analyzer asks.
    static func currentThreadStackLowBound() -> UInt? {
        #if canImport(Glibc) || canImport(Musl)
        if let key = lowBoundKey, let cached = pthread_getspecific(key) { return UInt(bitPattern: cached) }
        let bound = computeCurrentThreadStackLowBound()
        if let key = lowBoundKey, let bound, let value = UnsafeMutableRawPointer(bitPattern: bound) {
            _ = pthread_setspecific(key, value)
        }
        return bound
        #else
        return computeCurrentThreadStackLowBound()
        #endif
    }

    #if canImport(Glibc) || canImport(Musl)
    /// The thread-specific slot holding each thread's bound (nil if no key could be made).
    private static let lowBoundKey: pthread_key_t? = {
        var key = pthread_key_t()
        return pthread_key_create(&key, nil) == 0 ? key : nil
    }()
    #endif

    private static func computeCurrentThreadStackLowBound() -> UInt? {
        #if canImport(Darwin)
        let thread = pthread_self()
        let top = UInt(bitPattern: pthread_get_stackaddr_np(thread))
        let size = UInt(pthread_get_stacksize_np(thread))
        return top > size ? top - size : nil
        #elseif canImport(Glibc) || canImport(Musl)
        var attributes = pthread_attr_t()
        guard linuxGetThreadAttributes(pthread_self(), &attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        var address: UnsafeMutableRawPointer?
        var size = 0
        guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address else { return nil }
        return UInt(bitPattern: address)
        #else
        return nil
        #endif
    }

    /// True when less than ``reserve`` bytes of the current thread's stack remain above
    /// `lowBound` (from ``currentThreadStackLowBound()``); false when the bound is unknown.
    @inline(never)
    static func isNearlyExhausted(lowBound: UInt?) -> Bool {
        guard let lowBound else { return false }
        return approximateStackPointer() < lowBound + UInt(reserve)
    }

    /// An address in the caller's frame (approximately the current stack pointer).
    @inline(never)
    static func approximateStackPointer() -> UInt {
        var marker: UInt8 = 0
        return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }
}
