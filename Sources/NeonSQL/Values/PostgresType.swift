/// A PostgreSQL type as the generator knows it: its OID and its name as `format_type` prints it.
///
/// An OID of 0 means "not checked" (enums, domains over unknown types): the runtime compares a
/// column's OID with the response's `dataTypeID` only when the expected OID is non-zero.
public struct PostgresType: Sendable, Hashable, CustomStringConvertible {
    /// The type OID (`pg_type.oid`), 0 when unknown or not checked.
    public let oid: UInt32
    /// The type's name as `format_type` prints it (`integer`, `text`, `integer[]`, `time_slot`).
    public let name: String

    /// Creates a type from an OID and a name.
    public init(oid: UInt32, name: String) {
        self.oid = oid
        self.name = name
    }

    /// The type's name, as `format_type` prints it.
    public var description: String { name }

    /// `boolean` (16)
    public static let bool = PostgresType(oid: 16, name: "boolean")
    /// `bytea` (17)
    public static let bytea = PostgresType(oid: 17, name: "bytea")
    /// `"char"` (18), the single-byte internal type
    public static let char = PostgresType(oid: 18, name: "\"char\"")
    /// `name` (19)
    public static let name = PostgresType(oid: 19, name: "name")
    /// `bigint` (20)
    public static let int8 = PostgresType(oid: 20, name: "bigint")
    /// `smallint` (21)
    public static let int2 = PostgresType(oid: 21, name: "smallint")
    /// `integer` (23)
    public static let int4 = PostgresType(oid: 23, name: "integer")
    /// `text` (25)
    public static let text = PostgresType(oid: 25, name: "text")
    /// `oid` (26)
    public static let oid = PostgresType(oid: 26, name: "oid")
    /// `json` (114)
    public static let json = PostgresType(oid: 114, name: "json")
    /// `xml` (142)
    public static let xml = PostgresType(oid: 142, name: "xml")
    /// `real` (700)
    public static let float4 = PostgresType(oid: 700, name: "real")
    /// `double precision` (701)
    public static let float8 = PostgresType(oid: 701, name: "double precision")
    /// `money` (790)
    public static let money = PostgresType(oid: 790, name: "money")
    /// `character` (1042)
    public static let bpchar = PostgresType(oid: 1042, name: "character")
    /// `character varying` (1043)
    public static let varchar = PostgresType(oid: 1043, name: "character varying")
    /// `date` (1082)
    public static let date = PostgresType(oid: 1082, name: "date")
    /// `time without time zone` (1083)
    public static let time = PostgresType(oid: 1083, name: "time without time zone")
    /// `timestamp without time zone` (1114)
    public static let timestamp = PostgresType(oid: 1114, name: "timestamp without time zone")
    /// `timestamp with time zone` (1184)
    public static let timestamptz = PostgresType(oid: 1184, name: "timestamp with time zone")
    /// `interval` (1186)
    public static let interval = PostgresType(oid: 1186, name: "interval")
    /// `time with time zone` (1266)
    public static let timetz = PostgresType(oid: 1266, name: "time with time zone")
    /// `numeric` (1700)
    public static let numeric = PostgresType(oid: 1700, name: "numeric")
    /// `uuid` (2950)
    public static let uuid = PostgresType(oid: 2950, name: "uuid")
    /// `jsonb` (3802)
    public static let jsonb = PostgresType(oid: 3802, name: "jsonb")
    /// `inet` (869)
    public static let inet = PostgresType(oid: 869, name: "inet")
    /// `cidr` (650)
    public static let cidr = PostgresType(oid: 650, name: "cidr")
    /// `macaddr` (829)
    public static let macaddr = PostgresType(oid: 829, name: "macaddr")
    /// `unknown` (705)
    public static let unknown = PostgresType(oid: 705, name: "unknown")
    /// `record` (2249)
    public static let record = PostgresType(oid: 2249, name: "record")
    /// `void` (2278)
    public static let void = PostgresType(oid: 2278, name: "void")

    /// `int4range` (3904)
    public static let int4range = PostgresType(oid: 3904, name: "int4range")
    /// `int8range` (3926)
    public static let int8range = PostgresType(oid: 3926, name: "int8range")
    /// `numrange` (3906)
    public static let numrange = PostgresType(oid: 3906, name: "numrange")
    /// `daterange` (3912)
    public static let daterange = PostgresType(oid: 3912, name: "daterange")
    /// `tsrange` (3908)
    public static let tsrange = PostgresType(oid: 3908, name: "tsrange")
    /// `tstzrange` (3910)
    public static let tstzrange = PostgresType(oid: 3910, name: "tstzrange")
    /// `point` (600)
    public static let point = PostgresType(oid: 600, name: "point")

