// The tables and views of pg_catalog and information_schema (`V` records of BuiltinCatalogData),
// and the system columns every table has.

/// One `V` record as the data holds it: columns still as text, converted when the catalog is parsed.
struct SystemRelationRecord: Sendable {
    let schema: String
    let name: String
    /// `relkind`: r table, p partitioned table, f foreign table, v view, m materialized view.
    let kind: Character
    /// Space-separated `attname:typname:n` (`n` when `attnotnull`).
    let columns: String
    let versions: PostgresVersions
}

/// The relations of pg_catalog and information_schema, looked up by schema and name (never scanned).
struct SystemRelations: Sendable {
    /// One relation as one or more PostgreSQL versions have it.
    private struct Variant: Sendable {
        let relation: CatalogRelation
        let versions: PostgresVersions
    }

    private let variants: [String: [Variant]]

    /// The schemas whose relations are here.
    static let schemas: Set<String> = ["pg_catalog", "information_schema"]

    init(_ records: [SystemRelationRecord], convert: (String) -> SQLType) {
        var variants: [String: [Variant]] = [:]
        for record in records {
            let columns = record.columns.split(separator: " ").map { text in
                let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
                let type = parts.count > 1 ? convert(parts[1]) : .unknown
                return CatalogColumn(name: parts[0], type: type, isNotNull: parts.count > 2 && parts[2] == "n")
            }
            let kind: CatalogRelation.Kind = switch record.kind {
            case "v": .view
            case "m": .materializedView
            default: .table
            }
            let relation = CatalogRelation(schema: record.schema, name: record.name, kind: kind, columns: columns, indexes: [],
                                           file: "", location: .unknown)
            variants[Catalog.key(schema: record.schema, name: record.name), default: []]
                .append(Variant(relation: relation, versions: record.versions))
        }
        self.variants = variants
    }

    /// `schema.name` as PostgreSQL major version `version` has it; with no version, as the newest has it.
    func relation(schema: String, name: String, version: Int?) -> CatalogRelation? {
        guard SystemRelations.schemas.contains(schema), let candidates = variants[Catalog.key(schema: schema, name: name)] else {
            return nil
        }
        if let version { return candidates.first { $0.versions.contains(version) }?.relation }
        return (candidates.first { $0.versions.until == nil } ?? candidates.last)?.relation
    }

    /// Every relation's key (`pg_catalog.pg_class`), for tests.
    var keys: [String] { variants.keys.sorted() }

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
