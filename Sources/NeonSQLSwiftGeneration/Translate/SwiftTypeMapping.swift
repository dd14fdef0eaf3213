import NeonSQLShared

/// The default mapping (README.md, "Types") from PostgreSQL types to the Swift types of the `NeonSQL` runtime:
/// the one table of it (``scalarSwiftType(for:)``) as typed values (``SwiftTypeUsage``), which
/// carry their module (generated code spells them qualified, so that no name of the schema can
/// shadow them; `describe` bare), and the runtime's `PostgresType` expression of each type.
enum SwiftTypeMapping {
    /// The Swift type for a value of `type`, e.g. `Swift.Int`, `[Swift.String?]`, `TimeSlot?`.
    /// `enumName` gives the Swift name of an enum (the naming step's choice).
    static func swiftType(for type: PostgresTypeDescription, nullable: Bool, elementNullable: Bool,
                          enumName: (String) -> String) -> SwiftTypeUsage {
        switch type {
        case .array(let element):
            let elementType = swiftType(for: element, nullable: elementNullable, elementNullable: false, enumName: enumName)
            return SwiftTypeUsage(.array(element: elementType), optional: nullable)
        case .enumeration(let name):
            return .named(.unqualified(enumName(name)), optional: nullable)
        default:
            return scalarSwiftType(for: type).optional(nullable)
        }
    }

    /// The Swift type of a non-array, non-enum type (`Swift.Int`, `NeonSQL.PostgresDate`).
    static func scalarSwiftType(for type: PostgresTypeDescription) -> SwiftTypeUsage {
        switch type {
        case .builtin(let builtin):
            switch builtin {
            case .int2, .int4, .int8, .oid: return .named(.int)
            case .float4: return .named(.float)
            case .float8: return .named(.double)
            case .numeric, .money: return .named(.decimal)
            case .bool: return .named(.bool)
            case .uuid: return .named(.uuid)
            case .timestamp, .timestamptz: return .named(.date)
            case .date: return .named(.postgresDate)
            case .time, .timetz: return .named(.postgresTime)
            case .interval: return .named(.postgresInterval)
            case .json, .jsonb: return .named(.jsonValue)
            case .bytea: return .named(.data)
            default: return .named(.string)
            }
        case .enumeration:
            return .named(.string)
        case .named(let name, _, let rangeSubtype):
            // Ranges of a mapped subtype and points have runtime value types; other types
            // (geometric, network, bit strings, text search, multiranges ...) are their text form.
            if name == "point" { return .named(.postgresPoint) }
            if let subtype = rangeSubtype, let range = rangeSwiftType(subtype: subtype) { return range }
            return .named(.string)
        case .domain(_, let base):
            return scalarSwiftType(for: base)
        case .userRange(_, let subtype):
            // As the built-in ranges: a runtime range of a mapped bound type, else the text form.
            return rangeSwiftType(subtype: subtype) ?? .named(.string)
        case .userMultirange:
            return .named(.string)
        case .array(let element):
            return SwiftTypeUsage(.array(element: scalarSwiftType(for: element)))
        }
    }

    /// `NeonSQL.PostgresRange<Bound>` for a range of a subtype the runtime's ranges take; nil otherwise.
    private static func rangeSwiftType(subtype: PostgresTypeDescription) -> SwiftTypeUsage? {
        let bound = scalarSwiftType(for: subtype)
        guard case .named(let name) = bound.shape, rangeBounds.contains(name) else { return nil }
        return SwiftTypeUsage(.generic(.postgresRange, argument: bound))
    }

    /// The bound types of the runtime's `PostgresRange`.
    private static let rangeBounds: Set<SwiftTypeName> = [.int, .decimal, .postgresDate, .date]

    /// The runtime's `PostgresType` expression for a type: `.int4`, `.array(.text)`, `.enumType("time_slot")`.
    static func runtimeTypeExpression(for type: PostgresTypeDescription) -> String {
        switch type {
        case .builtin(let builtin):
            switch builtin {
            case .bit, .varbit, .tsvector, .tsquery, .anyelement, .anyarray:
                return uncheckedTypeExpression(type)
            default:
                return "." + builtin.rawValue
            }
        case .enumeration(let name):
            return ".enumType(\(SwiftStringLiteral.quoted(name)))"
        case .named(let name, _, _):
            return runtimeStatics.contains(name) ? "." + name : uncheckedTypeExpression(type)
        case .domain, .userRange, .userMultirange:
            // A user type's OID differs per database: named, not checked.
            return uncheckedTypeExpression(type)
        case .array(let element):
            return ".array(\(runtimeTypeExpression(for: element)))"
        }
    }

    /// A type in a row's column list (`NeonSQL.ResultColumn.list`): the `PostgresType` static's
    /// name where ``runtimeTypeExpression(for:)`` writes one (`int4`), else `=` and the type's name
    /// (not checked, OID 0: `=time_slot`), `[]` before an array's element (`[]text`); `\`
    /// escapes `\`, `,` and `:` in a name. Unescaped for Swift: the caller quotes the list.
    static func runtimeTypeSpec(for type: PostgresTypeDescription) -> String {
        switch type {
        case .array(let element):
            return "[]" + runtimeTypeSpec(for: element)
        case .enumeration(let name):
            return "=" + ColumnListSpec.escaped(name)
        default:
            let expression = runtimeTypeExpression(for: type)
            return expression.hasPrefix(".") ? String(expression.dropFirst()) : "=" + ColumnListSpec.escaped(type.formatName)
        }
    }

    /// `.array(.text)`: the type of arrays sent in their text form (a `:copyfrom` array column).
    static let textArrayExpression = ".array(.text)"

    /// A type the runtime has no static for: named, OID 0 (the response's OID is not checked).
    static func uncheckedTypeExpression(_ type: PostgresTypeDescription) -> String {
        "PostgresType(oid: 0, name: \(SwiftStringLiteral.quoted(type.formatName)))"
    }

    /// The schema's `.named` types with a `PostgresType` static of the same name in the runtime
    /// (`Sources/NeonSQL/Values/PostgresType.swift`: its statics that are no ``BuiltinType``;
    /// `RuntimeAgreementTests` fails when the two disagree).
    static let runtimeStatics: Set<String> = ["int4range", "int8range", "numrange", "daterange", "tsrange", "tstzrange", "point"]
}
