import Testing
@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration

/// The tables a statement reads and changes (`Analyze/TableEffects/`), for each construct the
/// rules name; `TableEffectsDifferentialTests` checks the same against PostgreSQL.
@Suite("Table effects")
struct TableEffectsTests {
    static let schema = """
        CREATE TABLE authors (id integer PRIMARY KEY, name text NOT NULL);
        CREATE TABLE books (id integer PRIMARY KEY, author_id integer REFERENCES authors (id) ON DELETE CASCADE ON UPDATE CASCADE,
                            title text NOT NULL);
        CREATE TABLE reviews (id integer PRIMARY KEY, book_id integer, stars integer,
                              FOREIGN KEY (book_id) REFERENCES books (id) ON DELETE SET NULL);
        CREATE TABLE loans (id integer PRIMARY KEY, book_id integer REFERENCES books (id));
        CREATE TABLE audit (at timestamptz DEFAULT now(), what text);
        CREATE TABLE events (id integer, at date NOT NULL) PARTITION BY RANGE (at);
        CREATE TABLE events_2026 PARTITION OF events FOR VALUES FROM ('2026-01-01') TO ('2027-01-01');
        CREATE VIEW book_titles AS SELECT b.id, b.title, a.name FROM books b JOIN authors a ON a.id = b.author_id;
        CREATE VIEW titles_and_names AS SELECT title AS label FROM book_titles UNION ALL SELECT name FROM authors;
        CREATE FUNCTION review_count(book integer) RETURNS bigint LANGUAGE sql STABLE
            AS $$ SELECT count(*) FROM reviews WHERE book_id = book $$;
        CREATE FUNCTION log_change() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            INSERT INTO audit (what) VALUES (TG_OP);
            RETURN NEW;
        END $$;
        CREATE TRIGGER authors_audit AFTER INSERT OR DELETE ON authors FOR EACH ROW EXECUTE FUNCTION log_change();
        CREATE FUNCTION run_anything(statement text) RETURNS void LANGUAGE plpgsql AS $$ BEGIN EXECUTE statement; END $$;
        CREATE FUNCTION native(x integer) RETURNS integer LANGUAGE c AS 'lib', 'native';
        """

    static func effects(_ query: String, schema: String = schema) -> TableEffectsDescription? {
        let fixture = AnalysisFixture(schema: schema, query: "-- name: Q :exec\n" + query)
        #expect(fixture.errors == [])
        return fixture.query?.query.tables
    }

