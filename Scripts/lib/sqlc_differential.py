"""Shared core of the differentials that run other people's sqlc projects through our generator.

`Scripts/strangers_differential.py` (sqlc's own end-to-end cases) and
`Scripts/realapps_differential.py` (real applications that use sqlc with PostgreSQL) both:

1. read a project tree (a git directory, bare is fine, or a plain directory) at run time, never
   copying any of it into this repository;
2. find the packages its `sqlc.json`/`sqlc.yaml`/`sqlc.yml` names (schema and query files or
   directories, the up part of goose/golang-migrate/sql-migrate/dbmate migrations);
3. load the schema into a fresh database (psql, so `pg_dump` output with its meta-commands loads
   as it does for its users), ask PostgreSQL about each query (PREPARE + `pg_prepared_statements`
   for parameter types, `\\gdesc` for result columns) with the SQL `neon-sql-gen statements` gives
   (sqlc's macros as `$n` by the generator's own rewriter, also for a query it rejects);
4. run `neon-sql-gen describe` on the package and compare: whether we accept every query
   PostgreSQL accepts, and every parameter and result type and column name.

This module holds all of that; the two scripts only discover their cases and print.
"""

import collections
import fnmatch
import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile

try:
    import yaml  # sqlc.yaml; optional, json configs need nothing
except ImportError:  # pragma: no cover
    yaml = None

CONFIG_NAMES = ("sqlc.json", "sqlc.yaml", "sqlc.yml")


# ---------------------------------------------------------------- reading a project tree

class GitTree:
    """The files of one revision of a git directory (bare is fine), under `prefix`."""

    def __init__(self, git_dir, revision="HEAD", prefix=""):
        self.git_dir = git_dir
        self.revision = revision
        self.label = git_dir
        arguments = ["git", "--git-dir", git_dir, "ls-tree", "-r", "--name-only", revision]
        if prefix:
            arguments.append(prefix)
        listing = subprocess.run(arguments, check=True, capture_output=True, text=True).stdout
        self.files = set(listing.splitlines())

    def read(self, path):
        return subprocess.run(["git", "--git-dir", self.git_dir, "show", f"{self.revision}:{path}"],
                              check=True, capture_output=True).stdout.decode("utf-8", errors="replace")


class DirectoryTree:
    """The files of a plain checkout."""

    def __init__(self, root):
        self.root = root
        self.label = root
        self.files = set()
        for directory, subdirectories, names in os.walk(root):
            subdirectories[:] = [d for d in subdirectories if d not in (".git", "node_modules", "vendor")]
            for name in names:
                self.files.add(os.path.relpath(os.path.join(directory, name), root))

    def read(self, path):
        with open(os.path.join(self.root, path), encoding="utf-8", errors="replace") as handle:
            return handle.read()


def open_tree(location, revision="HEAD"):
    """A GitTree for a git directory (bare or `.git`), else a DirectoryTree."""
    if os.path.isdir(os.path.join(location, ".git")):
        return GitTree(os.path.join(location, ".git"), revision)
    if os.path.isfile(os.path.join(location, "HEAD")) and os.path.isdir(os.path.join(location, "objects")):
        return GitTree(location, revision)
    return DirectoryTree(location)


def sql_files(tree, directory, relative):
    """`relative` (a file, a directory of *.sql or a glob) under `directory`, sorted as sqlc reads them.

    sqlc reads a directory's `*.sql` files (not recursively) in name order and skips golang-migrate's
    `*.down.sql` files and hidden files.
    """
    path = os.path.normpath(os.path.join(directory, relative))
    if path in tree.files:
        return [path]

    def wanted(name):
        base = os.path.basename(name)
        return base.endswith(".sql") and not base.endswith(".down.sql") and not base.startswith(".")

    if any(c in path for c in "*?["):
        return sorted(f for f in tree.files if fnmatch.fnmatchcase(f, path) and wanted(f))
    prefix = "" if path == "." else path + "/"
    return sorted(f for f in tree.files if f.startswith(prefix) and "/" not in f[len(prefix):] and wanted(f))


def as_list(value):
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def parse_config(path, text):
    """The config as a dict, or None when it cannot be read."""
    try:
        config = json.loads(text) if path.endswith(".json") else (yaml.safe_load(text) if yaml else None)
    except Exception:
        return None
    return config if isinstance(config, dict) else None


def config_packages(config):
    """[(schema entries, query entries)] of the config's PostgreSQL packages (version 1 and 2)."""
    packages = []
    for package in as_list(config.get("packages")) + as_list(config.get("sql")):
        if isinstance(package, dict) and package.get("engine", "postgresql") in ("postgresql", "postgres"):
            packages.append((as_list(package.get("schema")), as_list(package.get("queries"))))
    return packages


def packages_of_config(tree, config_path):
    """[(index, schema paths, query paths)] of one sqlc config file in `tree`."""
    config = parse_config(config_path, tree.read(config_path))
    if config is None:
        return []
    directory = os.path.dirname(config_path) or "."
    result = []
    for index, (schema, queries) in enumerate(config_packages(config)):
        schema_paths = [p for s in schema for p in sql_files(tree, directory, s)]
        query_paths = [p for q in queries for p in sql_files(tree, directory, q)]
        if query_paths:
            result.append((index, schema_paths, query_paths))
    return result


# ---------------------------------------------------------------- sqlc's file conventions

def migration_up_part(text):
    """sqlc reads only the up part of goose/sql-migrate/dbmate migrations."""
    for marker in ("-- +goose Down", "-- +migrate Down", "-- migrate:down"):
        position = text.find(marker)
        if position >= 0:
            text = text[:position]
    return text


