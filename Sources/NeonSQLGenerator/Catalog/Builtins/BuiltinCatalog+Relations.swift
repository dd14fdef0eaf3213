// The tables and views of pg_catalog and information_schema (`BuiltinCatalogData.relations`),
// and the system columns every table has.

/// One `V` record as the data holds it: columns (and the primary key's marks) still as text, converted at lookup.
struct SystemRelationRecord: Sendable {
    let schema: String
    let name: String
    /// `relkind`: r table, p partitioned table, f foreign table, v view, m materialized view.
    let kind: Character
    /// Space-separated `attname:typname:n:p` (`n` when `attnotnull`, `:p` for a primary key column).
    let columns: String
    let versions: PostgresVersions
}

/// The relations of pg_catalog and information_schema, looked up by schema and name (never
/// scanned). A relation's columns are converted when it is looked up, so that a run that selects
/// from no system relation pays nothing for them.
struct SystemRelations: Sendable {
    /// The generated data's relations, parsed at the first lookup of a system relation.
    static let shared = SystemRelations(text: BuiltinCatalogData.relations)

    private let records: [String: [SystemRelationRecord]]

    /// The schemas whose relations are here.
    static let schemas: Set<String> = ["pg_catalog", "information_schema"]

    /// Parses `V` records (`V  schema  relname  relkind  columns  [versions]`); other lines are ignored.
    init(text: String) {
        var records: [SystemRelationRecord] = []
        for line in text.split(separator: "\n") where line.hasPrefix("V\t") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 5 else { continue }
            records.append(SystemRelationRecord(schema: fields[1], name: fields[2], kind: fields[3].first ?? "r", columns: fields[4],
                                                versions: PostgresVersions(fields.count > 5 ? fields[5] : "")))
        }
        self.records = Dictionary(grouping: records) { Catalog.key(schema: $0.schema, name: $0.name) }
    }

    /// Whether `schema.name` may be a system relation, decided without the data: every relation of
    /// pg_catalog is named `pg_...`.
    static func mayBeSystemRelation(_ name: String, schema: String) -> Bool {
        schema == "information_schema" || (schema == "pg_catalog" && name.hasPrefix("pg_"))
    }

    /// `schema.name` as PostgreSQL major version `version` has it; with no version, as the newest has it.
    func relation(schema: String, name: String, version: Int?) -> CatalogRelation? {
        guard let candidates = records[Catalog.key(schema: schema, name: name)] else { return nil }
        let record = if let version { candidates.first { $0.versions.contains(version) } }
            else { candidates.first { $0.versions.until == nil } ?? candidates.last }
        return record.map(Self.relation)
    }

    private static func relation(_ record: SystemRelationRecord) -> CatalogRelation {
        var primaryKey: [String] = []
        let columns = record.columns.split(separator: " ").map { text in
            let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            let type = parts.count > 1 ? columnType(parts[1]) : .unknown
            if parts.count > 3, parts[3] == "p" { primaryKey.append(parts[0]) }
            return CatalogColumn(name: parts[0], type: type, isNotNull: parts.count > 2 && parts[2] == "n")
        }
        // The catalog's primary key (pg_class_oid_index and the like: a pg_constraint of its own,
        // so PostgreSQL's functional dependency rule applies to it as to a user's table).
        let indexes = primaryKey.isEmpty ? [] : [CatalogIndex.key(name: record.name + "_pkey", columns: primaryKey, primary: true)]
        let kind: CatalogRelation.Kind = switch record.kind {
        case "v": .view
        case "m": .materializedView
        default: .table
        }
        return CatalogRelation(schema: record.schema, name: record.name, kind: kind, columns: columns, indexes: indexes,
                               file: "", location: .unknown)
    }

    /// A column's type by typname: information_schema's domains (`information_schema.sql_identifier`)
    /// as domains over their base type, the others as the catalog names them.
    private static func columnType(_ typname: String) -> SQLType {
        if let info = BuiltinCatalog.shared.types[typname], info.kind == "d", let base = info.domainBase {
            return .domain(info.formatName, base: SQLType.catalogType(base))
        }
        return SQLType.catalogType(typname)
    }

    /// Every relation's key (`pg_catalog.pg_class`), for tests.
    var keys: [String] { records.keys.sorted() }

    /// The system columns of every table and materialized view (not of views): selectable by name,
    /// NOT NULL, never part of `*`.
    static let systemColumns: [CatalogColumn] = [
        CatalogColumn(name: "tableoid", type: .builtin(.oid), isNotNull: true),
        CatalogColumn(name: "cmax", type: .named("cid"), isNotNull: true),
        CatalogColumn(name: "xmax", type: .named("xid"), isNotNull: true),
        CatalogColumn(name: "cmin", type: .named("cid"), isNotNull: true),
        CatalogColumn(name: "xmin", type: .named("xid"), isNotNull: true),
        CatalogColumn(name: "ctid", type: .named("tid"), isNotNull: true),
    ]

    /// The system column `name`, if `relation` has system columns (tables and materialized views do).
    static func systemColumn(_ name: String, of relation: CatalogRelation) -> CatalogColumn? {
        guard relation.kind != .view else { return nil }
        return systemColumns.first { $0.name == name }
    }
}
