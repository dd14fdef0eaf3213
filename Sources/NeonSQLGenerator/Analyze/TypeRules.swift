/// PostgreSQL's typing rules, read from its catalog: constants, type categories and preferred
/// types, implicit coercion (`can_coerce_type` over `pg_cast`), and `select_common_type` (UNION,
/// CASE, COALESCE, ARRAY[], VALUES).
enum TypeRules {
    static var builtins: BuiltinCatalog { BuiltinCatalog.shared }

    /// An integer constant is `integer` if it fits, then `bigint`, else `numeric`.
    static func integerLiteralType(_ digits: String) -> SQLType {
        let cleaned = digits.filter { $0 != "_" }
        if let value = Int64(cleaned) {
            return Int32(exactly: value) != nil ? .int4 : .int8
        }
        return .numeric
    }

    static func isJSON(_ type: SQLType) -> Bool { type == .builtin(.json) || type == .builtin(.jsonb) }

    /// `typcategory`: A array, B boolean, D date/time, E enum, G geometric, I network, N numeric,
    /// P pseudo, R range, S string, T timespan, U user, V bit string, X unknown.
    static func category(_ type: SQLType) -> Character {
        switch type.baseType {
        case .enumeration: return "E"
        case .array: return "A"
        case .userRange, .userMultirange: return "R"
        case let other:
            guard let name = other.typname, let info = builtins.types[name] else { return "U" }
            return info.category
        }
    }

    static func isPreferred(_ type: SQLType) -> Bool {
        guard let name = type.baseType.typname, let info = builtins.types[name] else { return false }
        return info.isPreferred
    }

    static var polymorphicNames: Set<String> { SQLType.polymorphicNames }

    static func isPolymorphic(_ type: SQLType) -> Bool { type.isPolymorphic }

    static func isArray(_ type: SQLType) -> Bool {
        if case .array = type.baseType { return true }
        return false
    }

    /// The element type of an array for polymorphic arguments (`anyarray`): an array's element, and
    /// that of the catalog's vector types, which PostgreSQL subscripts as arrays (`int2vector` of
    /// `pg_index.indkey` is an array of smallint, `oidvector` of oid).
    static func arrayElement(_ type: SQLType) -> SQLType? {
        switch type.baseType {
        case .array(let element): element
        case .named("int2vector"): .int2
        case .named("oidvector"): .builtin(.oid)
        default: nil
        }
    }

    static func isEnum(_ type: SQLType) -> Bool {
        if case .enumeration = type.baseType { return true }
        return false
    }

    /// Whether a value of `source` may be used where `target` is expected without a written cast
    /// (PostgreSQL's `can_coerce_type` with COERCION_IMPLICIT, for a non-polymorphic target):
    /// an implicit cast of `pg_cast` or of the schema's `userCasts` (CREATE CAST ... AS IMPLICIT).
    static func canCoerceImplicitly(_ source: SQLType, to target: SQLType, userCasts: UserCasts = [:]) -> Bool {
        if source == target || source == .unknown || target == .named("any") { return true }
        let from = source.baseType
        let to = target.baseType
        if from == to { return true }
        if case .domain = target, canCoerceImplicitly(from, to: to, userCasts: userCasts) { return true }
        if to == .builtin(.record), category(from) == "C" { return true }
        if !userCasts.isEmpty, let cast = userCasts[from]?[to] { return cast.context == .implicit }
        if case .array(let fromElement) = from, case .array(let toElement) = to {
            return canCoerceImplicitly(fromElement, to: toElement, userCasts: userCasts)
        }
        guard let fromName = from.typname, let toName = to.typname else { return false }
        return builtins.casts[fromName]?[toName] == "i"
    }

    /// PostgreSQL's `select_common_type`: the type UNION, CASE, COALESCE and ARRAY[] resolve
    /// their inputs to. Unknown inputs are ignored; all unknown gives `text`. Inputs of different
    /// categories (an error in PostgreSQL, reported elsewhere) keep the first known type. Implicit
    /// coercibility counts the schema's `userCasts` (CREATE CAST ... AS IMPLICIT), as `can_coerce_type` does.
    static func commonType(_ types: [SQLType], userCasts: UserCasts = [:]) -> SQLType {
        guard let first = types.first else { return .text }
        if first != .unknown, types.allSatisfy({ $0 == first }) { return first }
        var result = first.baseType
        for next in types.dropFirst() {
            let candidate = next.baseType
            guard candidate != .unknown, candidate != result else { continue }
            if result == .unknown {
                result = candidate
            } else if category(candidate) != category(result) {
                continue
            } else if !isPreferred(result), canCoerceImplicitly(result, to: candidate, userCasts: userCasts),
                      !canCoerceImplicitly(candidate, to: result, userCasts: userCasts) {
                result = candidate
            }
        }
        return result == .unknown ? .text : result
    }

    /// Where PostgreSQL's select_common_type stops with "X types a and b cannot be matched": walking
    /// the inputs in order, the first known type against a later one of another type category.
    /// Returns the two types and the later input's index. Only types whose category is certain
    /// take part (built-in types, enums and arrays): an extension's or a composite type's
    /// category is not known here, and a guess would be an error PostgreSQL does not give.
    static func unmatchableTypes(_ types: [SQLType], userCasts: UserCasts = [:]) -> (first: SQLType, other: SQLType, index: Int)? {
        var current: SQLType?
        for (index, type) in types.enumerated() {
            let base = type.baseType
            guard base != .unknown else { continue }
            guard let known = current else {
                current = base
                continue
            }
            guard base != known else { continue }
            guard hasCertainCategory(known), hasCertainCategory(base) else { return nil }
            if category(base) != category(known) { return (known, base, index) }
            if !isPreferred(known), canCoerceImplicitly(known, to: base, userCasts: userCasts),
               !canCoerceImplicitly(base, to: known, userCasts: userCasts) {
                current = base
            }
        }
        return nil
    }

    /// An enum, an array, or a built-in type of the catalog.
    private static func hasCertainCategory(_ type: SQLType) -> Bool {
        switch type.baseType {
        case .enumeration, .array: return true
        case let other: return other.typname.map { builtins.types[$0] != nil } ?? false
        }
    }

    /// Like `commonType`, but nil when PostgreSQL would reject the mix (different categories, or
    /// a type some input cannot be implicitly coerced to).
    static func strictCommonType(_ types: [SQLType], userCasts: UserCasts = [:]) -> SQLType? {
        let known = types.filter { $0 != .unknown }
        guard let firstKnown = known.first else { return .text }
        if types.allSatisfy({ $0 == firstKnown || $0 == .unknown }) { return firstKnown }
        let categories = Set(known.map { category($0) })
        guard categories.count == 1 else { return nil }
        let common = commonType(types, userCasts: userCasts)
        return known.allSatisfy { canCoerceImplicitly($0, to: common, userCasts: userCasts) } ? common : nil
    }
}