    /// The array type of `element` (`integer[]`): the builtin array OID for builtin element types,
    /// the same OID for arrays of arrays (PostgreSQL has one array type per element type), and 0
    /// (not checked) for anything else, such as arrays of enums.
    public static func array(_ element: PostgresType) -> PostgresType {
        let oid: UInt32
        if element.isArray {
            oid = element.oid
        } else {
            oid = PostgresType.arrayOIDs[element.oid] ?? 0
        }
        return PostgresType(oid: oid, name: element.name + "[]")
    }

    /// A user-defined enum type (`CREATE TYPE ... AS ENUM`), by name. Its OID differs per database,
    /// so it is 0: not checked.
    public static func enumType(_ name: String) -> PostgresType {
        PostgresType(oid: 0, name: name)
    }

    /// `true` for array types (the name ends in `[]`).
    public var isArray: Bool { name.hasSuffix("[]") }

    /// The element type of an array type, `nil` otherwise.
    public var elementType: PostgresType? {
        guard isArray else { return nil }
        let elementName = String(name.dropLast(2))
        if elementName.hasSuffix("[]") { return PostgresType(oid: oid, name: elementName) }
        let elementOID = PostgresType.elementOIDs[oid] ?? 0
        return PostgresType(oid: elementOID, name: elementName)
    }

    /// A short, readable name for an OID seen in a response (for error messages).
    static func displayName(forOID oid: UInt32) -> String {
        if let builtin = builtinsByOID[oid] { return builtin.name }
        if let element = elementOIDs[oid], let builtin = builtinsByOID[element] { return builtin.name + "[]" }
        return "OID \(oid)"
    }

    /// The statics by their Swift name (`int4`), as generated row columns name them
    /// (``ResultColumn/list(_:)``); every built-in type this runtime knows.
    static let staticsByName: [String: PostgresType] = [
        "bool": .bool, "bytea": .bytea, "char": .char, "name": .name, "int8": .int8, "int2": .int2, "int4": .int4,
        "text": .text, "oid": .oid, "json": .json, "xml": .xml, "float4": .float4, "float8": .float8, "money": .money,
        "bpchar": .bpchar, "varchar": .varchar, "date": .date, "time": .time, "timestamp": .timestamp,
        "timestamptz": .timestamptz, "interval": .interval, "timetz": .timetz, "numeric": .numeric, "uuid": .uuid,
        "jsonb": .jsonb, "inet": .inet, "cidr": .cidr, "macaddr": .macaddr, "unknown": .unknown, "record": .record,
        "void": .void, "int4range": .int4range, "int8range": .int8range, "numrange": .numrange,
        "daterange": .daterange, "tsrange": .tsrange, "tstzrange": .tstzrange, "point": .point,
    ]

    static let builtinsByOID: [UInt32: PostgresType] = {
        var table: [UInt32: PostgresType] = [:]
        for type in staticsByName.values { table[type.oid] = type }
        return table
    }()

    /// Element OID -> array OID, from `pg_type.typarray` of the builtins.
    static let arrayOIDs: [UInt32: UInt32] = [
        16: 1000, 17: 1001, 18: 1002, 19: 1003, 20: 1016, 21: 1005, 23: 1007, 25: 1009, 26: 1028,
        114: 199, 142: 143, 700: 1021, 701: 1022, 790: 791, 1042: 1014, 1043: 1015, 1082: 1182,
        1083: 1183, 1114: 1115, 1184: 1185, 1186: 1187, 1266: 1270, 1700: 1231, 2950: 2951,
        3802: 3807, 869: 1041, 650: 651, 829: 1040, 2249: 2287,
        3904: 3905, 3926: 3927, 3906: 3907, 3912: 3913, 3908: 3909, 3910: 3911, 600: 1017,
    ]

    /// Array OID -> element OID.
    static let elementOIDs: [UInt32: UInt32] = {
        var table: [UInt32: UInt32] = [:]
        for (element, array) in arrayOIDs { table[array] = element }
        return table
    }()
}
