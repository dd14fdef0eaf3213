#!/usr/bin/env python3
"""SQL written by other people through our generator: sqlc's end-to-end PostgreSQL cases.

For every PostgreSQL case of sqlc's `internal/endtoend/testdata` (read from a git mirror at run
time, never copied into this repository) this script:

1. extracts the schema and query files the case's sqlc.json/sqlc.yaml names (or schema.sql and
   query.sql) into a temporary directory, one query per file;
2. loads the schema into a fresh database on the test PostgreSQL (a case whose schema PostgreSQL
   rejects is skipped: it is one of sqlc's deliberate error cases or needs something absent);
3. asks PostgreSQL about each query (sqlc's macros rewritten to `$n`): PREPARE gives the parameter
   types, psql's `\\gdesc` the result columns; a query PostgreSQL rejects is left out;
4. runs `neon-sql-gen describe` on the case and compares, for every query PostgreSQL accepts,
   whether we accept it, and every parameter and result type (and result column name) with
   PostgreSQL's, as the corpus differential (Tests/NeonSQLGeneratorTests/Differential) does:
   describe's `sql` is what is prepared, a domain result column is its base type on the wire,
   `:copyfrom` binds arrays, the result columns of `:exec`-like queries are not compared.

It prints a report: cases, queries PostgreSQL accepts, queries we reject (the worst bug), type
disagreements, each grouped into categories. See docs/strangers-differential.md.
"""

import argparse
import collections
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

try:
    import yaml  # sqlc.yaml; optional, json configs need nothing
except ImportError:  # pragma: no cover
    yaml = None

TESTDATA = "internal/endtoend/testdata/"
CONFIG_NAMES = ("sqlc.json", "sqlc.yaml", "sqlc.yml")


# ---------------------------------------------------------------- reading sqlc's cases

class Mirror:
    def __init__(self, git_dir, revision):
        self.git_dir = git_dir
        self.revision = revision
        listing = subprocess.run(["git", "-C", git_dir, "ls-tree", "-r", "--name-only", revision, TESTDATA],
                                 check=True, capture_output=True, text=True).stdout
        self.files = set(line for line in listing.splitlines() if "/postgresql/" in line)

    def read(self, path):
        return subprocess.run(["git", "-C", self.git_dir, "show", f"{self.revision}:{path}"],
                              check=True, capture_output=True).stdout.decode("utf-8", errors="replace")

    def sql_files(self, directory, relative):
        """`relative` (a file or a directory of *.sql) under `directory`, as sorted paths."""
        path = os.path.normpath(os.path.join(directory, relative))
        if path in self.files:
            return [path]
        prefix = path + "/"
        return sorted(f for f in self.files if f.startswith(prefix) and "/" not in f[len(prefix):]
                      and f.endswith(".sql") and not f.endswith(".down.sql"))


def as_list(value):
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def discover_cases(mirror):
    """[(case directory, [schema paths], [query paths])] for every PostgreSQL package."""
    directories = sorted(set(os.path.dirname(f) for f in mirror.files))
    cases = []
    for directory in directories:
        config_path = next((f"{directory}/{n}" for n in CONFIG_NAMES if f"{directory}/{n}" in mirror.files), None)
        packages = []
        if config_path:
            text = mirror.read(config_path)
            try:
                config = json.loads(text) if config_path.endswith(".json") else (yaml.safe_load(text) if yaml else None)
            except Exception:
                config = None
            if not isinstance(config, dict):
                continue
            for package in as_list(config.get("packages")) + as_list(config.get("sql")):
                if isinstance(package, dict) and package.get("engine", "postgresql") == "postgresql":
                    packages.append((as_list(package.get("schema")), as_list(package.get("queries"))))
        elif f"{directory}/schema.sql" in mirror.files and f"{directory}/query.sql" in mirror.files:
            packages.append((["schema.sql"], ["query.sql"]))
        for index, (schema, queries) in enumerate(packages):
            schema_files = [p for s in schema for p in mirror.sql_files(directory, s)]
            query_files = [p for q in queries for p in mirror.sql_files(directory, q)]
            if schema_files and query_files:
                name = directory[len(TESTDATA):] + (f"#{index}" if len(packages) > 1 else "")
                cases.append((name, schema_files, query_files))
    return cases


def migration_up_part(text):
    """sqlc reads only the up part of goose/sql-migrate/dbmate migrations."""
    for marker in ("-- +goose Down", "-- +migrate Down", "-- migrate:down"):
        position = text.find(marker)
        if position >= 0:
            text = text[:position]
    return text


