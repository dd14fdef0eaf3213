import Foundation
import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration
import NeonSQLTestSupport

/// The generator's table effects (`describe`'s `tables`: what a query reads and can change) against
/// PostgreSQL's own answer, for RIZQ, the corpus, the golden cases and `Data/table_effects/` (every
/// way of touching a table the generator claims to follow, with seed rows so that cascades and
/// triggers fire). A table PostgreSQL touches that the generator's sets omit means a stale cache
/// entry on a user's screen: every omission is a failure. Tables the generator lists that
/// PostgreSQL does not touch (over-invalidation) are counted, not failures.
///
/// Two oracles, both in a throwaway database with the schema loaded, each statement in its own
/// session and transaction, rolled back:
/// - static: `EXPLAIN (VERBOSE, FORMAT JSON) EXECUTE` of the generic plan (NULL for every
///   parameter). Reads are the relations of the plan's scans (an UPDATE's, DELETE's or MERGE's
///   target, and an INSERT ... ON CONFLICT DO UPDATE's, included). Writes are the ModifyTable
///   targets, closed over `pg_constraint`'s foreign keys whose ON DELETE / ON UPDATE action is
///   CASCADE, SET NULL or SET DEFAULT, and over the user triggers (`pg_trigger`) of every written
///   table: the tables a trigger function's source names after `INSERT INTO`, `UPDATE`,
///   `DELETE FROM` or `MERGE INTO` (SQL and PL/pgSQL functions).
/// - dynamic: the statement executed (with the generic plan, NULL for every parameter; the
///   dedicated data folder uses literal values, so its statements touch rows), and
///   `pg_stat_xact_user_tables` compared before and after: a table whose inserted, updated or
///   deleted tuple count grew was written, one whose scan count grew was read. Scans that
///   foreign-key checks and actions make (of a table referencing, or referenced by, a written
///   table) and an INSERT's own target (its conflict checks) are not reads of the statement.
///
/// A partition counts as its partitioned root, and a child of legacy inheritance (`INHERITS`) as
/// its first parent's root (`pg_inherits`), as the generator counts them. `readsUnknown` / `writesUnknown` excuse omissions of
/// reads / writes. Utility statements (PostgreSQL cannot PREPARE them) are not compared; a
/// statement whose EXPLAIN fails is counted as skipped, with the reason printed.
///
/// The oracles' SQL (reading the catalog, a partition for each partitioned table without one,
/// the plan's and the execution's settings, the counts) is `Data/table_effects_oracle/oracle.psql`,
/// which the real-applications differential (`Scripts/lib/sqlc_differential.py`) runs too.
///
/// `NEON_SQL_TABLE_EFFECTS_VERBOSE=1` prints every extra table too.
@Suite("Differential: table effects vs PostgreSQL", .serialized, .offCooperativePool)
struct TableEffectsDifferentialTests {
    static let differentialDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let dataDirectory = differentialDirectory.appendingPathComponent("Data").appendingPathComponent("table_effects")
    static let goldenDirectory = differentialDirectory.deletingLastPathComponent().appendingPathComponent("Golden")

    static var verbose: Bool { ProcessInfo.processInfo.environment["NEON_SQL_TABLE_EFFECTS_VERBOSE"] == "1" }

    /// The sets compared, by name: `table_effects`, `RIZQ`, `corpus/<schema>`, `golden/<case>`.
    static var setNames: [String] {
        ["table_effects", "RIZQ"] + CorpusTests.schemas.map { "corpus/\($0)" } + GoldenTests.cases.map { "golden/\($0)" }
    }

    // MARK: Tests

