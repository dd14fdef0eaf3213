/// How range and multirange types relate to their subtypes, from the built-in catalog's
/// `pg_range` rows and the schema's `CREATE TYPE ... AS RANGE` (a catalog fact, read by the
/// analyzer's polymorphic resolution and by the Swift type mapping).
extension SQLType {
    /// The range type's subtype (`int4range` -> `integer`); nil for a type that is not a range.
    var rangeSubtype: SQLType? {
        if case .userRange(let range) = baseType { return range.subtype }
        guard let name = baseType.typname, let subtype = BuiltinCatalog.shared.rangeSubtypes[name] else { return nil }
        return .catalogType(subtype)
    }

    /// The multirange type's range type (`int4multirange` -> `int4range`).
    var multirangeRange: SQLType? {
        if case .userMultirange(let range) = baseType { return .userRange(range) }
        guard let name = baseType.typname, let range = BuiltinCatalog.shared.multirangeRanges[name] else { return nil }
        return .catalogType(range)
    }

    /// The multirange type of this range type (`int4range` -> `int4multirange`).
    var multirangeOfRange: SQLType? {
        if case .userRange(let userRange) = self { return .userMultirange(userRange) }
        guard let name = typname, let multirange = BuiltinCatalog.shared.rangeMultiranges[name] else { return nil }
        return .catalogType(multirange)
    }
}
