/// The query description's value of an analyzer type (Sources/NeonSQLQueryDescription/PostgresTypeDescription.swift): the
/// catalog's facts it needs (a type's `format_type` spelling, a range's subtype) written into it.
extension SQLType {
    var described: PostgresTypeDescription {
        switch self {
        case .builtin(let builtin): .builtin(builtin)
        case .enumeration(let name): .enumeration(name)
        case .named(let name): .named(name, formatName: formatName, rangeSubtype: rangeSubtype?.described)
        case .array(let element): .array(element.described)
        case .domain(let name, let base): .domain(name, base: base.described)
        case .userRange(let range): .userRange(range.name, subtype: range.subtype.described)
        case .userMultirange(let range): .userMultirange(range.multirangeName)
        }
    }
}
