import Foundation
import NeonSQL
import NeonSQLGenerator

/// The drift between what the schema files declare and the live database's catalogs: a column's
/// NOT NULL (`pg_attribute.attnotnull`), enum labels and their order (`pg_enum`), columns the
/// database lacks or has in addition, tables it lacks, domains' NOT NULL. Each at the schema line that declares the
/// thing. A column the schema files make NOT NULL (generated code treats it as non-optional) that
/// the database allows NULL in is an error; the rest are warnings.
enum SchemaDrift {
    struct ColumnRow: DecodableRow {
        static let columns = [ResultColumn("table_schema", .text), ResultColumn("table_name", .text), ResultColumn("column_name", .text),
                              ResultColumn("not_null", .bool)]
        let schema: String
        let table: String
        let column: String
        let notNull: Bool
        init(from row: inout RowDecoder) throws {
            schema = try row.decode(String.self)
            table = try row.decode(String.self)
            column = try row.decode(String.self)
            notNull = try row.decode(Bool.self)
        }
    }

    struct EnumRow: DecodableRow {
        static let columns = [ResultColumn("type_name", .text), ResultColumn("labels", .array(.text))]
        let name: String
        let labels: [String]
        init(from row: inout RowDecoder) throws {
            name = try row.decode(String.self)
            labels = try row.decode([String].self)
        }
    }

    struct DomainRow: DecodableRow {
        static let columns = [ResultColumn("domain_name", .text), ResultColumn("not_null", .bool)]
        let name: String
        let notNull: Bool
        init(from row: inout RowDecoder) throws {
            name = try row.decode(String.self)
            notNull = try row.decode(Bool.self)
        }

        /// A row as the catalogs give it.
        init(name: String, notNull: Bool) {
            self.name = name
            self.notNull = notNull
        }
    }

    /// The database's user tables' columns, enums and domains, in one read-only request.
    static func read(_ probe: DatabaseProbe) async throws -> (columns: [ColumnRow], enums: [EnumRow], domains: [DomainRow]) {
        let columns: Statement<[ColumnRow]> = .many(
            name: "CheckDriftColumns",
            sql: "SELECT n.nspname::text AS table_schema, c.relname::text AS table_name, a.attname::text AS column_name, "
                + "a.attnotnull AS not_null FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid "
                + "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind IN ('r', 'p') AND a.attnum > 0 "
                + "AND NOT a.attisdropped AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND NOT starts_with(n.nspname, 'pg_') "
                + "ORDER BY 1, 2, a.attnum",
            bindings: Bindings(), readOnly: true)
        let enums: Statement<[EnumRow]> = .many(
            name: "CheckDriftEnums",
            sql: "SELECT format_type(t.oid, NULL) AS type_name, array_agg(e.enumlabel::text ORDER BY e.enumsortorder) AS labels "
                + "FROM pg_enum e JOIN pg_type t ON t.oid = e.enumtypid GROUP BY t.oid",
            bindings: Bindings(), readOnly: true)
        let domains: Statement<[DomainRow]> = .many(
            name: "CheckDriftDomains",
            sql: "SELECT format_type(t.oid, NULL) AS domain_name, t.typnotnull AS not_null FROM pg_type t "
                + "JOIN pg_namespace n ON n.oid = t.typnamespace WHERE t.typtype = 'd' "
                + "AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND NOT starts_with(n.nspname, 'pg_')",
            bindings: Bindings(), readOnly: true)
        return try await probe.client.batch(columns, enums, domains, options: DatabaseProbe.readOnly)
    }

    /// Every drift, in schema file order.
    static func diagnostics(declared: DeclaredSchema, columns: [ColumnRow], enums: [EnumRow],
                            domains: [DomainRow] = []) -> [SchemaCheckDiagnostic] {
        var result: [SchemaCheckDiagnostic] = []
        func report(_ site: DeclaredSite, _ severity: SchemaCheckDiagnostic.Severity, _ message: String) {
            result.append(SchemaCheckDiagnostic(file: site.file, line: site.line, column: site.column, severity: severity, message: message))
        }
        var byTable: [String: [ColumnRow]] = [:]
        for row in columns { byTable[row.schema + "." + row.table, default: []].append(row) }
        for table in declared.tables {
            let qualified = table.schema + "." + table.name
            guard let actual = byTable[qualified] else {
                report(table.site, .warning, "table \(qualified) does not exist in the database")
                continue
            }
            for column in table.columns {
                let site = column.site ?? table.site
                guard let found = actual.first(where: { $0.column == column.name }) else {
                    report(site, .warning, "column \(qualified).\(column.name) does not exist in the database")
                    continue
                }
                if column.isNotNull && !found.notNull {
                    report(site, .error, "column \(qualified).\(column.name) is NOT NULL in the schema files but nullable in the database: "
                           + "generated code treats it as non-optional and fails on a NULL; add NOT NULL there (or drop it here)")
                } else if !column.isNotNull && found.notNull {
                    report(site, .warning, "column \(qualified).\(column.name) is NOT NULL in the database but nullable in the schema files")
                }
            }
            for extra in actual where !table.columns.contains(where: { $0.name == extra.column }) {
                report(table.site, .warning, "the database's \(qualified) has a column \(extra.column) that the schema files lack")
            }
        }
        let databaseEnums = Dictionary(enums.map { ($0.name, $0.labels) }, uniquingKeysWith: { first, _ in first })
        for value in declared.enums {
            guard let site = value.site else { continue }
            guard let labels = databaseEnums[value.name] else {
                report(site, .warning, "enum \(value.name) does not exist in the database")
                continue
            }
            if labels != value.labels {
                report(site, .warning, "enum \(value.name) has the labels \(labels) in the database but \(value.labels) in the schema files")
            }
        }
        let databaseDomains = Dictionary(domains.map { ($0.name, $0.notNull) }, uniquingKeysWith: { first, _ in first })
        for domain in declared.domains {
            guard let site = domain.site else { continue }
            guard let notNull = databaseDomains[domain.name] else {
                report(site, .warning, "domain \(domain.name) does not exist in the database")
                continue
            }
            if domain.isNotNull && !notNull {
                report(site, .error, "domain \(domain.name) is NOT NULL in the schema files but not in the database: generated code "
                       + "treats its columns as non-optional and fails on a NULL")
            } else if !domain.isNotNull && notNull {
                report(site, .warning, "domain \(domain.name) is NOT NULL in the database but not in the schema files")
            }
        }
        return result.sorted { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) }
    }
}
