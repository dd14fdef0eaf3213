/// The default mapping (README.md, "Types") from PostgreSQL types to the Swift types of the `NeonSQL` runtime:
/// the one table of it (``scalarSwiftType(for:)``), and how a type is spelled in generated code
/// (fully qualified, so that no name of the schema can shadow it) and in `describe` (bare).
enum SwiftTypeMapping {
    /// The Swift type for a value of `type`, e.g. `Swift.Int`, `[Swift.String?]`, `TimeSlot?`.
    /// `enumName` gives the Swift name of an enum (the naming step's choice); `qualified: false`
    /// spells runtime and standard types bare (`Int`), as `describe` reports them.
    static func swiftType(for type: SQLType, nullable: Bool, elementNullable: Bool,
                          enumName: (String) -> String, qualified: Bool) -> String {
        let base: String
        switch type {
        case .array(let element):
            base = "[" + swiftType(for: element, nullable: elementNullable, elementNullable: false,
                                   enumName: enumName, qualified: qualified) + "]"
        case .enumeration(let name):
            base = enumName(name)
        default:
            let bare = scalarSwiftType(for: type)
            base = qualified ? qualifiedName(bare) : bare
        }
        return nullable ? base + "?" : base
    }

    /// The Swift type of a non-array, non-enum type, bare (`Int`, `PostgresDate`).
    static func scalarSwiftType(for type: SQLType) -> String {
        switch type {
        case .builtin(let builtin):
            switch builtin {
            case .int2, .int4, .int8, .oid: return "Int"
            case .float4: return "Float"
            case .float8: return "Double"
            case .numeric, .money: return "Decimal"
            case .bool: return "Bool"
            case .uuid: return "UUID"
            case .timestamp, .timestamptz: return "Date"
            case .date: return "PostgresDate"
            case .time, .timetz: return "PostgresTime"
            case .interval: return "PostgresInterval"
            case .json, .jsonb: return "JSONValue"
            case .bytea: return "Data"
            default: return "String"
            }
        case .enumeration:
            return "String"
        case .named(let name):
            // Ranges of a mapped subtype and points have runtime value types; other types
            // (geometric, network, bit strings, text search, multiranges ...) are their text form.
            if name == "point" { return "PostgresPoint" }
            if let subtype = type.rangeSubtype, let range = rangeSwiftType(subtype: subtype) { return range }
            return "String"
        case .domain(_, let base):
            return scalarSwiftType(for: base)
        case .userRange(let range):
            // As the built-in ranges: a runtime range of a mapped bound type, else the text form.
            return rangeSwiftType(subtype: range.subtype) ?? "String"
        case .userMultirange:
            return "String"
        case .array(let element):
            return "[" + scalarSwiftType(for: element) + "]"
        }
    }

    /// `PostgresRange<Bound>` for a range of a subtype the runtime's ranges take; nil otherwise.
    private static func rangeSwiftType(subtype: SQLType) -> String? {
        let bound = scalarSwiftType(for: subtype)
        return ["Int", "Decimal", "PostgresDate", "Date"].contains(bound) ? "PostgresRange<\(bound)>" : nil
    }

    /// A bare type of the table with its module: `Swift.Int`, `Foundation.Date`, and
    /// `NeonSQL.<Name>` for everything else (the runtime's value types).
    static func qualifiedName(_ bare: String) -> String {
        if bare.hasPrefix("PostgresRange<"), bare.hasSuffix(">") {
            let bound = bare.dropFirst("PostgresRange<".count).dropLast()
            return "NeonSQL.PostgresRange<" + qualifiedName(String(bound)) + ">"
        }
        if swiftTypes.contains(bare) { return "Swift." + bare }
        if foundationTypes.contains(bare) { return "Foundation." + bare }
        return "NeonSQL." + bare
    }

    private static let swiftTypes: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt8", "UInt16", "UInt32", "UInt64", "Float", "Double",
        "Bool", "String", "Character",
    ]
    private static let foundationTypes: Set<String> = ["Decimal", "UUID", "Date", "Data", "URL"]

    /// The runtime's `PostgresType` expression for a type: `.int4`, `.array(.text)`, `.enumType("time_slot")`.
    static func runtimeTypeExpression(for type: SQLType) -> String {
        switch type {
        case .builtin(let builtin):
            switch builtin {
            case .bit, .varbit, .tsvector, .tsquery, .anyelement, .anyarray:
                return uncheckedTypeExpression(type)
            default:
                return "." + builtin.rawValue
            }
        case .enumeration(let name):
            return ".enumType(\(stringLiteral(name)))"
        case .named(let name):
            return runtimeStatics.contains(name) ? "." + name : uncheckedTypeExpression(type)
        case .domain, .userRange, .userMultirange:
            // A user type's OID differs per database: named, not checked.
            return uncheckedTypeExpression(type)
        case .array(let element):
            return ".array(\(runtimeTypeExpression(for: element)))"
        }
    }

    /// A type the runtime has no static for: named, OID 0 (the response's OID is not checked).
    static func uncheckedTypeExpression(_ type: SQLType) -> String {
        "PostgresType(oid: 0, name: \(stringLiteral(type.formatName)))"
    }

    /// Catalog types with a `PostgresType` static of the same name in the runtime.
    static let runtimeStatics: Set<String> = ["int4range", "int8range", "numrange", "daterange", "tsrange", "tstzrange", "point"]

    /// A Swift string literal for `text` (escapes quotes, backslashes, control characters).
    static func stringLiteral(_ text: String) -> String {
        // Most names have nothing to escape: quoted as they are.
        if !UTF8Scan.contains(text, where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            return "\"" + text + "\""
        }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
