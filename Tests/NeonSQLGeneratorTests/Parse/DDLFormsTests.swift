import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

/// The DDL forms of issue 8's class 3 as the parser reads them: tables from other tables or
/// queries, functions and procedures, DROP with signatures, SET search_path.
@Suite("Parser: DDL forms (LIKE, INHERITS, PARTITION OF, AS, functions, DROP, search_path)")
struct DDLFormsTests {
    @Test func likeInheritsAndPartitionOf() {
        guard case .createTable(let like)? = parseStatement(
            "CREATE TABLE c (a integer, LIKE s.src INCLUDING DEFAULTS EXCLUDING INDEXES, b text)") else { Issue.record("like"); return }
        #expect(like.columns.map(\.name.name) == ["a", "b"])
        #expect(like.likes.map(\.source.dump) == ["s.src"])
        #expect(like.likes.first?.position == 1)
        #expect(like.likes.first?.includesDefaults == true && like.likes.first?.includesIndexes == false)
        guard case .createTable(let all)? = parseStatement("CREATE TABLE c (LIKE src INCLUDING ALL)") else { Issue.record("the statement did not parse as expected"); return }
        #expect(all.likes.first?.includesDefaults == true && all.likes.first?.includesIndexes == true)
        guard case .createTable(let child)? = parseStatement(
            "CREATE TABLE trucks (payload numeric NOT NULL) INHERITS (vehicles, things) PARTITION BY RANGE (payload)") else { Issue.record("the statement did not parse as expected"); return }
        #expect(child.inherits.map(\.dump) == ["vehicles", "things"])
        guard case .createTable(let partition)? = parseStatement(
            "CREATE TABLE e1 PARTITION OF events (kind WITH OPTIONS NOT NULL, PRIMARY KEY (id)) FOR VALUES FROM (1) TO (10)") else { Issue.record("the statement did not parse as expected"); return }
        #expect(partition.partitionOf?.dump == "events")
        #expect(partition.columns.map(\.name.name) == ["kind"])
        #expect(partition.columns.first?.constraints == [.notNull])
        #expect(partition.constraints.count == 1)
    }

    @Test func createTableAsSelectIntoAndMaterializedViews() {
        guard case .createTableAs(let tableAs)? = parseStatement("CREATE TEMP TABLE t (x, y) AS SELECT 1, 2 WITH NO DATA") else {
            Issue.record("table as"); return
        }
        #expect(tableAs.isTemporary && !tableAs.materialized && tableAs.columns.map(\.name) == ["x", "y"])
        guard case .createTableAs(let into)? = parseStatement("SELECT id INTO UNLOGGED TABLE snap FROM people") else {
            Issue.record("select into"); return
        }
        #expect(into.name.dump == "snap" && !into.isTemporary)
        guard case .createTableAs(let view)? = parseStatement(
            "CREATE MATERIALIZED VIEW IF NOT EXISTS mv (n) AS SELECT count(*) FROM people WITH DATA") else { Issue.record("mv"); return }
        #expect(view.materialized && view.ifNotExists && view.columns.map(\.name) == ["n"])
    }

