#!/usr/bin/env python3
"""Real applications' SQL through our generator: every PostgreSQL package of their sqlc configs.

Each repository given (a git directory, bare is fine, or a plain checkout; read at run time, never
copied into this repository) is searched for `sqlc.json`/`sqlc.yaml`/`sqlc.yml`. For every
PostgreSQL package of every config, its schema (migrations in sqlc's order, up parts only;
`pg_dump` dumps load through psql as they do for their users) is loaded into a fresh database,
PostgreSQL is asked about each query, and `neon-sql-gen describe` is compared with it
(Scripts/lib/sqlc_differential.py, shared with Scripts/strangers_differential.py).

It prints figures per application and overall, then the queries PostgreSQL accepts and we reject
and the type disagreements, grouped into categories; then the table effects (describe's `tables`
against PostgreSQL's plans, foreign keys, triggers and execution): omissions, extras, skipped.
See docs/realapps-differential.md.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
import sqlc_differential as diff  # noqa: E402


def repository_name(location):
    """`owner+name/repo` (a fetched mirror), `name.git` or `name` -> a short label."""
    parts = [p for p in os.path.normpath(os.path.abspath(location)).split(os.sep) if p]
    for part in reversed(parts):
        if part not in ("repo", ".git"):
            return part[:-4] if part.endswith(".git") else part
    return location


def discover_packages(tree, schema_override=None):
    """[(config path, index, schema paths, query paths)] of every PostgreSQL package in the tree.

    A package with no `schema` (sqlc then reads a live database's, `database: uri:`) takes
    `schema_override` (a file or directory of the tree, the app's migrations) when given.
    """
    result = []
    for config_path in sorted(f for f in tree.files if os.path.basename(f) in diff.CONFIG_NAMES):
        if "/testdata/" in f"/{config_path}" or config_path.startswith(".github/"):
            continue
        for index, schema_paths, query_paths in diff.packages_of_config(tree, config_path):
            if not schema_paths and schema_override:
                schema_paths = diff.sql_files(tree, ".", schema_override)
            result.append((config_path, index, schema_paths, query_paths))
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("repositories", nargs="*", help="git directories or checkouts (also $REALAPPS_REPOS, space-separated)")
    parser.add_argument("--revision", default="HEAD")
    parser.add_argument("--generator", required=True, help="the neon-sql-gen binary")
    parser.add_argument("--url", required=True, help="admin URL of the test PostgreSQL")
    parser.add_argument("--psql", default="psql")
    parser.add_argument("--schema-for", action="append", default=[], metavar="APP=PATH",
                        help="migrations (a file or directory in the repository) for the packages of APP that name no schema")
    parser.add_argument("--strict-schema", action="store_true",
                        help="skip a package whose schema psql cannot load whole (default: leave the failing statements out)")
    parser.add_argument("--filter", default="", help="only packages whose name (repository:config#n) contains this")
    parser.add_argument("--json", help="also write every finding as JSON to this file")
    parser.add_argument("--keep", action="store_true", help="keep the extracted packages (their path is printed)")
    parser.add_argument("--no-table-effects", action="store_true",
                        help="do not compare describe's `tables` with PostgreSQL's plans (compared by default)")
    parser.add_argument("--no-execute", action="store_true",
                        help="table effects from the plan alone: do not also execute each statement (rolled back)")
    arguments = parser.parse_args()

    locations = arguments.repositories or os.environ.get("REALAPPS_REPOS", "").split()
    if not locations:
        parser.error("no repository given (arguments or $REALAPPS_REPOS)")
    psql = diff.PSQL(arguments.psql, arguments.url)
    work = diff.temporary_work_directory("realapps-")
    findings = diff.Findings()
    seen = set()
    number = 0
    overrides = dict(item.split("=", 1) for item in arguments.schema_for if "=" in item)

    for location in locations:
        tree = diff.open_tree(location, arguments.revision)
        app = repository_name(location)
        packages = discover_packages(tree, overrides.get(app))
        if not packages:
            print(f"{app}: no PostgreSQL package in any sqlc config", file=sys.stderr)
        for config_path, index, schema_paths, query_paths in packages:
            case = f"{app}:{config_path}#{index}"
            if arguments.filter not in case:
                continue
            schema_texts = [diff.migration_up_part(tree.read(p)) for p in schema_paths]
            query_texts = [tree.read(p) for p in query_paths]
            key = diff.case_key(schema_texts, query_texts)
            if key in seen:
                findings.count(app, "duplicate cases skipped")
                continue
            seen.add(key)
            findings.count(app, "cases")
            number += 1
            diff.run_case(findings, psql, arguments.generator, work, number, app, case,
                          schema_texts, schema_paths, query_texts, query_paths, keep=arguments.keep,
                          lenient_schema=not arguments.strict_schema,
                          table_effects=not arguments.no_table_effects, execute_effects=not arguments.no_execute)
            counter = findings.by_group[app]
            effects = "" if arguments.no_table_effects else (
                f", table effects compared {counter['table effects: queries compared']}, "
                f"omitted tables {counter['table effects: omitted tables']}")
            print(f"{case}: queries {counter['queries']}, PostgreSQL accepts {counter['queries PostgreSQL accepts']}, "
                  f"we reject {counter['queries we reject']}{effects}", file=sys.stderr)

    diff.finish(findings, work, arguments.keep, arguments.json, groups_title="per application")


if __name__ == "__main__":
    main()
