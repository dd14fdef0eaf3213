/// How the analyzer ranks and groups PostgreSQL's built-in types (the IR's ``BuiltinType``).
extension BuiltinType {
    /// Integer and floating types, ordered for implicit numeric promotion.
    var numericRank: Int? {
        switch self {
        case .int2: 1
        case .int4: 2
        case .int8: 3
        case .numeric: 4
        case .float4: 5
        case .float8: 6
        default: nil
        }
    }

    var isStringLike: Bool { self == .text || self == .varchar || self == .bpchar || self == .name }
}

/// A range type created by `CREATE TYPE ... AS RANGE`, as its values' types carry it: the range's
/// and its multirange's names as `format_type` prints them, and the subtype.
struct UserRangeType: Sendable, Hashable {
    let name: String
    let multirangeName: String
    let subtype: SQLType
}

/// A type as the analyzer tracks it.
indirect enum SQLType: Sendable, Hashable {
    case builtin(BuiltinType)
    /// A `CREATE TYPE ... AS ENUM` type, by the name `format_type` prints (`time_slot`, or
    /// `shop.mood` outside the search path).
    case enumeration(String)
    /// Any other type of PostgreSQL's catalog or of a created extension, by `pg_type.typname`
    /// (`int4range`, `point`, `citext`, the pseudo-types `anynonarray`, `any`), or a type the
    /// generator does not know (`geometry`): passed through as text.
    case named(String)
    case array(SQLType)
    /// A `CREATE DOMAIN` type by the name `format_type` prints, with its base type: resolved as
    /// the base type, described under its own name.
    case domain(String, base: SQLType)
    /// A `CREATE TYPE ... AS RANGE` type, carrying its subtype for the range rules.
    case userRange(UserRangeType)
    /// The multirange type of a `CREATE TYPE ... AS RANGE` type.
    case userMultirange(UserRangeType)

    static let int2 = SQLType.builtin(.int2)
    static let int4 = SQLType.builtin(.int4)
    static let int8 = SQLType.builtin(.int8)
    static let text = SQLType.builtin(.text)
    static let bool = SQLType.builtin(.bool)
    static let numeric = SQLType.builtin(.numeric)
    static let float8 = SQLType.builtin(.float8)
    static let unknown = SQLType.builtin(.unknown)

    /// PostgreSQL's `format_type` spelling, without typmod: `integer[]`, `time_slot`.
    var formatName: String {
        switch self {
        case .builtin(let builtin): builtin.formatName
        case .enumeration(let name), .domain(let name, _): name
        case .named(let name): BuiltinCatalog.shared.types[name]?.formatName ?? name
        case .array(let element): element.formatName + "[]"
        case .userRange(let range): range.name
        case .userMultirange(let range): range.multirangeName
        }
    }

    var elementType: SQLType? {
        if case .array(let element) = self { return element }
        return nil
    }

    /// `pg_type.typname` for a catalog type (`int4`, `_text`, `int4range`); nil for user types.
    var typname: String? {
        switch self {
        case .builtin(let builtin): builtin.rawValue
        case .named(let name): name
        case .enumeration, .domain, .userRange, .userMultirange: nil
        case .array(let element): element.typname.map { "_" + $0 }
        }
    }

    /// The type a catalog `typname` names: `_int4` is `integer[]`, `int4range` is `.named`.
    static func catalogType(_ typname: String) -> SQLType {
        if let builtin = BuiltinType(rawValue: typname) { return .builtin(builtin) }
        if typname.hasPrefix("_"), let element = BuiltinCatalog.shared.types[typname]?.element {
            return .array(catalogType(element))
        }
        return .named(typname)
    }

    /// A domain's base type (through nested domains); any other type itself.
    var baseType: SQLType {
        if case .domain(_, let base) = self { return base.baseType }
        return self
    }

    var builtin: BuiltinType? {
        if case .builtin(let builtin) = self { return builtin }
        return nil
    }
}

extension SQLType {
    /// PostgreSQL's pseudo-types (`pg_type.typtype = 'p'`: `any`, `record`, `anyelement`, `void`,
    /// `trigger`, ...), from the built-in catalog.
    static let pseudoTypeNames: Set<String> = Set(BuiltinCatalog.shared.types.values.lazy
        .filter { $0.kind == "p" && $0.extensionName == nil }.map(\.name))

    /// PostgreSQL's polymorphic pseudo-types (`anyelement`, `anycompatiblearray`, ...): a function
    /// declared with them takes its actual types from its arguments. They are the pseudo-types
    /// named `any...` other than `any` itself (which takes any type without tying it to others).
    static let polymorphicNames: Set<String> = pseudoTypeNames.filter { $0.hasPrefix("any") && $0 != "any" }

    /// A polymorphic pseudo-type (anyelement, anyarray, anycompatible ...), which each call resolves.
    var isPolymorphic: Bool {
        switch self {
        case .builtin(.anyelement), .builtin(.anyarray): true
        case .named(let name): Self.polymorphicNames.contains(name)
        default: false
        }
    }

    /// The pseudo-types an argument of a whole row (a composite value) matches: `any`, `record`,
    /// and the polymorphic types that do not ask for an array, enum, range or multirange
    /// (`anyelement`, `anynonarray`, `anycompatible`, `anycompatiblenonarray`).
    static let rowAcceptingPseudoTypeNames: Set<String> = pseudoTypeNames.filter { name in
        if name == "any" || name == "record" { return true }
        guard polymorphicNames.contains(name) else { return false }
        let asksForArray = name.hasSuffix("array") && !name.hasSuffix("nonarray")
        return !asksForArray && !name.hasSuffix("enum") && !name.hasSuffix("range")
    }
}