    @Test func functionsWithEveryKindOfResult() {
        guard case .createFunction(let table)? = parseStatement("""
            CREATE OR REPLACE FUNCTION f(IN a integer, b text DEFAULT 'x', VARIADIC rest integer[] = '{}')
            RETURNS TABLE (x integer, "Y" text) LANGUAGE sql STABLE STRICT PARALLEL SAFE
            AS $$ SELECT a, b $$
            """) else { Issue.record("table"); return }
        #expect(table.orReplace && table.isStrict && !table.isProcedure)
        #expect(table.parameters.map(\.mode) == [.in, .in, .variadic])
        #expect(table.parameters.map(\.hasDefault) == [false, true, true])
        guard case .table(let columns) = table.returns else { Issue.record("returns table"); return }
        #expect(columns.map(\.name.name) == ["x", "Y"])
        guard case .createFunction(let outs)? = parseStatement(
            "CREATE FUNCTION g(OUT total bigint, INOUT x double precision) LANGUAGE plpgsql AS $$ BEGIN total := 1; END $$") else { Issue.record("the statement did not parse as expected"); return }
        #expect(outs.parameters.map(\.mode) == [.out, .inout])
        #expect(outs.parameters.map { $0.name?.name } == ["total", "x"])
        #expect(outs.returns == .none)
        guard case .createFunction(let setOf)? = parseStatement(
            "CREATE FUNCTION h(integer) RETURNS SETOF people LANGUAGE sql BEGIN ATOMIC SELECT * FROM people; SELECT 1; END") else { Issue.record("the statement did not parse as expected"); return }
        #expect(setOf.parameters.first?.name == nil)
        if case .setOf(let type) = setOf.returns { #expect(type.name == "people") } else { Issue.record("setof") }
        guard case .createFunction(let procedure)? = parseStatement("CREATE PROCEDURE p(a integer) LANGUAGE sql AS 'SELECT 1'") else { Issue.record("the statement did not parse as expected"); return }
        #expect(procedure.isProcedure)
    }

    @Test func dropWithSignaturesAndEveryKind() {
        guard case .drop(let functions)? = parseStatement("DROP FUNCTION IF EXISTS f(integer, text), g CASCADE") else { Issue.record("the statement did not parse as expected"); return }
        #expect(functions.kind == .function && functions.ifExists && functions.cascade)
        #expect(functions.functions.map { $0.argumentTypes?.map(\.name) } == [["integer", "text"], nil])
        for (sql, expected) in [
            ("DROP DOMAIN d", DropObjectKind.domain), ("DROP PROCEDURE p(integer)", .procedure),
            ("DROP MATERIALIZED VIEW IF EXISTS mv", .materializedView), ("DROP SCHEMA s CASCADE", .schema),
            ("DROP INDEX IF EXISTS i", .index), ("DROP INDEX CONCURRENTLY app.i", .index),
        ] {
            guard case .drop(let drop)? = parseStatement(sql) else { Issue.record("\(sql)"); continue }
            #expect(drop.kind == expected, "\(sql)")
        }
        for sql in ["DROP SEQUENCE s", "DROP EXTENSION citext", "DROP TRIGGER t ON people",
                    "DROP POLICY p ON people"] {
            guard case .ignored? = parseStatement(sql) else { Issue.record("\(sql) should be ignored"); continue }
        }
    }

    @Test func searchPathStatements() {
        guard case .setSearchPath(let path, _)? = parseStatement("SET search_path TO app, \"Mixed\", public") else { Issue.record("the statement did not parse as expected"); return }
        #expect(path == ["app", "Mixed", "public"])
        guard case .setSearchPath(let quoted, _)? = parseStatement("SET LOCAL search_path = 'app, public'") else { Issue.record("the statement did not parse as expected"); return }
        #expect(quoted == ["app", "public"])
        guard case .setSearchPath(let reset, _)? = parseStatement("SET search_path TO DEFAULT") else { Issue.record("the statement did not parse as expected"); return }
        #expect(reset == ["public"])
        guard case .setDefaultSearchPath(let database, _)? = parseStatement("ALTER DATABASE neondb SET search_path TO app, public") else { Issue.record("the statement did not parse as expected"); return }
        #expect(database == ["app", "public"])
        guard case .ignored? = parseStatement("SET statement_timeout = 0") else { Issue.record("other SET"); return }
    }

    @Test func alterRenamesAndSetSchema() {
        guard case .alterTable(let view)? = parseStatement("ALTER MATERIALIZED VIEW IF EXISTS mv RENAME TO stats") else { Issue.record("the statement did not parse as expected"); return }
        #expect(view.relationKind == .materializedView && view.ifExists)
        guard case .alterTable(let move)? = parseStatement("ALTER TABLE t SET SCHEMA archive"),
              case .setSchema(let schema)? = move.actions.first else { Issue.record("set schema"); return }
        #expect(schema.name == "archive")
        guard case .alterEnum(let type)? = parseStatement("ALTER TYPE mood SET SCHEMA app"), case .setSchema = type.action else {
            Issue.record("type set schema"); return
        }
        guard case .alterEnum(let rename)? = parseStatement("ALTER TYPE mood RENAME TO feeling"), case .renameTo(let name) = rename.action else {
            Issue.record("type rename"); return
        }
        #expect(name.name == "feeling")
    }
}

/// CREATE INDEX, ALTER INDEX and key constraints USING INDEX, as the parser reads them.
@Suite("Parser: indexes")
struct IndexFormsTests {
    @Test func createIndexElements() {
        guard case .createIndex(let index)? = parseStatement(
            "CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS ux ON ONLY app.users USING btree (org_id, \"Handle\" text_pattern_ops DESC NULLS LAST, lower(email), (a + b)) INCLUDE (x) NULLS NOT DISTINCT WITH (fillfactor = 70) TABLESPACE t WHERE deleted_at IS NULL")
        else { Issue.record("create index"); return }
        #expect(index.isUnique && index.ifNotExists && index.isPartial)
        #expect(index.name?.name == "ux")
        #expect(index.table.dump == "app.users")
        #expect(index.elements.map { $0.column?.name } == ["org_id", "Handle", nil, nil])
        #expect(index.elements.map(\.nameForIndexName) == ["org_id", "Handle", "lower", "expr"])
        guard case .createIndex(let plain)? = parseStatement("CREATE INDEX ON users (email)") else { Issue.record("plain"); return }
        #expect(!plain.isUnique && !plain.isPartial && plain.name == nil)
    }

