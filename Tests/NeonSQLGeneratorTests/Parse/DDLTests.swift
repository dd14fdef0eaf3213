import Foundation
import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

extension ColumnConstraint {
    var dump: String {
        switch self {
        case .notNull: return "not null"
        case .null: return "null"
        case .primaryKey: return "primary key"
        case .unique: return "unique"
        case .defaultValue(let e): return "default \(e.dump)"
        case .check(let e): return "check \(e.dump)"
        case .references(let table, let columns, _): return "references \(table.dump)(\(columns.map(\.name).joined(separator: ",")))"
        case .generated(let e): return "generated \(e.dump)"
        case .identity(let always): return always ? "identity always" : "identity"
        }
    }
}

extension ColumnDefinition {
    var dump: String { ([name.name, type.dump] + constraints.map(\.dump)).joined(separator: " ") }
}

extension TableConstraintKind {
    var dump: String {
        switch self {
        case .primaryKey(let c): return "pk(\(c.map(\.name).joined(separator: ",")))"
        case .unique(let c): return "unique(\(c.map(\.name).joined(separator: ",")))"
        case .foreignKey(let c, let t, let r, _):
            return "fk(\(c.map(\.name).joined(separator: ",")))->\(t.dump)(\(r.map(\.name).joined(separator: ",")))"
        case .check(let e): return "check \(e.dump)"
        case .other: return "other"
        }
    }
}

