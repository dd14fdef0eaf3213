/// Thrown by a generated client's `testValue` for every query a test has not overridden:
/// `unimplemented: FetchJourneyDuas`. A test that reaches it calls a query it did not expect.
public struct UnimplementedQueryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The query's annotated name (`FetchJourneyDuas`).
    public let queryName: String

    /// Creates the error for the query named `queryName`.
    public init(_ queryName: String) {
        self.queryName = queryName
    }

    /// `unimplemented: <QueryName>`.
    public var description: String { "unimplemented: \(queryName)" }
}