ANNOTATION = re.compile(r"^[ \t]*(--|/\*)[ \t]*name:[ \t]*(\S+)[ \t]*(:\w+)?", re.MULTILINE)


def split_queries(text):
    """[(name, command, text, first line)] for each `-- name:` annotated query of a sqlc query file."""
    starts = [m for m in ANNOTATION.finditer(text)]
    result = []
    for i, match in enumerate(starts):
        end = starts[i + 1].start() if i + 1 < len(starts) else len(text)
        line = text.count("\n", 0, match.start()) + 1
        result.append((match.group(2), match.group(3) or "", text[match.start():end].rstrip() + "\n", line))
    return result


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


def statements(text):
    """The text cut after each top-level `;` (strings, comments and $$ bodies left whole)."""
    result = []
    current = ""
    for is_code, segment in code_segments(text):
        if not is_code:
            current += segment
            continue
        parts = segment.split(";")
        for part in parts[:-1]:
            result.append(current + part + ";")
            current = ""
        current += parts[-1]
    if current.strip():
        result.append(current)
    return result


def without_annotated_queries(text):
    """A schema file for psql: statements under a `-- name:` annotation removed (sqlc ignores them
    in a schema, and some projects list the same files as schema and queries)."""
    return "".join(s for s in statements(text) if not ANNOTATION.search(s))


# ---------------------------------------------------------------- sqlc macros -> $n, by the generator

def run_statements(generator, query_files):
    """{(file, annotation line): the query's SQL as sqlc sends it} from `neon-sql-gen statements`.

    The generator reads each annotated statement from its tokens (so a query it rejects has its SQL
    too) and writes sqlc.arg/narg/slice(x) and @x as $n, sqlc.embed(t) as t.*: the one rewriter,
    not a copy here that could disagree with it.
    """
    if not query_files:
        return {}
    process = subprocess.run([generator, "statements"] + query_files, capture_output=True, text=True)
    try:
        listed = json.loads(process.stdout)["statements"]
    except (json.JSONDecodeError, KeyError, TypeError):
        raise RuntimeError(f"neon-sql-gen statements failed (exit {process.returncode}): {process.stderr[-300:]}")
    return {(s["file"], s["line"]): s["sql"] for s in listed}


# ---------------------------------------------------------------- PostgreSQL through psql

class PSQL:
    def __init__(self, binary, url):
        self.binary = binary
        self.url = url

    def database_url(self, database):
        return self.url.rsplit("/", 1)[0] + "/" + database

    def run(self, script, database=None, timeout=60, stop_on_error=True):
        url = self.database_url(database) if database else self.url
        process = subprocess.run([self.binary, "-X", "-q", "-A", "-t", "-v", f"ON_ERROR_STOP={1 if stop_on_error else 0}", "-d", url],
                                 input=script, capture_output=True, text=True, timeout=timeout)
        if process.returncode == 2 and "connection to server" in process.stderr and " failed:" in process.stderr:
            # The server is gone (stopped or restarted under us): every answer from here on would
            # be a false "PostgreSQL rejects"; stop instead.
            raise RuntimeError(f"PostgreSQL is not reachable: {process.stderr.strip()}")
        return process.returncode == 0, process.stdout, process.stderr.strip()


def without_typmod(type_name):
    return re.sub(r"\([^)]*\)", "", type_name).strip()


def first_error(err):
    message = next((line for line in err.splitlines() if "ERROR:" in line), err)
    return message.split("ERROR:", 1)[-1].strip() or "psql failed"


def describe_on_postgres(psql, database, sql):
    """(parameter types or None, [(column name, type)]) or an error message."""
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
        message = first_error(err)
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
                return first_error(err)
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


# ---------------------------------------------------------------- table effects against PostgreSQL
#
# The oracle of Tests/NeonSQLGeneratorTests/Differential/TableEffectsDifferentialTests.swift, on the
# applications' schemas, with the same SQL (ORACLE_SQL, which that test reads too): describe's
# `tables` (reads, writes, *Unknown) against what PostgreSQL's generic plan scans and modifies
# (EXPLAIN (VERBOSE, FORMAT JSON) EXECUTE, NULL for every parameter), writes closed over
# foreign-key actions and user triggers; optionally (the default) the statement also executed in a
# rolled-back transaction, `pg_stat_xact_user_tables` compared before and after. A partition or
# INHERITS child counts as its root. A table PostgreSQL touches that the generator's set lacks is
# an omission (unless the side is unknown); a table the generator lists that PostgreSQL does not
# touch is an extra (counted).

ORACLE_SQL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "NeonSQLGeneratorTests",
                          "Differential", "Data", "table_effects_oracle", "oracle.psql")


def oracle_sql(name, role=""):
    """Section `name` of ORACLE_SQL (from its `-- section: NAME` line to the next), `{{role}}` as `role`."""
    with open(ORACLE_SQL, encoding="utf-8") as handle:
        text = handle.read()
    lines = None
    for line in text.split("\n"):
        if line.startswith("-- section: "):
            if lines is not None:
                break
            if line[len("-- section: "):] == name:
                lines = []
        elif lines is not None:
            lines.append(line)
    if lines is None:
        raise RuntimeError(f"no section {name!r} in {ORACLE_SQL}")
    return "\n".join(lines).strip().replace("{{role}}", role)


INSERT, UPDATE, DELETE = "insert", "update", "delete"