ANNOTATION = re.compile(r"^\s*(--|/\*)\s*name:\s*(\S+)\s*(:\w+)?", re.MULTILINE)


def split_queries(text):
    """[(name, command, text)] for each `-- name:` annotated query of a sqlc query file."""
    starts = [m for m in ANNOTATION.finditer(text)]
    result = []
    for i, match in enumerate(starts):
        end = starts[i + 1].start() if i + 1 < len(starts) else len(text)
        result.append((match.group(2), match.group(3) or "", text[match.start():end].rstrip() + "\n"))
    return result


# ---------------------------------------------------------------- sqlc macros -> $n for PostgreSQL

MACRO = re.compile(r"sqlc\s*\.\s*(arg|narg|slice|embed)\s*\(\s*(\"[^\"]*\"|'[^']*'|[A-Za-z_][\w]*)\s*\)", re.IGNORECASE)
AT_PARAM = re.compile(r"@([A-Za-z_][\w]*)")
DOLLAR = re.compile(r"\$(\d+)")


def code_segments(sql):
    """Split into (is_code, text) so strings, quoted names and comments are left alone."""
    segments = []
    i = 0
    start = 0
    n = len(sql)
    while i < n:
        c = sql[i]
        end = None
        if c == "-" and sql.startswith("--", i):
            end = sql.find("\n", i)
            end = n if end < 0 else end
        elif c == "/" and sql.startswith("/*", i):
            end = sql.find("*/", i + 2)
            end = n if end < 0 else end + 2
        elif c == "'":
            escaped = i > 0 and sql[i - 1] in "eE"
            j = i + 1
            while j < n:
                if escaped and sql[j] == "\\":
                    j += 2
                    continue
                if sql[j] == "'":
                    if j + 1 < n and sql[j + 1] == "'":
                        j += 2
                        continue
                    break
                j += 1
            end = min(j + 1, n)
        elif c == '"':
            j = sql.find('"', i + 1)
            end = n if j < 0 else j + 1
        elif c == "$":
            match = re.match(r"\$([A-Za-z_]\w*)?\$", sql[i:])
            if match and not sql[i - 1:i].isalnum():
                tag = match.group(0)
                j = sql.find(tag, i + len(tag))
                end = n if j < 0 else j + len(tag)
        if end is not None:
            if start < i:
                segments.append((True, sql[start:i]))
            segments.append((False, sql[i:end]))
            i = start = end
        else:
            i += 1
    if start < n:
        segments.append((True, sql[start:]))
    return segments


def rewrite_macros(sql):
    """sqlc.arg/narg/slice(x) and @x become $n (one number per name), sqlc.embed(t) becomes t.*."""
    taken = set(int(m.group(1)) for ok, s in code_segments(sql) if ok for m in DOLLAR.finditer(s))
    numbers = {}

    def number(name):
        # A named parameter takes the lowest number no `$n` uses (`$1, @version, $3`: $2).
        name = name.strip("'\"").lower()
        if name not in numbers:
            free = 1
            while free in taken:
                free += 1
            taken.add(free)
            numbers[name] = free
        return numbers[name]

    def macro(match):
        kind, name = match.group(1).lower(), match.group(2)
        if kind == "embed":
            return f"{name}.*"
        return f"${number(name)}"

    def at_param(match):
        return f"${number(match.group(1))}"

    def in_code(text):
        code = []
        offset = 0
        for is_code, segment in code_segments(text):
            if is_code:
                code.append((offset, offset + len(segment)))
            offset += len(segment)
        return lambda position: any(start <= position < end for start, end in code)

    # A macro's quoted name ('name') is a string segment of its own: match on the whole text,
    # keep the matches that start in code.
    code = in_code(sql)
    sql = MACRO.sub(lambda m: macro(m) if code(m.start()) else m.group(0), sql)
    code = in_code(sql)
    return re.sub(r"(?<![\w@<>!~#&|^?%*+\-/=:])@([A-Za-z_]\w*)",
                  lambda m: at_param(m) if code(m.start()) else m.group(0), sql)


def strip_annotation(sql):
    """The statement alone: annotation lines, trailing comments and the final `;` removed."""
    lines = [line for line in sql.splitlines() if not ANNOTATION.match(line)]
    while lines and (not lines[-1].strip() or lines[-1].strip().startswith("--")):
        lines.pop()
    return "\n".join(lines).strip().rstrip(";").strip()