    @Test func readsThroughJoinsSubqueriesAndViewsRecursively() {
        #expect(Self.effects("SELECT label FROM titles_and_names WHERE EXISTS (SELECT 1 FROM loans)")?.reads
                == ["public.authors", "public.books", "public.loans"])
        #expect(Self.effects("SELECT id FROM books WHERE author_id IN (SELECT id FROM authors) UNION SELECT id FROM loans")?.reads
                == ["public.authors", "public.books", "public.loans"])
        #expect(Self.effects("SELECT relname FROM pg_catalog.pg_class")?.reads == ["pg_catalog.pg_class"])
    }

    @Test func aCTEHidesATableOnlyWhereItIsVisible() {
        // `loans` names the CTE in the body, but the CTE itself reads the table of that name first.
        let effects = Self.effects("WITH loans AS (SELECT id FROM books), x AS (SELECT id FROM loans) SELECT id FROM x")
        #expect(effects?.reads == ["public.books"])
        let sibling = Self.effects("WITH a AS (SELECT id FROM loans), loans AS (SELECT id FROM authors) SELECT id FROM a")
        #expect(sibling?.reads == ["public.authors", "public.loans"])
    }

    @Test func functionBodiesAreRead() {
        let effects = Self.effects("SELECT title, review_count(id) FROM books")
        #expect(effects?.reads == ["public.books", "public.reviews"])
        #expect(effects?.writes == [])
        #expect(effects?.readsUnknown == false)
        #expect(effects?.writesUnknown == false)
    }

    @Test func writesFollowForeignKeyActionsTransitively() {
        // authors -> books (CASCADE) -> reviews (SET NULL); loans has NO ACTION: not changed.
        let delete = Self.effects("DELETE FROM authors WHERE id = 1")
        #expect(delete?.writes == ["public.audit", "public.authors", "public.books", "public.reviews"])
        // ON UPDATE CASCADE reaches books; reviews' key has no ON UPDATE action.
        #expect(Self.effects("UPDATE authors SET id = 2 WHERE id = 1")?.writes == ["public.authors", "public.books"])
        // A plain INSERT cascades nothing, but fires the INSERT trigger.
        #expect(Self.effects("INSERT INTO authors (id, name) VALUES (1, 'a')")?.writes == ["public.audit", "public.authors"])
        #expect(Self.effects("INSERT INTO books (id, title) VALUES (1, 'b')")?.writes == ["public.books"])
    }

    @Test func dataModifyingCTEsAndUpsertsWrite() {
        let effects = Self.effects("WITH gone AS (DELETE FROM loans RETURNING book_id) SELECT title FROM books WHERE id IN (SELECT book_id FROM gone)")
        #expect(effects?.writes == ["public.loans"])
        #expect(effects?.reads == ["public.books", "public.loans"])
        let upsert = Self.effects("INSERT INTO books (id, title) VALUES (1, 'b') ON CONFLICT (id) DO UPDATE SET title = excluded.title")
        #expect(upsert?.writes == ["public.books"])
        #expect(upsert?.reads == ["public.books"])
    }

    @Test func mergeMayInsertUpdateAndDeleteItsTarget() {
        // Whatever the actions, the target's ON DELETE and ON UPDATE actions (books, then reviews) and
        // its INSERT OR DELETE trigger (audit) are followed, as PostgreSQL's plan counts a MERGE.
        let update = Self.effects("MERGE INTO authors a USING loans l ON a.id = l.book_id WHEN MATCHED THEN UPDATE SET id = l.id")
        #expect(update?.reads.contains("public.loans") == true)
        #expect(update?.reads.contains("public.authors") == true)
        #expect(update?.writes == ["public.audit", "public.authors", "public.books", "public.reviews"])
        // The source's own reads count.
        let insert = Self.effects("MERGE INTO loans l USING (SELECT id FROM books) b ON l.id = b.id "
                                  + "WHEN NOT MATCHED THEN INSERT VALUES (b.id, b.id)")
        #expect(insert?.reads == ["public.books", "public.loans"])
        #expect(insert?.writes == ["public.loans"])
    }

    @Test func aPartitionCountsAsItsRoot() {
        #expect(Self.effects("SELECT id FROM events_2026")?.reads == ["public.events"])
        #expect(Self.effects("DELETE FROM events_2026 WHERE id = 1")?.writes == ["public.events"])
    }

    @Test func unreadableBodiesAndDynamicSQLAreUnknown() {
        let dynamic = Self.effects("SELECT run_anything('DELETE FROM books')")
        #expect(dynamic?.readsUnknown == true)
        #expect(dynamic?.writesUnknown == true)
        let native = Self.effects("SELECT native(id) FROM books")
        #expect(native?.writesUnknown == true)
        // Built-in functions touch no table.
        let builtin = Self.effects("SELECT now(), lower(title) FROM books")
        #expect(builtin?.readsUnknown == false)
        #expect(builtin?.writesUnknown == false)
    }

    @Test func utilityStatementsAreReadFromTheirText() {
        #expect(Self.effects("TRUNCATE loans, reviews")?.writes == ["public.loans", "public.reviews"])
        #expect(Self.effects("NOTIFY changes")?.writes == [])
    }

    @Test func renamesAndDropsKeepTheSchemaFacts() {
        let schema = Self.schema + """

            ALTER TABLE authors RENAME TO writers;
            DROP TRIGGER IF EXISTS nothing ON loans;
            """
        #expect(Self.effects("DELETE FROM writers WHERE id = 1", schema: schema)?.writes
                == ["public.audit", "public.books", "public.reviews", "public.writers"])
        #expect(Self.effects("SELECT label FROM titles_and_names", schema: schema)?.reads == ["public.books", "public.writers"])
    }

    @Test func aSelectOfAFunctionThatWritesIsNotReadOnly() {
        let schema = Self.schema + """

            CREATE FUNCTION record_visit(reader integer) RETURNS integer LANGUAGE sql VOLATILE
                AS $$ UPDATE loans SET book_id = book_id WHERE id = reader RETURNING id $$;
            """
        let visit = AnalysisFixture(schema: schema, query: "-- name: RecordVisit :one\nSELECT record_visit(@reader_id) AS id;")
        #expect(visit.errors == [])
        #expect(visit.query?.query.tables.writes == ["public.loans"])
        #expect(visit.query?.query.isReadOnly == false)
        // May write: a body the generator cannot read.
        #expect(AnalysisFixture(schema: schema, query: "-- name: N :many\nSELECT native(id) FROM books;").query?.query.isReadOnly == false)
        // A function that only reads keeps the SELECT read-only.
        #expect(AnalysisFixture(schema: schema, query: "-- name: C :many\nSELECT review_count(id) FROM books;").query?.query.isReadOnly == true)

        let cached = AnalysisFixture(schema: schema, query: "-- name: RecordVisit :one\n-- @cache max-age 10m\nSELECT record_visit(@reader_id) AS id;")
        #expect(cached.errors == ["query.sql:2:1: error: '-- @cache' caches the results of a read; this statement changes public.loans "
                                  + "through the functions or triggers it runs"])
        let paged = AnalysisFixture(schema: schema, query: """
            -- name: Visits :many
            -- @page size 10 by id
            SELECT id, record_visit(id) AS visited FROM authors ORDER BY id;
            """)
        #expect(paged.errors.count == 1)
        #expect(paged.errors.first?.hasPrefix("query.sql:2:1: error: '-- @page' pages a SELECT that writes nothing; this statement changes") == true)
    }

    @Test func cacheDirectiveIsReadAndRefusedOnWrites() {
        let read = AnalysisFixture(schema: Self.schema, query: "-- name: Titles :many\n-- @cache max-age 10m\nSELECT title FROM books;")
        #expect(read.errors == [])
        #expect(read.query?.query.cacheMaxAgeSeconds == 600)
        let write = AnalysisFixture(schema: Self.schema, query: "-- name: Gone :exec\n-- @cache max-age 1h\nDELETE FROM loans;")
        #expect(write.errors.count == 1)
        #expect(write.errors.first?.hasPrefix("query.sql:2:1: error: '-- @cache' caches the results of a read") == true)
        let bad = AnalysisFixture(schema: Self.schema, query: "-- name: Titles :many\n-- @cache 10 minutes\nSELECT title FROM books;")
        #expect(bad.errors.first?.contains("cache directive must read '-- @cache max-age <number><unit>'") == true)
    }
}