    @Test(.enabled(if: PostgresTestEnvironment.shouldRun), arguments: setNames)
    func noTablePostgreSQLTouchesIsOmitted(_ setName: String) throws {
        let url = try #require(PostgresTestEnvironment.url, "NEON_SQL_TEST_POSTGRES_URL is not set; run Scripts/test.sh")
        let set = try Self.load(setName)
        guard let report = try Self.compare(set, psql: PSQL(url: url)) else { return }
        print("differential (table effects, \(setName)): \(report.summary)")
        for omission in report.omissions { Issue.record(Comment(rawValue: omission)) }
        if Self.verbose {
            for extra in report.extras { print("  extra: \(extra)") }
            for skip in report.skips { print("  skipped: \(skip)") }
        }
        #expect(report.checked > 0, "\(setName): no statement was compared")
        if setName == "table_effects" {
            // Every statement of the dedicated folder must be compared by both oracles.
            #expect(report.skipped == 0, "\(report.skips)")
            #expect(report.executed == report.checked && report.executionFailures.isEmpty, "\(report.executionFailures)")
        }
    }

    /// The oracles themselves find what the dedicated folder was written to make PostgreSQL touch:
    /// without this, a broken oracle (an empty answer) would let every comparison pass.
    @Test(.enabled(if: PostgresTestEnvironment.shouldRun))
    func oraclesSeeWhatTheDataFolderTouches() throws {
        let url = try #require(PostgresTestEnvironment.url, "NEON_SQL_TEST_POSTGRES_URL is not set; run Scripts/test.sh")
        let set = try Self.load("table_effects")
        let report = try #require(try Self.compare(set, psql: PSQL(url: url)))
        func answer(_ name: String) -> PostgresAnswer? { report.answers[name] }
        func tables(_ names: String...) -> Set<String> { Set(names.map { "public." + $0 }) }

        let cascade = try #require(answer("DeleteAccountCascades"))
        let cascaded = tables("accounts", "users", "projects", "tasks", "comments", "task_labels", "measurements", "audit_log")
        #expect(cascaded.isSubset(of: cascade.staticWrites), "static: \(cascade.staticWrites.sorted())")
        #expect(cascaded.isSubset(of: cascade.dynamicWrites), "dynamic: \(cascade.dynamicWrites.sorted())")
        // The trigger on tasks reads its settings table.
        #expect(cascade.dynamicReads.contains("public.audit_settings"), "\(cascade.dynamicReads.sorted())")

        let renamed = try #require(answer("RenameLabelCascades"))
        #expect(tables("labels", "task_labels").isSubset(of: renamed.dynamicWrites), "\(renamed.dynamicWrites.sorted())")
        let moved = try #require(answer("UpdateAccountIdCascades"))
        #expect(tables("accounts", "projects").isSubset(of: moved.staticWrites.intersection(moved.dynamicWrites)))

        let partitioned = try #require(answer("InsertIntoPartitioned"))
        #expect(partitioned.dynamicWrites == tables("measurements", "audit_log"), "\(partitioned.dynamicWrites.sorted())")
        #expect(try #require(answer("ReadPartitioned")).staticReads == tables("measurements"))

        #expect(try #require(answer("ReadViewOverView")).staticReads == tables("tasks", "projects"))
        #expect(try #require(answer("ReadUnionView")).staticReads == tables("tasks", "projects", "accounts"))
        // The plan scans vehicles and its INHERITS child trucks; trucks counts as its parent.
        #expect(try #require(answer("ReadInheritanceParent")).staticReads == tables("vehicles"))
        #expect(try #require(answer("ReadThroughSQLFunction")).dynamicReads.contains("public.accounts"))
        #expect(try #require(answer("ReadThroughPLpgSQLFunction")).dynamicReads == tables("labels"))
        #expect(try #require(answer("ReadSystemCatalog")).staticReads == ["pg_catalog.pg_class"])
        #expect(try #require(answer("CallWritingFunction")).dynamicWrites == tables("projects"))
        #expect(try #require(answer("DataModifyingCTE")).staticWrites == tables("tasks", "comments", "audit_log"))
        // Planned as a role the policy applies to, the policy's subquery is in the plan.
        #expect(try #require(answer("ReadUnderPolicy")).staticReads == tables("documents", "memberships"))
    }