# ---------------------------------------------------------------- PostgreSQL through psql

class PSQL:
    def __init__(self, binary, url):
        self.binary = binary
        self.url = url

    def database_url(self, database):
        return self.url.rsplit("/", 1)[0] + "/" + database

    def run(self, script, database=None, timeout=60):
        url = self.database_url(database) if database else self.url
        process = subprocess.run([self.binary, "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", url],
                                 input=script, capture_output=True, text=True, timeout=timeout)
        return process.returncode == 0, process.stdout, process.stderr.strip()


def without_typmod(type_name):
    return re.sub(r"\([^)]*\)", "", type_name).strip()


def describe_on_postgres(psql, database, sql):
    """(parameter types, [(column name, type)]) or an error message."""
    script = (f"PREPARE neon_sql_check AS {sql}\n;\n"
              "SELECT coalesce(array_to_string(parameter_types::text[], '|'), '') FROM pg_prepared_statements WHERE name = 'neon_sql_check';\n"
              "DEALLOCATE neon_sql_check;\n"
              "\\echo ---columns---\n"
              f"{sql}\n\\gdesc\n")
    try:
        ok, out, err = psql.run(script, database, timeout=30)
    except subprocess.TimeoutExpired:
        return "timeout"
    if not ok:
        message = next((line for line in err.splitlines() if line.startswith("ERROR:") or "ERROR:" in line), err)
        message = message.split("ERROR:", 1)[-1].strip() or "psql failed"
        match = re.match(r"\s*(\w+)", sql)
        first_word = match.group(1) if match else ""
        if first_word and message == f'syntax error at or near "{first_word}"':
            # CALL, DO, NOTIFY, TRUNCATE, CREATE ...: PREPARE takes only SELECT/INSERT/UPDATE/DELETE/
            # VALUES. psql's \gdesc parses (and for CALL analyzes) them through the protocol:
            # accepted when that works; their parameter types are not known (None).
            try:
                ok, out, err = psql.run(f"{sql}\n\\gdesc\n", database, timeout=30)
            except subprocess.TimeoutExpired:
                return "timeout"
            if not ok:
                message = next((line for line in err.splitlines() if "ERROR:" in line), err)
                return message.split("ERROR:", 1)[-1].strip() or "psql failed"
            columns = [(n, without_typmod(t)) for n, _, t in (line.rpartition("|") for line in out.splitlines() if "|" in line)]
            return None, columns
        return message
    head, _, tail = out.partition("---columns---\n")
    parameters = [without_typmod(p) for p in head.strip().split("|")] if head.strip() else []
    columns = []
    for line in tail.splitlines():
        if "|" in line:
            name, _, type_name = line.rpartition("|")
            columns.append((name, without_typmod(type_name)))
    return parameters, columns


# ---------------------------------------------------------------- categories

