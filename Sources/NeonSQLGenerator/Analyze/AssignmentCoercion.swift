/// PostgreSQL's coercion of a column's new value in INSERT and UPDATE (COERCION_ASSIGNMENT):
/// `can_coerce_type` and `find_coercion_pathway` of src/backend/parser/parse_coerce.c, read from
/// `pg_cast` (`BuiltinCatalog.casts`) and the casts the schema created (`Catalog.userCast`). A value that has no pathway is PostgreSQL's "column "c" is
/// of type T but expression is of type S" (transformAssignedExpr, parse_target.c).
enum AssignmentCoercion {
    private static var builtins: BuiltinCatalog { BuiltinCatalog.shared }

    /// Whether PostgreSQL coerces a value of `source` to `target` in assignment context. An
    /// unknown `source` (an untyped constant or parameter) always can: it takes the target's type.
    static func canCoerce(_ source: SQLType, to target: SQLType, in catalog: Catalog) -> Bool {
        if source == target || source == .unknown { return true }
        return hasPathway(from: source, to: target, in: catalog)
    }

    /// find_coercion_pathway with COERCION_ASSIGNMENT: domains as their base types; a `pg_cast`
    /// entry, built-in or created by the schema, decides alone when there is one (implicit and
    /// assignment casts pass, explicit ones fail); without one, arrays whose elements have a pathway (array_coerce), then automatic
    /// I/O conversion to a type of the string category (text, varchar, bpchar, name, citext).
    /// From a string type, I/O conversion is explicit only.
    private static func hasPathway(from source: SQLType, to target: SQLType, in catalog: Catalog) -> Bool {
        let from = source.baseType
        let to = target.baseType
        if from == to { return true }
        if let cast = catalog.userCast(from: from, to: to) { return cast.context != .explicit }
        if let fromName = from.typname, let toName = to.typname, let context = builtins.casts[fromName]?[toName] {
            return context == "i" || context == "a"
        }
        // get_element_type: a true array (int2vector and oidvector count as sources, not targets).
        if case .array(let toElement) = to, let fromElement = TypeRules.arrayElement(from),
           hasPathway(from: fromElement, to: toElement, in: catalog) {
            return true
        }
        return TypeRules.category(to) == "S"
    }

    /// A type whose casts the generator knows for certain: a type of PostgreSQL's catalog or of a
    /// contrib extension read from a server (base, range and multirange types, not pseudo-types or
    /// `record`), an enum, an array or a domain of such a type. Composite types (whose rules
    /// depend on their fields and on inheritance), `CREATE TYPE ... AS RANGE` types, types the
    /// generator passes through unknown (`geometry`) and those of hand-described extensions
    /// (whose casts are listed in part) are not: a verdict on them could be an error PostgreSQL
    /// does not give.
    static func isCertain(_ type: SQLType) -> Bool {
        switch type {
        case .enumeration:
            return true
        case .array(let element):
            return isCertain(element)
        case .domain(_, let base):
            return isCertain(base)
        case .userRange, .userMultirange:
            return false
        case .builtin(let builtin):
            switch builtin {
            case .unknown, .record, .void, .anyelement, .anyarray: return false
            default: return builtins.types[builtin.rawValue] != nil
            }
        case .named(let name):
            guard let info = builtins.types[name], info.category != "P", "brm".contains(info.kind) else { return false }
            return info.extensionName.map { !HandDescribedExtensions.extensionNames.contains($0) } ?? true
        }
    }
}