    // MARK: Sets

    /// One schema with its query files.
    struct QuerySet {
        let name: String
        let schema: [SourceFile]
        let queries: [SourceFile]
        /// A set whose schema PostgreSQL must accept (else it is skipped, with the reason printed:
        /// a corpus schema may need an extension the server lacks).
        let mustLoad: Bool
    }

    static func load(_ name: String) throws -> QuerySet {
        if name == "table_effects" {
            func file(_ file: String) throws -> SourceFile {
                SourceFile(path: "Differential/Data/table_effects/\(file)",
                           text: try String(contentsOf: dataDirectory.appendingPathComponent(file), encoding: .utf8))
            }
            return QuerySet(name: name, schema: [try file("schema.sql")], queries: [try file("queries.sql")], mustLoad: true)
        }
        if name == "RIZQ" {
            let rizq = try PostgresDifferentialTests.rizq()
            return QuerySet(name: name, schema: rizq.schema, queries: rizq.queries, mustLoad: true)
        }
        if name.hasPrefix("corpus/") {
            let schema = String(name.dropFirst("corpus/".count))
            return QuerySet(name: name, schema: try CorpusTests.sqlFiles(schema, "schema"),
                            queries: try CorpusTests.sqlFiles(schema, "queries"), mustLoad: false)
        }
        let golden = String(name.dropFirst("golden/".count))
        func files(_ folder: String) throws -> [SourceFile] {
            let directory = goldenDirectory.appendingPathComponent(golden).appendingPathComponent(folder)
            guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
            return try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".sql") }.sorted().map { file in
                SourceFile(path: "Golden/\(golden)/\(folder)/\(file)",
                           text: try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8))
            }
        }
        return QuerySet(name: name, schema: try files("schema"), queries: try files("queries"), mustLoad: false)
    }

    // MARK: Comparison

    /// What PostgreSQL says one statement touches, by schema-qualified table (partitions as their root).
    struct PostgresAnswer {
        var staticReads: Set<String> = []
        var staticWrites: Set<String> = []
        var dynamicReads: Set<String> = []
        var dynamicWrites: Set<String> = []
        var reads: Set<String> { staticReads.union(dynamicReads) }
        var writes: Set<String> { staticWrites.union(dynamicWrites) }
    }

    struct Report {
        var queries = 0
        var utility = 0
        var checked = 0
        var skipped = 0
        var executed = 0
        var omissions: [String] = []
        var omittedTables = 0
        var generatorReads = 0
        var extraReads = 0
        var generatorWrites = 0
        var extraWrites = 0
        var readsUnknown = 0
        var writesUnknown = 0
        var extras: [String] = []
        var skips: [String] = []
        var executionFailures: [String] = []
        /// PostgreSQL's answer per annotation name.
        var answers: [String: PostgresAnswer] = [:]

        var summary: String {
            func percent(_ part: Int, _ whole: Int) -> String {
                String(format: "%.1f", whole == 0 ? 0 : Double(part) * 100 / Double(whole))
            }
            return "\(queries) queries, \(omittedTables) omissions, "
                + "reads extra \(extraReads) of \(generatorReads) (\(percent(extraReads, generatorReads))%), "
                + "writes extra \(extraWrites) of \(generatorWrites) (\(percent(extraWrites, generatorWrites))%), "
                + "skipped \(skipped); utility \(utility), executed \(executed) of \(checked) (\(executionFailures.count) raised), "
                + "reads unknown \(readsUnknown), writes unknown \(writesUnknown)"
        }
    }

    /// Loads `set`'s schema into a throwaway database and compares every statement; nil when a set
    /// that need not load does not (the reason printed).
    static func compare(_ set: QuerySet, psql: PSQL) throws -> Report? {
        let model = SwiftTranslator.name(Pipeline.analyze(schemaFiles: set.schema, queryFiles: set.queries))
        let database = "neon_sql_effects_\(UInt32.random(in: 0...UInt32.max))"
        // A role row-level security applies to (the owner and superusers bypass it): dropped
        // after the database (deferred actions run last first).
        let role = database + "_app"
        _ = try psql.run("CREATE ROLE \(role) NOLOGIN NOSUPERUSER NOBYPASSRLS;")
        defer { _ = try? psql.run("DROP ROLE IF EXISTS \(role);") }
        _ = try psql.run("CREATE DATABASE \(database);")
        defer { _ = try? psql.run("DROP DATABASE IF EXISTS \(database) WITH (FORCE);") }
        do {
            _ = try psql.run(set.schema.map(\.text).joined(separator: "\n;\n"), database: database)
        } catch {
            if set.mustLoad { throw error }
            print("differential (table effects, \(set.name)): skipped, PostgreSQL rejected the schema: \(error)")
            return nil
        }
        _ = try psql.run(try TableEffectsOracleSQL.section("prepare-database"), database: database)
        let catalog = try PostgresCatalog.read(psql: psql, database: database)
        // With policies, a statement is also planned as that role, privileged on everything: the
        // policies' subqueries are in its plan.
        let policyRole = catalog.hasPolicies ? role : nil
        if catalog.hasPolicies {
            _ = try psql.run(try TableEffectsOracleSQL.section("grant-role", role: role), database: database)
        }

        var report = Report()
        let errorLines = model.diagnostics.filter { $0.severity == .error }.map { ($0.file, $0.line) }
        let queries = model.queries
        for (position, named) in queries.enumerated() {
            // A query with an error (the range from its annotation to the next one's) is not compared.
            let next = queries.indices.contains(position + 1) && queries[position + 1].file == named.file ? queries[position + 1].line : Int.max
            if errorLines.contains(where: { $0.0 == named.file && $0.1 >= named.line && $0.1 < next }) { continue }
            report.queries += 1
            if named.query.isUtility {
                report.utility += 1
                continue
            }
            let place = "\(named.file):\(named.line): \(named.annotationName)"
            var statement = PreparedStatement(named)
            guard let plan = statement.explain(psql: psql, database: database) else {
                report.skipped += 1
                report.skips.append("\(place): \(statement.failure ?? "EXPLAIN failed")")
                continue
            }
            report.checked += 1
            var answer = PostgresAnswer()
            let planEffects = PlanEffects(plan: plan, catalog: catalog)
            answer.staticReads = planEffects.reads
            if let policyRole, let rolePlan = statement.explain(psql: psql, database: database, role: policyRole) {
                answer.staticReads.formUnion(PlanEffects(plan: rolePlan, catalog: catalog).reads)
            }
            answer.staticWrites = catalog.writeClosure(planEffects.targets)

            switch statement.execute(psql: psql, database: database, catalog: catalog) {
            case .success(let execution):
                report.executed += 1
                if let failure = execution.failure { report.executionFailures.append("\(place): \(failure)") }
                answer.dynamicWrites = execution.writes
                // Scans of foreign-key checks and actions, and an INSERT's own conflict checks.
                let written = answer.staticWrites.union(execution.writes).union(planEffects.targets.keys)
                let explained = catalog.foreignKeyNeighbours(of: written).union(planEffects.insertOnlyTargets)
                answer.dynamicReads = execution.reads.subtracting(explained)
            case .failure(let error):
                report.executionFailures.append("\(place): \(error)")
            }
            report.answers[named.annotationName] = answer

            let tables = named.query.tables
            let generatorReads = Set(tables.reads)
            let generatorWrites = Set(tables.writes)
            if tables.readsUnknown { report.readsUnknown += 1 }
            if tables.writesUnknown { report.writesUnknown += 1 }
            if !tables.readsUnknown {
                let missing = answer.reads.subtracting(generatorReads)
                if !missing.isEmpty {
                    report.omittedTables += missing.count
                    report.omissions.append("\(place): PostgreSQL reads \(describe(missing, answer.staticReads, answer.dynamicReads)), "
                        + "the generator's reads \(tables.reads) omit \(missing.count == 1 ? "it" : "them")")
                }
            }
            if !tables.writesUnknown {
                let missing = answer.writes.subtracting(generatorWrites)
                if !missing.isEmpty {
                    report.omittedTables += missing.count
                    report.omissions.append("\(place): PostgreSQL writes \(describe(missing, answer.staticWrites, answer.dynamicWrites)), "
                        + "the generator's writes \(tables.writes) omit \(missing.count == 1 ? "it" : "them")")
                }
            }
            let extraReads = generatorReads.subtracting(answer.reads)
            let extraWrites = generatorWrites.subtracting(answer.writes)
            report.generatorReads += generatorReads.count
            report.extraReads += extraReads.count
            report.generatorWrites += generatorWrites.count
            report.extraWrites += extraWrites.count
            if !extraReads.isEmpty { report.extras.append("\(place): reads \(extraReads.sorted())") }
            if !extraWrites.isEmpty { report.extras.append("\(place): writes \(extraWrites.sorted())") }
        }
        return report
    }

    /// `public.a (plan), public.b (executed)`: which oracle saw each table.
    static func describe(_ tables: Set<String>, _ fromPlan: Set<String>, _ fromExecution: Set<String>) -> String {
        tables.sorted().map { table in
            let sources = [fromPlan.contains(table) ? "plan" : nil, fromExecution.contains(table) ? "executed" : nil].compactMap { $0 }
            return "\(table) (\(sources.joined(separator: ", ")))"
        }.joined(separator: ", ")
    }
}

