// What the schema files declare, with where: the tables and their columns (type, NOT NULL) and the
// enums (labels in order). `neon-sql-gen check` compares it with a live database's catalogs
// (drift: nullability, enum labels, missing or extra columns).

/// A table's or an enum's place in a schema file.
public struct DeclaredSite: Sendable, Hashable {
    /// The schema file's path, as given.
    public let file: String
    public let line: Int
    public let column: Int
}

/// A column as the schema files declare it.
public struct DeclaredColumn: Sendable, Hashable {
    public let name: String
    /// `format_type` of its type.
    public let type: String
    /// NOT NULL (a constraint, the primary key, serial or identity, or a NOT NULL domain).
    public let isNotNull: Bool
    /// Where its definition is, when a schema file declares it.
    public let site: DeclaredSite?
}

/// A table as the schema files leave it.
public struct DeclaredTable: Sendable, Hashable {
    public let schema: String
    public let name: String
    public let columns: [DeclaredColumn]
    /// Where it is created.
    public let site: DeclaredSite
}

/// An enum as the schema files leave it.
public struct DeclaredEnum: Sendable, Hashable {
    /// As `format_type` prints it on the default search path (`time_slot`, `shop.mood`).
    public let name: String
    public let labels: [String]
    public let site: DeclaredSite?
}

/// A domain as the schema files leave it.
public struct DeclaredDomain: Sendable, Hashable {
    /// As `format_type` prints it on the default search path.
    public let name: String
    /// `NOT NULL` in the domain (or `ALTER DOMAIN ... SET NOT NULL`).
    public let isNotNull: Bool
    public let site: DeclaredSite?
}

/// Every table, enum and domain the schema files declare, after applying them in order.
public struct DeclaredSchema: Sendable, Hashable {
    public let tables: [DeclaredTable]
    public let enums: [DeclaredEnum]
    public let domains: [DeclaredDomain]
}

extension CodeGenerator {
    /// What `schema` (applied in order) declares; problems in the files are the build's to report.
    /// ``QueryAnalysis/declaredSchema`` gives the same from a run that also analyzes queries.
    public static func declaredSchema(schema: [SQLSourceInput]) -> DeclaredSchema {
        DeclaredSchema(catalog: Pipeline.analyzeKeepingCatalog(schemaFiles: schema.map(SourceFile.init(input:)), queryFiles: []).catalog)
    }
}

extension DeclaredSchema {
    /// The tables, enums and domains of a built catalog, each with where it is declared.
    init(catalog: Catalog) {
        func site(_ declared: DeclarationSite?) -> DeclaredSite? {
            declared.map { DeclaredSite(file: $0.file, line: $0.line, column: $0.column) }
        }
        tables = catalog.relations.values.filter { $0.kind == .table }.sorted { ($0.schema, $0.name) < ($1.schema, $1.name) }.map { relation in
            DeclaredTable(schema: relation.schema, name: relation.name, columns: relation.columns.map { column in
                DeclaredColumn(name: column.name, type: column.type.formatName, isNotNull: column.isNotNull, site: site(column.declaredAt))
            }, site: DeclaredSite(file: relation.file, line: relation.location.line, column: relation.location.column))
        }
        enums = catalog.enums.values.sorted { ($0.schema, $0.name) < ($1.schema, $1.name) }.map { value in
            DeclaredEnum(name: catalog.formatName(schema: value.schema, name: value.name), labels: value.labels, site: site(value.declaredAt))
        }
        domains = catalog.userTypes.domains.values.sorted { ($0.schema, $0.name) < ($1.schema, $1.name) }.map { domain in
            DeclaredDomain(name: catalog.formatName(schema: domain.schema, name: domain.name), isNotNull: domain.isNotNull,
                           site: site(domain.declaredAt))
        }
    }
}