class PostgresCatalog:
    """Roots of partitions and INHERITS children, user tables, foreign keys, triggers' writes."""

    def __init__(self):
        self.roots = {}            # partition or child -> root
        self.tables = set()
        self.search_path = []
        self.foreign_keys = set()  # (referencing, referenced, confdeltype, confupdtype)
        self.triggers = {}         # "table name" -> [table, events, [(written table, changes)]]
        self.has_policies = False

    def root(self, table):
        return self.roots.get(table, table)

    @staticmethod
    def read(psql, database):
        script = oracle_sql("catalog")
        ok, out, err = psql.run(script, database, timeout=120)
        if not ok:
            raise RuntimeError(f"reading the catalog: {first_error(err)}")
        catalog = PostgresCatalog()
        trigger_rows = []
        for line in out.splitlines():
            fields = line.split("|")
            kind = fields[0]
            if kind == "partition" and len(fields) == 3:
                catalog.roots[fields[1]] = fields[2]
            elif kind == "table" and len(fields) == 2:
                catalog.tables.add(fields[1])
            elif kind == "policies" and len(fields) == 2:
                catalog.has_policies = fields[1] != "0"
            elif kind == "path" and len(fields) == 2:
                catalog.search_path = fields[1].split(",")
            elif kind == "fk" and len(fields) == 5 and fields[3] and fields[4]:
                catalog.foreign_keys.add((fields[1], fields[2], fields[3][0], fields[4][0]))
            elif kind == "trigger" and len(fields) == 6:
                trigger_rows.append(fields)
        # Triggers last: resolving the names their functions change needs every table and the path.
        for _, table, name, tgtype, verb, written in trigger_rows:
            # tgtype: 1 << 2 INSERT, 1 << 3 DELETE, 1 << 4 UPDATE.
            bits = int(tgtype or 0)
            events = {e for bit, e in ((4, INSERT), (8, DELETE), (16, UPDATE)) if bits & bit}
            trigger = catalog.triggers.setdefault(f"{table} {name}", [table, events, []])
            resolved = catalog.resolve(written)
            if resolved:
                verb = verb.lower()
                changes = ({INSERT} if verb.startswith("insert") else {UPDATE} if verb.startswith("update")
                           else {DELETE} if verb.startswith("delete") else {INSERT, UPDATE, DELETE})
                trigger[2].append((catalog.root(resolved), changes))
        return catalog

    def resolve(self, name):
        """The user table a name in SQL text names (`audit_log`, `app."Log"`), on the search path."""
        parts, current, quoted = [], "", False
        for character in name:
            if character == '"':
                quoted = not quoted
                continue
            if character == "." and not quoted:
                parts.append(current)
                current = ""
                continue
            if not quoted and character.isspace():
                continue
            current += character if quoted else character.lower()
        parts.append(current)
        if len(parts) == 2:
            table = parts[0] + "." + parts[1]
            return table if table in self.tables else None
        if len(parts) != 1:
            return None
        return next((s + "." + parts[0] for s in self.search_path if s + "." + parts[0] in self.tables), None)

    def write_closure(self, targets):
        """`targets` ({table: changes}) with what foreign-key actions and user triggers change, transitively."""
        handled = {}
        pending = [(table, set(changes)) for table, changes in targets.items()]
        while pending:
            table, changes = pending.pop()
            new = changes - handled.get(table, set())
            if not new:
                continue
            handled.setdefault(table, set()).update(new)
            for referencing, referenced, on_delete, on_update in self.foreign_keys:
                if referenced != table:
                    continue
                if DELETE in new:
                    if on_delete == "c":
                        pending.append((referencing, {DELETE}))
                    if on_delete in "nd":
                        pending.append((referencing, {UPDATE}))
                if UPDATE in new and on_update in "cnd":
                    pending.append((referencing, {UPDATE}))
            for trigger_table, events, writes in self.triggers.values():
                if trigger_table == table and events & new:
                    pending.extend((t, set(c)) for t, c in writes)
        return set(handled)

    def foreign_key_neighbours(self, written):
        """Tables foreign-key checks and actions scan when `written` change."""
        neighbours = set()
        for referencing, referenced, _, _ in self.foreign_keys:
            if referencing in written:
                neighbours.add(referenced)
            if referenced in written:
                neighbours.add(referencing)
        return neighbours


def plan_effects(plan, catalog):
    """(reads, {target: changes}, insert-only targets) of an EXPLAIN (VERBOSE, FORMAT JSON) plan."""
    reads, targets = set(), {}
    updated_or_deleted, inserted = set(), set()

    def relation(node):
        name, schema = node.get("Relation Name"), node.get("Schema")
        return catalog.root(f"{schema}.{name}") if name and schema else None

    def visit(node):
        if node.get("Node Type") == "ModifyTable":
            operation = node.get("Operation", "")
            conflict_update = node.get("Conflict Resolution") == "UPDATE"
            changes = ({INSERT, UPDATE} if conflict_update else {INSERT}) if operation == "Insert" else \
                {UPDATE} if operation == "Update" else {DELETE} if operation == "Delete" else {INSERT, UPDATE, DELETE}
            for target in [t for t in [relation(node)] + [relation(t) for t in node.get("Target Tables", [])] if t]:
                targets.setdefault(target, set()).update(changes)
                (inserted if changes == {INSERT} else updated_or_deleted).add(target)
        else:
            name = relation(node)
            if name:
                reads.add(name)
        for child in node.get("Plans", []):
            visit(child)

    visit(plan)
    reads |= updated_or_deleted
    return reads, targets, inserted - updated_or_deleted - reads


