#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The call candidates a catalog has built (CallCandidates.swift), by name and argument count: a
/// name's overloads are filtered (extensions, `postgresVersion`, search path) and expanded
/// (VARIADIC, defaults) once per run instead of at every call.
///
/// One cache belongs to one state of one catalog: `Catalog` starts a new one whenever something the
/// candidates depend on changes (its extensions, functions, search path or version), so a copy
/// mutated later, or the next schema's catalog, never reads another state's candidates. Copies of
/// an unchanged catalog share it. A lock guards the tables, so a catalog stays `Sendable`.
final class CallCandidateCache: @unchecked Sendable {
    /// Which routines a function entry is built from.
    enum Routines: Hashable {
        /// The built-in and extension overloads of the name.
        case builtIn
        /// User functions of the name (after the built-in overloads when unqualified).
        case userFunctions
        /// User procedures of the name (`CALL`).
        case procedures
    }

    struct Key: Hashable {
        let name: String
        let schema: String?
        let routines: Routines
        let argumentCount: Int
    }

    private struct OperatorKey: Hashable {
        let name: String
        let prefix: Bool
    }

    private var functionEntries: [Key: FunctionOverloads] = [:]
    private var operatorEntries: [OperatorKey: VisibleOperators] = [:]
    /// The derived values, one table per key and value type (``DerivedTable``), by that type.
    private var derived: [ObjectIdentifier: AnyObject] = [:]
    private let lock = CandidateLock()

    /// The entry for `key`, from `build` the first time.
    func functions(_ key: Key, build: () -> FunctionOverloads) -> FunctionOverloads {
        guard CandidateLock.isAvailable else { return build() }
        if let found = lock.withLock({ functionEntries[key] }) { return found }
        let built = build()
        lock.withLock { functionEntries[key] = built }
        return built
    }

    /// The visible binary (or prefix) operators named `name`, from `build` the first time.
    func operators(_ name: String, prefix: Bool, build: () -> VisibleOperators) -> VisibleOperators {
        guard CandidateLock.isAvailable else { return build() }
        let key = OperatorKey(name: name, prefix: prefix)
        if let found = lock.withLock({ operatorEntries[key] }) { return found }
        let built = build()
        lock.withLock { operatorEntries[key] = built }
        return built
    }

    /// A value a later stage derives from this catalog state alone (the analyzer's operator
    /// resolutions: the same operator on the same input types resolves the same way all run),
    /// from `build` the first time. `key` must identify everything `build` reads besides the catalog.
    /// Each key type has its own typed table: a lookup hashes and compares the key as it is,
    /// without boxing it in an `AnyHashable` or casting the value back.
    func derivedValue<Key: Hashable, Value>(_ key: Key, build: () -> Value) -> Value {
        guard CandidateLock.isAvailable else { return build() }
        let type = ObjectIdentifier(DerivedTable<Key, Value>.self)
        if let found = lock.withLock({ (derived[type] as? DerivedTable<Key, Value>)?.values[key] }) { return found }
        let built = build()
        lock.withLock {
            if let table = derived[type] as? DerivedTable<Key, Value> {
                table.values[key] = built
            } else {
                let table = DerivedTable<Key, Value>()
                table.values[key] = built
                derived[type] = table
            }
        }
        return built
    }
}

/// The derived values of one key and value type (``CallCandidateCache/derivedValue(_:build:)``);
/// only touched under the cache's lock.
private final class DerivedTable<Key: Hashable, Value> {
    var values: [Key: Value] = [:]
}

/// A mutual-exclusion lock over a pthread mutex (the generator depends on nothing, not even
/// Foundation's NSLock). Where there are no pthreads it is unavailable and the cache keeps nothing.
private final class CandidateLock: @unchecked Sendable {
    #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
    static let isAvailable = true
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    func withLock<Result>(_ body: () -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
    #else
    static let isAvailable = false

    func withLock<Result>(_ body: () -> Result) -> Result { body() }
    #endif
}