// MARK: - PostgreSQL's catalog

/// How a statement changes a table (ModifyTable's operations, and what foreign-key actions and
/// triggers make of them).
enum TableWrite: Hashable, Sendable {
    case insert, update, delete
}

/// What the loaded schema says about partitions, foreign keys and triggers, read from the system
/// catalogs once per database.
struct PostgresCatalog {
    struct ForeignKey: Hashable {
        let referencing: String
        let referenced: String
        /// `confdeltype` / `confupdtype`: a (no action), r (restrict), c (cascade), n (set null), d (set default).
        let onDelete: Character
        let onUpdate: Character
    }

    struct Trigger {
        let table: String
        let events: Set<TableWrite>
        /// Tables the function's source changes, with how (SQL and PL/pgSQL only).
        var writes: [(String, Set<TableWrite>)] = []
    }

    /// Partition -> its partitioned root.
    var roots: [String: String] = [:]
    /// User tables (not the system catalogs), to resolve names in trigger sources.
    var tables: Set<String> = []
    var searchPath: [String] = []
    var foreignKeys: Set<ForeignKey> = []
    /// By trigger (table and name).
    var triggers: [String: Trigger] = [:]
    /// Some table has a row-level security policy.
    var hasPolicies = false

    /// `schema.name` with a partition as its root.
    func root(_ table: String) -> String { roots[table] ?? table }