class EffectsStatement:
    """A described query PREPAREd with our parameter types (then their base types, then none)."""

    def __init__(self, ours, base_of):
        self.sql = ours["sql"]
        # As the Swift oracle: the highest `$n` is the highest parameter index describe gives.
        count = max((p["index"] for p in ours["params"]), default=0)
        types = [("text[]" if p["pgType"].endswith("[]") else p["pgType"] + "[]") if ours["kind"] == "copyfrom" else p["pgType"]
                 for p in ours["params"]]

        def declaration(names):
            return "" if not names or len(names) != count else "(" + ", ".join(names) + ")"

        typed = declaration(types)
        base = declaration([base_of.get(t, t) for t in types])
        self.typings = [typed, base, ""] if typed and base != typed else [typed, ""] if typed else [""]
        self.arguments = "" if count == 0 else "(" + ", ".join(["NULL"] * count) + ")"
        self.declaration = self.typings[0]
        self.failure = None

    def prepare(self):
        return f"PREPARE neon_sql_effects{self.declaration} AS {self.sql}\n;\n"

    def explain(self, psql, database, role=None):
        """The generic plan's root node, or None (`failure` says why)."""
        reasons = []
        for declaration in ([self.declaration] if role else self.typings):
            self.declaration = declaration
            script = ("BEGIN;\n" + oracle_sql("plan-settings") + "\n"
                      + (f"SET LOCAL ROLE {role};\n" if role else "") + self.prepare()
                      + f"EXPLAIN (VERBOSE, FORMAT JSON) EXECUTE neon_sql_effects{self.arguments};\nROLLBACK;\n")
            try:
                ok, out, err = psql.run(script, database, timeout=60)
            except subprocess.TimeoutExpired:
                reasons.append("timeout")
                continue
            if not ok:
                reasons.append(f"{declaration or 'inferred types'}: {first_error(err)}")
                continue
            try:
                plan = json.loads(out)[0]["Plan"]
            except (ValueError, LookupError, TypeError):
                reasons.append("no plan in EXPLAIN's output")
                continue
            return plan
        self.failure = "; ".join(reasons)
        return None

    def execute(self, psql, database, catalog):
        """(reads, writes, raised) from `pg_stat_xact_user_tables` around the statement, rolled back; None if psql failed."""
        counts = oracle_sql("counts") + "\n"
        script = ("BEGIN;\n" + oracle_sql("execute-settings") + "\n"
                  + self.prepare() + "\\echo ---neon-before---\n" + counts
                  + "\\set ON_ERROR_STOP 0\n\\set ON_ERROR_ROLLBACK on\n\\echo ---neon-execute---\n"
                  + f"EXECUTE neon_sql_effects{self.arguments};\n"
                  + "\\echo ---neon-status--- :ERROR\n\\set ON_ERROR_STOP 1\n\\echo ---neon-after---\n" + counts + "ROLLBACK;\n")
        try:
            ok, out, _ = psql.run(script, database, timeout=120)
        except subprocess.TimeoutExpired:
            return None
        if not ok:
            return None

        def parse(text):
            result = {}
            for line in text.splitlines():
                fields = line.split("|")
                if len(fields) == 3 and fields[1].isdigit() and fields[2].isdigit():
                    result[fields[0]] = (int(fields[1]), int(fields[2]))
            return result

        before_text = out.split("---neon-before---\n", 1)[-1].split("---neon-execute---", 1)[0]
        after_text = out.rsplit("---neon-after---\n", 1)[-1]
        before, after = parse(before_text), parse(after_text)
        reads, writes = set(), set()
        for table, (scans, changes) in after.items():
            earlier = before.get(table, (0, 0))
            if scans > earlier[0]:
                reads.add(catalog.root(table))
            if changes > earlier[1]:
                writes.add(catalog.root(table))
        return reads, writes, "---neon-status--- true" in out


class EffectsSession:
    """Per loaded database: the catalog, and a role the row-level security policies apply to."""

    def __init__(self, psql, database):
        self.psql = psql
        self.database = database
        # A partition for each partitioned table without one (see the section's comment).
        psql.run(oracle_sql("prepare-database"), database, timeout=120)
        self.catalog = PostgresCatalog.read(psql, database)
        self.role = None
        if self.catalog.has_policies:
            # Planned as a role the policies apply to (the owner and superusers bypass them), the
            # policies' subqueries are in the plan.
            role = f"{database}_app"
            psql.run(f"DROP ROLE IF EXISTS {role}; CREATE ROLE {role} NOLOGIN NOSUPERUSER NOBYPASSRLS;")
            psql.run(oracle_sql("grant-role", role), database)
            self.role = role

    def close(self):
        """Drops the role (after the database: its grants go with it)."""
        if self.role:
            self.psql.run(f"DROP ROLE IF EXISTS {self.role};")


