/// What a generated `Queries` struct (and its `Observe`) is to the code generated for each query
/// file: something holding the executor that runs the statements.
///
/// Generated code only. Each query file declares its queries as an extension of a protocol of its
/// own that refines this one, and the target's shared file makes `Queries` conform to each of them.
/// A query file then names no type that another file adds members to, so adding a query
/// recompiles that file (and the shared file's conformances), not every generated file.
public protocol GeneratedQueries: Sendable {
    /// What runs the statements (a `NeonClient`, or a test double).
    var executor: any QueryExecutor { get }
}

/// What a generated dependency client (`QueryClient`, and its `Observe`) is to the code generated
/// for each query file: the client's mode and the closures set on it.
///
/// Generated code only (see ``GeneratedQueries`` for why each query file extends a protocol of its
/// own rather than the client itself).
public protocol GeneratedQueryClient: Sendable {
    /// The mode and the closures set, shared by every query file's properties.
    var neonSQLState: QueryClientState { get set }
}

/// The state of a generated dependency client: how a query runs when no closure was set for it,
/// and the closures set, by query.
public struct QueryClientState: Sendable {
    /// How a query whose closure was not set answers.
    public enum Mode: Sendable {
        /// Runs the query with the executor.
        case live(any QueryExecutor)
        /// Throws ``UnimplementedQueryError`` (the client's `testValue`).
        case unimplemented
        /// Returns no rows, `nil` or 0 (the client's `previewValue`).
        case preview
    }

    /// How a query whose closure was not set answers.
    public let mode: Mode
    /// The closures set, by query name (observations under `observe.<query>`).
    public var overrides: [String: any Sendable] = [:]

    /// A state in `mode` with no closure set.
    public init(mode: Mode) {
        self.mode = mode
    }

    /// The executor of a live client, else nil.
    public var executor: (any QueryExecutor)? {
        if case .live(let executor) = mode { return executor }
        return nil
    }
}
