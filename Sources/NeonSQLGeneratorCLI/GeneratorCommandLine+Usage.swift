// The usage texts of `neon-sql-gen` and its commands.

extension GeneratorCommandLine {
    /// Usage text: the general one, or one command's.
    public static func usage(for command: String?) -> String {
        switch command {
        case "describe": return describeUsage
        case "generate": return generateUsage
        case "check": return checkUsage
        case "prepare": return prepareUsage
        case "breaking": return breakingUsage
        case "statements": return statementsUsage
        default: return generalUsage
        }
    }

    static let generalUsage = """
        OVERVIEW: Generates typed Swift from annotated PostgreSQL query files.

        USAGE: neon-sql-gen <command> [options]

        COMMANDS:
          describe   Print every query's parameters and columns as JSON (docs/describe-json.md).
          generate   Write one Swift file per query file and the shared schema file (the plugin runs this).
          check      Compare every query's parameter and column types with a live database (docs/check.md).
          prepare    Write the lock file: PostgreSQL's own description of every query, for queries
                     the analyzer cannot type (DocC: "The lock file").
          breaking   Report what new migrations break for a shipped version (its describe JSON).
          statements Print every annotated statement's SQL as sqlc sends it, as JSON (for differentials).
          help       Show this text, or `neon-sql-gen help <command>`.

        Directories expand to their *.sql files (not recursive) sorted by name; schema files are
        applied in the order given. Diagnostics go to stderr as `path:LINE:COL: error: message`.
        Exit status: 0 success, 1 an error diagnostic or an I/O failure, 2 a usage error.
        """

    static let checkUsage = """
        OVERVIEW: Ask the database for every query's parameter and result types and report each
        disagreement with the schema files (a schema file that drifted from the real database).

        USAGE: neon-sql-gen check --database-url <connection-string> [--endpoint <url>]
                                  [--schema <file-or-dir>]... [--config <file>] <query-file-or-dir>...

        OPTIONS:
          --database-url <url>     The Neon connection string, postgresql://user:password@host/db
                                   (default: $NEON_DATABASE_URL, which keeps the password out of `ps`).
          --endpoint <url>         The SQL-over-HTTP endpoint (default: derived from the host, as
                                   the runtime does; http://127.0.0.1:4444/sql for neon-local).
          --schema <file-or-dir>   A schema file or a directory of migrations; repeatable, applied in order.
          --config <file>          neon-sql.json: its "schema" applies when no --schema is given.
          --lock <file>            neon-sql.lock.json: each entry is compared with the database too.
          -h, --help               Show this text.

        Each query is sent in its own batch (one transaction, read-only): PREPARE, then
        pg_prepared_statements. Nothing is written. Diagnostics go to stderr at the query's line.
        Exit status: 0 no disagreement, 1 a disagreement, a failing query, an analysis error or an
        unreachable database, 2 a usage error (also an invalid connection string or endpoint).
        """

    static let describeUsage = """
        OVERVIEW: Print every query's parameters and columns as JSON on stdout.

        USAGE: neon-sql-gen describe [--schema <file-or-dir>]... <query-file-or-dir>...

        OPTIONS:
          --schema <file-or-dir>   A schema file or a directory of migrations; repeatable, applied in order.
          --config <file>          neon-sql.json with type overrides ("overrides": {"columns": ..., "types": ...}).
          --lock <file>            neon-sql.lock.json, for queries the analyzer cannot type (see prepare).
          -h, --help               Show this text.

        Exit status 1 when there is an error diagnostic (the JSON is printed anyway).
        """

