/// Resolves a written type name (`int4`, `varchar(20)`, `timestamptz[]`, `time_slot`) to an `SQLType`.
enum TypeResolver {
    /// What a type name means: its type, and whether it is a serial pseudo-type (NOT NULL + default).
    struct Resolution: Sendable, Hashable {
        let type: SQLType
        let isSerial: Bool
    }

    /// Returns nil when the name is neither a builtin nor a known enum.
    static func resolve(_ name: TypeName, in catalog: Catalog) -> Resolution? {
        let base: SQLType
        var isSerial = false
        if name.schema == nil || name.schema == "pg_catalog", let builtin = builtinAliases[name.name] {
            base = .builtin(builtin)
        } else if name.schema == nil || name.schema == "pg_catalog", let serial = serialAliases[name.name] {
            base = .builtin(serial)
            isSerial = true
        } else if name.schema == nil, name.name == "float" {
            // float(p): p <= 24 is real, otherwise double precision.
            base = .builtin((name.modifiers.first ?? 53) <= 24 ? .float4 : .float8)
        } else if let value = catalog.enumType(name.name, schema: name.schema) {
            base = .enumeration(catalog.formatName(ofEnum: value))
        } else if let domain = catalog.domain(name.name, schema: name.schema) {
            base = .domain(catalog.formatName(schema: domain.schema, name: domain.name), base: domain.base)
        } else if let composite = catalog.composite(name.name, schema: name.schema) {
            base = .named(catalog.formatName(schema: composite.schema, name: composite.name))
        } else if let range = catalog.rangeType(name.name, schema: name.schema) {
            base = .userRange(catalog.userRangeType(range))
        } else if let range = catalog.rangeType(multirangeNamed: name.name, schema: name.schema) {
            base = .userMultirange(catalog.userRangeType(range))
        } else if name.schema == nil || name.schema == "pg_catalog" || name.schema == "public",
                  let info = catalog.builtinType(name.name), info.category != "P" || name.name == "record" || name.name == "void" {
            // Any other type of pg_catalog (int4range, point, pg_lsn, regclass ...), or of an
            // extension the schema created (citext, hstore, ltree, vector).
            base = .catalogType(info.name)
        } else if let relation = catalog.rowTypeRelation(name.name, schema: name.schema) {
            // A relation's row type (after the catalog's types: pg_catalog comes first on the path).
            base = .named(catalog.formatName(schema: relation.schema, name: relation.name))
        } else if name.schema == "information_schema", let info = BuiltinCatalog.shared.types["information_schema." + name.name],
                  let domainBase = info.domainBase {
            // information_schema's domains (sql_identifier, cardinal_number, yes_or_no ...).
            base = .domain(info.formatName, base: .catalogType(domainBase))
        } else if name.schema == nil, unmodelledExtensionTypes.contains(name.name) {
            base = .named(name.name)
        } else {
            return nil
        }
        // PostgreSQL arrays are not nested by dimension: int[][] is still integer[].
        return Resolution(type: name.arrayDimensions > 0 ? .array(base) : base, isSerial: isSerial && name.arrayDimensions == 0)
    }

    /// Every builtin spelling the parser can hand over, after its multi-word normalization.
    static let builtinAliases: [String: BuiltinType] = [
        "bool": .bool, "boolean": .bool,
        "bytea": .bytea,
        "\"char\"": .char,
        "name": .name,
        "int8": .int8, "bigint": .int8,
        "int2": .int2, "smallint": .int2,
        "int4": .int4, "int": .int4, "integer": .int4,
        "text": .text,
        "oid": .oid,
        "json": .json, "jsonb": .jsonb,
        "xml": .xml,
        "float4": .float4, "real": .float4,
        "float8": .float8, "double precision": .float8,
        "money": .money,
        "bpchar": .bpchar, "char": .bpchar, "character": .bpchar,
        "varchar": .varchar, "character varying": .varchar,
        "date": .date,
        "time": .time, "time without time zone": .time,
        "timetz": .timetz, "time with time zone": .timetz,
        "timestamp": .timestamp, "timestamp without time zone": .timestamp,
        "timestamptz": .timestamptz, "timestamp with time zone": .timestamptz,
        "interval": .interval,
        "numeric": .numeric, "decimal": .numeric,
        "uuid": .uuid,
        "inet": .inet, "cidr": .cidr, "macaddr": .macaddr,
        "bit": .bit, "varbit": .varbit, "bit varying": .varbit,
        "tsvector": .tsvector, "tsquery": .tsquery,
        "record": .record, "void": .void,
    ]

    static let serialAliases: [String: BuiltinType] = [
        "serial": .int4, "serial4": .int4,
        "bigserial": .int8, "serial8": .int8,
        "smallserial": .int2, "serial2": .int2,
    ]

    /// PostGIS types: not modelled (no operators or functions), passed through as text.
    static let unmodelledExtensionTypes: Set<String> = ["geometry", "geography"]
}
