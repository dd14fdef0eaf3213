/// Thrown for a read with ``CachePolicy/cacheOnly`` that has no cached entry (or no
/// ``NeonClient/configuration`` cache): nothing was sent.
public struct CacheMissError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The annotated name of the query.
    public let queryName: String

    /// An error for the query named `queryName`.
    public init(queryName: String) {
        self.queryName = queryName
    }

    /// Names the query; never its parameters.
    public var description: String {
        "NeonSQL: no cached result for \(queryName) and the cache policy is cacheOnly"
    }
}