    static func read(psql: PSQL, database: String) throws -> PostgresCatalog {
        let output = try psql.run(try TableEffectsOracleSQL.section("catalog"), database: database)
        var catalog = PostgresCatalog()
        for line in output.split(separator: "\n") {
            let fields = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            switch fields.first {
            case "partition" where fields.count == 3:
                catalog.roots[fields[1]] = fields[2]
            case "table" where fields.count == 2:
                catalog.tables.insert(fields[1])
            case "policies" where fields.count == 2:
                catalog.hasPolicies = fields[1] != "0"
            case "path" where fields.count == 2:
                catalog.searchPath = fields[1].split(separator: ",").map(String.init)
            case "fk" where fields.count == 5:
                guard let onDelete = fields[3].first, let onUpdate = fields[4].first else { continue }
                catalog.foreignKeys.insert(ForeignKey(referencing: fields[1], referenced: fields[2], onDelete: onDelete, onUpdate: onUpdate))
            case "trigger" where fields.count == 6:
                // tgtype: 1 << 2 INSERT, 1 << 3 DELETE, 1 << 4 UPDATE.
                let type = Int(fields[3]) ?? 0
                var events: Set<TableWrite> = []
                if type & 4 != 0 { events.insert(.insert) }
                if type & 8 != 0 { events.insert(.delete) }
                if type & 16 != 0 { events.insert(.update) }
                let key = fields[1] + " " + fields[2]
                var trigger = catalog.triggers[key] ?? Trigger(table: fields[1], events: events)
                if let written = catalog.resolve(fields[5]) {
                    let verb = fields[4].lowercased()
                    let changes: Set<TableWrite> = verb.hasPrefix("insert") ? [.insert]
                        : verb.hasPrefix("update") ? [.update]
                        : verb.hasPrefix("delete") ? [.delete] : [.insert, .update, .delete]
                    trigger.writes.append((catalog.root(written), changes))
                }
                catalog.triggers[key] = trigger
            default:
                continue
            }
        }
        return catalog
    }