    @Test func alterIndexAndUsingIndex() {
        guard case .renameIndex(let name, let newName, let ifExists, _)? = parseStatement("ALTER INDEX IF EXISTS app.ux RENAME TO uy")
        else { Issue.record("rename"); return }
        #expect(name.dump == "app.ux" && newName.name == "uy" && ifExists)
        guard case .ignored? = parseStatement("ALTER INDEX ux SET (fillfactor = 50)") else { Issue.record("ignored"); return }
        guard case .alterTable(let alter)? = parseStatement(
            "ALTER TABLE users ADD CONSTRAINT users_pk PRIMARY KEY USING INDEX ux, ADD UNIQUE USING INDEX uy, RENAME CONSTRAINT a TO b"),
            alter.actions.count == 3, case .addConstraint(let primary) = alter.actions[0], case .addConstraint(let unique) = alter.actions[1],
            case .renameConstraint(let from, let to) = alter.actions[2]
        else { Issue.record("using index"); return }
        #expect(primary.kind == .primaryKey([]) && primary.usingIndex?.name == "ux" && primary.name?.name == "users_pk")
        #expect(unique.kind == .unique([]) && unique.usingIndex?.name == "uy")
        #expect(from.name == "a" && to.name == "b")
    }

    @Test func columnConstraintNames() {
        guard case .createTable(let table)? = parseStatement(
            "CREATE TABLE t (id int CONSTRAINT t_pk PRIMARY KEY, email text CONSTRAINT t_email_unique UNIQUE NOT NULL, slug text UNIQUE)")
        else { Issue.record("table"); return }
        #expect(table.columns.map { $0.primaryKeyName?.name } == ["t_pk", nil, nil])
        #expect(table.columns.map { $0.uniqueName?.name } == [nil, "t_email_unique", nil])
    }
}

/// ALTER TYPE attribute changes, ALTER DOMAIN and ALTER FUNCTION as the parser reads them.
@Suite("Parser: ALTER TYPE, DOMAIN and FUNCTION")
struct AlterTypeFormsTests {
    @Test func compositeAttributeActions() {
        guard case .alterEnum(let alter)? = parseStatement(
            "ALTER TYPE app.pair ADD ATTRIBUTE c int, DROP ATTRIBUTE IF EXISTS d CASCADE, ALTER ATTRIBUTE a SET DATA TYPE bigint COLLATE \"C\""),
            case .attributes(let changes) = alter.action else { Issue.record("attributes"); return }
        #expect(changes.count == 3)
        guard case .add(let added, let type) = changes[0], case .drop(let dropped, let ifExists) = changes[1],
              case .alterType(let altered, let newType) = changes[2] else { Issue.record("shapes"); return }
        #expect(added.name == "c" && type.name == "int" && dropped.name == "d" && ifExists && altered.name == "a" && newType.name == "bigint")
        guard case .alterEnum(let rename)? = parseStatement("ALTER TYPE pair RENAME ATTRIBUTE a TO b CASCADE"),
              case .attributes(let renames) = rename.action, case .rename(let from, let to)? = renames.first else {
            Issue.record("rename attribute"); return
        }
        #expect(from.name == "a" && to.name == "b")
    }

    @Test func alterDomainActions() {
        let cases: [(String, AlterDomainStatement.Action)] = [
            ("ALTER DOMAIN d SET NOT NULL", .setNotNull), ("ALTER DOMAIN d DROP NOT NULL", .dropNotNull),
            ("ALTER DOMAIN d ADD CONSTRAINT c CHECK (VALUE > 0) NOT VALID", .other), ("ALTER DOMAIN d SET DEFAULT 1", .other),
            ("ALTER DOMAIN d DROP CONSTRAINT IF EXISTS c CASCADE", .other), ("ALTER DOMAIN d OWNER TO someone", .other),
        ]
        for (sql, expected) in cases {
            guard case .alterDomain(let alter)? = parseStatement(sql) else { Issue.record("\(sql)"); continue }
            #expect(alter.action == expected, "\(sql)")
        }
        guard case .alterDomain(let rename)? = parseStatement("ALTER DOMAIN app.d RENAME TO e"), case .renameTo(let name) = rename.action
        else { Issue.record("rename"); return }
        #expect(rename.name.dump == "app.d" && name.name == "e")
    }

    @Test func alterFunctionActions() {
        guard case .alterFunction(let rename)? = parseStatement("ALTER FUNCTION app.f(integer, OUT x text, VARIADIC int[]) RENAME TO g"),
              case .renameTo(let name) = rename.action else { Issue.record("rename"); return }
        #expect(rename.kind == .function && name.name == "g")
        #expect(rename.function.argumentTypes?.map(\.name) == ["integer", "int"])
        guard case .alterFunction(let strict)? = parseStatement("ALTER ROUTINE f STRICT IMMUTABLE SET search_path = public"),
              case .setStrict(true) = strict.action else { Issue.record("strict"); return }
        #expect(strict.kind == .routine && strict.function.argumentTypes == nil)
        guard case .alterFunction(let called)? = parseStatement("ALTER PROCEDURE p() CALLED ON NULL INPUT"),
              case .setStrict(false) = called.action else { Issue.record("called"); return }
        #expect(called.kind == .procedure && called.function.argumentTypes == [])
        guard case .alterFunction(let owner)? = parseStatement("ALTER FUNCTION f(int) OWNER TO CURRENT_USER"), owner.action == .other
        else { Issue.record("owner"); return }
    }
}
