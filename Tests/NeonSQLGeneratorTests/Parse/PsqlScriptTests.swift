@testable import NeonSQLGenerator
@testable import NeonSQLSwiftGeneration
import Testing

/// Schema files as psql reads them: `pg_dump` output with meta-commands and COPY data.
@Suite struct PsqlScriptTests {
    static let dump = #"""
        --
        -- PostgreSQL database dump
        --

        \restrict k3y

        SET statement_timeout = 0;
        SELECT pg_catalog.set_config('search_path', '', false);

        \connect app

        CREATE TYPE public.mood AS ENUM (
            'sad',
            'happy'
        );

        CREATE TABLE public.users (
            id bigint NOT NULL,
            name text NOT NULL,
            mood public.mood,
            note text DEFAULT E'a\\b
        \not a command'
        );

        COPY public.users (id, name, mood, note) FROM stdin;
        1	ann	happy	\N
        \.

        ALTER TABLE ONLY public.users
            ADD CONSTRAINT users_pkey PRIMARY KEY (id);

        \unrestrict k3y
        """#

    @Test func metaCommandsAndCopyDataAreSkippedWithANote() {
        var diagnostics = DiagnosticCollector()
        let file = PsqlScript.withoutMetaCommands(SourceFile(path: "dump.sql", text: Self.dump), &diagnostics)
        #expect(diagnostics.diagnostics.map(\.formatted) == [
            #"dump.sql:5:1: note: psql meta-commands skipped (\restrict, \connect, \unrestrict): psql runs them itself; they change no schema object"#,
        ])
        #expect(!file.text.contains(#"\restrict"#) && !file.text.contains(#"\connect"#) && !file.text.contains("ann\thappy"))
        // A line starting with a backslash inside a string constant is the string's.
        #expect(file.text.contains(#"\not a command'"#))
        #expect(file.text.split(separator: "\n", omittingEmptySubsequences: false).count
                == Self.dump.split(separator: "\n", omittingEmptySubsequences: false).count)
    }

    @Test func dumpLoadsIntoTheCatalog() {
        let fixture = AnalysisFixture(schema: Self.dump, query: "-- name: Moods :many\nSELECT id, mood FROM users;")
        #expect(fixture.errors == [])
        #expect(fixture.columnPGTypes == ["bigint", "mood"])
    }

    @Test func fileWithoutMetaCommandsIsUnchanged() {
        var diagnostics = DiagnosticCollector()
        let source = SourceFile(path: "s.sql", text: "CREATE TABLE t (a text DEFAULT '\\x');\nCOPY t FROM '/tmp/x';\n")
        #expect(PsqlScript.withoutMetaCommands(source, &diagnostics) == source)
        #expect(diagnostics.diagnostics.isEmpty)
    }
}