    /// The user table a name in SQL text names (`audit_log`, `app."Log"`), on the search path.
    func resolve(_ name: String) -> String? {
        var parts: [String] = []
        var current = ""
        var quoted = false
        for character in name {
            if character == "\"" { quoted.toggle(); continue }
            if character == ".", !quoted {
                parts.append(current)
                current = ""
                continue
            }
            if !quoted, character.isWhitespace { continue }
            current += quoted ? String(character) : character.lowercased()
        }
        parts.append(current)
        if parts.count == 2 { return tables.contains(parts[0] + "." + parts[1]) ? parts[0] + "." + parts[1] : nil }
        guard parts.count == 1 else { return nil }
        return searchPath.lazy.map { $0 + "." + parts[0] }.first { tables.contains($0) }
    }

    /// `targets` with what foreign-key actions (CASCADE, SET NULL, SET DEFAULT) and the user
    /// triggers' functions change, transitively, as tables (partitions as roots).
    func writeClosure(_ targets: [String: Set<TableWrite>]) -> Set<String> {
        var handled: [String: Set<TableWrite>] = [:]
        var pending = targets.map { ($0.key, $0.value) }
        while let (table, changes) = pending.popLast() {
            let new = changes.subtracting(handled[table] ?? [])
            guard !new.isEmpty else { continue }
            handled[table, default: []].formUnion(new)
            for key in foreignKeys where key.referenced == table {
                if new.contains(.delete) {
                    if key.onDelete == "c" { pending.append((key.referencing, [.delete])) }
                    if key.onDelete == "n" || key.onDelete == "d" { pending.append((key.referencing, [.update])) }
                }
                if new.contains(.update), "cnd".contains(key.onUpdate) { pending.append((key.referencing, [.update])) }
            }
            for trigger in triggers.values where trigger.table == table && !trigger.events.isDisjoint(with: new) {
                pending.append(contentsOf: trigger.writes)
            }
        }
        return Set(handled.keys)
    }

    /// Tables whose scans foreign-key checks and actions explain when `written` change: the tables
    /// they reference (checks) and the tables referencing them (checks, and the actions' own
    /// UPDATE or DELETE of the referencing rows, which scan those tables however they are written).
    func foreignKeyNeighbours(of written: Set<String>) -> Set<String> {
        var neighbours: Set<String> = []
        for key in foreignKeys {
            if written.contains(key.referencing) { neighbours.insert(key.referenced) }
            if written.contains(key.referenced) { neighbours.insert(key.referencing) }
        }
        return neighbours
    }
}

// MARK: - The plan