def category_of_message(message):
    text = re.sub(r'"[^"]*"', '"…"', message)
    text = re.sub(r"'[^']*'", "'…'", text)
    text = re.sub(r"\$\d+", "$n", text)
    text = re.sub(r"\b\d+\b", "N", text)
    return text[:140]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mirror", required=True, help="sqlc's git directory (bare is fine)")
    parser.add_argument("--revision", default="HEAD")
    parser.add_argument("--generator", required=True, help="the neon-sql-gen binary")
    parser.add_argument("--url", required=True, help="admin URL of the test PostgreSQL")
    parser.add_argument("--psql", default="psql")
    parser.add_argument("--filter", default="", help="only cases whose path contains this")
    parser.add_argument("--json", help="also write every finding as JSON to this file")
    parser.add_argument("--keep", action="store_true", help="keep the extracted cases (their path is printed)")
    parser.add_argument("--all", action="store_true", help="do not skip cases identical to an earlier one")
    arguments = parser.parse_args()

    mirror = Mirror(arguments.mirror, arguments.revision)
    psql = PSQL(arguments.psql, arguments.url)
    cases = [c for c in discover_cases(mirror) if arguments.filter in c[0]]
    work = tempfile.mkdtemp(prefix="strangers-")

    figures = collections.Counter()
    rejected = []      # (case, query, diagnostic)
    disagreements = []  # (case, query, what)
    emitted_sql_rejected = []
    schema_errors = []
    postgres_rejected = []  # (case, query or "(schema)", PostgreSQL's message): left out
    seen = set()

    for case_index, (case, schema_paths, query_paths) in enumerate(cases):
        schema_texts = [migration_up_part(mirror.read(p)) for p in schema_paths]
        queries = [q for p in query_paths for q in split_queries(mirror.read(p))]
        key = hashlib.sha256(json.dumps([schema_texts, queries]).encode()).hexdigest()
        if key in seen and not arguments.all:
            figures["duplicate cases skipped"] += 1
            continue
        seen.add(key)
        figures["cases"] += 1

        directory = os.path.join(work, f"case{case_index:04d}")
        os.makedirs(os.path.join(directory, "schema"))
        os.makedirs(os.path.join(directory, "queries"))
        schema_files = []
        for i, text in enumerate(schema_texts):
            path = os.path.join(directory, "schema", f"{i:03d}_{os.path.basename(schema_paths[i])}")
            with open(path, "w") as handle:
                handle.write(text)
            schema_files.append(path)
        query_files = []
        for i, (name, command, text) in enumerate(queries):
            path = os.path.join(directory, "queries", f"q{i:03d}_{name}.sql")
            with open(path, "w") as handle:
                handle.write(text)
            query_files.append(path)

        database = f"strangers_{os.getpid()}_{case_index}"
        psql.run(f"DROP DATABASE IF EXISTS {database} WITH (FORCE); CREATE DATABASE {database};")
        try:
            ok, _, err = psql.run("\n;\n".join(schema_texts), database, timeout=120)
            if not ok:
                figures["cases whose schema PostgreSQL rejects (skipped)"] += 1
                postgres_rejected.append((case, "(schema)", err.splitlines()[-1] if err else "psql failed"))
                continue
            figures["cases PostgreSQL loads"] += 1

            process = subprocess.run([arguments.generator, "describe"] + sum((["--schema", f] for f in schema_files), [])
                                     + query_files, capture_output=True, text=True)
            try:
                described = json.loads(process.stdout)
            except json.JSONDecodeError:
                described = {"queries": [], "diagnostics": [{"file": "", "line": 0, "column": 0, "severity": "error",
                                                             "message": f"describe crashed or printed no JSON (exit {process.returncode}): {process.stderr[-300:]}"}]}
            by_file = {q["file"]: q for q in described["queries"]}
            errors_by_file = collections.defaultdict(list)
            for diagnostic in described["diagnostics"]:
                if diagnostic["severity"] == "error":
                    errors_by_file[diagnostic["file"]].append(diagnostic)
            for path in schema_files:
                for diagnostic in errors_by_file.get(path, []):
                    schema_errors.append((case, os.path.basename(path), diagnostic))
            if "" in errors_by_file:
                schema_errors.append((case, "(generator)", errors_by_file[""][0]))

            # The result types of our domain columns, as the wire reports them (their base types).
            type_names = sorted(set(c["pgType"] for q in described["queries"] for c in q["columns"]))
            base_of = {}
            if type_names:
                values = ",".join("(" + "'" + t.replace("'", "''") + "')" for t in type_names)
                ok, out, _ = psql.run(f"SELECT n || '|' || coalesce(format_type(CASE WHEN t.typtype = 'd' THEN t.typbasetype ELSE t.oid END, NULL), n) "
                                      f"FROM (VALUES {values}) v(n) LEFT JOIN pg_type t ON t.oid = to_regtype(n);", database)
                for line in out.splitlines():
                    name, _, base = line.rpartition("|")
                    base_of[name] = base

            for (name, command, text), path in zip(queries, query_files):
                figures["queries"] += 1
                theirs = describe_on_postgres(psql, database, rewrite_macros(strip_annotation(text)))
                if isinstance(theirs, str):
                    figures["queries PostgreSQL rejects (left out)"] += 1
                    postgres_rejected.append((case, name, theirs))
                    continue
                figures["queries PostgreSQL accepts"] += 1
                place = f"{case} {name}"
                ours = by_file.get(path)
                if ours is None or errors_by_file.get(path):
                    figures["queries we reject"] += 1
                    message = errors_by_file[path][0]["message"] if errors_by_file.get(path) else "no query described (schema error?)"
                    rejected.append((case, name, message, text))
                    continue
                figures["queries both accept"] += 1
                compared = describe_on_postgres(psql, database, ours["sql"])
                if isinstance(compared, str):
                    figures["queries whose emitted SQL PostgreSQL rejects"] += 1
                    emitted_sql_rejected.append((case, name, compared, ours["sql"]))
                    continue
                pg_parameters, pg_columns = compared
                our_parameters = [p["pgType"] + ("[]" if ours["kind"] == "copyfrom" else "") for p in ours["params"]]
                mismatch = False
                if pg_parameters is None:
                    figures["utility statements (parameter types not compared)"] += 1
                    pg_parameters = our_parameters
                for index in range(max(len(our_parameters), len(pg_parameters))):
                    figures["types compared"] += 1
                    a = our_parameters[index] if index < len(our_parameters) else "(none)"
                    b = pg_parameters[index] if index < len(pg_parameters) else "(none)"
                    if a != b:
                        mismatch = True
                        disagreements.append((case, name, f"parameter ${index + 1}", a, b, text, (a, b)))
                if ours["kind"] in ("many", "one", "batchone", "batchmany"):
                    our_columns = [(c["sqlName"], base_of.get(c["pgType"], c["pgType"])) for c in ours["columns"]]
                    for index in range(max(len(our_columns), len(pg_columns))):
                        figures["types compared"] += 1
                        a = our_columns[index] if index < len(our_columns) else ("(none)", "")
                        b = pg_columns[index] if index < len(pg_columns) else ("(none)", "")
                        if a != b:
                            mismatch = True
                            disagreements.append((case, name, f"column {index + 1}", " ".join(a).strip(), " ".join(b).strip(), text, (a[1], b[1])))
                figures["queries with a type disagreement" if mismatch else "queries whose types all agree"] += 1
        finally:
            psql.run(f"DROP DATABASE IF EXISTS {database} WITH (FORCE);")
            if not arguments.keep:
                shutil.rmtree(directory, ignore_errors=True)
        print(f"[{figures['cases']}] {case}: accepted {figures['queries PostgreSQL accepts']}, "
              f"we reject {figures['queries we reject']}, disagreements {len(disagreements)}", file=sys.stderr)

    if arguments.keep:
        print(f"extracted cases kept in {work}")
    else:
        shutil.rmtree(work, ignore_errors=True)

    print("\n== figures")
    for key in ["cases", "duplicate cases skipped", "cases whose schema PostgreSQL rejects (skipped)", "cases PostgreSQL loads",
                "queries", "queries PostgreSQL rejects (left out)", "queries PostgreSQL accepts", "queries we reject",
                "queries both accept", "queries whose emitted SQL PostgreSQL rejects", "queries whose types all agree",
                "queries with a type disagreement", "utility statements (parameter types not compared)", "types compared"]:
        print(f"{key}: {figures[key]}")
    print(f"type disagreements: {len(disagreements)}")

    def grouped(title, items, category, detail):
        print(f"\n== {title}: {len(items)}")
        groups = collections.defaultdict(list)
        for item in items:
            groups[category(item)].append(item)
        for label, members in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            print(f"{len(members):4d}  {label}")
            for member in members[:3]:
                print(f"        {detail(member)}")

    grouped("queries PostgreSQL accepts and we reject", rejected, lambda r: category_of_message(r[2]),
            lambda r: f"{r[0]} {r[1]}: {r[2]}")
    grouped("emitted SQL PostgreSQL rejects", emitted_sql_rejected, lambda r: category_of_message(r[2]),
            lambda r: f"{r[0]} {r[1]}: {r[2]}")
    grouped("type disagreements (ours -> PostgreSQL's)", disagreements,
            lambda d: f"{d[2].split(' ')[0]}: {d[6][0]} -> {d[6][1]}",
            lambda d: f"{d[0]} {d[1]} {d[2]}: ours {d[3]}, PostgreSQL {d[4]}")
    grouped("left out: PostgreSQL rejects (sqlc's error cases, or missing extensions)", postgres_rejected,
            lambda r: ("schema: " if r[1] == "(schema)" else "") + category_of_message(r[2]),
            lambda r: f"{r[0]} {r[1]}: {r[2]}")
    grouped("schema errors in cases PostgreSQL loads", schema_errors, lambda s: category_of_message(s[2]["message"]),
            lambda s: f"{s[0]} {s[1]}:{s[2]['line']}: {s[2]['message']}")

    if arguments.json:
        with open(arguments.json, "w") as handle:
            json.dump({"figures": figures, "rejected": rejected, "emittedSQLRejected": emitted_sql_rejected,
                       "disagreements": disagreements, "postgresRejected": postgres_rejected,
                       "schemaErrors": [(c, f, d) for c, f, d in schema_errors]}, handle, indent=1)


if __name__ == "__main__":
    main()