    static let generateUsage = """
        OVERVIEW: Write one Swift file per query file and the shared schema file.

        USAGE: neon-sql-gen generate [--schema <file-or-dir>]... --output-dir <dir> --shared-output <file>
                                     [--root <dir>] <query-file-or-dir>...

        OPTIONS:
          --schema <file-or-dir>   A schema file or a directory of migrations; repeatable, applied in order.
          --config <file>          neon-sql.json with type overrides ("overrides": {"columns": ..., "types": ...}).
          --output-dir <dir>       Where each query file's Swift file is written.
          --shared-output <file>   The shared file with the schema's enums (NeonSQLSchema.swift).
          --root <dir>             Name outputs after query paths relative to this directory.
          --lock <file>            neon-sql.lock.json, for queries the analyzer cannot type (see prepare).
          -h, --help               Show this text.

        Output names: the query file's path relative to --root (its file name when there is no
        --root or it lies outside it), without ".sql", "/" replaced by "_", plus ".swift":
        <root>/journeys/by_slug.sql -> <output-dir>/journeys_by_slug.swift.
        Every output is written on success (also for a file without queries), each only when its
        content changed. On an error diagnostic nothing is written and the exit status is 1.
        """

    static let breakingUsage = """
        OVERVIEW: Check a shipped version's queries against a new schema: each query's SQL, exactly as
        that version sends it, must still run and still return what its binary decodes (the same
        columns, names and types, no column that was non-optional now nullable), its parameters must
        still accept what it sends, and enum labels it sends must still exist.

        USAGE: neon-sql-gen breaking --against <describe.json> [--schema <file-or-dir>]... [--format text|json]

        OPTIONS:
          --against <file>         The shipped version's `neon-sql-gen describe` output (commit one per release).
          --schema <file-or-dir>   The new schema: every migration, in order, as for describe; repeatable.
          --format text|json       text (default): `migration.sql:LINE:COL: error: Query (query.sql:LINE) what breaks`;
                                   json: {"changes": [{"severity", "file", "line", "column", "query",
                                   "queryFile", "queryLine", "message"}], "schemaErrors": [...]}.

        Each finding points at the migration statement after which it first appears. Warnings (a new
        enum label this version decodes as .undocumented) do not fail the check.
        Exit status: 0 nothing breaks, 1 something breaks (or the schema does not build, or a file
        cannot be read), 2 a usage error (including an --against file that is not describe JSON).
        """

    static let statementsUsage = """
        OVERVIEW: Print every annotated statement's SQL as sqlc sends it, read from its tokens alone,
        so that a statement the parser or the analyzer rejects has one too: sqlc.arg/narg/slice and
        @name as $n (numbered as describe numbers them), sqlc.embed(t) as t.*. The differentials
        (Scripts/lib/sqlc_differential.py) ask PostgreSQL about this SQL.

        USAGE: neon-sql-gen statements <query-file-or-dir>...

        OUTPUT: {"statements": [{"file", "line" (the annotation's), "name", "sql"}]} on stdout.
        Exit status: 0 printed, 1 a file cannot be read, 2 a usage error.
        """

    static let prepareUsage = """
        OVERVIEW: Ask the database for PostgreSQL's own description of every query (parameter types,
        result columns, each column's source table column and its NOT NULL) and write the lock file.
        The build uses an entry only for a query the analyzer cannot type, and checks every other.

        USAGE: neon-sql-gen prepare --database-url <connection-string> [--endpoint <url>]
                                    [--schema <file-or-dir>]... [--config <file>] [--output <file>]
                                    <query-file-or-dir>...

        OPTIONS:
          --database-url <url>     The connection string of a database at the schema files' state
                                   (default: $NEON_DATABASE_URL): neon-local or a Neon branch.
          --endpoint <url>         The SQL-over-HTTP endpoint (default: derived from the host).
          --schema <file-or-dir>   The schema files the lock file is tied to (their hash is recorded).
          --config <file>          neon-sql.json: its "schema" applies when no --schema is given.
          --output <file>          Where to write (default: neon-sql.lock.json next to --config, else
                                   in the first query directory).
          -h, --help               Show this text.

        Every request is read-only: PREPARE, pg_prepared_statements, a zero-row run of a plain
        SELECT, catalog lookups. A statement that writes and returns rows cannot be described
        without running it and is left out (listed). Exit status: 0 written, 1 a query left out or
        a failure (the file is still written with the others), 2 a usage error.
        """
}