def compare_table_effects(findings, group, case, name, ours, session, base_of, execute=True):
    """Compares describe's `tables` for one query with PostgreSQL's answer (see above)."""
    f = findings
    catalog = session.catalog
    statement = EffectsStatement(ours, base_of)
    plan = statement.explain(session.psql, session.database)
    if plan is None:
        f.count(group, "table effects: skipped (EXPLAIN refuses)")
        f.effects_skipped.append((case, name, statement.failure or "EXPLAIN failed"))
        return
    f.count(group, "table effects: queries compared")
    static_reads, targets, insert_only = plan_effects(plan, catalog)
    if session.role:
        role_plan = statement.explain(session.psql, session.database, role=session.role)
        if role_plan is not None:
            static_reads |= plan_effects(role_plan, catalog)[0]
    static_writes = catalog.write_closure(targets)
    dynamic_reads, dynamic_writes = set(), set()
    if execute:
        execution = statement.execute(session.psql, session.database, catalog)
        if execution is None:
            f.count(group, "table effects: execution failed (psql)")
        else:
            f.count(group, "table effects: executed")
            reads, dynamic_writes, raised = execution
            if raised:
                f.count(group, "table effects: executed, raised an error (NULL arguments)")
            written = static_writes | dynamic_writes | set(targets)
            dynamic_reads = reads - catalog.foreign_key_neighbours(written) - insert_only
    pg_reads, pg_writes = static_reads | dynamic_reads, static_writes | dynamic_writes
    # The oracle's own answer, counted: an oracle that sees nothing would let every comparison pass.
    f.count(group, "table effects: PostgreSQL reads", len(pg_reads))
    f.count(group, "table effects: PostgreSQL writes", len(pg_writes))
    f.count(group, "table effects: PostgreSQL writes through foreign keys and triggers", len(static_writes - set(targets)))

    tables = ours["tables"]
    our_reads, our_writes = set(tables["reads"]), set(tables["writes"])
    if tables["readsUnknown"]:
        f.count(group, "table effects: reads unknown")
    if tables["writesUnknown"]:
        f.count(group, "table effects: writes unknown")

    def sources(table, from_plan, from_execution):
        return "+".join(s for s, found in (("plan", table in from_plan), ("executed", table in from_execution)) if found)

    for side, unknown, theirs, mine, from_plan, from_execution in (
            ("reads", tables["readsUnknown"], pg_reads, our_reads, static_reads, dynamic_reads),
            ("writes", tables["writesUnknown"], pg_writes, our_writes, static_writes, dynamic_writes)):
        missing = theirs - mine
        if missing and not unknown:
            f.count(group, "table effects: omitted tables", len(missing))
            f.count(group, "table effects: queries with an omission")
            f.effects_omissions.append((case, name, side, [(t, sources(t, from_plan, from_execution)) for t in sorted(missing)],
                                        sorted(mine), ours["sql"]))
        extra = mine - theirs
        f.count(group, f"table effects: our {side}", len(mine))
        f.count(group, f"table effects: extra {side}", len(extra))
        if extra:
            f.effects_extras.append((case, name, side, sorted(extra)))


# ---------------------------------------------------------------- one package, compared

def category_of_message(message):
    text = re.sub(r'"[^"]*"', '"…"', message)
    text = re.sub(r"'[^']*'", "'…'", text)
    text = re.sub(r"\$\d+", "$n", text)
    text = re.sub(r"\b\d+\b", "N", text)
    return text[:140]


class Findings:
    """Figures (overall and per group, e.g. per application) and every finding."""

    def __init__(self):
        self.figures = collections.Counter()
        self.by_group = collections.defaultdict(collections.Counter)
        self.rejected = []           # (case, query, message, text)
        self.disagreements = []      # (case, query, where, ours, theirs, text, (our type, their type))
        self.emitted_sql_rejected = []
        self.schema_errors = []      # (case, file, diagnostic)
        self.file_errors = []        # (case, file, diagnostic): outside every annotated query
        self.warnings = []           # (case, file, diagnostic)
        self.postgres_rejected = []  # (case, query or "(schema)", PostgreSQL's message): left out
        self.missed = []             # (case, query, PostgreSQL's message, text): PostgreSQL rejects, we accept
        self.schema_load_errors = []  # (case, error count, first errors): schemas loaded leniently
        self.effects_omissions = []  # (case, query, "reads"/"writes", [(table, oracle)], our set, our SQL)
        self.effects_extras = []     # (case, query, "reads"/"writes", [table]): we list, PostgreSQL does not touch
        self.effects_skipped = []    # (case, query, reason): EXPLAIN refuses the statement
        self.unread = []             # (case, query, text): no statement the generator reads at its annotation

    def count(self, group, key, amount=1):
        self.figures[key] += amount
        self.by_group[group][key] += amount


def write_case(directory, schema_texts, schema_paths, query_texts, query_paths):
    """The case's files in a temporary directory: schema/NNN_name, queries/NNN_name."""
    os.makedirs(os.path.join(directory, "schema"))
    os.makedirs(os.path.join(directory, "queries"))
    schema_files, query_files = [], []
    for i, text in enumerate(schema_texts):
        path = os.path.join(directory, "schema", f"{i:03d}_{os.path.basename(schema_paths[i])}")
        with open(path, "w") as handle:
            handle.write(text)
        schema_files.append(path)
    for i, text in enumerate(query_texts):
        path = os.path.join(directory, "queries", f"{i:03d}_{os.path.basename(query_paths[i])}")
        with open(path, "w") as handle:
            handle.write(text)
        query_files.append(path)
    return schema_files, query_files


def run_describe(generator, schema_files, query_files):
    process = subprocess.run([generator, "describe"] + sum((["--schema", f] for f in schema_files), []) + query_files,
                             capture_output=True, text=True)
    try:
        return json.loads(process.stdout)
    except json.JSONDecodeError:
        return {"queries": [], "diagnostics": [{"file": "", "line": 0, "column": 0, "severity": "error",
                                                "message": f"describe crashed or printed no JSON (exit {process.returncode}): {process.stderr[-300:]}"}]}


def base_types(psql, database, described):
    """Our result types as the wire reports them (a domain as its base type)."""
    return base_type_map(psql, database, set(c["pgType"] for q in described["queries"] for c in q["columns"]))