/// The relations of an EXPLAIN (VERBOSE, FORMAT JSON) plan.
struct PlanEffects {
    /// Relations scanned (and the targets of UPDATE, DELETE, MERGE and ON CONFLICT DO UPDATE).
    var reads: Set<String> = []
    /// ModifyTable targets with their operations.
    var targets: [String: Set<TableWrite>] = [:]
    /// Targets that are only inserted into (no ON CONFLICT DO UPDATE): their conflict checks scan them.
    var insertOnlyTargets: Set<String> = []

    init(plan: [String: Any], catalog: PostgresCatalog) {
        var updatedOrDeleted: Set<String> = []
        var inserted: Set<String> = []
        func relation(_ node: [String: Any]) -> String? {
            guard let name = node["Relation Name"] as? String, let schema = node["Schema"] as? String else { return nil }
            return catalog.root(schema + "." + name)
        }
        func visit(_ node: [String: Any]) {
            if node["Node Type"] as? String == "ModifyTable" {
                let operation = node["Operation"] as? String ?? ""
                let conflictUpdate = node["Conflict Resolution"] as? String == "UPDATE"
                var changes: Set<TableWrite>
                switch operation {
                case "Insert": changes = conflictUpdate ? [.insert, .update] : [.insert]
                case "Update": changes = [.update]
                case "Delete": changes = [.delete]
                default: changes = [.insert, .update, .delete]
                }
                let targetTables = (node["Target Tables"] as? [[String: Any]] ?? []).compactMap(relation)
                for target in [relation(node)].compactMap({ $0 }) + targetTables {
                    targets[target, default: []].formUnion(changes)
                    if changes == [.insert] { inserted.insert(target) } else { updatedOrDeleted.insert(target) }
                }
            } else if let name = relation(node) {
                reads.insert(name)
            }
            for child in node["Plans"] as? [[String: Any]] ?? [] { visit(child) }
        }
        visit(plan)
        reads.formUnion(updatedOrDeleted)
        insertOnlyTargets = inserted.subtracting(updatedOrDeleted).subtracting(reads)
    }
}

// MARK: - One statement

/// A query PREPAREd with the parameter types the generator describes (or, when PostgreSQL
/// rejects those, with the types it infers), and run with NULL for every parameter.
struct PreparedStatement {
    /// How the parameters' types are declared.
    enum Typing: CaseIterable {
        /// As the generator describes them.
        case described
        /// A domain as its base type: EXECUTE casts the NULL argument to the parameter's type, which
        /// a NOT NULL domain rejects, while the statement's own coercion to the domain is not
        /// evaluated by EXPLAIN.
        case base
        /// Not declared: PostgreSQL infers them.
        case inferred
    }

    let sql: String
    let typed: String
    let baseTyped: String
    let arguments: String
    /// Why EXPLAIN failed (after `explain`).
    private(set) var failure: String?
    /// The declaration EXPLAIN succeeded with, used by ``execute``.
    private var typing = Typing.described

    init(_ named: NamedQuery) {
        sql = named.sql
        // `:copyfrom` binds each column's values as one array.
        let parameters = named.boundParameters.sorted { $0.index < $1.index }
        let types = parameters.map { named.kind == .copyfrom ? PostgresTypeDescription.array($0.type) : $0.type }
        let count = parameters.map(\.index).max() ?? 0
        func declaration(_ names: [String]) -> String {
            names.isEmpty || names.count != count ? "" : "(" + names.joined(separator: ", ") + ")"
        }
        typed = declaration(types.map(\.formatName))
        baseTyped = declaration(types.map(\.baseType.formatName))
        arguments = count == 0 ? "" : "(" + Array(repeating: "NULL", count: count).joined(separator: ", ") + ")"
    }

    var prepare: String {
        let declaration = switch typing {
        case .described: typed
        case .base: baseTyped
        case .inferred: ""
        }
        return "PREPARE neon_sql_effects\(declaration) AS \(sql);"
    }
    var execute: String { "EXECUTE neon_sql_effects\(arguments)" }

