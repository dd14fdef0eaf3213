/// A generated row's stored properties as one `Hashable` value: equal when every field is equal,
/// hashed field by field, in order, as a synthesized `Hashable` conformance would.
///
/// Generated code only (through ``FieldwiseHashable``): one generic implementation here instead
/// of a synthesized `==` and `hash(into:)` per row struct, which were about a fifth of the machine
/// code of a query's row (BENCHMARKS.md "First build of a large target's generated code").
public struct RowFields<each Field: Hashable>: Hashable {
    /// The fields, in the row's order.
    public let values: (repeat each Field)

    /// The fields `values`, in the row's order.
    @inlinable
    public init(_ values: repeat each Field) {
        self.values = (repeat each values)
    }

    /// `true` when every field equals the other's.
    @inlinable
    public static func == (lhs: RowFields, rhs: RowFields) -> Bool {
        for (left, right) in repeat (each lhs.values, each rhs.values) {
            if left != right { return false }
        }
        return true
    }

    /// Combines every field, in order.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        for value in repeat each values { hasher.combine(value) }
    }
}

/// A generated row struct whose `Hashable` conformance compares and hashes its fields as one
/// ``RowFields`` value (`_neonSQLFields`), as the synthesized conformance would field by field.
///
/// Generated code only: a row struct conforms to it instead of `Hashable` itself (it refines
/// `Hashable`, so the row is `Hashable` as before) and lists its properties once.
public protocol FieldwiseHashable: Hashable {
    /// The type of ``_neonSQLFields``: `RowFields<Int, String, ...>`.
    associatedtype _NeonSQLFields: Hashable
    /// The row's stored properties, in order (generated).
    var _neonSQLFields: _NeonSQLFields { get }
}

extension FieldwiseHashable {
    /// `true` when every field equals the other's.
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs._neonSQLFields == rhs._neonSQLFields
    }

    /// Combines every field, in order.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(_neonSQLFields)
    }

    /// The fields' hash value (here rather than synthesized per row).
    @inlinable
    public var hashValue: Int {
        _neonSQLFields.hashValue
    }
}