def base_type_map(psql, database, names):
    """{type name: its base type's name} (a domain as its base type, any other type as itself)."""
    type_names = sorted(set(names))
    base_of = {}
    if type_names:
        values = ",".join("(" + "'" + t.replace("'", "''") + "')" for t in type_names)
        _, out, _ = psql.run(f"SELECT n || '|' || coalesce(format_type(CASE WHEN t.typtype = 'd' THEN t.typbasetype ELSE t.oid END, NULL), n) "
                             f"FROM (VALUES {values}) v(n) LEFT JOIN pg_type t ON t.oid = to_regtype(n);", database)
        for line in out.splitlines():
            name, _, base = line.rpartition("|")
            base_of[name] = base
    return base_of


def compare_query(findings, group, case, name, text, ours, theirs, compared, base_of):
    """Compare one query both accept; `compared` is PostgreSQL's answer for the SQL we emit."""
    f = findings
    if isinstance(compared, str):
        f.count(group, "queries whose emitted SQL PostgreSQL rejects")
        f.emitted_sql_rejected.append((case, name, compared, ours["sql"]))
        return
    pg_parameters, pg_columns = compared
    # :copyfrom binds each column's values as an array; an array column's as text[] (one array
    # literal per row, cast back in the SQL).
    our_parameters = [("text[]" if p["pgType"].endswith("[]") else p["pgType"] + "[]") if ours["kind"] == "copyfrom" else p["pgType"]
                      for p in ours["params"]]
    mismatch = False
    if pg_parameters is None:
        f.count(group, "utility statements (parameter types not compared)")
        pg_parameters = our_parameters
    for index in range(max(len(our_parameters), len(pg_parameters))):
        f.count(group, "types compared")
        a = our_parameters[index] if index < len(our_parameters) else "(none)"
        b = pg_parameters[index] if index < len(pg_parameters) else "(none)"
        if a != b:
            mismatch = True
            f.disagreements.append((case, name, f"parameter ${index + 1}", a, b, text, (a, b)))
    if ours["kind"] in ("many", "one", "batchone", "batchmany"):
        our_columns = [(c["sqlName"], base_of.get(c["pgType"], c["pgType"])) for c in ours["columns"]]
        for index in range(max(len(our_columns), len(pg_columns))):
            f.count(group, "types compared")
            a = our_columns[index] if index < len(our_columns) else ("(none)", "")
            b = pg_columns[index] if index < len(pg_columns) else ("(none)", "")
            if a != b:
                mismatch = True
                f.disagreements.append((case, name, f"column {index + 1}", " ".join(a).strip(), " ".join(b).strip(), text, (a[1], b[1])))
    f.count(group, "queries with a type disagreement" if mismatch else "queries whose types all agree")


def run_case(findings, psql, generator, work, number, group, case, schema_texts, schema_paths, query_texts, query_paths,
             keep=False, lenient_schema=False, table_effects=False, execute_effects=True):
    """Load, ask PostgreSQL, describe and compare one package (schema + whole query files).

    With `lenient_schema`, a schema psql cannot load whole is loaded statement by statement with
    the failing ones left out (listed in the report); otherwise the package is skipped. With
    `table_effects`, every query both accept also has its `tables` compared with PostgreSQL's
    plan (and, with `execute_effects`, its execution rolled back): `compare_table_effects`.
    """
    session = None
    f = findings
    directory = os.path.join(work, f"case{number:04d}")
    schema_files, query_files = write_case(directory, schema_texts, schema_paths, query_texts, query_paths)
    database = f"sqlcdiff_{os.getpid()}_{number}"
    psql.run(f"DROP DATABASE IF EXISTS {database} WITH (FORCE); CREATE DATABASE {database};")
    try:
        script = "\n;\n".join(without_annotated_queries(t) for t in schema_texts)
        ok, _, err = psql.run(script, database, timeout=300)
        if not ok and lenient_schema:
            # Real schemas carry statements that fail on a fresh database of this server and do
            # not matter to the queries: a role that exists cluster-wide, a setting of a newer
            # pg_dump, a sqlc-only file re-adding a column. Load the rest, as psql does by default.
            psql.run(f"DROP DATABASE IF EXISTS {database} WITH (FORCE); CREATE DATABASE {database};")
            _, _, all_errors = psql.run(script, database, timeout=300, stop_on_error=False)
            errors = [line.split("ERROR:", 1)[-1].strip() for line in all_errors.splitlines() if "ERROR:" in line]
            f.count(group, "cases whose schema loads with errors ignored")
            f.schema_load_errors.append((case, len(errors), errors[:3]))
        elif not ok:
            f.count(group, "cases whose schema PostgreSQL rejects (skipped)")
            f.postgres_rejected.append((case, "(schema)", first_error(err) if err else "psql failed"))
            return
        f.count(group, "cases PostgreSQL loads")

        described = run_describe(generator, schema_files, query_files)
        errors_by_file = collections.defaultdict(list)
        for diagnostic in described["diagnostics"]:
            if diagnostic["severity"] == "error":
                errors_by_file[diagnostic["file"]].append(diagnostic)
            elif diagnostic["severity"] == "warning" and diagnostic["file"] in query_files:
                f.warnings.append((case, os.path.basename(diagnostic["file"]), diagnostic))
        for path in schema_files:
            for diagnostic in errors_by_file.get(path, []):
                f.schema_errors.append((case, os.path.basename(path), diagnostic))
        if "" in errors_by_file:
            f.schema_errors.append((case, "(generator)", errors_by_file[""][0]))
        base_of = base_types(psql, database, described)
        sqlc_sql = run_statements(generator, query_files)
        if table_effects:
            session = EffectsSession(psql, database)
            parameter_base_of = base_type_map(psql, database, (p["pgType"] for q in described["queries"] for p in q["params"]))

        for path, text in zip(query_files, query_texts):
            queries = split_queries(text)
            ours_by_line = {q["line"]: q for q in described["queries"] if q["file"] == path}
            lines = [q[3] for q in queries]
            errors = collections.defaultdict(list)
            for diagnostic in errors_by_file.get(path, []):
                owner = max((line for line in lines if line <= diagnostic["line"]), default=None)
                if owner is None:
                    f.file_errors.append((case, os.path.basename(path), diagnostic))
                else:
                    errors[owner].append(diagnostic)
            for name, command, query_text, line in queries:
                f.count(group, "queries")
                sent = sqlc_sql.get((path, line))
                if sent is None:
                    # The generator finds no statement at this annotation (describe cannot either).
                    f.count(group, "queries the generator finds no statement for (not asked)")
                    f.unread.append((case, name, query_text))
                    continue
                theirs = describe_on_postgres(psql, database, sent)
                if isinstance(theirs, str):
                    f.count(group, "queries PostgreSQL rejects (left out)")
                    f.postgres_rejected.append((case, name, theirs))
                    # A build that passes on SQL that fails at run time: we should flag it too
                    # (an error in the schema files fails the build as well).
                    schema_fails = any(errors_by_file.get(path) for path in schema_files) or "" in errors_by_file
                    if ours_by_line.get(line) is not None and not errors.get(line) and not schema_fails:
                        f.count(group, "queries PostgreSQL rejects and we accept")
                        f.missed.append((case, name, theirs, query_text))
                    continue
                f.count(group, "queries PostgreSQL accepts")
                ours = ours_by_line.get(line)
                if ours is None or errors.get(line):
                    f.count(group, "queries we reject")
                    message = errors[line][0]["message"] if errors.get(line) else "no query described (schema error?)"
                    f.rejected.append((case, name, message, query_text))
                    continue
                f.count(group, "queries both accept")
                compare_query(f, group, case, name, query_text, ours, theirs,
                              describe_on_postgres(psql, database, ours["sql"]), base_of)
                if session:
                    compare_table_effects(f, group, case, name, ours, session, parameter_base_of, execute=execute_effects)
    finally:
        psql.run(f"DROP DATABASE IF EXISTS {database} WITH (FORCE);")
        if session:
            session.close()
        if not keep:
            shutil.rmtree(directory, ignore_errors=True)