    /// The generic plan's root node, or nil (``failure`` says why); planned as `role` when given
    /// (with the declaration a first call found).
    mutating func explain(psql: PSQL, database: String, role: String? = nil) -> [String: Any]? {
        var reasons: [String] = []
        var typings = typed.isEmpty ? [Typing.inferred] : baseTyped == typed ? [.described, .inferred] : Typing.allCases
        if role != nil { typings = [typing] }
        for attempt in typings {
            typing = attempt
            do {
                let output = try psql.run("""
                    BEGIN;
                    \(try TableEffectsOracleSQL.section("plan-settings"))
                    \(role.map { "SET LOCAL ROLE \($0);" } ?? "")
                    \(prepare)
                    EXPLAIN (VERBOSE, FORMAT JSON) \(execute);
                    ROLLBACK;
                    """, database: database)
                let json = try JSONSerialization.jsonObject(with: Data(output.utf8))
                guard let plans = json as? [[String: Any]], let plan = plans.first?["Plan"] as? [String: Any] else {
                    reasons.append("no plan in EXPLAIN's output")
                    continue
                }
                return plan
            } catch {
                let declared = switch attempt {
                case .described: "described types \(typed)"
                case .base: "base types \(baseTyped)"
                case .inferred: "inferred types"
                }
                reasons.append("\(declared): \(error)".replacingOccurrences(of: "\n", with: " "))
            }
        }
        failure = reasons.joined(separator: "; ")
        return nil
    }

    struct Execution {
        var reads: Set<String> = []
        var writes: Set<String> = []
        /// The statement's error, when it raised one (the counts up to it still stand).
        var failure: String?
    }

    struct ExecutionError: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs the statement in a transaction that is rolled back, and reads what
    /// `pg_stat_xact_user_tables` counted for it (partitions as roots).
    func execute(psql: PSQL, database: String, catalog: PostgresCatalog) -> Result<Execution, ExecutionError> {
        let output: String
        do {
            let counts = try TableEffectsOracleSQL.section("counts")
            output = try psql.run("""
                BEGIN;
                \(try TableEffectsOracleSQL.section("execute-settings"))
                \(prepare)
                \\echo ---neon-before---
                \(counts)
                \\set ON_ERROR_STOP 0
                \\set ON_ERROR_ROLLBACK on
                \\echo ---neon-execute---
                \(execute);
                \\echo ---neon-status--- :ERROR
                \\set ON_ERROR_STOP 1
                \\echo ---neon-after---
                \(counts)
                ROLLBACK;
                """, database: database)
        } catch {
            return .failure(ExecutionError(description: "\(error)".replacingOccurrences(of: "\n", with: " ")))
        }
        func section(after marker: String, before end: String?) -> [Substring] {
            guard let start = output.range(of: marker + "\n", options: .backwards) else { return [] }
            var text = output[start.upperBound...]
            if let end, let stop = text.range(of: end) { text = text[..<stop.lowerBound] }
            return text.split(separator: "\n")
        }
        func parse(_ lines: [Substring]) -> [String: (scans: Int, changes: Int)] {
            var result: [String: (scans: Int, changes: Int)] = [:]
            for line in lines {
                let fields = line.split(separator: "|").map(String.init)
                guard fields.count == 3, let scans = Int(fields[1]), let changes = Int(fields[2]) else { continue }
                result[fields[0]] = (scans, changes)
            }
            return result
        }
        let before = parse(section(after: "---neon-before---", before: "---neon-execute---"))
        let after = parse(section(after: "---neon-after---", before: nil))
        var execution = Execution()
        for (table, counts) in after {
            let earlier = before[table] ?? (0, 0)
            if counts.scans > earlier.scans { execution.reads.insert(catalog.root(table)) }
            if counts.changes > earlier.changes { execution.writes.insert(catalog.root(table)) }
        }
        if output.contains("---neon-status--- true") { execution.failure = "the statement raised an error (with NULL arguments)" }
        return .success(execution)
    }
}
