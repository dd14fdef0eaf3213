/// A PostgreSQL type as the query description carries it: a plain value with every fact the
/// stages after analysis read (the `format_type` spelling, a domain's base, a range's subtype),
/// so that translation, rendering and the lock file never ask the catalog. The analyzer makes it
/// from its own type (`Catalog/SQLType+Description.swift`).
package indirect enum PostgresTypeDescription: Sendable, Hashable {
    case builtin(BuiltinType)
    /// A `CREATE TYPE ... AS ENUM` type, by the name `format_type` prints (`time_slot`, or
    /// `shop.mood` outside the search path).
    case enumeration(String)
    /// Any other type of PostgreSQL's catalog or of a created extension (`int4range`, `point`,
    /// `citext`, the pseudo-type `any`), or a type the generator does not know (`geometry`): its
    /// `pg_type.typname`, its `format_type` spelling, and for a range its subtype.
    case named(String, formatName: String, rangeSubtype: PostgresTypeDescription?)
    case array(PostgresTypeDescription)
    /// A `CREATE DOMAIN` type by the name `format_type` prints, with its base type.
    case domain(String, base: PostgresTypeDescription)
    /// A `CREATE TYPE ... AS RANGE` type by the name `format_type` prints, with its subtype.
    case userRange(String, subtype: PostgresTypeDescription)
    /// The multirange type of a `CREATE TYPE ... AS RANGE` type, by the name `format_type` prints.
    case userMultirange(String)

    package static let unknown = PostgresTypeDescription.builtin(.unknown)

    /// PostgreSQL's `format_type` spelling, without typmod: `integer[]`, `time_slot`.
    package var formatName: String {
        switch self {
        case .builtin(let builtin): builtin.formatName
        case .enumeration(let name), .domain(let name, _), .userRange(let name, _), .userMultirange(let name): name
        case .named(_, let formatName, _): formatName
        case .array(let element): element.formatName + "[]"
        }
    }

    /// A domain's base type (through nested domains); any other type itself.
    package var baseType: PostgresTypeDescription {
        if case .domain(_, let base) = self { return base.baseType }
        return self
    }

    package var builtin: BuiltinType? {
        if case .builtin(let builtin) = self { return builtin }
        return nil
    }

    /// The range type's subtype (`int4range` -> `integer`); nil for a type that is not a range.
    package var rangeSubtype: PostgresTypeDescription? {
        switch baseType {
        case .userRange(_, let subtype): subtype
        case .named(_, _, let subtype): subtype
        default: nil
        }
    }
}

/// PostgreSQL's built-in types the generator knows by name, keyed by `pg_type.typname`.
package enum BuiltinType: String, Sendable, Hashable, CaseIterable {
    case bool, bytea, char, name, int8, int2, int4, text, oid, json, xml, float4, float8, money
    case bpchar, varchar, date, time, timestamp, timestamptz, interval, timetz, numeric, uuid, jsonb
    case inet, cidr, macaddr, bit, varbit, tsvector, tsquery, void, record, unknown, anyelement, anyarray

    /// The name `format_type` prints (without typmod).
    package var formatName: String {
        switch self {
        case .bool: "boolean"
        case .char: "\"char\""
        case .int8: "bigint"
        case .int2: "smallint"
        case .int4: "integer"
        case .float4: "real"
        case .float8: "double precision"
        case .bpchar: "character"
        case .varchar: "character varying"
        case .time: "time without time zone"
        case .timestamp: "timestamp without time zone"
        case .timestamptz: "timestamp with time zone"
        case .timetz: "time with time zone"
        case .varbit: "bit varying"
        default: rawValue
        }
    }
}
