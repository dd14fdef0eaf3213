/// A value a PATCH-style update (`-- @patch`) sets or leaves as it is.
///
/// A generated function takes `name: Patch<T> = .keep` for each patched column: `.keep` leaves the
/// column's assignment out of the SQL sent, `.set(value)` sends it with the value bound. For a
/// nullable column `T` is optional, so `.set(nil)` writes NULL (which `COALESCE(@x, col)` cannot).
public enum Patch<Value> {
    /// Leave the column as it is.
    case keep
    /// Set the column to the value.
    case set(Value)

    /// The value to set, or nil for ``keep``.
    public var value: Value? {
        if case .set(let value) = self { return value }
        return nil
    }

    /// Whether the column is set.
    public var isSet: Bool {
        if case .set = self { return true }
        return false
    }
}

extension Patch: Sendable where Value: Sendable {}
extension Patch: Equatable where Value: Equatable {}
extension Patch: Hashable where Value: Hashable {}
extension Patch: Encodable where Value: Encodable {}
extension Patch: Decodable where Value: Decodable {}