@Suite("Parser: DDL")
struct DDLTests {
    @Test func createTableColumnsAndConstraints() {
        guard case .createTable(let table)? = parseStatement("""
            CREATE TABLE IF NOT EXISTS shop.orders (
                id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                seq serial,
                customer_id uuid NOT NULL REFERENCES shop.customers (id) ON DELETE CASCADE ON UPDATE SET NULL,
                total numeric(12, 2) NOT NULL DEFAULT 0 CHECK (total >= 0),
                status order_status NOT NULL DEFAULT 'new'::order_status,
                note character varying(200) COLLATE "C" NULL,
                created_at timestamp with time zone NOT NULL DEFAULT now(),
                tags text[] NOT NULL DEFAULT '{}',
                matrix int[3][3],
                total_cents bigint GENERATED ALWAYS AS ((total * 100)::bigint) STORED,
                email citext CONSTRAINT email_unique UNIQUE,
                ratio double precision,
                starts time without time zone,
                span interval DAY TO SECOND(3),
                flag boolean DEFAULT false NOT NULL,
                "Mixed Case" int,
                level smallint DEFAULT 1 NOT DEFERRABLE,
                CONSTRAINT orders_total_check CHECK (total < 1000000),
                UNIQUE (customer_id, created_at),
                FOREIGN KEY (customer_id) REFERENCES shop.customers (id) MATCH FULL ON DELETE NO ACTION DEFERRABLE INITIALLY DEFERRED,
                EXCLUDE USING gist (span WITH &&),
                PRIMARY KEY (id) INCLUDE (status)
            ) WITH (fillfactor = 70)
            """) else { Issue.record("the statement did not parse as expected"); return }
        #expect(table.name.dump == "shop.orders")
        #expect(table.ifNotExists)
        #expect(table.columns.map(\.dump) == [
            "id bigint identity always primary key",
            "seq serial",
            "customer_id uuid not null references shop.customers(id)",
            "total numeric(12,2) not null default 0 check (>= total 0)",
            "status order_status not null default (cast 'new' order_status)",
            "note character varying(200) null",
            "created_at timestamp with time zone not null default now()",
            "tags text[] not null default '{}'",
            "matrix int[][]",
            "total_cents bigint generated (cast {(* total 100)} bigint)",
            "email citext unique",
            "ratio double precision",
            "starts time without time zone",
            "span interval",
            "flag boolean default false not null",
            "Mixed Case int",
            "level smallint default 1",
        ])
        #expect(table.columns[15].name.quoted)
        #expect(table.constraints.map(\.kind.dump) == [
            "check (< total 1000000)", "unique(customer_id,created_at)", "fk(customer_id)->shop.customers(id)", "other", "pk(id)",
        ])
        #expect(table.constraints.map { $0.name?.name } == ["orders_total_check", nil, nil, nil, nil])
    }

    @Test func rizqSchemaFilesParse() throws {
        // The real schema of the RIZQ example, as the catalog will read it.
        let root = #filePath.split(separator: "/").dropLast(4).joined(separator: "/")
        for name in ["001_content.sql", "002_users.sql"] {
            let path = "/" + root + "/queries/schema/" + name
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                Issue.record("cannot read \(path)")
                continue
            }
            let (file, diagnostics) = parseFile(text)
            #expect(diagnostics.isEmpty, "\(diagnostics.map(\.formatted))")
            #expect(!file.statements.isEmpty)
        }
        let (file, _) = parseFile("""
            CREATE TABLE user_activity (
                user_id        uuid NOT NULL REFERENCES user_profiles (user_id) ON DELETE CASCADE,
                date           date NOT NULL DEFAULT CURRENT_DATE,
                duas_completed integer[] NOT NULL DEFAULT '{}',
                xp_earned      integer NOT NULL DEFAULT 0,
                PRIMARY KEY (user_id, date)
            );
            """)
        guard case .createTable(let table)? = file.statements.first?.statement else { Issue.record("table"); return }
        #expect(table.columns.map(\.dump)[1] == "date date not null default current_date")
    }

    @Test func enumsViewsSchemas() {
        guard case .createEnum(let mood)? = parseStatement("CREATE TYPE public.time_slot AS ENUM ('morning', 'anytime', 'evening')") else { Issue.record("the statement did not parse as expected"); return }
        #expect(mood.name.dump == "public.time_slot")
        #expect(mood.labels == ["morning", "anytime", "evening"])
        guard case .createView(let view)? = parseStatement("CREATE OR REPLACE VIEW v (a, b) AS SELECT 1, 2 WITH LOCAL CHECK OPTION") else { Issue.record("the statement did not parse as expected"); return }
        #expect(view.orReplace && !view.materialized)
        #expect(view.columns.map(\.name) == ["a", "b"])
        // A materialized view is a table made from a query (this check passed silently before: it
        // expected .createView and returned early).
        guard case .createTableAs(let materialized)? = parseStatement("CREATE MATERIALIZED VIEW IF NOT EXISTS mv AS SELECT * FROM t WITH NO DATA") else { Issue.record("the statement did not parse as expected"); return }
        #expect(materialized.materialized && materialized.ifNotExists && materialized.name.dump == "mv")
        guard case .createSchema(let schema, let ifNotExists)? = parseStatement("CREATE SCHEMA IF NOT EXISTS shop AUTHORIZATION admin") else { Issue.record("the statement did not parse as expected"); return }
        #expect(schema.name == "shop" && ifNotExists)
        // A composite type is read now (this check expected .ignored and returned early unnoticed).
        guard case .defineType(let pair)? = parseStatement("CREATE TYPE pair AS (a int, b text)"),
              case .composite(let fields) = pair.kind else { Issue.record("the statement did not parse as expected"); return }
        #expect(fields.map(\.name.name) == ["a", "b"])
    }

    @Test func alterTable() {
        guard case .alterTable(let alter)? = parseStatement("""
            ALTER TABLE IF EXISTS ONLY public.t
              ADD COLUMN IF NOT EXISTS a int NOT NULL DEFAULT 0,
              ADD b text,
              ADD CONSTRAINT t_b_key UNIQUE (b),
              DROP COLUMN IF EXISTS c CASCADE,
              DROP d,
              DROP CONSTRAINT IF EXISTS t_fk,
              ALTER COLUMN e SET DATA TYPE bigint USING e::bigint,
              ALTER f TYPE varchar(10),
              ALTER COLUMN g SET NOT NULL,
              ALTER COLUMN h DROP NOT NULL,
              ALTER COLUMN i SET DEFAULT now(),
              ALTER COLUMN j DROP DEFAULT,
              ALTER COLUMN k SET STATISTICS 100,
              ALTER COLUMN l ADD GENERATED ALWAYS AS IDENTITY (START WITH 5),
              ALTER COLUMN m SET INCREMENT BY 2 SET GENERATED BY DEFAULT RESTART,
              ALTER COLUMN n DROP IDENTITY IF EXISTS,
              ALTER COLUMN o DROP EXPRESSION,
              ALTER COLUMN p RESTART WITH 10,
              ALTER COLUMN q SET GENERATED ALWAYS,
              OWNER TO someone,
              ENABLE ROW LEVEL SECURITY
            """) else { Issue.record("the statement did not parse as expected"); return }
        #expect(alter.ifExists)
        #expect(alter.name.dump == "public.t")
        let shapes: [String] = alter.actions.map { action in
            switch action {
            case .addColumn(let column, let ifNotExists): return "add \(column.dump)\(ifNotExists ? " ine" : "")"
            case .dropColumn(let name, let ifExists): return "drop \(name.name)\(ifExists ? " ie" : "")"
            case .renameColumn(let from, let to): return "rename \(from.name) \(to.name)"
            case .renameTable(let to): return "rename to \(to.name)"
            case .alterColumnType(let name, let type): return "type \(name.name) \(type.dump)"
            case .setNotNull(let name): return "set not null \(name.name)"
            case .dropNotNull(let name): return "drop not null \(name.name)"
            case .setDefault(let name, let e): return "set default \(name.name) \(e.dump)"
            case .dropDefault(let name): return "drop default \(name.name)"
            case .addConstraint(let constraint): return "add constraint \(constraint.name?.name ?? "") \(constraint.kind.dump)"
            case .dropConstraint(let name, let ifExists): return "drop constraint \(name.name)\(ifExists ? " ie" : "")"
            case .renameConstraint(let from, let to): return "rename constraint \(from.name) \(to.name)"
            case .setWriteRestriction(let name, let restriction): return "write \(name.name) \(restriction.map { "\($0)" } ?? "any")"
            case .setSchema(let schema): return "set schema \(schema.name)"
            case .ignored: return "ignored"
            }
        }
        #expect(shapes == [
            "add a int not null default 0 ine", "add b text", "add constraint t_b_key unique(b)", "drop c ie", "drop d",
            "drop constraint t_fk ie", "type e bigint", "type f varchar(10)", "set not null g", "drop not null h",
            "set default i now()", "drop default j", "ignored",
            "write l identityAlways", "write m any", "write n any", "write o any", "ignored", "write q identityAlways",
            "ignored", "ignored",
        ])
        guard case .alterTable(let rename)? = parseStatement("ALTER TABLE t RENAME COLUMN a TO b"),
              case .renameColumn(let from, let to)? = rename.actions.first else { Issue.record("rename"); return }
        #expect(from.name == "a" && to.name == "b")
        guard case .alterTable(let renameTable)? = parseStatement("ALTER TABLE t RENAME TO u"),
              case .renameTable(let newName)? = renameTable.actions.first else { Issue.record("rename table"); return }
        #expect(newName.name == "u")
        guard case .alterTable(let renameShort)? = parseStatement("ALTER TABLE t RENAME a TO b"),
              case .renameColumn? = renameShort.actions.first else { Issue.record("rename short"); return }
    }

    @Test func alterTypeAndDrop() {
        guard case .alterEnum(let add)? = parseStatement("ALTER TYPE mood ADD VALUE IF NOT EXISTS 'meh' BEFORE 'ok'"),
              case .addValue("meh", "ok", nil, true) = add.action else { Issue.record("add value"); return }
        guard case .alterEnum(let rename)? = parseStatement("ALTER TYPE mood RENAME VALUE 'a' TO 'b'"),
              case .renameValue("a", "b") = rename.action else { Issue.record("rename value"); return }
        guard case .alterEnum(let owner)? = parseStatement("ALTER TYPE mood OWNER TO x"), owner.action == .ignored else {
            Issue.record("ignored alter type"); return
        }
        guard case .drop(let drop)? = parseStatement("DROP TABLE IF EXISTS a, s.b CASCADE") else { Issue.record("the statement did not parse as expected"); return }
        #expect(drop.kind == .table && drop.ifExists && drop.names.map(\.dump) == ["a", "s.b"])
        guard case .drop(let view)? = parseStatement("DROP MATERIALIZED VIEW mv") else { Issue.record("the statement did not parse as expected"); return }
        #expect(view.kind == .materializedView)
        for (sql, kind) in [("DROP VIEW v", DropObjectKind.view), ("DROP TYPE IF EXISTS mood", .type), ("DROP SCHEMA s CASCADE", .schema)] {
            guard case .drop(let statement)? = parseStatement(sql) else { Issue.record("the statement did not parse as expected"); continue }
            #expect(statement.kind == kind)
        }
    }

    @Test func ignoredStatements() {
        let sql = """
            CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS idx ON t (lower(email)) WHERE deleted_at IS NULL;
            CREATE EXTENSION IF NOT EXISTS "uuid-ossp";
            CREATE OR REPLACE FUNCTION touch() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              NEW.updated_at := now(); -- a ; inside the body
              RETURN NEW;
            END;
            $$;
            CREATE TRIGGER t_touch BEFORE UPDATE ON t FOR EACH ROW EXECUTE FUNCTION touch();
            CREATE POLICY own ON t USING (user_id = current_setting('app.user')::uuid);
            CREATE SEQUENCE s START 1;
            CREATE ROLE app;
            GRANT SELECT ON ALL TABLES IN SCHEMA public TO app;
            REVOKE ALL ON t FROM public;
            COMMENT ON TABLE t IS 'x; y';
            SET search_path TO public;
            BEGIN;
            COMMIT;
            DO $body$ BEGIN RAISE NOTICE 'x;'; END $body$;
            ALTER SEQUENCE s RESTART;
            ALTER TABLE t ENABLE ROW LEVEL SECURITY;
            DROP INDEX IF EXISTS idx;
            CREATE PROCEDURE p() LANGUAGE sql AS 'SELECT 1';
            CREATE DOMAIN d AS int;
            """
        let (file, diagnostics) = parseFile(sql)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.formatted))")
        let keywords: [String] = file.statements.map {
            switch $0.statement {
            case .ignored(let keyword, _): return keyword
            case .alterTable: return "alter table"
            // A sequence is a relation a query can read (`SELECT last_value FROM s`).
            case .createTable(let create):
                return "sequence " + create.name.parts.map(\.name).joined(separator: ".") + "(" + create.columns.map(\.name.name).joined(separator: ",") + ")"
            case .createFunction(let function): return function.isProcedure ? "create procedure" : "create function"
            case .createTrigger: return "create trigger"
            case .createPolicy: return "create policy"
            case .createRule: return "create rule"
            case .setSearchPath: return "set"
            case .createIndex(let index): return index.isUnique ? "create unique index" : "create index"
            case .drop(let drop): return "drop \(drop.kind.rawValue)"
            case .defineType(let definition):
                if case .createExtension = definition.kind { return "create extension" }
                if case .domain = definition.kind { return "create domain" }
                return "?"
            default: return "?"
            }
        }
        #expect(keywords == [
            "create unique index", "create extension", "create function", "create trigger", "create policy",
            "sequence s(last_value,log_cnt,is_called)", "create role", "grant", "revoke", "comment", "set", "begin", "commit", "do", "alter sequence", "alter table",
            "drop index", "create procedure", "create domain",
        ])
    }
}