# ---------------------------------------------------------------- the report

FIGURE_KEYS = ["cases", "duplicate cases skipped", "cases whose schema PostgreSQL rejects (skipped)",
               "cases whose schema loads with errors ignored", "cases PostgreSQL loads",
               "queries", "queries the generator finds no statement for (not asked)", "queries PostgreSQL rejects (left out)", "queries PostgreSQL rejects and we accept",
               "queries PostgreSQL accepts", "queries we reject",
               "queries both accept", "queries whose emitted SQL PostgreSQL rejects", "queries whose types all agree",
               "queries with a type disagreement", "utility statements (parameter types not compared)", "types compared"]


EFFECTS_KEYS = ["table effects: queries compared", "table effects: skipped (EXPLAIN refuses)", "table effects: executed",
                "table effects: executed, raised an error (NULL arguments)", "table effects: execution failed (psql)",
                "table effects: omitted tables", "table effects: queries with an omission",
                "table effects: our reads", "table effects: extra reads", "table effects: our writes", "table effects: extra writes",
                "table effects: reads unknown", "table effects: writes unknown", "table effects: PostgreSQL reads",
                "table effects: PostgreSQL writes", "table effects: PostgreSQL writes through foreign keys and triggers"]


def percent(part, whole):
    return f"{100.0 * part / whole:.1f}%" if whole else "0.0%"


def print_effects_report(findings, groups_title=None):
    """The table-effects figures (overall and per group) and lists, when they were compared."""
    f = findings
    if not (f.figures["table effects: queries compared"] or f.figures["table effects: skipped (EXPLAIN refuses)"]):
        return
    print("\n== table effects (describe's `tables` against PostgreSQL's plan, foreign keys, triggers and execution)")
    for key in EFFECTS_KEYS:
        print(f"{key}: {f.figures[key]}")
    if groups_title:
        print(f"\n== table effects {groups_title}: compared / omitted tables / extra reads (share of ours) / "
              f"extra writes (share of ours) / skipped / reads unknown / writes unknown")
        for group, c in sorted(f.by_group.items()):
            print(f"{group}: {c['table effects: queries compared']} / {c['table effects: omitted tables']} / "
                  f"{c['table effects: extra reads']} of {c['table effects: our reads']} "
                  f"({percent(c['table effects: extra reads'], c['table effects: our reads'])}) / "
                  f"{c['table effects: extra writes']} of {c['table effects: our writes']} "
                  f"({percent(c['table effects: extra writes'], c['table effects: our writes'])}) / "
                  f"{c['table effects: skipped (EXPLAIN refuses)']} / {c['table effects: reads unknown']} / "
                  f"{c['table effects: writes unknown']}")
    print(f"\n== table effects: omissions (a table PostgreSQL touches that our set lacks): {len(f.effects_omissions)} queries")
    for case, name, side, missing, mine, sql in f.effects_omissions:
        tables = ", ".join(f"{t} ({oracle})" for t, oracle in missing)
        print(f"  {case} {name}: PostgreSQL {side} {tables}; ours {mine}")
        print("        " + " ".join(sql.split())[:300])
    print(f"\n== table effects: skipped, EXPLAIN refuses: {len(f.effects_skipped)}")
    groups = collections.defaultdict(list)
    for item in f.effects_skipped:
        groups[category_of_message(item[2].rsplit(": ", 1)[-1])].append(item)
    for label, members in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        print(f"{len(members):4d}  {label}")
        for case, name, reason in members[:3]:
            print(f"        {case} {name}: {reason[:300]}")
    print(f"\n== table effects: extras (we list, PostgreSQL does not touch): {len(f.effects_extras)} sets")
    tables = collections.Counter((side, t) for _, _, side, extra in f.effects_extras for t in extra)
    for (side, table), number in tables.most_common(15):
        print(f"{number:4d}  {side} {table}")


