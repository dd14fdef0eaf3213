/// PostgreSQL's polymorphic argument rules (parse_coerce.c's `check_generic_type_consistency` and
/// `enforce_generic_type_consistency`): `anyelement`, `anyarray`, `anynonarray`, `anyenum`,
/// `anyrange` and `anymultirange` share one element type that the typed inputs must agree on;
/// the `anycompatible*` family shares the common type of its inputs (text when all are untyped).
enum PolymorphicResolver {
    /// The types the polymorphic family variables take in one call.
    private struct Bindings {
        var element: SQLType?
        var array: SQLType?
        var range: SQLType?
        var multirange: SQLType?
        var requiresNonArray = false
        var requiresEnum = false
        var compatibleInputs: [SQLType] = []
        var compatibleRange: SQLType?
        var compatibleMultirange: SQLType?
        var hasCompatible = false
        var compatibleRequiresNonArray = false
        var hasFamily = false
    }

    /// Collects what the typed inputs say; nil when they contradict each other.
    private static func bind(inputs: [SQLType], declared: [SQLType]) -> Bindings? {
        var bindings = Bindings()
        for (input, target) in zip(inputs, declared) {
            guard let name = target.typname, TypeRules.polymorphicNames.contains(name) else { continue }
            if name.hasPrefix("anycompatible") {
                bindings.hasCompatible = true
                if name == "anycompatiblenonarray" { bindings.compatibleRequiresNonArray = true }
            } else {
                bindings.hasFamily = true
                if name == "anynonarray" { bindings.requiresNonArray = true }
                if name == "anyenum" { bindings.requiresEnum = true }
            }
            guard input != .unknown else { continue }
            switch name {
            case "anyelement", "anynonarray", "anyenum":
                if let element = bindings.element, element != input { return nil }
                bindings.element = input
            case "anyarray":
                let base = input.baseType
                if let array = bindings.array, array != base { return nil }
                bindings.array = base
            case "anyrange":
                let base = input.baseType
                if let range = bindings.range, range != base { return nil }
                bindings.range = base
            case "anymultirange":
                let base = input.baseType
                if let multirange = bindings.multirange, multirange != base { return nil }
                bindings.multirange = base
            case "anycompatible", "anycompatiblenonarray":
                bindings.compatibleInputs.append(input)
            case "anycompatiblearray":
                guard case .array(let element) = input.baseType else { return nil }
                bindings.compatibleInputs.append(element)
            case "anycompatiblerange":
                let base = input.baseType
                guard let subtype = base.rangeSubtype else { return nil }
                if let range = bindings.compatibleRange, range != base { return nil }
                bindings.compatibleRange = base
                bindings.compatibleInputs.append(subtype)
            case "anycompatiblemultirange":
                let base = input.baseType
                guard let range = base.multirangeRange, let subtype = range.rangeSubtype else { return nil }
                if let multirange = bindings.compatibleMultirange, multirange != base { return nil }
                bindings.compatibleMultirange = base
                if let known = bindings.compatibleRange, known != range { return nil }
                bindings.compatibleRange = range
                bindings.compatibleInputs.append(subtype)
            default:
                continue
            }
        }
        // The element type follows from an array, a range or a multirange input.
        if let array = bindings.array {
            guard let element = TypeRules.arrayElement(array) else { return nil }
            if let known = bindings.element, known != element { return nil }
            bindings.element = element
        }
        if let multirange = bindings.multirange {
            guard let range = multirange.multirangeRange else { return nil }
            if let known = bindings.range, known != range { return nil }
            bindings.range = range
        }
        if let range = bindings.range {
            guard let subtype = range.rangeSubtype else { return nil }
            if let known = bindings.element, known != subtype { return nil }
            bindings.element = subtype
        }
        if let element = bindings.element {
            if bindings.requiresNonArray, TypeRules.isArray(element) { return nil }
            if bindings.requiresEnum, !TypeRules.isEnum(element) { return nil }
        }
        return bindings
    }

    /// The common type of the `anycompatible*` inputs, or nil when they have none.
    private static func compatibleType(_ bindings: Bindings, userCasts: UserCasts) -> SQLType? {
        if let range = bindings.compatibleRange, let subtype = range.rangeSubtype {
            return bindings.compatibleInputs.allSatisfy { TypeRules.canCoerceImplicitly($0, to: subtype, userCasts: userCasts) } ? subtype : nil
        }
        guard let common = TypeRules.strictCommonType(bindings.compatibleInputs, userCasts: userCasts) else { return nil }
        if bindings.compatibleRequiresNonArray, TypeRules.isArray(common) { return nil }
        return common
    }

    /// Whether the inputs fit the polymorphic declared types (`check_generic_type_consistency`).
    static func isConsistent(inputs: [SQLType], declared: [SQLType], userCasts: UserCasts = [:]) -> Bool {
        guard let bindings = bind(inputs: inputs, declared: declared) else { return false }
        if bindings.hasCompatible, !bindings.compatibleInputs.isEmpty, compatibleType(bindings, userCasts: userCasts) == nil { return false }
        return true
    }

    /// The concrete argument and result types of a call (`enforce_generic_type_consistency`);
    /// nil when a polymorphic type cannot be determined (every input of the family untyped).
    static func resolve(inputs: [SQLType], declared: [SQLType], result: SQLType,
                        userCasts: UserCasts = [:]) -> (arguments: [SQLType], result: SQLType)? {
        let involved = declared + [result]
        guard involved.contains(where: TypeRules.isPolymorphic) else {
            return (declared.enumerated().map { $0.element == .named("any") ? inputs[$0.offset] : $0.element }, result)
        }
        guard let bindings = bind(inputs: inputs, declared: declared) else { return nil }
        let element = bindings.element
        var array = bindings.array
        let range = bindings.range
        var multirange = bindings.multirange
        if element == nil, bindings.hasFamily || TypeRules.isPolymorphic(result) && !(result.typname?.hasPrefix("anycompatible") ?? false) {
            // Every input of the family is untyped: PostgreSQL cannot tell the type.
            return nil
        }
        // An array type follows from its element; a range type only from a range or multirange
        // input (several ranges may share a subtype).
        if let known = element, array == nil { array = .array(known) }
        if multirange == nil, let known = range { multirange = known.multirangeOfRange }
        var compatible: SQLType?
        let compatibleRange = bindings.compatibleRange
        if bindings.hasCompatible || (result.typname?.hasPrefix("anycompatible") ?? false) {
            compatible = bindings.compatibleInputs.isEmpty ? .text : compatibleType(bindings, userCasts: userCasts)
            guard compatible != nil else { return nil }
        }
        func substitute(_ type: SQLType, input: SQLType?) -> SQLType? {
            guard let name = type.typname else { return type }
            switch name {
            case "anyelement", "anynonarray", "anyenum": return element
            case "anyarray": return array
            case "anyrange": return range
            case "anymultirange": return multirange
            case "anycompatible", "anycompatiblenonarray": return compatible
            case "anycompatiblearray": return compatible.map { .array($0) }
            case "anycompatiblerange": return compatibleRange
            case "anycompatiblemultirange": return compatibleRange.flatMap(\.multirangeOfRange)
            case "any": return input
            default: return type
            }
        }
        var arguments: [SQLType] = []
        for (input, target) in zip(inputs, declared) {
            guard let concrete = substitute(target, input: input) else { return nil }
            arguments.append(concrete)
        }
        guard let concreteResult = substitute(result, input: nil) else { return nil }
        return (arguments, concreteResult)
    }
}