def print_report(findings, groups_title=None):
    f = findings
    print("\n== figures")
    for key in FIGURE_KEYS:
        print(f"{key}: {f.figures[key]}")
    print(f"type disagreements: {len(f.disagreements)}")
    if groups_title:
        print(f"\n== {groups_title}: queries / PostgreSQL accepts / we reject / type disagreements (queries)"
              " / PostgreSQL rejects / of those we accept")
        for group, counter in sorted(f.by_group.items()):
            print(f"{group}: {counter['queries']} / {counter['queries PostgreSQL accepts']} / {counter['queries we reject']} / "
                  f"{counter['queries with a type disagreement']} / {counter['queries PostgreSQL rejects (left out)']} / "
                  f"{counter['queries PostgreSQL rejects and we accept']}")
        accepted = f.figures["queries PostgreSQL accepts"]
        if accepted:
            typed = f.figures["queries whose types all agree"]
            print(f"generated with PostgreSQL's types: {typed}/{accepted} = {100.0 * typed / accepted:.2f}%; "
                  f"rejected: {f.figures['queries we reject']}/{accepted} = {100.0 * f.figures['queries we reject'] / accepted:.2f}%")

    def grouped(title, items, category, detail):
        print(f"\n== {title}: {len(items)}")
        groups = collections.defaultdict(list)
        for item in items:
            groups[category(item)].append(item)
        for label, members in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            print(f"{len(members):4d}  {label}")
            for member in members[:3]:
                print(f"        {detail(member)}")

    grouped("queries PostgreSQL accepts and we reject", f.rejected, lambda r: category_of_message(r[2]),
            lambda r: f"{r[0]} {r[1]}: {r[2]}")
    grouped("emitted SQL PostgreSQL rejects", f.emitted_sql_rejected, lambda r: category_of_message(r[2]),
            lambda r: f"{r[0]} {r[1]}: {r[2]}")
    grouped("type disagreements (ours -> PostgreSQL's)", f.disagreements,
            lambda d: f"{d[2].split(' ')[0]}: {d[6][0]} -> {d[6][1]}",
            lambda d: f"{d[0]} {d[1]} {d[2]}: ours {d[3]}, PostgreSQL {d[4]}")
    grouped("errors in query files outside every annotated query", f.file_errors,
            lambda s: category_of_message(s[2]["message"]), lambda s: f"{s[0]} {s[1]}:{s[2]['line']}: {s[2]['message']}")
    grouped("warnings in query files", f.warnings,
            lambda s: category_of_message(s[2]["message"]), lambda s: f"{s[0]} {s[1]}:{s[2]['line']}: {s[2]['message']}")
    grouped("PostgreSQL rejects and we accept (the build passes, the query fails at run time)", f.missed,
            lambda r: category_of_message(r[2]), lambda r: f"{r[0]} {r[1]}: PostgreSQL: {r[2]}")
    grouped("queries the generator finds no statement for", f.unread, lambda r: "no statement at the annotation",
            lambda r: f"{r[0]} {r[1]}: {' '.join(r[2].split())[:200]}")
    grouped("left out: PostgreSQL rejects", f.postgres_rejected,
            lambda r: ("schema: " if r[1] == "(schema)" else "") + category_of_message(r[2]),
            lambda r: f"{r[0]} {r[1]}: {r[2]}")
    grouped("schemas loaded with failing statements left out", f.schema_load_errors,
            lambda s: category_of_message(s[2][0] if s[2] else "?"), lambda s: f"{s[0]}: {s[1]} failing: {'; '.join(s[2])}")
    grouped("schema errors in cases PostgreSQL loads", f.schema_errors, lambda s: category_of_message(s[2]["message"]),
            lambda s: f"{s[0]} {s[1]}:{s[2]['line']}: {s[2]['message']}")
    print_effects_report(f, groups_title)


def write_json(findings, path):
    f = findings
    with open(path, "w") as handle:
        json.dump({"figures": f.figures, "groups": f.by_group, "rejected": f.rejected,
                   "emittedSQLRejected": f.emitted_sql_rejected, "disagreements": f.disagreements,
                   "postgresRejected": f.postgres_rejected, "missed": f.missed, "fileErrors": f.file_errors, "warnings": f.warnings,
                   "schemaLoadErrors": f.schema_load_errors,
                   "schemaErrors": f.schema_errors, "tableEffectsOmissions": f.effects_omissions,
                   "tableEffectsExtras": f.effects_extras, "tableEffectsSkipped": f.effects_skipped, "unread": f.unread}, handle, indent=1)


def temporary_work_directory(prefix):
    return tempfile.mkdtemp(prefix=prefix)


def case_key(schema_texts, query_texts):
    """Identifies a case by its SQL, so identical copies (one per driver) run once."""
    return hashlib.sha256(json.dumps([schema_texts, query_texts]).encode()).hexdigest()


def finish(findings, work, keep, json_path, groups_title=None):
    """Removes (or names) the extracted files, prints the report, writes the JSON if asked."""
    if keep:
        print(f"extracted cases kept in {work}")
    else:
        shutil.rmtree(work, ignore_errors=True)
    print_report(findings, groups_title=groups_title)
    if json_path:
        write_json(findings, json_path)
